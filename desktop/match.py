"""The match sheet: who plays, under which rules, and the hands with their running totals.

Values only: a sheet is rebuilt from its hands, so correcting a hand makes every running
total and the winner follow. The JSON shapes are the rules engine's: a hand's input is the
``score`` vector input (teams A/B: melds, hands, pozzetto, closedBy, handEnd) and its score
is the per-team breakdown (melds, bonuses, closing, hand, pozzetto, total).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import engine

TEAMS: tuple[str, str] = ("A", "B")
POZZETTO_STATES: tuple[str, ...] = ("taken", "not_taken", "taken_unseen")
HAND_ENDS: tuple[str, ...] = ("close", "stock")
SCORE_PARTS: tuple[str, ...] = ("melds", "bonuses", "closing", "hand", "pozzetto", "total")


class MatchError(ValueError):
    """A match value that cannot be: quotes the bad input."""


def cards_from_text(text: str) -> tuple[str, ...]:
    """Cards typed by a player ("qh 10s jk", commas allowed) in the engine's notation.

    >>> cards_from_text("qh, 10s JK")
    ('QH', '10S', 'JK')
    """
    out = []
    for token in text.replace(",", " ").split():
        try:
            out.append(str(engine.Card.parse(token.upper())))
        except engine.RulesError as exc:
            raise MatchError(f"{token!r} is not a card (write it like QH, 10S, JK)") from exc
    return tuple(out)


def _cards(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, (list, tuple)) or not all(isinstance(c, str) for c in value):
        raise MatchError(f"{where}: expected a list of card labels, got {value!r}")
    return tuple(value)


@dataclass(frozen=True)
class MatchSetup:
    """The new-match form: team names, the two players of each team, preset and target."""

    team_names: tuple[str, str] = ("A", "B")
    players: tuple[tuple[str, str], tuple[str, str]] = (("", ""), ("", ""))
    preset: str = "pagat"
    target: int = 2000

    def __post_init__(self) -> None:
        if any(not name.strip() for name in self.team_names):
            raise MatchError(f"every team needs a name, got {self.team_names!r}")
        if isinstance(self.target, bool) or not isinstance(self.target, int) or self.target <= 0:
            raise MatchError(f"the target must be a positive whole number, got {self.target!r}")

    def team_name(self, team: str) -> str:
        return self.team_names[TEAMS.index(team)]

    def to_json(self) -> dict[str, Any]:
        return {
            "teams": {
                t: {"name": self.team_names[i], "players": list(self.players[i])}
                for i, t in enumerate(TEAMS)
            },
            "preset": self.preset,
            "target": self.target,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MatchSetup:
        try:
            teams = data["teams"]
            names = tuple(str(teams[t]["name"]) for t in TEAMS)
            players = tuple(tuple(str(p) for p in teams[t]["players"]) for t in TEAMS)
            if any(len(p) != 2 for p in players):
                raise MatchError(f"each team has two players, got {players!r}")
            return cls(names, players, str(data["preset"]), data["target"])  # type: ignore[arg-type]
        except (KeyError, TypeError) as exc:
            raise MatchError(f"match setup is missing or malformed: {exc!r}") from exc


@dataclass(frozen=True)
class TeamHand:
    """One team at the end of a hand: melds on the table, cards still held, its pozzetto."""

    melds: tuple[tuple[str, ...], ...] = ()
    hands: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    pozzetto: str = "taken"
    pozzetto_unseen_cards: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.pozzetto not in POZZETTO_STATES:
            raise MatchError(f"pozzetto must be one of {POZZETTO_STATES}, got {self.pozzetto!r}")

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "melds": [list(m) for m in self.melds],
            "hands": [list(h) for h in self.hands],
            "pozzetto": self.pozzetto,
        }
        if self.pozzetto == "taken_unseen":
            data["pozzettoUnseenCards"] = list(self.pozzetto_unseen_cards)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any], where: str = "team") -> TeamHand:
        if not isinstance(data, Mapping):
            raise MatchError(f"{where}: expected an object, got {data!r}")
        melds = tuple(_cards(m, f"{where}.melds") for m in data.get("melds", []))
        hands = tuple(_cards(h, f"{where}.hands") for h in data.get("hands", [[], []]))
        if len(hands) != 2:
            raise MatchError(f"{where}.hands: one list per partner (two), got {len(hands)}")
        unseen = _cards(data.get("pozzettoUnseenCards", []), f"{where}.pozzettoUnseenCards")
        return cls(melds, (hands[0], hands[1]), str(data.get("pozzetto", "")), unseen)


@dataclass(frozen=True)
class HandInput:
    """What the players confirm at the end of a hand; the engine scores it."""

    teams: Mapping[str, TeamHand] = field(default_factory=lambda: {t: TeamHand() for t in TEAMS})
    closed_by: str | None = None
    hand_end: str = "close"

    def __post_init__(self) -> None:
        if set(self.teams) != set(TEAMS):
            raise MatchError(f"a hand has teams {TEAMS}, got {tuple(self.teams)!r}")
        if self.hand_end not in HAND_ENDS:
            raise MatchError(f"handEnd must be one of {HAND_ENDS}, got {self.hand_end!r}")
        if self.closed_by is not None and self.closed_by not in TEAMS:
            raise MatchError(f"closedBy must be one of {TEAMS} or null, got {self.closed_by!r}")
        if self.hand_end == "close" and self.closed_by is None:
            raise MatchError("a hand that ended by closing needs the team that closed")
        if self.hand_end == "stock" and self.closed_by is not None:
            raise MatchError("nobody closes when the stock runs out")

    def with_team(self, team: str, team_hand: TeamHand) -> HandInput:
        return replace(self, teams={**self.teams, team: team_hand})

    def to_json(self) -> dict[str, Any]:
        return {
            "teams": {t: self.teams[t].to_json() for t in TEAMS},
            "closedBy": self.closed_by,
            "handEnd": self.hand_end,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HandInput:
        if not isinstance(data, Mapping) or not isinstance(data.get("teams"), Mapping):
            raise MatchError(f"a hand needs a 'teams' object, got {data!r}")
        teams = {t: TeamHand.from_json(data["teams"].get(t), f"teams.{t}") for t in TEAMS}
        return cls(teams, data.get("closedBy"), str(data.get("handEnd", "close")))


@dataclass(frozen=True)
class TeamScore:
    """One team's breakdown of a hand (rules §7); ``total`` is their sum."""

    melds: int = 0
    bonuses: int = 0
    closing: int = 0
    hand: int = 0
    pozzetto: int = 0
    total: int = 0

    def __post_init__(self) -> None:
        parts = [getattr(self, p) for p in SCORE_PARTS]
        if any(isinstance(v, bool) or not isinstance(v, int) for v in parts):
            raise MatchError(f"score parts are whole numbers, got {parts!r}")
        if sum(parts[:-1]) != self.total:
            raise MatchError(f"the parts {parts[:-1]!r} do not add up to the total {self.total}")

    def to_json(self) -> dict[str, int]:
        return {p: getattr(self, p) for p in SCORE_PARTS}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TeamScore:
        try:
            return cls(**{p: data[p] for p in SCORE_PARTS})
        except (KeyError, TypeError) as exc:
            raise MatchError(f"a team score needs {SCORE_PARTS}, got {data!r}") from exc


