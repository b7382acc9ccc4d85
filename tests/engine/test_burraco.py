"""rules.md §5 and §9: burracos clean, dirty and semi-clean, and the variant bonuses."""

from __future__ import annotations

import pytest

from engine import ITALIAN_CLUB, PAGAT, SemiCleanReading, judge_meld

HEARTS_3_TO_9 = ["3H", "4H", "5H", "6H", "7H", "8H", "9H"]
WILD_AT_END = ITALIAN_CLUB.replace(semi_clean_reading=SemiCleanReading.WILD_AT_END)


def test_5_seven_naturals_are_a_clean_burraco_even_with_a_natural_two() -> None:
    verdict = judge_meld(["2H", "3H", "4H", "5H", "6H", "7H", "8H"])  # §13
    assert (verdict.burraco, verdict.points, verdict.bonus) == ("clean", 55, 200)  # 255 in all


def test_5_a_wild_makes_a_burraco_dirty_wherever_it_lies() -> None:
    at_end = judge_meld(["3H", "4H", "5H", "6H", "7H", "8H", "JK"])  # §13
    assert (at_end.burraco, at_end.points, at_end.bonus) == ("dirty", 65, 100)  # 165 in all
    inside = judge_meld(["3H", "4H", "5H", "6H", "7H", "8H", "2C", "10H"])  # M77
    assert inside.burraco == "dirty" and inside.bonus == 100


def test_5_natural_two_and_a_wild_is_dirty() -> None:
    assert judge_meld(["2H", "3H", "4H", "5H", "6H", "7H", "8H", "JK"]).burraco == "dirty"


def test_5_six_cards_are_no_burraco() -> None:
    verdict = judge_meld(["KH", "KS", "KD", "KC", "KH", "KS"])
    assert verdict.burraco is None and verdict.bonus == 0


def test_5_sets_burraco_too() -> None:
    assert judge_meld(["KH", "KS", "KD", "KC", "KH", "KS", "KD"]).burraco == "clean"
    assert judge_meld(["KH", "KS", "KD", "KC", "KH", "KS", "JK"]).burraco == "dirty"  # M17


def test_5_semipulito_is_off_in_pagat() -> None:
    verdict = judge_meld(["AH", "2S", *HEARTS_3_TO_9], PAGAT)  # M75
    assert verdict.burraco == "dirty" and verdict.bonus == 100


def test_5_semipulito_set_needs_seven_naturals_and_the_wild() -> None:
    seven_cards = ["KH", "KS", "KD", "KC", "KH", "KS", "JK"]
    assert judge_meld(seven_cards, ITALIAN_CLUB).burraco == "dirty"
    eight = judge_meld([*seven_cards, "KD"], ITALIAN_CLUB)
    assert (eight.burraco, eight.bonus) == ("semi-clean", 150)


@pytest.mark.parametrize(
    ("cards", "one_side", "wild_at_end"),
    [
        (["AH", "2S", *HEARTS_3_TO_9], "semi-clean", "dirty"),  # M75: 7 naturals after it
        ([*HEARTS_3_TO_9, "JK"], "semi-clean", "semi-clean"),  # wild last
        (["JK", *HEARTS_3_TO_9], "semi-clean", "semi-clean"),  # wild first
        (["3H", "4H", "5H", "6H", "7H", "8H", "2C", "10H"], "dirty", "dirty"),  # M77
        (["3H", "4H", "5H", "6H", "7H", "8H", "JK"], "dirty", "dirty"),  # 6 naturals only
        (["2H", "3H", "4H", "5H", "6H", "7H", "8H", "JK"], "semi-clean", "semi-clean"),  # M71
    ],
)
def test_5_semipulito_sequence_readings(cards: list[str], one_side: str, wild_at_end: str) -> None:
    assert judge_meld(cards, ITALIAN_CLUB).burraco == one_side
    assert judge_meld(cards, WILD_AT_END).burraco == wild_at_end


RUN_A_TO_K = ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"]


@pytest.mark.parametrize(
    "cards",
    [RUN_A_TO_K, [*RUN_A_TO_K[1:], "AH"]],
    ids=["A-to-K", "2-to-A"],
)
def test_9_royal_run_of_thirteen_naturals(cards: list[str]) -> None:
    royal = PAGAT.replace(royal_bonus=300, royal_dirty_bonus=250)
    assert judge_meld(cards, royal).bonus == 300
    assert judge_meld(cards, PAGAT).bonus == 200
    assert judge_meld([*RUN_A_TO_K, "JK"], royal).bonus == 250


def test_9_super_set_of_eight_naturals() -> None:
    eights = ["8H", "8D", "8S", "8C"] * 2
    rules = PAGAT.replace(super_bonus=250, super_dirty_bonus=200)
    assert judge_meld(eights, rules).bonus == 250
    assert judge_meld([*eights, "JK"], rules).bonus == 200
    assert judge_meld(eights[:7], rules).bonus == 200  # seven: an ordinary clean burraco


def test_9_burraco_reale_ace_to_ace() -> None:
    reale = PAGAT.replace(
        jokers=0, set_ranks=(), two_aces_in_run=True, royal_bonus=500, ace_to_ace_bonus=1000
    )
    assert judge_meld([*RUN_A_TO_K, "AH"], reale).bonus == 1000
    assert judge_meld(RUN_A_TO_K, reale).bonus == 500


def test_5_bonus_values_are_data() -> None:
    rules = PAGAT.replace(clean_bonus=250, dirty_bonus=120, burraco_min_cards=8)
    assert judge_meld(HEARTS_3_TO_9, rules).burraco is None
    assert judge_meld([*HEARTS_3_TO_9, "10H"], rules).bonus == 250
    assert judge_meld([*HEARTS_3_TO_9, "JK"], rules).bonus == 120
