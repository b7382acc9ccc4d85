"""Cards the memory knows that a fan now covers, put back into the frame where they lie.

A meld is laid card by card, each card on top of the last, and an index can vanish under
the next card (or a hand) at any time: before the meld is confirmed, or long after. A
single frame then shows a gap in the fan, two fan steps wide, and may cut the fan there or
give its far end to the next meld on the line. So the memory keeps, for every card it knows
(the remembered melds' cards, and cards read in a fan of a team zone that no remembered
meld holds yet: a meld being laid), where its indices were read; while none of them shows,
its last readings are added to the frame's detections (``TableMemory.covered_readings``)
and the layout finds the card in its fan as before.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from vision.layout.geometry import box_iou, distance
from vision.layout.types import PointXY, Slot
from vision.types import CardDetection

# An index read again within this many index heights of where it was is the same index
# (a steady camera; a fan's next card lies further away than this).
SAME_PLACE_S = 0.6
# Readings of a slot further from it than its nearest one by more than this (x index
# height) are far corners folded into it, not the indices that place it in its fan.
NEAR_SLACK_S = 0.75
# A card known from a lone card was seen at every corner it shows, so a reading of it
# further than this (x index height) from its places is its other copy, not itself.
ALONE_REACH_S = 1.0
# Another card's index over a known index's place (overlap as the duplicate rule counts
# it): a card laid on top of it there, so the covered card has no place in the fan now.
TAKEN_PLACE_IOU = 0.5
# Known cards this close (x index height) to a card are its fan neighbours: a fan's step
# is at most about 2.7 index heights.
AROUND_S = 3.0


def place_of(places: Sequence[CardDetection], det: CardDetection, scale_px: float) -> int | None:
    """Which of ``places`` a reading lies at (the same index read again), if any."""
    for k, place in enumerate(places):
        if distance(place.center_xy, det.center_xy) <= SAME_PLACE_S * scale_px:
            return k
    return None


@dataclass
class IndexPlaces:
    """Where a card's indices were read: the latest reading at each place (a card shows up
    to four corners, which fans cover one by one), and what showed last."""

    places: list[CardDetection] = field(default_factory=list)
    last_read: tuple[CardDetection, ...] = ()

    def record(self, slot: Slot) -> None:
        if not slot.detections:
            return
        for det in slot.detections:
            k = self._place_of(det, slot.scale_px)
            if k is None:
                self.places.append(det)
            else:
                self.places[k] = det
        # What is put back: the readings that make the slot where it lies in its fan (one
        # index, or a pair of twins around it), not a top card's far corners folded into
        # it, which lie on the next fan's line once the card is covered.
        near = min(distance(d.center_xy, slot.center_xy) for d in slot.detections)
        self.last_read = tuple(
            d
            for d in slot.detections
            if distance(d.center_xy, slot.center_xy) <= near + NEAR_SLACK_S * slot.scale_px
        )

    def _place_of(self, det: CardDetection, scale_px: float) -> int | None:
        return place_of(self.places, det, scale_px)

    def covered(
        self, card: str, scale_px: float, now: Sequence[CardDetection], reach_s: float
    ) -> bool:
        """No reading of the card lies within ``reach_s`` index heights of its places in
        ``now`` (a corner of it not read before, or the other copy lying beside it: put
        back, it would be read twice), and no other card's index lies where its last
        reading was."""
        if not self.last_read:
            return False
        for det in now:
            if det.card == card and any(
                distance(det.center_xy, p.center_xy) <= reach_s * scale_px for p in self.places
            ):
                return False
            if any(box_iou(det.box_xyxy, r.box_xyxy) > TAKEN_PLACE_IOU for r in self.last_read):
                return False
        return True


@dataclass
class Sighting:
    """A card read in a fan of a team zone that no remembered meld holds yet."""

    card: str
    zone: str
    center_xy: PointXY
    scale_px: float
    frames: int
    last_seen: float
    read: IndexPlaces = field(default_factory=IndexPlaces)
    on_meld: bool = False  # read in the fan of a remembered meld (a lay-off to it)
    # Read whole while it lay alone, its showing corners told by the card laid on it
    # (``vision.tracking.lone``): its place is known as surely as a lay-off's.
    read_alone: bool = False
    # Read beside a known card in a frame that read it (a meld being laid grows there).
    beside_known: bool = False


@dataclass
class Sightings:
    match_radius: float  # same card this close (x index height) = the same physical card
    forget_s: float  # a card not known (below) and not seen for this long was passing by
    # Known, so put back when covered, after this many frames read in a fan (as many as a
    # new meld needs): a fan misread for a frame or two, a card's two corners read as two
    # cards, is no card...
    min_frames: int
    # ...or after this many beside what is known: read in a remembered meld's fan (a
    # lay-off), known from a lone card, or within a fan step of a known card (a meld being
    # laid grows card by card beside its known ones, and a tight fan's next card may cover
    # an index within two frames; a fan a hand carries over the table holds no known card).
    min_frames_beside_known: int = 2
    items: list[Sighting] = field(default_factory=list)

    def observe(
        self,
        zone: str,
        slots: Iterable[tuple[Slot, bool]],
        t: float,
        held: Sequence[tuple[str, PointXY]] = (),
    ) -> None:
        """Cards read in the fans of ``zone`` this frame that no remembered meld holds,
        each with whether it was read in a remembered meld's fan (a lay-off to it);
        ``held``: the remembered melds' cards and where they lie."""
        taken: set[int] = set()
        for slot, on_meld in slots:
            near = [
                (distance(s.center_xy, slot.center_xy), k)
                for k, s in enumerate(self.items)
                if k not in taken
                and s.zone == zone
                and s.card == slot.card
                and distance(s.center_xy, slot.center_xy) <= self.match_radius * slot.scale_px
            ]
            if near:
                k = min(near)[1]
            else:
                self.items.append(Sighting(slot.card, zone, slot.center_xy, slot.scale_px, 0, t))
                k = len(self.items) - 1
            taken.add(k)
            s = self.items[k]
            s.center_xy, s.scale_px = slot.center_xy, slot.scale_px
            s.read.record(slot)
            s.frames += 1
            s.last_seen = t
            s.on_meld = s.on_meld or on_meld
        # Beside a known card when it is read, not later: a top card's far corner read
        # while the next card was not yet laid lies beside that card once it is.
        cards = [*held, *((s.card, s.center_xy) for s in self.items if self._known(s))]
        for k in taken:
            item = self.items[k]
            item.beside_known = item.beside_known or _beside(item, cards)

    def add(self, sighting: Sighting) -> None:
        """A card known otherwise than from a fan (``vision.tracking.lone``). One read in
        a fan there already (for fewer frames than a new fan needs, maybe) is that card:
        its place is now known as surely."""
        for s in self.items:
            if (
                s.card == sighting.card
                and s.zone == sighting.zone
                and distance(s.center_xy, sighting.center_xy) <= self.match_radius * s.scale_px
            ):
                s.read_alone = True
                s.frames = max(s.frames, sighting.frames)
                return
        self.items.append(sighting)

    def forget(self, t: float, held: Sequence[Slot]) -> None:
        """Drop cards a remembered meld now holds, and cards seen too briefly to be put
        back that went on."""
        self.items = [
            s
            for s in self.items
            if (self._known(s) or t - s.last_seen <= self.forget_s)
            and not any(
                h.card == s.card
                and distance(h.center_xy, s.center_xy) <= self.match_radius * s.scale_px
                for h in held
            )
        ]

    def covered_readings(self, now: Sequence[CardDetection]) -> list[CardDetection]:
        """The last readings of cards seen long enough that are covered now. Two sightings
        of one card close together are one card's corners read as two cards as often as
        two copies: neither is put back."""
        return [
            det
            for s in self.items
            if self._known(s)
            and not self._doubled(s)
            and s.read.covered(s.card, s.scale_px, now, self._reach(s))
            for det in s.read.last_read
        ]

    def _reach(self, s: Sighting) -> float:
        return ALONE_REACH_S if s.read_alone else self.match_radius

    def _known(self, s: Sighting) -> bool:
        """Seen long enough to be put back: ``min_frames``, or ``min_frames_beside_known``
        when read beside what is known (``observe``)."""
        beside = s.on_meld or s.read_alone or s.beside_known
        return s.frames >= (self.min_frames_beside_known if beside else self.min_frames)

    def _doubled(self, s: Sighting) -> bool:
        return any(
            o is not s
            and o.card == s.card
            and distance(o.center_xy, s.center_xy) <= self.match_radius * s.scale_px
            for o in self.items
        )


def _beside(s: Sighting, known: Sequence[tuple[str, PointXY]]) -> bool:
    """Whether another card of ``known`` lies a fan step from ``s`` (a card's own other
    corner, a card's width off, is no neighbour)."""
    return any(
        card != s.card and distance(p, s.center_xy) <= AROUND_S * s.scale_px for card, p in known
    )
