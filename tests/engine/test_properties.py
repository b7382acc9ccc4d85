"""Properties that must always hold (hypothesis), with modest example counts."""

from __future__ import annotations

import contextlib
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    DISTINCT_CARDS,
    JOKER,
    Card,
    CloseSituation,
    HandInput,
    MatchInput,
    MeldVerdict,
    Play,
    PozzettoState,
    Rank,
    RulesError,
    Suit,
    TeamHand,
    deck,
    judge_close,
    judge_meld,
    judge_play,
    judge_play_input,
    score_hand,
    score_match_input,
)
from tests.engine.vectors_file import vectors_by_id

FEW = settings(max_examples=120, deadline=None)
SET_RANKS = [rank for rank in Rank if rank not in (Rank.TWO, Rank.JOKER)]
TWOS = [Card(Rank.TWO, suit) for suit in Suit]


def quality(verdict: MeldVerdict) -> tuple[bool, bool, int]:
    """Smaller is better: legal first, then clean, then the bigger bonus."""
    return (not verdict.legal, not verdict.clean, -verdict.bonus)


@st.composite
def legal_runs(draw: st.DrawFn) -> list[Card]:
    """A legal sequence in table order: consecutive slots of one suit, at most one wild."""
    suit = draw(st.sampled_from(list(Suit)))
    length = draw(st.integers(3, 14))
    start = draw(st.integers(1, 15 - length))
    cards = [Card(Rank.from_number(slot), suit) for slot in range(start, start + length)]
    wild = draw(st.sampled_from([None, JOKER, *TWOS]))
    if length == 14:  # two natural aces are illegal: one end must be the wild
        wild = wild or JOKER
        cards[draw(st.sampled_from([0, 13]))] = wild
    elif wild is not None:
        cards[draw(st.integers(0, length - 1))] = wild
    return cards


@st.composite
def sets(draw: st.DrawFn) -> list[Card]:
    """Two or more cards of one rank (of its 8 copies) and zero to two wilds: legal or not.

    (One natural card with wilds may read as a sequence in some orders: AC 2C JK.)
    """
    rank = draw(st.sampled_from(SET_RANKS))
    copies = [Card(rank, suit) for suit in Suit] * 2
    naturals = draw(st.lists(st.sampled_from(range(8)), min_size=2, max_size=8, unique=True))
    wilds = draw(st.lists(st.sampled_from([JOKER, *TWOS]), max_size=2))
    return [copies[index] for index in naturals] + wilds


@FEW
@given(legal_runs())
def test_generated_runs_are_legal(cards: list[Card]) -> None:
    assert judge_meld(cards).legal


@FEW
@given(sets(), st.randoms(use_true_random=False))
def test_3_2_the_order_of_a_set_never_matters(cards: list[Card], rng: random.Random) -> None:
    shuffled = cards[:]
    rng.shuffle(shuffled)
    assert judge_meld(shuffled).to_json() == judge_meld(cards).to_json()


@FEW
@given(legal_runs(), st.randoms(use_true_random=False))
def test_3_3_any_order_reading_is_never_worse_than_the_laid_order(
    cards: list[Card], rng: random.Random
) -> None:
    shuffled = cards[:]
    rng.shuffle(shuffled)
    best = judge_meld(shuffled, any_order=True)
    assert quality(best) <= quality(judge_meld(cards))
    assert sorted(map(str, best.cards)) == sorted(map(str, cards))


@FEW
@given(st.lists(st.sampled_from(DISTINCT_CARDS), max_size=9))
def test_3_any_order_never_worse_for_arbitrary_cards(cards: list[Card]) -> None:
    assert quality(judge_meld(cards, any_order=True)) <= quality(judge_meld(cards))


@FEW
@given(legal_runs(), st.booleans())
def test_4_a_legal_meld_stays_legal_after_a_legal_lay_off(cards: list[Card], at_top: bool) -> None:
    verdict = judge_meld(cards)
    slots = [role.slot for role in verdict.roles]
    suit = next(card.suit for card in cards if not card.is_wild)
    low, high = min(s for s in slots if s), max(s for s in slots if s)
    slot = high + 1 if at_top else low - 1
    if not 1 <= slot <= 14 or {slot, low, high} >= {1, 14}:
        return  # no natural card fits at that end
    card = Card(Rank.from_number(slot), suit)
    after = [*cards, card] if at_top else [card, *cards]
    play = judge_play([cards], [card], [after])
    assert play.legal, play.faults
    assert play.after[0].legal and play.after[0].kind == verdict.kind


