"""Structural events of the table, as vision sees them (no rules: the referee in
``desktop`` turns them into verdict events such as a burraco completed)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum


class EventKind(StrEnum):
    MELD_LAID = "meld_laid"
    CARDS_ADDED = "cards_added"
    CARD_MOVED = "card_moved"  # a card changed place among the meld's slots
    CARD_REREAD = "card_reread"  # the remembered reading of a slot changed
    PILE_LEFT = "pile_left"  # a watched face-down pile (a pozzetto) left the table


@dataclass(frozen=True)
class TrackEvent:
    """``slots`` are slot indices in the meld after the event, aligned with ``cards``."""

    t_monotonic: float
    kind: EventKind
    zone: str
    meld_id: int | None = None
    cards: tuple[str, ...] = ()
    slots: tuple[int, ...] = ()
    detail: Mapping[str, object] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "t": round(self.t_monotonic, 3),
            "type": str(self.kind),
            "zone": self.zone,
        }
        if self.meld_id is not None:
            out["meld"] = self.meld_id
        if self.cards:
            out["cards"] = list(self.cards)
        if self.slots:
            out["slots"] = list(self.slots)
        out.update(self.detail)
        return out
