"""Cards seen whole: two corners of one card read alike in one frame.

A fan's cards are read mostly by the one corner the next card half covers, and a half
covered index is where the classifier errs most (a club whose leaves the next card hides
reads as a spade, a diamond as a heart). While a card is its fan's top card it shows its
far corner too, and two corners of one frame read as the same card are the surest reading
the memory gets of it. The memory learns a card only once its fan has persisted
(``MemoryParams.persist_s``), by when the next card usually covers it, so these sightings
are kept by place for a few seconds and a card the memory learns there takes them in
(``MemSlot.see_whole``): its card is then the one it was seen whole as, whatever its
covered corner reads later.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from vision.layout.geometry import distance
from vision.layout.types import PointXY, Slot
from vision.tracking.slots import SAME_PLACE
from vision.types import CardDetection

# Whole sightings are kept this long: a meld is confirmed 0.8 s after its third card
# shows, a lay-off 0.8 s after it lands, and a hand over the table may delay either.
WHOLE_RECALL_S = 3.0


@dataclass(frozen=True)
class WholeSighting:
    t: float
    card: str
    confidence: float  # the surer of its two corners
    places: tuple[PointXY, ...]  # the centres of the corners read


def seen_whole(slot: Slot, covered: frozenset[CardDetection], t: float) -> WholeSighting | None:
    """The slot's card as two or more of its corners read it in this frame, if they do.
    Readings put back for covered cards (``covered``) and suit-open ones do not count."""
    if not slot.visible or len(slot.detections) < 2:  # most cards show one corner
        return None
    alike = [
        d for d in slot.detections if d.card == slot.card and not d.suit_open and d not in covered
    ]
    apart: list[CardDetection] = []
    for d in alike:
        # two readings at one place are one index read twice, not two corners
        if all(distance(d.center_xy, o.center_xy) > SAME_PLACE * slot.scale_px for o in apart):
            apart.append(d)
    if len(apart) < 2:
        return None
    return WholeSighting(
        t, slot.card, max(d.confidence for d in apart), tuple(d.center_xy for d in apart)
    )


@dataclass
class WholeSightings:
    """The cards seen whole lately, by place."""

    recall_s: float = WHOLE_RECALL_S
    seen: list[WholeSighting] = field(default_factory=list)

    def observe(self, slots: Iterable[Slot], covered: frozenset[CardDetection], t: float) -> None:
        self.seen = [s for s in self.seen if t - s.t <= self.recall_s]
        for slot in slots:
            sighting = seen_whole(slot, covered, t)
            if sighting is not None:
                self.seen.append(sighting)

    def at(self, center_xy: PointXY, scale_px: float) -> Sequence[WholeSighting]:
        """The sightings of a card whose index lay where one now lies at ``center_xy``
        (within ``SAME_PLACE``: a fan's next index lies at least twice as far)."""
        reach = SAME_PLACE * scale_px
        return [s for s in self.seen if any(distance(p, center_xy) <= reach for p in s.places)]
