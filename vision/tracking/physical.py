"""Physical cards, not readings: one card can show the camera more than one index.

A fan's top card shows its far corner, a card in the discard heap two of its corners, a
four-index deck two on each edge. The layout folds such pairs into one slot where it can
tell; where it cannot (the far corner left loose beside its meld, two corners of a heaped
card), the table holds two readings of one card. Counting readings would tell the players
that the table holds a third copy when it holds two.

So readings of one card that lie within one card's reach of each other, at most one of
them in a meld, are one card. Two readings both in melds stay two: two melds cannot share
a card, so one of them is a misread or a layout fault the players should see. A still's
ledger (``desktop.still_ledger``) and the hand's memory (``TableMemory.ledger``) both count
cards so.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import dist

from vision.layout.dedup import DedupParams
from vision.layout.geometry import project
from vision.layout.types import PointXY, Slot, TableLayout

# Two indices of one card lie at most a card's diagonal apart: the bound the layout itself
# uses for a card's second index, in index heights.
CARD_REACH = DedupParams.diagonal_max


@dataclass(frozen=True)
class SeenIndex:
    """One reading on the table: where the players are told it is, and its slot."""

    place: str
    in_meld: bool
    slot: Slot
    # Another index of this card may show: it is loose, or it ends its meld (only a fan's
    # end cards show a far corner; a loose copy beside a meld's inner card is a copy).
    may_show_another: bool
    # For a fan's end card, the way out past the fan's end (unit): its far corner lies
    # that way. None for a loose card or a meld of one.
    outward: PointXY | None = None


@dataclass
class PhysicalCard:
    """Readings taken as one physical card."""

    seen: list[SeenIndex]

    def within_reach(self, other: SeenIndex) -> float | None:
        """Distance (pixels) from ``other`` to the nearest reading of this card, when it lies
        within a card's reach of it."""
        near = [
            d
            for s in self.seen
            if s.may_show_another
            and (s.outward is None or _ahead(other.slot.center_xy, s.slot.center_xy, s.outward))
            and (d := dist(s.slot.center_xy, other.slot.center_xy))
            <= CARD_REACH * max(s.slot.scale_px, other.slot.scale_px)
        ]
        return min(near) if near else None


def _unit(a: PointXY, b: PointXY) -> PointXY | None:
    """The unit vector from a to b (None where they coincide)."""
    length = dist(a, b)
    return None if length == 0 else ((b[0] - a[0]) / length, (b[1] - a[1]) / length)


def _ahead(point: PointXY, origin: PointXY, way: PointXY) -> bool:
    return project(point, origin, way)[0] >= 0


def _place(where: str, slot: Slot) -> str:
    return f"{where} ({slot.card} at {slot.center_xy[0]:.0f},{slot.center_xy[1]:.0f})"


def readings_on_table(layout: TableLayout) -> list[SeenIndex]:
    seen = []
    for name, zone in layout.zones.items():
        for i, meld in enumerate(zone.melds):
            slots = meld.slots
            ends = {0: 1, len(slots) - 1: len(slots) - 2} if len(slots) > 1 else {}
            seen += [
                SeenIndex(
                    _place(f"{name} meld {i + 1}", slot),
                    True,
                    slot,
                    k in ends or len(slots) == 1,
                    _unit(slots[ends[k]].center_xy, slot.center_xy) if k in ends else None,
                )
                for k, slot in enumerate(slots)
            ]
        seen += [SeenIndex(_place(f"{name} cards", slot), False, slot, True) for slot in zone.loose]
    return seen


def group_into_cards(seen: list[SeenIndex]) -> list[PhysicalCard]:
    by_card: dict[str, list[PhysicalCard]] = {}
    # Meld slots first: each is a card of its own. A loose reading then joins the nearest
    # card of the same label within reach, or stands as a card of its own.
    for s in sorted(seen, key=lambda s: (not s.in_meld, -s.slot.confidence)):
        cards = by_card.setdefault(s.slot.card, [])
        reach = [] if s.in_meld else [(d, c) for c in cards if (d := c.within_reach(s)) is not None]
        if reach:
            min(reach, key=lambda dc: dc[0])[1].seen.append(s)
        else:
            cards.append(PhysicalCard([s]))
    return [c for cards in by_card.values() for c in cards]


def physical_cards(layout: TableLayout) -> list[list[str]]:
    """The table's readings grouped into physical cards: each group's places, the one the
    players are told of first (a meld's slot before a loose reading)."""
    return [[s.place for s in c.seen] for c in group_into_cards(readings_on_table(layout))]


def other_indices(layout: TableLayout) -> frozenset[tuple[str, PointXY]]:
    """Loose readings taken as another index of a meld's card (card, centre): not cards in
    no meld, whatever the layout made of them."""
    return frozenset(
        (s.slot.card, s.slot.center_xy)
        for c in group_into_cards(readings_on_table(layout))
        if c.seen[0].in_meld
        for s in c.seen[1:]
    )
