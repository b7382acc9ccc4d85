"""rules.md §7 end-of-hand scoring, and the worked examples of §13."""

from __future__ import annotations

from typing import Any

import pytest

from engine import (
    ITALIAN_CLUB,
    CardCountError,
    HandEnd,
    HandInput,
    PozzettoState,
    TeamHand,
    parse_cards,
    score_hand,
)


def team(
    melds: list[list[str]],
    hands: list[list[str]],
    pozzetto: str = "taken",
    unseen: list[str] | None = None,
) -> TeamHand:
    return TeamHand(
        tuple(parse_cards(meld) for meld in melds),
        tuple(parse_cards(hand) for hand in hands),
        PozzettoState(pozzetto),
        parse_cards(unseen or []),
    )


def test_13_worked_hand() -> None:
    a = team(
        [["KH", "KS", "KD", "KC", "KH", "KS", "KD"], ["9C", "9S", "9D", "9C", "9D", "9S", "JK"]],
        [[], ["AS", "7D"]],
    )
    b = team(
        [["4H", "5H", "6H", "7H", "8H", "9H", "10H"], ["QH", "QS", "QD"]],
        [["JK", "AC"], ["4C"]],
        "not_taken",
    )
    report = score_hand(HandInput({"A": a, "B": b}, closed_by="A"))
    assert report.to_json() == {
        "A": {
            "melds": 160,
            "bonuses": 300,
            "closing": 100,
            "hand": -20,
            "pozzetto": 0,
            "total": 540,
        },
        "B": {
            "melds": 80,
            "bonuses": 200,
            "closing": 0,
            "hand": -50,
            "pozzetto": -100,
            "total": 130,
        },
    }
    # the queens count their points but earn no bonus
    queens = report.teams["B"].verdicts[1]
    assert (queens.points, queens.bonus, queens.burraco) == (30, 0, None)


def test_13_worked_melds() -> None:
    from engine import judge_meld

    assert judge_meld(["2H", "3H", "JK"]).legal
    assert not judge_meld(["3H", "4H", "JK", "2S"]).legal


def test_7_the_closing_partners_cards_count_against_the_team() -> None:
    a = team([["6S", "7S", "8S", "9S", "10S", "JS", "QS"], ["AH", "AC", "AD"]], [[], ["JK", "2C"]])
    b = team([], [["KH"], ["3S"]], "not_taken")
    totals = score_hand(HandInput({"A": a, "B": b}, closed_by="A")).totals  # S05
    assert totals == {"A": 355, "B": -115}


def test_7_an_unseen_pozzetto_counts_its_cards_instead_of_the_flat_100() -> None:
    eleven = ["JK", "2C", "AH", "KH", "KD", "7S", "6S", "5C", "4C", "3C", "9H"]
    b = team([["9D", "10D", "JD", "QD"]], [[], ["5S", "5D"]], "taken_unseen", eleven)
    a = team([["8C", "8D", "8H", "8S", "8C", "8D", "8H"]], [[], []])
    score = score_hand(HandInput({"A": a, "B": b}, closed_by="A")).teams["B"]  # S03
    assert (score.hand, score.pozzetto, score.total) == (-130, 0, -90)
    # the same after the stock runs out (S08): no closing bonus for anyone
    stock = score_hand(HandInput({"A": a, "B": b}, closed_by=None, hand_end=HandEnd.STOCK))
    assert stock.teams["B"].total == -90 and stock.teams["A"].closing == 0


def test_7_stock_exhausted_keeps_bonuses_penalties_and_the_missing_pozzetto() -> None:
    a = team([["3H", "4H", "5H", "6H", "7H", "8H", "9H"]], [["KS"], ["2D"]])
    b = team([["QH", "QS", "QD"]], [["4C"], []], "not_taken")
    report = score_hand(HandInput({"A": a, "B": b}, closed_by=None, hand_end=HandEnd.STOCK))
    assert report.to_json()["A"] == {
        "melds": 45,
        "bonuses": 200,
        "closing": 0,
        "hand": -30,
        "pozzetto": 0,
        "total": 215,
    }
    assert report.totals["B"] == 30 - 5 - 100


