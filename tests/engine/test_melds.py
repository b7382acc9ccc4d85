"""rules.md §3: sets, sequences, the natural 2, aces and length; every fault reported."""

from __future__ import annotations

import pytest

from engine import (
    FIBUR_INTERNATIONAL,
    PAGAT,
    Fault,
    IllegalMeldError,
    MeldKind,
    is_legal_meld,
    judge_meld,
    verify_meld,
)


def roles(cards: list[str], *, any_order: bool = False) -> list[str]:
    return [str(role) for role in judge_meld(cards, any_order=any_order).roles]


# §3.1 general -------------------------------------------------------------------------


@pytest.mark.parametrize("cards", [[], ["7H"], ["7H", "7S"], ["5H", "6H"]])
def test_3_1_a_meld_has_at_least_three_cards(cards: list[str]) -> None:
    verdict = judge_meld(cards)
    assert not verdict.legal and verdict.reason is Fault.TOO_FEW_CARDS


@pytest.mark.parametrize(
    "cards",
    [["7H", "7S", "JK", "2C"], ["3H", "4H", "JK", "2S"], ["JK", "5H", "6H", "JK"]],
)
def test_3_1_at_most_one_wild_substitutes(cards: list[str]) -> None:
    assert Fault.TWO_WILDS in judge_meld(cards).faults


@pytest.mark.parametrize(
    "cards", [["JK", "JK", "JK"], ["2H", "2S", "2D"], ["2C", "JK", "2D"], ["2H", "2H", "JK"]]
)
def test_3_1_no_meld_of_wilds_only(cards: list[str]) -> None:
    assert judge_meld(cards).faults == (Fault.ONLY_WILDS,)


def test_3_1_two_twos_and_a_natural_three_are_not_wilds_only() -> None:
    verdict = judge_meld(["2H", "2H", "3H"])  # M38
    assert verdict.legal and verdict.kind is MeldKind.SEQUENCE
    assert roles(["2H", "2H", "3H"]) == ["2H=AH", "2H", "3H"]


# §3.2 sets ----------------------------------------------------------------------------


