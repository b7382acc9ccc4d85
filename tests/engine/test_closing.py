"""rules.md §6 and §14: closing, taking the pozzetto, and playing on."""

from __future__ import annotations

import pytest

from engine import (
    FIBUR_INTERNATIONAL,
    CardCountError,
    CloseResult,
    CloseSituation,
    Fault,
    InputShapeError,
    judge_close,
    parse_cards,
)

CLEAN_RUN = ["3H", "4H", "5H", "6H", "7H", "8H", "9H"]
DIRTY_RUN = ["3H", "4H", "5H", "6H", "7H", "8H", "JK"]
SHORT_RUN = ["3H", "4H", "5H"]


def situation(
    taken: bool,
    melds: list[list[str]],
    hand: list[str],
    discard: str | None,
    pickup: str | None = None,
) -> CloseSituation:
    return CloseSituation(
        pozzetto_taken=taken,
        team_melds=tuple(parse_cards(meld) for meld in melds),
        hand_after_melding=parse_cards(hand),
        discard=None if discard is None else parse_cards([discard])[0],
        picked_up_single=None if pickup is None else parse_cards([pickup])[0],
    )


@pytest.mark.parametrize(
    ("taken", "melds", "hand", "discard", "result", "faults"),
    [
        (True, [CLEAN_RUN], ["KS"], "KS", CloseResult.CLOSE, ()),  # C01
        (True, [DIRTY_RUN], ["KS"], "KS", CloseResult.CLOSE, ()),  # any burraco will do
        (True, [CLEAN_RUN], ["2S"], "2S", None, (Fault.WILD_DISCARD,)),  # C03
        (True, [CLEAN_RUN], ["JK"], "JK", None, (Fault.WILD_DISCARD,)),
        (False, [CLEAN_RUN], ["KS"], "KS", CloseResult.TAKE_POZZETTO_AFTER_DISCARD, ()),  # C05
        (False, [SHORT_RUN], [], None, CloseResult.TAKE_POZZETTO_DIRECT, ()),  # C06
        (False, [SHORT_RUN], ["2S"], "2S", CloseResult.TAKE_POZZETTO_AFTER_DISCARD, ()),
        (True, [CLEAN_RUN], [], None, None, (Fault.NO_FINAL_DISCARD,)),  # C07
        (True, [SHORT_RUN], ["KS"], "KS", None, (Fault.NO_BURRACO,)),  # C08
        (True, [SHORT_RUN], [], None, None, (Fault.NO_BURRACO, Fault.NO_FINAL_DISCARD)),
        (True, [SHORT_RUN], ["JK"], "JK", None, (Fault.WILD_DISCARD, Fault.NO_BURRACO)),
        (True, [SHORT_RUN], ["KS", "QS"], "KS", CloseResult.CONTINUE, ()),
        (False, [], ["KS", "QS", "5D"], "KS", CloseResult.CONTINUE, ()),
    ],
)
def test_6_closing_and_the_pozzetto(
    taken: bool,
    melds: list[list[str]],
    hand: list[str],
    discard: str | None,
    result: CloseResult | None,
    faults: tuple[Fault, ...],
) -> None:
    verdict = judge_close(situation(taken, melds, hand, discard))
    assert (verdict.result, verdict.faults) == (result, faults)
    assert verdict.legal is (not faults)


def test_6_international_code_needs_a_clean_burraco_to_close() -> None:
    dirty = situation(True, [DIRTY_RUN], ["4C"], "4C")  # C09
    assert judge_close(dirty, FIBUR_INTERNATIONAL).reason is Fault.CLEAN_BURRACO_REQUIRED
    assert judge_close(dirty).result is CloseResult.CLOSE
    clean = situation(True, [DIRTY_RUN, CLEAN_RUN], ["4C"], "4C")
    assert judge_close(clean, FIBUR_INTERNATIONAL).legal


def test_6_the_variant_of_the_input_picks_the_rules() -> None:
    data = {**situation(True, [DIRTY_RUN], ["4C"], "4C").to_json(), "variant": "international"}
    assert judge_close(CloseSituation.from_json(data)).reason is Fault.CLEAN_BURRACO_REQUIRED


def test_6_a_single_card_picked_up_cannot_be_discarded_in_the_same_turn() -> None:
    verdict = judge_close(situation(False, [], ["QS", "5D"], "QS", pickup="QS"))  # C10
    assert verdict.faults == (Fault.CANNOT_DISCARD_SINGLE_PICKUP,)
    assert judge_close(situation(False, [], ["QS", "5D"], "5D", pickup="QS")).legal


def test_6_the_burraco_may_be_completed_in_the_closing_turn() -> None:
    data = {
        "teamPozzettoTaken": True,
        "teamMelds": [["6D", "7D", "8D", "9D", "10D", "JD", "QD"]],
        "meldedThisTurn": {"laidOffOnto": ["6D", "7D", "8D", "9D", "10D", "JD"], "card": "QD"},
        "handAfterMelding": ["KC"],
        "discard": "KC",
    }
    assert judge_close(CloseSituation.from_json(data)).result is CloseResult.CLOSE  # C11


def test_14_without_a_burraco_the_hand_keeps_two_cards_after_the_pozzetto() -> None:
    one_left = situation(True, [SHORT_RUN], ["KS"], None)
    assert judge_close(one_left).faults == (Fault.NO_BURRACO,)
    assert judge_close(situation(True, [CLEAN_RUN], ["KS"], None)).legal


def test_6_an_illegal_meld_is_no_burraco() -> None:
    two_wilds = ["3H", "4H", "5H", "6H", "7H", "JK", "2S"]
    assert judge_close(situation(True, [two_wilds], ["KS"], "KS")).reason is Fault.NO_BURRACO


def test_6_bad_situations_are_declared_errors() -> None:
    with pytest.raises(InputShapeError, match="QD"):
        judge_close(situation(True, [CLEAN_RUN], ["KS"], "QD"))
    with pytest.raises(CardCountError):
        judge_close(situation(True, [CLEAN_RUN, CLEAN_RUN], ["3H"], "3H"))
