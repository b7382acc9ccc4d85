"""The match: cumulative totals against the target, and the winner (rules.md §8)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.errors import InputShapeError
from engine.rules import PAGAT, Rules
from engine.shapes import field, integer, require_object


@dataclass(frozen=True)
class MatchInput:
    """Totals before the hand, the hand's totals, and the target (a match vector's input)."""

    match_before: Mapping[str, int]
    hand_totals: Mapping[str, int]
    target: int | None = None

    @classmethod
    def from_json(cls, data: object) -> MatchInput:
        obj = require_object(data, "match")

        def totals(key: str) -> dict[str, int]:
            values = require_object(field(obj, key, "match"), key)
            return {str(team): integer(value, f"{key}.{team}") for team, value in values.items()}

        target = obj.get("target")
        return cls(
            totals("matchBefore"),
            totals("handTotals"),
            None if target is None else integer(target, "target"),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "matchBefore": dict(self.match_before),
            "handTotals": dict(self.hand_totals),
            "target": self.target,
        }


@dataclass(frozen=True)
class MatchResult:
    """Totals after the hand and the winner (None: play on)."""

    match_after: Mapping[str, int]
    winner: str | None

    def to_json(self) -> dict[str, Any]:
        """A match ``score`` vector's ``expected`` shape."""
        return {"matchAfter": dict(self.match_after), "winner": self.winner}


def score_match(
    match_before: Mapping[str, int],
    hand_totals: Mapping[str, int],
    target: int | None = None,
    rules: Rules = PAGAT,
) -> MatchResult:
    """Add a hand to the match. The match ends when a team's total reaches the target
    (``>=``); the higher total wins; equal leaders at or above it play on.

    >>> score_match({"A": 1900, "B": 1950}, {"A": 150, "B": 120}, 2000).winner
    'B'
    >>> score_match({"A": 2000, "B": 1990}, {"A": 10, "B": 20}).winner is None
    True
    """
    if set(match_before) != set(hand_totals):
        raise InputShapeError(
            f"matchBefore names {sorted(match_before)} but handTotals names {sorted(hand_totals)}"
        )
    goal = rules.target if target is None else target
    after = {team: match_before[team] + hand_totals[team] for team in match_before}
    reached = [total for total in after.values() if total >= goal]
    winner = None
    if reached:
        best = max(reached)
        leaders = [team for team, total in after.items() if total == best]
        winner = leaders[0] if len(leaders) == 1 else None
    return MatchResult(after, winner)


def score_match_input(match: MatchInput, rules: Rules = PAGAT) -> MatchResult:
    """:func:`score_match` on a :class:`MatchInput` value."""
    return score_match(match.match_before, match.hand_totals, match.target, rules)
