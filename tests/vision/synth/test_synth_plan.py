"""Planned tables hold legal-looking melds in table order, from two decks."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from vision.synth.dataset import SynthConfig, render_sample
from vision.synth.plan import PlanOptions, plan_table

_VALUES = {"A": 1, "J": 11, "Q": 12, "K": 13}


def _value(rank: str) -> int:
    return _VALUES.get(rank, 0) or int(rank)


def _is_wild(card: str, slot_rank_value: int, suit: str) -> bool:
    return card == "JK" or (
        card.startswith("2") and not (card == "2" + suit and slot_rank_value == 2)
    )


def _check_run(cards: list[str]) -> None:
    naturals = [(i, c) for i, c in enumerate(cards) if c != "JK" and not c.startswith("2")]
    suit = naturals[0][1][-1]
    assert all(c[-1] == suit for _, c in naturals), cards
    # every natural card sits at (start + its slot); an ace may be low (1) or high (14)
    i0, c0 = naturals[0]
    start_options = {_value(c0[:-1]) - i0}
    if c0[:-1] == "A":
        start_options.add(14 - i0)
    fewest_wilds = None
    for start in sorted(start_options):
        if start < 1 or start + len(cards) - 1 > 14:
            continue
        if all((start + i) % 13 == _value(c[:-1]) % 13 for i, c in naturals):
            wilds = [c for i, c in enumerate(cards) if _is_wild(c, start + i, suit)]
            fewest_wilds = min(len(wilds), fewest_wilds if fewest_wilds is not None else 99)
    assert fewest_wilds is not None, cards
    assert fewest_wilds <= 1, cards


def _check_set(cards: list[str]) -> None:
    naturals = [c for c in cards if c != "JK" and not c.startswith("2")]
    assert len({c[:-1] for c in naturals}) == 1, cards
    assert len(cards) - len(naturals) <= 1, cards


@pytest.mark.parametrize("seed", range(25))
def test_melds_are_runs_or_sets_in_table_order(seed: int) -> None:
    plan = plan_table(np.random.default_rng(seed))
    assert plan.melds
    for meld in plan.melds:
        assert len(meld.cards) >= 3
        assert [plan.card(u).card for u in meld.uids] == list(meld.cards)
        assert all(plan.card(u).meld_id == meld.meld_id for u in meld.uids)
        (_check_run if meld.kind == "run" else _check_set)(list(meld.cards))


@pytest.mark.parametrize("seed", range(10))
def test_table_uses_at_most_two_decks(seed: int) -> None:
    plan = plan_table(np.random.default_rng(seed))
    counts = Counter(c.card for c in plan.cards if c.face_up)
    assert counts["JK"] <= 4
    assert all(n <= 2 for card, n in counts.items() if card != "JK")


def test_truth_melds_follow_the_plan_order() -> None:
    scene = render_sample(SynthConfig(seed=4, size_wh=(320, 240)), 0)
    cards_by_uid = {c["uid"]: c for c in scene.truth["cards"]}
    assert scene.truth["melds"]
    for meld in scene.truth["melds"]:
        assert [cards_by_uid[u]["card"] for u in meld["uids"]] == meld["cards"]
        zone_melds = scene.truth["zones"][meld["zone"]]
        assert meld["meld_id"] in zone_melds


def test_run_check_rejects_a_broken_run() -> None:
    # the checker used above can fail: a gap in a run is caught
    with pytest.raises(AssertionError):
        _check_run(["3H", "4H", "6H"])
    with pytest.raises(AssertionError):
        _check_run(["3H", "JK", "5H", "2S"])


@pytest.mark.parametrize("seed", range(5))
def test_loose_cards_are_a_few_face_up_cards(seed: int) -> None:
    from vision.synth.plan import plan_loose_cards

    plan = plan_loose_cards(np.random.default_rng(seed), (3, 9))
    assert 3 <= len(plan.cards) < 9
    assert all(c.face_up and c.zone == "loose" for c in plan.cards)
    counts = Counter(c.card for c in plan.cards)
    assert all(n <= (4 if card == "JK" else 2) for card, n in counts.items())


def _melds(options: PlanOptions | None, seeds: range):
    for seed in seeds:
        yield from plan_table(np.random.default_rng(seed), options).melds


def _meld_cards(options: PlanOptions | None, seeds: range) -> Counter[str]:
    return Counter(card for meld in _melds(options, seeds) for card in meld.cards)


def test_the_joker_share_sets_which_wild_a_meld_gets():
    # A training set may ask for more jokers among the wilds (their designs vary from deck
    # to deck); a plan without options uses the default share.
    seeds = range(40)
    none, default, all_jokers = (
        _meld_cards(PlanOptions(joker_share=share), seeds) for share in (0.0, 0.35, 1.0)
    )
    assert none["JK"] == 0
    assert 0 < default["JK"] < all_jokers["JK"]
    assert default == _meld_cards(None, seeds)
    # with every wild a joker, a two in a meld is a natural two (2 of a run's suit, in a
    # run): never in a set, where any two would be wild
    twos_in_sets = sum(
        card.startswith("2")
        for meld in _melds(PlanOptions(joker_share=1.0), seeds)
        if meld.kind == "set"
        for card in meld.cards
    )
    assert twos_in_sets == 0


def test_the_fan_show_range_sets_how_tight_fans_are_laid():
    # A training set may lay fans tighter than players usually do, so more indices show
    # only in part; each meld records the share it was laid with, and the default plan
    # keeps the players' 15-35%.
    seeds = range(30)
    tight = [m.shown_frac for m in _melds(PlanOptions(fan_show=(0.12, 0.2)), seeds)]
    usual = [m.shown_frac for m in _melds(None, seeds)]
    assert tight and all(0.12 <= f <= 0.2 for f in tight)
    assert all(0.15 <= f <= 0.35 for f in usual) and max(usual) > 0.25
    assert PlanOptions().fan_show == (0.15, 0.35)
