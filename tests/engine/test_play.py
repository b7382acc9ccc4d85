"""rules.md §4 (laying off, moving wilds) and the team rules of §3.2 and §3.4."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine import PAGAT, Fault, InputShapeError, Rules, judge_play

STRICT = PAGAT.replace(free_wild_may_slide=False)
WILD_BACK = PAGAT.replace(wild_may_return_to_hand=True)


def faults(
    before: list[list[str]],
    added: list[str],
    after: list[list[str]],
    rules: Rules = PAGAT,
    to_hand: Sequence[str] = (),
) -> set[Fault]:
    return set(judge_play(before, added, after, rules, to_hand).faults)


def test_4_1_a_melded_wild_never_goes_back_to_hand() -> None:
    args = ([["4H", "5H", "JK", "7H"]], ["6H"], [["4H", "5H", "6H", "7H"]])
    assert faults(*args, to_hand=["JK"]) == {Fault.CARD_LEFT_TABLE}  # E08
    assert faults(*args, rules=WILD_BACK, to_hand=["JK"]) == set()  # MFARRONI


def test_4_1_a_wild_that_was_not_replaced_never_goes_back_even_in_the_variant() -> None:
    play = ([["4H", "5H", "JK"]], ["7H"], [["4H", "5H", "7H"]])
    assert Fault.CARD_LEFT_TABLE in faults(*play, rules=WILD_BACK, to_hand=["JK"])


def test_4_1_a_melded_card_never_moves_to_another_meld() -> None:
    before = [["4H", "5H", "JK", "7H"], ["9S", "10S", "JS"]]
    after = [["JK", "4H", "5H", "6H", "7H"], ["9S", "10S", "JS", "QS"]]
    assert faults(before, ["6H", "QS"], after) == set()
    moved = [["4H", "5H", "6H", "7H"], ["9S", "10S", "JS", "JK"]]
    assert Fault.CARD_LEFT_TABLE in faults(before, ["6H"], moved)


def test_4_2_an_imprisoned_wild_is_not_displaced_by_another_wild() -> None:
    assert Fault.TWO_WILDS in faults([["5H", "JK", "7H"]], ["2C"], [["5H", "2C", "7H", "JK"]])


@pytest.mark.parametrize(
    "after",
    [["JK", "4H", "5H", "6H", "7H"], ["4H", "5H", "6H", "7H", "JK"]],
    ids=["low-end", "high-end"],
)
def test_4_3_a_displaced_wild_goes_to_either_end(after: list[str]) -> None:
    verdict = judge_play([["4H", "5H", "JK", "7H"]], ["6H"], [after])  # E01, E02
    assert verdict.legal and verdict.after[0].points == 50


def test_4_3_the_wild_goes_up_when_the_run_starts_with_a_low_ace() -> None:
    verdict = judge_play([["AH", "2H", "JK", "4H"]], ["3H"], [["AH", "2H", "3H", "4H", "JK"]])
    assert verdict.legal and verdict.after[0].points == 75  # E15


def test_4_4_a_displaced_two_drops_into_its_natural_slot_and_the_meld_turns_clean() -> None:
    verdict = judge_play([["3C", "2C", "5C", "6C"]], ["4C"], [["2C", "3C", "4C", "5C", "6C"]])
    assert verdict.legal and verdict.after[0].clean  # E04
    dirty = judge_play([["3C", "2C", "5C", "6C"]], ["4C"], [["3C", "4C", "5C", "6C", "2C"]])
    assert dirty.legal and not dirty.after[0].clean  # E05


def test_4_5_a_free_wild_may_slide_into_a_new_gap() -> None:
    play = ([["2C", "5C", "6C"]], ["8C"], [["5C", "6C", "2C", "8C"]])  # E06
    assert faults(*play) == set()
    assert faults(*play, rules=STRICT) == {Fault.WILD_MOVED}


def test_4_5_a_free_wild_replaced_by_its_card_moves_on_in_both_readings() -> None:
    play = ([["JK", "5H", "6H"]], ["4H"], [["JK", "4H", "5H", "6H"]])  # E19
    assert faults(*play) == set() and faults(*play, rules=STRICT) == set()


def test_4_natural_two_may_not_leave_its_slot() -> None:
    play = ([["2H", "3H", "4H"]], ["5H"], [["3H", "4H", "5H", "2H"]])
    assert faults(*play) == {Fault.WILD_MOVED}


def test_4_6_in_a_set_the_wild_stays_and_naturals_are_added() -> None:
    verdict = judge_play([["9H", "9S", "JK"]], ["9D"], [["9H", "9S", "9D", "JK"]])
    assert verdict.legal and verdict.after[0].points == 60  # E11
    assert Fault.TWO_WILDS in faults([["9H", "9S", "JK"]], ["2C"], [["9H", "9S", "JK", "2C"]])


def test_4_7_a_wild_added_to_a_clean_burraco_makes_it_dirty() -> None:
    run = ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"]
    verdict = judge_play([run], ["JK"], [[*run, "JK"]])  # E17
    assert verdict.legal and verdict.after[0].burraco == "dirty"


def test_3_2_a_team_has_one_set_per_rank() -> None:
    before = [["9H", "9S", "9D"]]
    assert faults(before, ["9C", "9C", "JK"], [*before, ["9C", "9C", "JK"]]) == {
        Fault.DUPLICATE_SET_RANK  # E13
    }
    assert faults(before, ["9C", "9C"], [["9H", "9S", "9D", "9C", "9C"]]) == set()
    assert faults(
        [], ["9C", "9D", "9S", "9H", "9H", "9C"], [["9C", "9D", "9S"], ["9H", "9H", "9C"]]
    ) == {Fault.DUPLICATE_SET_RANK}


def test_3_4_runs_of_one_suit_stay_separate() -> None:
    before = [["3S", "4S", "5S"], ["7S", "8S", "9S"]]
    assert faults(before, ["6S"], [["3S", "4S", "5S", "6S", "7S", "8S", "9S"]]) == {
        Fault.MERGE_MELDS  # E09
    }
    assert faults(before, ["6S"], [["3S", "4S", "5S", "6S"], ["7S", "8S", "9S"]]) == set()


def test_4_a_new_meld_beside_old_ones_is_judged_on_its_own() -> None:
    verdict = judge_play(
        [["9H", "9S", "9D"]], ["5H", "6H", "8H"], [["9H", "9S", "9D"], ["5H", "6H", "8H"]]
    )
    assert verdict.faults == (Fault.NOT_CONSECUTIVE,) and verdict.origins == (0, None)


def test_4_cards_from_nowhere_are_bad_input() -> None:
    with pytest.raises(InputShapeError, match="8H"):
        judge_play([["5H", "6H", "7H"]], [], [["5H", "6H", "7H", "8H"]])


def test_4_a_card_that_vanishes_has_left_the_table() -> None:
    assert faults([["5H", "6H", "7H", "8H"]], [], [["5H", "6H", "7H"]]) == {Fault.CARD_LEFT_TABLE}
    assert faults([["5H", "6H", "7H"]], [], []) == {Fault.CARD_LEFT_TABLE}


def test_4_illegal_play_prints_no_after_melds() -> None:
    data = judge_play([["5H", "JK", "7H"]], ["2C"], [["5H", "2C", "7H", "JK"]]).to_json()
    assert data["after"] is None and data["reason"] == "two_wilds"
    assert data["faults"][0] == "two_wilds"