HandScore = Mapping[str, TeamScore]


def hand_score_to_json(score: HandScore) -> dict[str, dict[str, int]]:
    return {t: score[t].to_json() for t in TEAMS}


def hand_score_from_json(data: Mapping[str, Any]) -> dict[str, TeamScore]:
    if not isinstance(data, Mapping):
        raise MatchError(f"a hand score is an object per team, got {data!r}")
    return {t: TeamScore.from_json(data.get(t, {})) for t in TEAMS}


@dataclass(frozen=True)
class HandRecord:
    """One played hand on the sheet; ``hand_id`` is its row in the store (None if unsaved)."""

    number: int
    hand_input: HandInput
    score: HandScore
    corrections: int = 0
    hand_id: int | None = None


def winner_at(totals: Mapping[str, int], target: int) -> str | None:
    """The winner once a team reaches ``target`` (rules §8), or None to play on.

    The higher total wins even if both pass the target; equal leaders play on.

    >>> winner_at({"A": 2050, "B": 2070}, 2000)
    'B'
    >>> winner_at({"A": 2010, "B": 2010}, 2000) is None
    True
    """
    zeros = dict.fromkeys(TEAMS, 0)
    return engine.score_match({t: totals[t] for t in TEAMS}, zeros, target).winner


@dataclass(frozen=True)
class SheetRow:
    number: int
    hand: HandScore
    running: Mapping[str, int]


@dataclass(frozen=True)
class MatchSheet:
    """The setup and the hands in order; totals and winner are always derived."""

    setup: MatchSetup
    hands: tuple[HandRecord, ...] = ()
    match_id: int | None = None

    def rows(self) -> tuple[SheetRow, ...]:
        running = dict.fromkeys(TEAMS, 0)
        rows = []
        for record in self.hands:
            running = {t: running[t] + record.score[t].total for t in TEAMS}
            rows.append(SheetRow(record.number, record.score, dict(running)))
        return tuple(rows)

    def totals(self) -> dict[str, int]:
        rows = self.rows()
        return dict(rows[-1].running) if rows else dict.fromkeys(TEAMS, 0)

    def winner(self) -> str | None:
        """The team that won at the first hand that decided the match, if any."""
        for row in self.rows():
            found = winner_at(row.running, self.setup.target)
            if found is not None:
                return found
        return None

    def is_over(self) -> bool:
        return self.winner() is not None

    def next_number(self) -> int:
        return (self.hands[-1].number + 1) if self.hands else 1

    def with_hand(self, record: HandRecord) -> MatchSheet:
        """Add a new hand, or replace the hand with the same number (a correction)."""
        kept = [h for h in self.hands if h.number != record.number]
        ordered = sorted([*kept, record], key=lambda h: h.number)
        return replace(self, hands=tuple(ordered))

    def hand(self, number: int) -> HandRecord:
        for record in self.hands:
            if record.number == number:
                return record
        raise MatchError(f"no hand number {number} in this match")


def sheet_from_hands(
    setup: MatchSetup, hands: Sequence[HandRecord], match_id: int | None = None
) -> MatchSheet:
    return MatchSheet(setup, tuple(sorted(hands, key=lambda h: h.number)), match_id)
