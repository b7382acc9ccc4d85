"""Readings that a fan picks up but that are not cards of it, told by what the memory knows.

- A top card's far corner: it lies on its own fan's line, past that fan's end card, and
  the next fan on that line may take it as a card of its own.
- A loose card lying by a meld (a shown card, the discard pile): it lay there before the
  fan came near it, so the fan taking it in one frame is no card laid. Only while the
  layout still shows it on its own now and then, though: a meld's first card laid inside
  a zone drawn around the discard pile is remembered as a discard card until the fan
  grows from it, and from then on every frame reads it in the fan.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import pairwise

from vision.layout.geometry import distance, median, order_along, pointing, principal_axis, project
from vision.layout.types import TEAM_ZONES, MeldGroup, Slot, TableLayout, ZoneLayout

FAR_CORNER_MIN_STEPS = 1.45  # nearer than this past the end card is the next card of the fan
FAR_CORNER_MAX_S = 5.0  # a card's far index lies about a card's height past its near one
FAR_CORNER_ACROSS_S = 1.0  # four-index decks: the far corner lies on the fan's line


@dataclass(frozen=True)
class KnownFan:
    """A fan the memory knows (a remembered meld, a meld being laid), in order along it."""

    slots: tuple[Slot, ...]

    @classmethod
    def of(cls, slots: Sequence[Slot]) -> KnownFan:
        return cls(order_along(slots, principal_axis([s.center_xy for s in slots])))

    def is_far_corner(self, reading: Slot) -> bool:
        """A reading of an end card's own label lying past that end on the fan's line."""
        if len(self.slots) < 2:
            return False
        step = median([distance(a.center_xy, b.center_xy) for a, b in pairwise(self.slots)])
        # The line through all the fan's indices: the last step alone turns with a few
        # pixels' jitter, and a card's height past the end that is an index off the line.
        axis = principal_axis([s.center_xy for s in self.slots])
        for end, inner in ((self.slots[-1], self.slots[-2]), (self.slots[0], self.slots[1])):
            if end.card != reading.card:
                continue
            (xi, yi), (xe, ye) = inner.center_xy, end.center_xy
            outward = pointing(axis, (xe - xi, ye - yi))  # from the inner card to the end
            along, across = project(reading.center_xy, end.center_xy, outward)
            scale = end.scale_px
            if (
                FAR_CORNER_MIN_STEPS * step <= along <= FAR_CORNER_MAX_S * scale
                and abs(across) <= FAR_CORNER_ACROSS_S * scale
            ):
                return True
        return False


@dataclass(frozen=True)
class LooseCard:
    """A remembered loose card outside the team zones (a shown card, the discard pile)."""

    zone: str
    slot: Slot

    def is_read_as(self, reading: Slot, radius_s: float) -> bool:
        return (
            self.slot.card == reading.card
            and distance(self.slot.center_xy, reading.center_xy) <= radius_s * reading.scale_px
        )


def loose_cards(
    remembered: dict[str, tuple[Slot, ...]], alone: Sequence[LooseCard], radius_s: float
) -> list[LooseCard]:
    """The remembered loose cards outside the team zones that the layout showed on their
    own lately (``alone``: its loose cards of those zones over the last moments)."""
    return [
        card
        for name, slots in remembered.items()
        if name not in TEAM_ZONES
        for card in (LooseCard(name, slot) for slot in slots)
        if any(a.zone == name and card.is_read_as(a.slot, radius_s) for a in alone)
    ]


def alone_in_zones(layout: TableLayout) -> list[LooseCard]:
    """The cards a frame's layout shows loose outside the team zones (not in any fan)."""
    return [
        LooseCard(name, slot)
        for name, zone in layout.zones.items()
        if name not in TEAM_ZONES
        for slot in zone.loose
    ]


@dataclass(frozen=True)
class Strays:
    """What a fan's end readings may be instead of cards of it."""

    known: tuple[KnownFan, ...]
    loose: tuple[LooseCard, ...]
    radius_s: float
    min_meld: int = 3

    def split(
        self, group: MeldGroup, owned: Sequence[bool]
    ) -> tuple[MeldGroup, list[int], list[LooseCard]]:
        """The fan without its stray end readings (those not remembered as a card), the
        indices kept, and the loose cards read in it. A far corner lies beyond its own fan,
        and a loose card beside a fan, so either can only be read at an end of it. A loose
        card is told only in a fan showing a remembered meld, or one that is a meld without
        it: a meld being laid may lie across a zone's border, one of its cards read as
        loose until it is laid."""
        ends = {0, len(group.slots) - 1}
        shows_meld = any(owned) or len(group.slots) > self.min_meld
        keep: list[int] = []
        found: list[LooseCard] = []
        for i, slot in enumerate(group.slots):
            if owned[i] or i not in ends:
                keep.append(i)
                continue
            loose = next((c for c in self.loose if c.is_read_as(slot, self.radius_s)), None)
            if shows_meld and loose is not None:
                found.append(LooseCard(loose.zone, slot))
            elif not any(f.is_far_corner(slot) for f in self.known):
                keep.append(i)
        return replace(group, slots=tuple(group.slots[i] for i in keep)), keep, found


def with_loose_returned(layout: TableLayout, returned: Sequence[LooseCard]) -> TableLayout:
    """The layout with loose cards read in fans back in their own zones."""
    if not returned:
        return layout
    zones = dict(layout.zones)
    for card in returned:
        zone = zones.get(card.zone) or ZoneLayout(card.zone)
        zones[card.zone] = replace(zone, loose=(*zone.loose, card.slot))
    return replace(layout, zones=zones)
