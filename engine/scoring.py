"""End-of-hand scoring with its full per-team breakdown (rules.md §7)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeVar

from engine.cards import Card, check_card_count
from engine.errors import InputShapeError
from engine.meld import MeldVerdict, judge_meld
from engine.rules import PAGAT, Rules, get_preset
from engine.shapes import (
    Melds,
    cards_of,
    field,
    melds_of,
    melds_texts,
    optional_text,
    require_object,
    texts,
)


class PozzettoState(StrEnum):
    """A team's pozzetto at the end of the hand."""

    TAKEN = "taken"
    TAKEN_UNSEEN = "taken_unseen"
    """Taken with the last discard and never seen: its cards count as held cards."""
    NOT_TAKEN = "not_taken"


class HandEnd(StrEnum):
    """How the hand ended."""

    CLOSE = "close"
    STOCK = "stock"
    """The stock reached its last two cards: nobody closes, no closing bonus."""


E = TypeVar("E", bound=StrEnum)
_ALIASES: dict[str, StrEnum] = {
    "stock_exhausted": HandEnd.STOCK,
    "stock_end": HandEnd.STOCK,
}


def _state(kind: type[E], value: object, where: str) -> E:
    """``value`` as a member of ``kind`` (its text or a known alias)."""
    if isinstance(value, kind):
        return value
    if isinstance(value, str):
        alias = _ALIASES.get(value)
        if isinstance(alias, kind):
            return alias
        for member in kind:
            if member.value == value:
                return member
    choices = ", ".join(member.value for member in kind)
    raise InputShapeError(f"{where}: {value!r} is not one of {choices}")


@dataclass(frozen=True)
class TeamHand:
    """One team at the end of a hand: its melds, each partner's cards, its pozzetto."""

    melds: Melds
    hands: tuple[tuple[Card, ...], ...]
    pozzetto: PozzettoState
    pozzetto_unseen_cards: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "pozzetto", _state(PozzettoState, self.pozzetto, "pozzetto"))
        unseen = self.pozzetto is PozzettoState.TAKEN_UNSEEN
        if self.pozzetto_unseen_cards and not unseen:
            raise InputShapeError(
                "pozzettoUnseenCards is given but the pozzetto is not taken_unseen"
            )

    @classmethod
    def from_json(cls, data: object, where: str) -> TeamHand:
        obj = require_object(data, where)
        pozzetto = _state(PozzettoState, field(obj, "pozzetto", where), f"{where}.pozzetto")
        return cls(
            melds=melds_of(field(obj, "melds", where), f"{where}.melds"),
            hands=melds_of(field(obj, "hands", where), f"{where}.hands"),
            pozzetto=pozzetto,
            pozzetto_unseen_cards=cards_of(
                obj.get("pozzettoUnseenCards", []), f"{where}.pozzettoUnseenCards"
            ),
        )

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "melds": melds_texts(self.melds),
            "hands": melds_texts(self.hands),
            "pozzetto": self.pozzetto.value,
        }
        if self.pozzetto_unseen_cards:
            data["pozzettoUnseenCards"] = texts(self.pozzetto_unseen_cards)
        return data


@dataclass(frozen=True)
class HandInput:
    """The table at the end of a hand (a hand ``score`` vector's input)."""

    teams: Mapping[str, TeamHand]
    closed_by: str | None
    hand_end: HandEnd = HandEnd.CLOSE
    variant: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "hand_end", _state(HandEnd, self.hand_end, "handEnd"))
        if self.hand_end is HandEnd.CLOSE and self.closed_by not in self.teams:
            raise InputShapeError(f"closedBy must name a team ({', '.join(self.teams)})")
        if self.hand_end is not HandEnd.CLOSE and self.closed_by is not None:
            raise InputShapeError("nobody closes when the stock runs out: closedBy must be null")

    @classmethod
    def from_json(cls, data: object) -> HandInput:
        obj = require_object(data, "score")
        teams = require_object(field(obj, "teams", "score"), "teams")
        if not teams:
            raise InputShapeError("teams must name at least one team")
        hand_end = _state(HandEnd, obj.get("handEnd", "close"), "handEnd")
        return cls(
            teams={
                str(name): TeamHand.from_json(team, f"teams.{name}") for name, team in teams.items()
            },
            closed_by=optional_text(obj.get("closedBy"), "closedBy"),
            hand_end=hand_end,
            variant=optional_text(obj.get("variant"), "variant"),
        )

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "teams": {name: team.to_json() for name, team in self.teams.items()},
            "closedBy": self.closed_by,
            "handEnd": self.hand_end.value,
        }
        if self.variant is not None:
            data["variant"] = self.variant
        return data