def test_7_totals_may_be_negative() -> None:
    b = team([["KH", "KS", "KD"]], [["AS", "JK"], ["3C", "2D"]])
    a = team([["3H", "4H", "5H", "6H", "7H", "8H", "9H"]], [[], []])
    assert score_hand(HandInput({"A": a, "B": b}, closed_by="A")).totals["B"] == -40  # S01


def test_7_an_illegal_meld_counts_its_cards_but_earns_no_bonus() -> None:
    two_wilds = ["3H", "4H", "5H", "6H", "7H", "JK", "2S"]
    a = team([two_wilds], [[], []])
    b = team([], [[], []], "not_taken")
    score = score_hand(HandInput({"A": a, "B": b}, closed_by="A")).teams["A"]
    assert (score.melds, score.bonuses) == (75, 0)
    assert not score.verdicts[0].legal


def test_7_the_variant_sets_the_bonuses() -> None:
    a = team([["5S", "6S", "7S", "8S", "9S", "10S", "JS", "JK"]], [[], []])  # S09
    b = team([], [["4H"], ["4S"]])
    hand = HandInput({"A": a, "B": b}, closed_by="A", variant="semipulito")
    assert score_hand(hand).totals == {"A": 335, "B": -10}
    assert score_hand(hand, ITALIAN_CLUB).totals == {"A": 335, "B": -10}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"teams": {"A": {"melds": [], "hands": [], "pozzetto": "lost"}}, "closedBy": "A"},
            "pozzetto",
        ),
        (
            {"teams": {"A": {"melds": [], "hands": [], "pozzetto": "taken"}}, "closedBy": "B"},
            "closedBy",
        ),
        (
            {
                "teams": {"A": {"melds": [], "hands": [], "pozzetto": "taken"}},
                "closedBy": "A",
                "handEnd": "x",
            },
            "handEnd",
        ),
        (
            {
                "teams": {"A": {"melds": [], "hands": [], "pozzetto": "taken"}},
                "closedBy": "A",
                "handEnd": "stock",
            },
            "closedBy",
        ),
        (
            {
                "teams": {"A": {"melds": [["QH", "Q"]], "hands": [], "pozzetto": "taken"}},
                "closedBy": "A",
            },
            "teams.A.melds",
        ),
        ({"teams": {"A": {"hands": [], "pozzetto": "taken"}}, "closedBy": "A"}, "melds"),
        (
            {
                "teams": {
                    "A": {
                        "melds": [],
                        "hands": [],
                        "pozzetto": "taken",
                        "pozzettoUnseenCards": ["JK"],
                    }
                },
                "closedBy": "A",
            },
            "taken_unseen",
        ),
        ({"teams": []}, "teams"),
    ],
)
def test_7_bad_hands_are_declared_errors_naming_the_field(data: Any, message: str) -> None:
    from engine import RulesError

    with pytest.raises(RulesError, match=message):
        score_hand(HandInput.from_json(data))


def test_7_more_copies_than_the_deck_is_bad_input() -> None:
    a = team([["QH", "QH", "QS"]], [["QH"], []])
    with pytest.raises(CardCountError, match="QH"):
        score_hand(HandInput({"A": a}, closed_by="A"))


def test_7_hand_end_accepts_the_stock_spellings() -> None:
    base = {"teams": {"A": {"melds": [], "hands": [], "pozzetto": "taken"}}, "closedBy": None}
    for spelling in ("stock", "stock_exhausted"):
        assert HandInput.from_json({**base, "handEnd": spelling}).hand_end is HandEnd.STOCK


def test_7_inputs_round_trip_through_json() -> None:
    eleven = ["JK", "2C", "AH", "KH", "KD", "7S", "6S", "5C", "4C", "3C", "9H"]
    hand = HandInput(
        {
            "A": team([["QH", "QS", "QD"]], [["4C"], []]),
            "B": team([], [[], []], "taken_unseen", eleven),
        },
        closed_by="A",
    )
    assert HandInput.from_json(hand.to_json()) == hand