@FEW
@given(legal_runs(), st.sampled_from(DISTINCT_CARDS), st.integers(0, 14))
def test_4_whatever_a_legal_play_leaves_is_a_legal_meld(
    cards: list[Card], card: Card, position: int
) -> None:
    after = [*cards[:position], card, *cards[position:]]
    try:
        play = judge_play([cards], [card], [after])
    except RulesError:
        return  # e.g. a third copy of a card
    if play.legal:
        assert judge_meld(after).legal


@FEW
@given(st.randoms(use_true_random=False), st.integers(0, 3), st.sampled_from(list(PozzettoState)))
def test_7_every_total_is_a_multiple_of_five(
    rng: random.Random, closer: int, pozzetto: PozzettoState
) -> None:
    cards = list(deck())
    rng.shuffle(cards)

    def take(count: int) -> tuple[Card, ...]:
        taken = tuple(cards[:count])
        del cards[:count]
        return taken

    teams = {}
    for name in ("A", "B"):
        melds = tuple(take(rng.randint(3, 9)) for _ in range(rng.randint(0, 5)))
        hands = (take(rng.randint(0, 11)), take(rng.randint(0, 11)))
        unseen = take(11) if pozzetto is PozzettoState.TAKEN_UNSEEN and name == "B" else ()
        state = pozzetto if name == "B" else PozzettoState.TAKEN
        teams[name] = TeamHand(melds, hands, state, unseen)
    closed_by = ("A", "B", None, None)[closer]
    hand = HandInput(teams, closed_by, "close" if closed_by else "stock")  # type: ignore[arg-type]
    report = score_hand(hand)
    for score in report.teams.values():
        assert score.total % 5 == 0
        assert score.total == sum(score.to_json().values()) - score.total


CARD_TEXTS = [str(card) for card in DISTINCT_CARDS]
junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 3000),
    st.text(max_size=4),
    st.sampled_from(CARD_TEXTS),
)
KEYS = [
    "before", "added", "after", "toHand", "teamPozzettoTaken", "teamMelds", "handAfterMelding",
    "discard", "variant", "meldedThisTurn", "laidOffOnto", "card", "pickedUpSingle", "teams",
    "A", "B", "melds", "hands", "pozzetto", "pozzettoUnseenCards", "closedBy", "handEnd",
    "matchBefore", "handTotals", "target",
]  # fmt: skip
json_values = st.recursive(
    junk,
    lambda children: (
        st.lists(children, max_size=5)
        | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=3), children, max_size=6)
    ),
    max_leaves=25,
)


def run_all(data: Any) -> None:
    """Every JSON entry point: only the engine's declared errors may come out."""
    for parse_and_judge in (
        lambda: judge_play_input(Play.from_json(data)),
        lambda: judge_close(CloseSituation.from_json(data)),
        lambda: score_hand(HandInput.from_json(data)),
        lambda: score_match_input(MatchInput.from_json(data)),
    ):
        with contextlib.suppress(RulesError):
            parse_and_judge()


@settings(max_examples=200, deadline=None)
@given(st.lists(junk, max_size=8), st.booleans())
def test_arbitrary_card_lists_raise_only_declared_errors(cards: list[Any], any_order: bool) -> None:
    with contextlib.suppress(RulesError):
        judge_meld(cards, any_order=any_order)


@settings(max_examples=200, deadline=None)
@given(json_values)
def test_arbitrary_json_raises_only_declared_errors(data: Any) -> None:
    run_all(data)


VECTOR_INPUTS = [vector["input"] for vector in vectors_by_id().values()] or [{}]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(VECTOR_INPUTS), st.sampled_from(KEYS), json_values)
def test_damaged_vector_inputs_raise_only_declared_errors(
    data: dict[str, Any], key: str, value: Any
) -> None:
    run_all({**data, key: value})