@pytest.mark.parametrize("rank", ["A", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"])
def test_3_2_a_set_may_have_any_rank_but_two(rank: str) -> None:
    verdict = judge_meld([f"{rank}H", f"{rank}S", f"{rank}D"])
    assert verdict.legal and verdict.kind is MeldKind.SET and verdict.clean


def test_3_2_every_two_in_a_set_is_a_wild() -> None:
    verdict = judge_meld(["4H", "4S", "2H"])  # M19: not a natural 2 even of a suit present
    assert verdict.legal and not verdict.clean
    assert roles(["4H", "4S", "2H"]) == ["4H", "4S", "2H=4"]
    assert judge_meld(["4H", "4S", "2H", "2S"]).faults == (Fault.TWO_WILDS,)


def test_3_2_a_set_holds_at_most_nine_cards() -> None:
    sevens = ["7H", "7D", "7S", "7C"] * 2
    assert judge_meld([*sevens, "JK"]).legal  # M11
    assert not judge_meld([*sevens, "7H", "JK"]).legal  # a third 7H does not exist
    assert Fault.TWO_WILDS in judge_meld([*sevens, "JK", "2C"]).faults


def test_3_2_identical_cards_may_share_a_set() -> None:
    assert judge_meld(["QH", "QH", "QS"]).legal  # M15


def test_3_2_international_code_allows_sets_of_aces_and_threes_only() -> None:
    assert judge_meld(["3H", "3S", "3D"], FIBUR_INTERNATIONAL).legal
    assert judge_meld(["AH", "AS", "JK"], FIBUR_INTERNATIONAL).legal
    verdict = judge_meld(["7H", "7S", "7D"], FIBUR_INTERNATIONAL)
    assert verdict.faults == (Fault.SET_RANK_NOT_ALLOWED,)
    assert judge_meld(["5H", "6H", "7H"], FIBUR_INTERNATIONAL).legal


def test_3_2_burraco_reale_has_no_sets() -> None:
    reale = PAGAT.replace(set_ranks=())
    assert judge_meld(["AH", "AS", "AD"], reale).faults == (Fault.SET_RANK_NOT_ALLOWED,)


def test_3_2_a_set_of_mixed_ranks_is_neither_kind() -> None:
    assert judge_meld(["5H", "6H", "5S"]).faults == (Fault.NOT_SET_OR_SEQUENCE,)  # M23
    assert judge_meld(["7H", "7S", "8D"]).faults == (Fault.NOT_SET_OR_SEQUENCE,)


# §3.3 the natural 2 --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "expected_roles", "clean"),
    [
        (["2H", "3H", "4H"], ["2H", "3H", "4H"], True),  # M31
        (["AH", "2H", "3H"], ["AH", "2H", "3H"], True),  # M32
        (["2H", "3H", "4H", "2S"], ["2H", "3H", "4H", "2S=5H"], False),  # M33
        (["AH", "2H", "JK", "4H"], ["AH", "2H", "JK=3H", "4H"], False),  # M34
        (["3H", "4H", "5H", "2H"], ["3H", "4H", "5H", "2H=6H"], False),  # M36
        (["2S", "3H", "4H"], ["2S=2H", "3H", "4H"], False),  # M42
        (["JK", "3H", "4H"], ["JK=2H", "3H", "4H"], False),  # M49
        (["2H", "4H", "5H"], ["2H=3H", "4H", "5H"], False),  # M51
        (["AH", "2H", "2H"], ["AH", "2H", "2H=3H"], False),  # M39
    ],
)
def test_3_3_natural_two_only_in_its_slot(
    cards: list[str], expected_roles: list[str], clean: bool
) -> None:
    verdict = judge_meld(cards)
    assert verdict.legal and verdict.kind is MeldKind.SEQUENCE
    assert roles(cards) == expected_roles
    assert verdict.clean is clean


def test_3_3_two_twos_of_the_suit_one_natural_one_wild() -> None:
    assert roles(["2H", "3H", "2H", "5H"]) == ["2H", "3H", "2H=4H", "5H"]
    assert judge_meld(["2H", "2H", "3H", "JK"]).faults == (Fault.TWO_WILDS,)


def test_3_3_table_order_decides_and_any_order_takes_the_best_reading() -> None:
    laid_clean = ["2H", "3H", "4H", "5H", "6H", "7H", "8H"]
    laid_dirty = ["3H", "4H", "5H", "6H", "7H", "8H", "2H"]
    assert judge_meld(laid_clean).burraco == "clean"  # M66
    assert judge_meld(laid_dirty).burraco == "dirty"  # M67
    best = judge_meld(laid_dirty, any_order=True)
    assert best.burraco == "clean" and [str(card) for card in best.cards] == laid_clean
    assert judge_meld(["3H", "2H", "4H"]).faults == (Fault.NOT_CONSECUTIVE,)  # M85
    assert judge_meld(["3H", "2H", "4H"], any_order=True).clean


def test_3_3_a_joker_in_the_two_slot_leaves_no_room_for_a_second_wild() -> None:
    assert judge_meld(["AH", "JK", "2H"]).faults == (Fault.TWO_WILDS,)  # M87
    assert judge_meld(["AH", "JK", "2H"], any_order=True).legal  # AH 2H JK


# §3.4 aces, wrap-around, length --------------------------------------------------------


@pytest.mark.parametrize(
    "cards",
    [["AH", "2H", "3H"], ["QH", "KH", "AH"], ["JK", "KH", "AH"], ["AH", "JK", "3H"]],
)
def test_3_4_ace_low_or_high(cards: list[str]) -> None:
    assert is_legal_meld(cards)


@pytest.mark.parametrize(
    "cards",
    [
        ["KH", "AH", "2H"],
        ["QH", "KH", "AH", "2H"],  # M55
        ["JK", "AH", "2H", "3H"],  # M57
        ["QH", "KH", "AH", "JK"],  # M59
        ["KH", "AH", "2H", "3H"],
    ],
)
def test_3_4_a_sequence_never_turns_the_corner(cards: list[str]) -> None:
    assert judge_meld(cards).faults == (Fault.WRAP_AROUND,)


def test_3_4_longest_sequence_is_fourteen_cards() -> None:
    middle = ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"]
    assert is_legal_meld(["AH", *middle, "JK"])  # M61
    assert is_legal_meld(["JK", *middle, "AH"])  # M62
    assert judge_meld(["AH", *middle, "AH"]).faults == (Fault.ACE_BOTH_ENDS,)  # M63
    assert is_legal_meld(["AH", *middle, "AH"], PAGAT.replace(two_aces_in_run=True))
    assert Fault.WRAP_AROUND in judge_meld(["JK", "AH", *middle, "AH"]).faults


def test_3_4_cards_go_low_to_high() -> None:
    assert judge_meld(["7H", "6H", "5H"]).faults == (Fault.NOT_CONSECUTIVE,)
    assert judge_meld(["5H", "8H", "JK"]).faults == (Fault.NOT_CONSECUTIVE,)  # M83


def test_3_4_a_sequence_shares_one_suit_and_one_card_per_rank() -> None:
    assert judge_meld(["5H", "6D", "7H"]).faults == (Fault.MIXED_SUITS,)  # M81
    assert judge_meld(["5H", "5H", "6H"]).faults == (Fault.DUPLICATE_RANK,)


def test_3_every_fault_is_reported_not_only_the_first() -> None:
    verdict = judge_meld(["5H", "6D", "9H", "JK", "JK"])
    assert set(verdict.faults) == {Fault.TWO_WILDS, Fault.MIXED_SUITS, Fault.NOT_CONSECUTIVE}
    assert verdict.reason is Fault.TWO_WILDS  # the most fundamental first
    assert set(judge_meld(["QH", "QH", "QH", "JK", "2C"]).faults) == {
        Fault.TWO_WILDS,
        Fault.IMPOSSIBLE_CARD_COUNT,
    }


def test_3_verify_meld_raises_with_every_fault_and_is_legal_meld_answers() -> None:
    assert verify_meld(["7H", "7S", "7D"]).kind is MeldKind.SET
    with pytest.raises(IllegalMeldError) as caught:
        verify_meld(["5H", "6D", "9H", "JK", "JK"])
    assert len(caught.value.faults) == 3 and isinstance(caught.value, ValueError)
    assert "two_wilds" in str(caught.value)
    assert is_legal_meld(["7H", "7S", "7D"]) and not is_legal_meld(["JK", "JK", "JK"])


def test_3_illegal_verdicts_carry_no_kind_points_or_bonus() -> None:
    verdict = judge_meld(["5H", "8H", "JK"])
    assert (verdict.kind, verdict.clean, verdict.burraco, verdict.points, verdict.bonus) == (
        None,
        None,
        None,
        None,
        0,
    )
