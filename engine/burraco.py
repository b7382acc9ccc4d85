"""Burracos (melds of seven or more cards): clean, dirty or semi-clean, and their bonus."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from engine.readings import CardRole, MeldKind
from engine.rules import Rules, SemiCleanReading

ROYAL_RUN_CARDS = 13


class BurracoKind(StrEnum):
    """The kind of a burraco (rules.md §5)."""

    CLEAN = "clean"
    DIRTY = "dirty"
    SEMI_CLEAN = "semi-clean"


def classify_burraco(
    kind: MeldKind, roles: Sequence[CardRole], rules: Rules
) -> tuple[BurracoKind | None, int]:
    """The burraco kind of a legal meld and its bonus; ``(None, 0)`` below the minimum size.

    A natural 2 in its slot is not a wild, so it does not spoil a clean burraco; any
    substituting wild makes it dirty, wherever it lies (or semi-clean where the rules
    have semipulito and the wild is placed as their reading requires).
    """
    size = len(roles)
    if size < rules.burraco_min_cards:
        return None, 0
    wild_index = next((index for index, role in enumerate(roles) if role.wild), None)
    if wild_index is None:
        return BurracoKind.CLEAN, _clean_bonus(kind, roles, rules)
    naturals = size - 1
    semi = False
    if rules.semi_clean_bonus is not None and naturals >= 7:
        if kind is MeldKind.SET:
            semi = True
        elif rules.semi_clean_reading is SemiCleanReading.ONE_SIDE:
            semi = max(wild_index, size - 1 - wild_index) >= 7
        else:
            semi = wild_index in (0, size - 1)
    bonus = rules.dirty_bonus
    if semi and rules.semi_clean_bonus is not None:
        bonus = rules.semi_clean_bonus
    if (
        kind is MeldKind.SEQUENCE
        and size >= ROYAL_RUN_CARDS
        and rules.royal_dirty_bonus is not None
    ):
        bonus = rules.royal_dirty_bonus
    if kind is MeldKind.SET and naturals >= 8 and rules.super_dirty_bonus is not None:
        bonus = rules.super_dirty_bonus
    return (BurracoKind.SEMI_CLEAN if semi else BurracoKind.DIRTY), bonus


def _clean_bonus(kind: MeldKind, roles: Sequence[CardRole], rules: Rules) -> int:
    size = len(roles)
    if kind is MeldKind.SEQUENCE and size >= ROYAL_RUN_CARDS:
        if size > ROYAL_RUN_CARDS and rules.ace_to_ace_bonus is not None:
            return rules.ace_to_ace_bonus
        if rules.royal_bonus is not None:
            return rules.royal_bonus
    if kind is MeldKind.SET and size >= 8 and rules.super_bonus is not None:
        return rules.super_bonus
    return rules.clean_bonus