@dataclass(frozen=True)
class TeamScore:
    """One team's score for a hand, by item; ``verdicts`` judge each of its melds."""

    melds: int
    bonuses: int
    closing: int
    hand: int
    pozzetto: int
    verdicts: tuple[MeldVerdict, ...] = ()

    @property
    def total(self) -> int:
        return self.melds + self.bonuses + self.closing + self.hand + self.pozzetto

    def to_json(self) -> dict[str, int]:
        return {
            "melds": self.melds,
            "bonuses": self.bonuses,
            "closing": self.closing,
            "hand": self.hand,
            "pozzetto": self.pozzetto,
            "total": self.total,
        }


@dataclass(frozen=True)
class HandReport:
    """Every team's score for the hand."""

    teams: Mapping[str, TeamScore]

    @property
    def totals(self) -> dict[str, int]:
        return {name: team.total for name, team in self.teams.items()}

    def to_json(self) -> dict[str, dict[str, int]]:
        """A hand ``score`` vector's ``expected`` shape."""
        return {name: team.to_json() for name, team in self.teams.items()}


def score_hand(hand: HandInput, rules: Rules | None = None) -> HandReport:
    """Score a hand. Without ``rules``, the input's ``variant`` (or Pagat).

    Table cards count their value whether or not a meld is legal (the verdicts say which
    are not); bonuses come only from legal burracos.

    >>> from engine import parse_cards
    >>> team_a = TeamHand((parse_cards(["3H", "4H", "5H", "6H", "7H", "8H", "9H"]),), ((), ()),
    ...                   PozzettoState.TAKEN)
    >>> held_b = (parse_cards(["AS", "JK"]), parse_cards(["3C", "2D"]))
    >>> team_b = TeamHand((parse_cards(["KH", "KS", "KD"]),), held_b, PozzettoState.TAKEN)
    >>> score_hand(HandInput({"A": team_a, "B": team_b}, closed_by="A")).totals
    {'A': 345, 'B': -40}
    """
    if rules is None:
        rules = PAGAT if hand.variant is None else get_preset(hand.variant)
    check_card_count(
        [
            card
            for team in hand.teams.values()
            for group in (*team.melds, *team.hands, team.pozzetto_unseen_cards)
            for card in group
        ],
        rules.decks,
        rules.jokers,
    )
    return HandReport(
        {name: _score_team(name, team, hand, rules) for name, team in hand.teams.items()}
    )


def _score_team(name: str, team: TeamHand, hand: HandInput, rules: Rules) -> TeamScore:
    verdicts = tuple(judge_meld(meld, rules) for meld in team.melds)
    held = [card for cards in team.hands for card in cards]
    held.extend(team.pozzetto_unseen_cards)
    closed = hand.hand_end is HandEnd.CLOSE and hand.closed_by == name
    return TeamScore(
        melds=sum(rules.value_of(card) for meld in team.melds for card in meld),
        bonuses=sum(verdict.bonus for verdict in verdicts if verdict.legal),
        closing=rules.closing_bonus if closed else 0,
        hand=-sum(rules.value_of(card) for card in held),
        pozzetto=(
            -rules.pozzetto_not_taken_penalty if team.pozzetto is PozzettoState.NOT_TAKEN else 0
        ),
        verdicts=verdicts,
    )
