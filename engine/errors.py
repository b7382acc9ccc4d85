"""The engine's declared errors and the stable fault codes it reports.

Every error the engine raises is a :class:`RulesError`, itself a ``ValueError``, so a
caller can catch exactly what the engine declares and nothing else.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum


class Fault(StrEnum):
    """A reason why a meld, a play or a closing is not legal.

    The value is the stable code shared with ``rules-vectors.json``; the members are
    listed from the most to the least fundamental, and the first fault of a verdict in
    this order is its main ``reason``.

    >>> Fault("two_wilds")
    <Fault.TWO_WILDS: 'two_wilds'>
    >>> str(Fault.WRAP_AROUND)
    'wrap_around'
    """

    TOO_FEW_CARDS = "too_few_cards"
    ONLY_WILDS = "only_wilds"
    TWO_WILDS = "two_wilds"
    MIXED_SUITS = "mixed_suits"
    NOT_CONSECUTIVE = "not_consecutive"
    DUPLICATE_RANK = "duplicate_rank"
    WRAP_AROUND = "wrap_around"
    ACE_BOTH_ENDS = "ace_both_ends"
    NOT_SET_OR_SEQUENCE = "not_set_or_sequence"
    # engine code beyond the vectors' list: a set of a rank the rule set does not allow
    SET_RANK_NOT_ALLOWED = "set_rank_not_allowed"
    IMPOSSIBLE_CARD_COUNT = "impossible_card_count"
    CARD_LEFT_TABLE = "card_left_table"
    MERGE_MELDS = "merge_melds"
    DUPLICATE_SET_RANK = "duplicate_set_rank"
    WILD_DISCARD = "wild_discard"
    NO_BURRACO = "no_burraco"
    NO_FINAL_DISCARD = "no_final_discard"
    CLEAN_BURRACO_REQUIRED = "clean_burraco_required"
    CANNOT_DISCARD_SINGLE_PICKUP = "cannot_discard_single_pickup"
    WILD_MOVED = "wild_moved"


_ORDER = {fault: index for index, fault in enumerate(Fault)}


def sorted_faults(faults: Iterable[Fault]) -> tuple[Fault, ...]:
    """Deduplicate and order faults by importance (the order of :class:`Fault`)."""
    return tuple(sorted(set(faults), key=_ORDER.__getitem__))


class RulesError(ValueError):
    """Base of every error the engine raises."""


class CardNotationError(RulesError):
    """A card written in a notation the engine does not know (names the bad text)."""


class CardCountError(RulesError):
    """More copies of a card than the deck holds (names the card)."""


class InputShapeError(RulesError):
    """A JSON-like input that does not have the documented shape (names the field)."""


class IllegalMeldError(RulesError):
    """Raised by :func:`engine.verify_meld`; ``faults`` lists every reason."""

    def __init__(self, message: str, faults: tuple[Fault, ...]) -> None:
        super().__init__(message)
        self.faults = faults
