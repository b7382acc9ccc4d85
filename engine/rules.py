"""The rule set as data: card values, bonuses, target, and the variant switches.

One frozen :class:`Rules` value is passed explicitly to every engine function; the
default is :data:`PAGAT` (Pagat base rules, rules.md §15).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
from functools import cached_property
from typing import Any

from engine.cards import Card, Rank
from engine.errors import InputShapeError, RulesError


class SemiCleanReading(StrEnum):
    """How a sequence qualifies as semipulito (rules.md §5)."""

    ONE_SIDE = "one-side"
    """FIBur text: seven or more naturals uninterrupted on one side of the wild."""
    WILD_AT_END = "wild-at-end"
    """The wild must be the first or the last card."""


_SET_RANKS_ALL: tuple[str, ...] = ("A", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


@dataclass(frozen=True)
class Rules:
    """Every value of rules.md §2, §5, §8 and the §9 switches the engine judges by.

    >>> PAGAT.target, PAGAT.clean_bonus, PAGAT.value_of(Card.parse("AH"))
    (2000, 200, 15)
    >>> Rules.from_dict(PAGAT.to_dict()) == PAGAT
    True
    """

    name: str = "pagat"
    # §2 the deck and the card values (a wild counts its own value)
    decks: int = 2
    jokers: int = 4
    value_joker: int = 30
    value_two: int = 20
    value_ace: int = 15
    value_eight_to_king: int = 10
    value_three_to_seven: int = 5
    # §5 burracos and bonuses
    burraco_min_cards: int = 7
    clean_bonus: int = 200
    dirty_bonus: int = 100
    semi_clean_bonus: int | None = None
    """None: no semipulito; a burraco with a wild is dirty."""
    semi_clean_reading: SemiCleanReading = SemiCleanReading.ONE_SIDE
    # §6/§7 closing and the pozzetto
    closing_bonus: int = 100
    pozzetto_not_taken_penalty: int = 100
    clean_burraco_to_close: bool = False
    # §8 the match
    target: int = 2000
    # §9 variant switches
    set_ranks: tuple[str, ...] = _SET_RANKS_ALL
    """Ranks a set may have; empty = no sets (Burraco Reale)."""
    two_aces_in_run: bool = False
    """Allow A..K..A with two natural aces (§10 disagreement; Burraco Reale)."""
    royal_bonus: int | None = None
    """Clean run of 13 ranks (A..K or 2..A): this instead of the clean bonus."""
    royal_dirty_bonus: int | None = None
    """Run of 13 or more ranks with a wild (GARAK 250)."""
    ace_to_ace_bonus: int | None = None
    """Clean A..K..A of 14 naturals (Burraco Reale 1000); needs ``two_aces_in_run``."""
    super_bonus: int | None = None
    """Set of 8 natural cards of one rank, no wild."""
    super_dirty_bonus: int | None = None
    """Set of 8 natural cards plus a wild (GARAK 200)."""
    free_wild_may_slide: bool = True
    """§4.5: a wild at an end may move to the other end or into a new gap."""
    wild_may_return_to_hand: bool = False
    """§4.1 disagreement (MFARRONI): a wild replaced by its natural card may go back to hand."""

    def __post_init__(self) -> None:
        for name in ("decks", "jokers", "burraco_min_cards"):
            if getattr(self, name) < 0:
                raise RulesError(f"rules {self.name!r}: {name} must not be negative")
        for rank in self.set_ranks:
            if rank not in _SET_RANKS_ALL:
                raise RulesError(f"rules {self.name!r}: {rank!r} is not a rank a set can have")

    def value_of(self, card: Card) -> int:
        """Points of one card, the same on the table and in hand."""
        return self._values[card.rank_number]

    def card_values(self) -> dict[Rank, int]:
        """Value of each rank."""
        return {rank: self._values[rank.number] for rank in Rank}

    @cached_property
    def _values(self) -> tuple[int, ...]:
        """Card value by rank number (0 = joker, 1 = ace ... 13 = K)."""
        return (
            self.value_joker,
            self.value_ace,
            self.value_two,
            *(self.value_three_to_seven,) * 5,
            *(self.value_eight_to_king,) * 6,
        )

    def replace(self, **changes: Any) -> Rules:
        """A copy with some values changed (a custom rule set)."""
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict (saved by name by the application)."""
        data: dict[str, Any] = {}
        for item in fields(self):
            value = getattr(self, item.name)
            if isinstance(value, tuple):
                value = list(value)
            elif isinstance(value, StrEnum):
                value = value.value
            data[item.name] = value
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Rules from :meth:`to_dict` output; missing keys keep the Pagat value.

        >>> Rules.from_dict({"name": "home", "target": 1500}).target
        1500
        >>> Rules.from_dict({"targte": 1500})
        Traceback (most recent call last):
        ...
        engine.errors.InputShapeError: unknown rules key(s): targte
        """
        if not isinstance(data, Mapping):
            raise InputShapeError("rules must be a JSON object")
        known = {item.name: item for item in fields(cls)}
        unknown = sorted(set(data) - set(known))
        if unknown:
            raise InputShapeError(f"unknown rules key(s): {', '.join(unknown)}")
        values: dict[str, Any] = {}
        for key, value in data.items():
            default = getattr(PAGAT, key)
            if key == "set_ranks":
                if not isinstance(value, list | tuple) or not all(
                    isinstance(rank, str) for rank in value
                ):
                    raise InputShapeError("rules key set_ranks must be a list of ranks")
                value = tuple(value)
            elif key == "semi_clean_reading":
                try:
                    value = SemiCleanReading(value)
                except ValueError:
                    raise InputShapeError(
                        f"rules key semi_clean_reading: {value!r} is not one of "
                        + ", ".join(reading.value for reading in SemiCleanReading)
                    ) from None
            elif not _same_type(value, default):
                raise InputShapeError(f"rules key {key}: {value!r} has the wrong type")
            values[key] = value
        return cls(**values)


def _same_type(value: object, default: object) -> bool:
    """Whether a custom value has the type of the Pagat value (None: an optional number)."""
    if isinstance(default, bool):
        return isinstance(value, bool)
    if isinstance(default, str):
        return isinstance(value, str)
    if default is None and value is None:
        return True
    return isinstance(value, int) and not isinstance(value, bool)


PAGAT = Rules()
"""Pagat base rules (the default)."""

ITALIAN_CLUB = Rules(name="italian-club", target=2005, semi_clean_bonus=150)
"""Target 2005 and semipulito 150 (seven naturals uninterrupted on one side of the wild)."""

FIBUR_INTERNATIONAL = Rules(
    name="fibur-international", clean_burraco_to_close=True, set_ranks=("A", "3")
)
"""International code: a clean burraco to close; sets only of aces and 3s."""

PRESETS: Mapping[str, Rules] = {
    rules.name: rules for rules in (PAGAT, ITALIAN_CLUB, FIBUR_INTERNATIONAL)
}

# the ``variant`` names used by the vectors' close and score inputs
VARIANT_PRESETS: Mapping[str, str] = {
    "base": "pagat",
    "international": "fibur-international",
    "semipulito": "italian-club",
}


def get_preset(name: str) -> Rules:
    """A preset by name (or by a vectors' ``variant`` name such as ``"base"``).

    >>> get_preset("italian-club").semi_clean_bonus
    150
    >>> get_preset("base") is PAGAT
    True
    """
    rules = PRESETS.get(VARIANT_PRESETS.get(name, name))
    if rules is None:
        raise RulesError(f"unknown preset {name!r}: choose one of {', '.join(PRESETS)}")
    return rules


__all__ = [
    "FIBUR_INTERNATIONAL",
    "ITALIAN_CLUB",
    "PAGAT",
    "PRESETS",
    "VARIANT_PRESETS",
    "Rules",
    "SemiCleanReading",
    "get_preset",
]
