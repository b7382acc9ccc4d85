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

A four-index deck prints an index at each of a card's four corners, and a fan's next card
covers two of them alike: in a vertical fan both top corners show under the same edge,
each half covered. Two corners read alike there say nothing of a card's whole face (the
held-out clip 7032 took a covered AD read AH at both top corners for a whole sighting, and
the AD it had been seen whole as four corners at once was lost). In such a deck a card is
seen whole by three corners or more, which only a fan's top card shows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from vision.layout.geometry import distance
from vision.layout.types import PointXY, Slot
from vision.tracking.slots import SAME_PLACE
from vision.types import BoxXYXY, CardDetection

# Two readings are two corners of one card only this far apart (x the index's height): a
# card's nearest two corners lie its width less an index apart, about three index heights,
# while a fan's next index lies within one and a half. A neighbour's index misread as this
# card (held-out clip 7017: a 5S read 5D, 8 px from the 5D's corner) is not a corner of it.
CORNERS_APART = 2.0
# A card is taken as seen whole at a place once it was seen so in this many frames: in one
# frame the hand may still be sliding it into place (see ``WholeSightings.at``).
MIN_WHOLE_FRAMES = 2
# Whole sightings are kept this long: a meld is confirmed 0.8 s after its third card
# shows, a lay-off 0.8 s after it lands, and a hand over the table may delay either.
WHOLE_RECALL_S = 3.0


@dataclass(frozen=True)
class WholeSighting:
    t: float
    card: str
    confidence: float  # the surest of its corners
    places: tuple[PointXY, ...]  # the centres of the corners read
    boxes: tuple[BoxXYXY, ...]  # their boxes, in the same order


def seen_whole(
    slot: Slot, covered: frozenset[CardDetection], t: float, min_corners: int = 2
) -> WholeSighting | None:
    """The slot's card as ``min_corners`` or more of its corners read it in this frame, if
    they do (three in a four-index deck, see above). Readings put back for covered cards
    (``covered``) and suit-open ones do not count."""
    if not slot.visible or len(slot.detections) < min_corners:  # most cards show one corner
        return None
    alike = [
        d for d in slot.detections if d.card == slot.card and not d.suit_open and d not in covered
    ]
    apart: list[CardDetection] = []
    for d in alike:
        # readings close together are one index read twice, or a neighbour's index
        if all(distance(d.center_xy, o.center_xy) > CORNERS_APART * slot.scale_px for o in apart):
            apart.append(d)
    if len(apart) < min_corners:
        return None
    return WholeSighting(
        t,
        slot.card,
        max(d.confidence for d in apart),
        tuple(d.center_xy for d in apart),
        tuple(d.box_xyxy for d in apart),
    )


@dataclass
class WholeSightings:
    """The cards seen whole lately, by place."""

    recall_s: float = WHOLE_RECALL_S
    seen: list[WholeSighting] = field(default_factory=list)

    def observe(
        self,
        slots: Iterable[Slot],
        covered: frozenset[CardDetection],
        t: float,
        min_corners: int = 2,
    ) -> None:
        self.seen = [s for s in self.seen if t - s.t <= self.recall_s]
        for slot in slots:
            sighting = seen_whole(slot, covered, t, min_corners)
            if sighting is not None:
                self.seen.append(sighting)

    def at(self, slot: Slot) -> Sequence[WholeSighting]:
        """The sightings of the card whose index lay where ``slot``'s readings now lie.

        - A reading lies on a corner seen within ``SAME_PLACE`` of it (a fan's next index
          lies at least twice as far), or inside that corner's box: the next card covers
          part of an index, and the box of what still shows is shorter, its centre moved
          off the whole index's by up to half an index (clip 7032: 9 px, a third of it).
        - Each reading is looked up, not the slot's centre: a four-index deck's slot lies
          midway between the two corners it folds.
        - A card counts only if it was seen whole in ``MIN_WHOLE_FRAMES`` frames: in one
          frame the hand may still be sliding it into place, its corners where the next
          card will lie (new clip 8174: a 10H seen whole once where the 10D then lay).
        - Of the sightings found, only those lying on the most of the slot's readings
          count: a slot may hold a neighbour's reading on another card's corner (validation
          clip 8039: a JS slot with one reading on the JC's corner, two on its own).
        """
        reach = SAME_PLACE * slot.scale_px
        here = [d.center_xy for d in slot.detections] or [slot.center_xy]
        on = [(sum(_on(s, c, reach) for c in here), s) for s in self.seen]
        frames = Counter(s.card for n, s in on if n)
        on = [(n, s) for n, s in on if n and frames[s.card] >= MIN_WHOLE_FRAMES]
        most = max((n for n, _ in on), default=0)
        return [s for n, s in on if n == most]


def _on(sighting: WholeSighting, center_xy: PointXY, reach: float) -> bool:
    """Whether a reading at ``center_xy`` lies on one of the sighting's corners."""
    x, y = center_xy
    return any(distance(p, center_xy) <= reach for p in sighting.places) or any(
        x1 <= x <= x2 and y1 <= y <= y2 for x1, y1, x2, y2 in sighting.boxes
    )
