"""rules.md §8: the match to its target and the winner."""

from __future__ import annotations

import pytest

from engine import ITALIAN_CLUB, PAGAT, InputShapeError, MatchInput, score_match


@pytest.mark.parametrize(
    ("before", "hand", "target", "after", "winner"),
    [
        ({"A": 1900, "B": 1950}, {"A": 150, "B": 120}, 2000, {"A": 2050, "B": 2070}, "B"),  # S13
        ({"A": 1960, "B": 1500}, {"A": 40, "B": 60}, 2000, {"A": 2000, "B": 1560}, "A"),  # S15
        ({"A": -150, "B": 300}, {"A": -110, "B": 405}, 2000, {"A": -260, "B": 705}, None),  # S17
        ({"A": 1990, "B": 1980}, {"A": 20, "B": 30}, 2000, {"A": 2010, "B": 2010}, None),  # S14
        ({"A": 1960, "B": 1500}, {"A": 40, "B": 60}, 2005, {"A": 2000, "B": 1560}, None),
    ],
)
def test_8_match_end_and_winner(
    before: dict[str, int],
    hand: dict[str, int],
    target: int,
    after: dict[str, int],
    winner: str | None,
) -> None:
    result = score_match(before, hand, target)
    assert (dict(result.match_after), result.winner) == (after, winner)


def test_8_the_target_defaults_to_the_rules() -> None:
    assert score_match({"A": 1960, "B": 0}, {"A": 40, "B": 0}, rules=PAGAT).winner == "A"
    assert score_match({"A": 1960, "B": 0}, {"A": 40, "B": 0}, rules=ITALIAN_CLUB).winner is None


def test_8_the_teams_must_agree() -> None:
    with pytest.raises(InputShapeError):
        score_match({"A": 0, "B": 0}, {"A": 10})
    with pytest.raises(InputShapeError, match=r"handTotals\.B"):
        MatchInput.from_json({"matchBefore": {"A": 0, "B": 0}, "handTotals": {"A": 1, "B": "x"}})


def test_8_match_input_round_trips() -> None:
    match = MatchInput({"A": 10, "B": 20}, {"A": 5, "B": -5}, 2005)
    assert MatchInput.from_json(match.to_json()) == match
