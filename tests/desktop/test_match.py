"""The match sheet: running totals, corrections that make totals follow, the winner (rules §8)."""

from __future__ import annotations

import pytest

from desktop.match import (
    HandInput,
    HandRecord,
    MatchError,
    MatchSetup,
    MatchSheet,
    TeamHand,
    TeamScore,
    hand_score_from_json,
    winner_at,
)


def score(a: int, b: int) -> dict[str, TeamScore]:
    # the whole total in "melds" keeps the parts adding up
    return {"A": TeamScore(melds=a, total=a), "B": TeamScore(melds=b, total=b)}


def sheet_with(*totals: tuple[int, int], target: int = 2000) -> MatchSheet:
    setup = MatchSetup(("Nord", "Sud"), (("Anna", "Bruno"), ("Carla", "Dario")), "pagat", target)
    sheet = MatchSheet(setup, (), 1)
    for n, (a, b) in enumerate(totals, start=1):
        sheet = sheet.with_hand(HandRecord(n, HandInput(closed_by="A"), score(a, b)))
    return sheet


# vectors S13, S15, S17 of the rules and the tie case of §8
@pytest.mark.parametrize(
    ("before", "hand", "target", "after", "winner"),
    [
        ((1900, 1950), (150, 120), 2000, (2050, 2070), "B"),  # S13 both pass: higher wins
        ((1960, 1500), (40, 60), 2000, (2000, 1560), "A"),  # S15 exactly the target counts
        ((1960, 1500), (40, 60), 2005, (2000, 1560), None),  # S15 variant target 2005
        ((-150, 300), (-110, 405), 2000, (-260, 705), None),  # S17 negative totals, play on
        ((1900, 1900), (200, 200), 2000, (2100, 2100), None),  # equal leaders play on
    ],
)
def test_8_match_end_vectors(before, hand, target, after, winner) -> None:
    sheet = sheet_with(before, hand, target=target)
    assert sheet.totals() == {"A": after[0], "B": after[1]}
    assert sheet.winner() == winner
    assert winner_at(sheet.totals(), target) == winner


def test_running_totals_after_each_hand() -> None:
    sheet = sheet_with((345, -40), (-115, 355), (100, 0))
    assert [dict(r.running) for r in sheet.rows()] == [
        {"A": 345, "B": -40},
        {"A": 230, "B": 315},
        {"A": 330, "B": 315},
    ]
    assert sheet.next_number() == 4
    assert not sheet.is_over()


def test_a_corrected_hand_makes_totals_and_winner_follow() -> None:
    sheet = sheet_with((1500, 1000), (400, 100), (50, 200))
    assert sheet.winner() is None
    assert sheet.totals() == {"A": 1950, "B": 1300}
    corrected = sheet.with_hand(HandRecord(2, HandInput(closed_by="A"), score(600, 100)))
    assert [h.number for h in corrected.hands] == [1, 2, 3]
    assert corrected.totals() == {"A": 2150, "B": 1300}
    # with the correction A already reached 2100 at hand 2: the match ended there
    assert corrected.winner() == "A"
    assert corrected.rows()[1].running == {"A": 2100, "B": 1100}


def test_winner_is_decided_at_the_first_hand_over_the_target() -> None:
    sheet = sheet_with((2100, 0), (-500, 3000))
    assert sheet.winner() == "A"
    assert sheet.is_over()


def test_hand_input_round_trips_the_engine_score_shape() -> None:
    data = {
        "teams": {
            "A": {"melds": [["8C", "8D", "8H"]], "hands": [[], []], "pozzetto": "taken"},
            "B": {
                "melds": [],
                "hands": [[], ["5S"]],
                "pozzetto": "taken_unseen",
                "pozzettoUnseenCards": ["JK", "2C"],
            },
        },
        "closedBy": "A",
        "handEnd": "close",
    }
    hand = HandInput.from_json(data)
    assert hand.teams["B"].pozzetto_unseen_cards == ("JK", "2C")
    assert hand.to_json() == data


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: TeamHand(pozzetto="lost"), "pozzetto must be one of"),
        (lambda: HandInput(closed_by=None, hand_end="close"), "needs the team that closed"),
        (lambda: HandInput(closed_by="A", hand_end="stock"), "nobody closes"),
        (lambda: HandInput(closed_by="C"), "closedBy must be one of"),
        (lambda: TeamScore(melds=10, total=20), "do not add up"),
        (lambda: TeamScore(melds=True, total=1), "whole numbers"),
        (lambda: MatchSetup(("", "B")), "every team needs a name"),
        (lambda: MatchSetup(target=0), "positive whole number"),
        (lambda: hand_score_from_json({"A": {"melds": 1}}), "a team score needs"),
        (
            lambda: HandInput.from_json(
                {"teams": {"A": {"pozzetto": "taken"}, "B": {"hands": [[]]}}}
            ),
            "two",
        ),
    ],
)
def test_bad_values_name_themselves(make, message) -> None:
    with pytest.raises(MatchError, match=message):
        make()


def test_setup_json_round_trip() -> None:
    setup = MatchSetup(
        ("Nord", "Sud"), (("Anna", "Bruno"), ("Carla", "Dario")), "italian-club", 2005
    )
    assert MatchSetup.from_json(setup.to_json()) == setup
    assert setup.team_name("B") == "Sud"
