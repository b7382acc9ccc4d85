"""The first card of a meld being laid, read whole while it lies alone.

A meld is laid card by card. Its first card lies alone for a moment, and the camera reads
every corner it shows sharply. Then the next card covers most of it, and its one showing
index is often read badly, or not at all. The hand's memory only learns the cards of a
fan (``vision.tracking.sightings``), so that sharp reading was lost.

While a card lies alone, nothing says which of its corners the fan will leave showing.
The card laid on it does: it lies one fan step along, so the lone card's corners on the
far side from it are the ones that still show. From then on the lone card is known like
a card read in a fan, by those corners, and is put back while they are covered.

A card laid on it is told by three things: it is new there (no reading lay at its places
while the lone card lay alone: a neighbouring meld's card, or the card the lone one was
laid on, is not laid on it), it shows its corners as a whole card does, and each of them
lies the same short step from one of the lone card's corners.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from vision.layout.geometry import distance
from vision.layout.types import PointXY, Slot
from vision.tracking.sightings import SAME_PLACE_S, IndexPlaces, Sighting, place_of
from vision.types import CardDetection

# Read alone at one place this many frames: a card lying there, not one passing in a hand.
MIN_FRAMES_ALONE = 2
# A card laid on a lone card lies one fan step along: each of its corners lies further
# than this from the lone card's nearest corner (a fraction of the lone card's corner
# spread, centre to corner)...
MIN_STEP = 0.15
# ...and nearer than this (further off, it lies beside the card, not on it).
MAX_STEP = 0.75
# A card moves as a whole: its corners' steps differ by at most this fraction of the step.
STEP_AGREEMENT = 0.35
# A card's corners lie within this many index heights of each other (a card is about 5.5
# index heights tall and 3.9 wide).
CARD_REACH_S = 7.0


@dataclass
class LoneCard:
    """A card lying alone in a team zone: every corner it showed read as that card."""

    card: str
    zone: str
    corners: list[CardDetection]  # the latest reading at each place it showed a corner
    scale_px: float
    frames: int
    last_seen: float
    # Where other readings lay near it while it lay alone: no card laid on it lies there.
    around: list[PointXY] = field(default_factory=list)

    @property
    def center_xy(self) -> PointXY:
        """The middle of its farthest two corners: a diagonal, even when a corner is
        missing."""
        a, b = max(
            ((a, b) for a in self.corners for b in self.corners),
            key=lambda ab: distance(ab[0].center_xy, ab[1].center_xy),
        )
        return _mean([a.center_xy, b.center_xy])

    @property
    def spread_px(self) -> float:
        """How far its corners lie from its centre."""
        center = self.center_xy
        return max(distance(c.center_xy, center) for c in self.corners)

    def corner_at(self, det: CardDetection) -> int | None:
        return place_of(self.corners, det, self.scale_px)

    def near(self, det: CardDetection) -> bool:
        return distance(det.center_xy, self.center_xy) <= (1.0 + MAX_STEP) * self.spread_px

    def record(self, corners: Sequence[CardDetection], now: Sequence[CardDetection]) -> None:
        for det in corners:
            k = self.corner_at(det)
            if k is None:
                self.corners.append(det)
            else:
                self.corners[k] = det
        self.around += [
            d.center_xy
            for d in now
            if self.near(d) and self.corner_at(d) is None and not self._read_around(d)
        ]

    def _read_around(self, det: CardDetection) -> bool:
        return any(distance(det.center_xy, p) <= SAME_PLACE_S * self.scale_px for p in self.around)

    def showing_corners(
        self, now: Sequence[CardDetection], min_corners: int
    ) -> tuple[CardDetection, ...]:
        """The corners left showing by a card laid on this one in ``now`` (at least
        ``min_corners`` of its corners read), or none when no card lies on it."""
        spread = self.spread_px
        steps: dict[str, list[PointXY]] = {}
        for det in now:
            if self._read_around(det) or self.corner_at(det) is not None:
                continue
            nearest = min(self.corners, key=lambda c: distance(c.center_xy, det.center_xy))
            if (
                MIN_STEP * spread
                <= distance(nearest.center_xy, det.center_xy)
                <= (MAX_STEP * spread)
            ):
                steps.setdefault(det.card, []).append(
                    (
                        det.center_xy[0] - nearest.center_xy[0],
                        det.center_xy[1] - nearest.center_xy[1],
                    )
                )
        for offsets in steps.values():
            step = _mean(offsets)
            size = distance(step, (0.0, 0.0))
            if len(offsets) < min_corners or any(
                distance(o, step) > STEP_AGREEMENT * size for o in offsets
            ):
                continue
            center = self.center_xy
            showing = tuple(
                c
                for c in self.corners
                if (c.center_xy[0] - center[0]) * step[0] + (c.center_xy[1] - center[1]) * step[1]
                < 0
            )
            if 0 < len(showing) < len(self.corners):
                return showing
        return ()


@dataclass
class LoneCards:
    """The cards lying alone in the team zones, until a card is laid on one or it goes."""

    forget_s: float  # a lone card not seen for this long, and not covered, went on
    items: list[LoneCard] = field(default_factory=list)

    def update(
        self,
        zone: str,
        alone: Sequence[Slot],
        now: Sequence[CardDetection],
        t: float,
        min_corners: int,
    ) -> list[Sighting]:
        """One frame of ``zone``: the cards lying alone in it (in no fan, no remembered
        meld's), and every reading in it. Returns the lone cards that a card now lies on,
        as cards known by the corners they still show. A card counts once ``min_corners``
        of its corners were read: two for a deck printed in two corners, three for four
        (a diagonal, whichever corner is missing)."""
        found: list[tuple[LoneCard, tuple[CardDetection, ...]]] = []
        for lone in self.items:
            if (
                lone.zone == zone
                and lone.frames >= MIN_FRAMES_ALONE
                and len(lone.corners) >= min_corners
            ):
                showing = lone.showing_corners(now, min_corners)
                if showing:
                    found.append((lone, showing))
        covered = [lone for lone, _ in found]
        self.items = [c for c in self.items if c not in covered]
        for slot in alone:
            self._observe(zone, slot, now, t)
        for lone in self.items:
            if lone.zone == zone and lone.last_seen < t:
                self._read_in_place(lone, now, t)
        return [_as_sighting(lone, showing) for lone, showing in found]

    @staticmethod
    def _read_in_place(lone: LoneCard, now: Sequence[CardDetection], t: float) -> None:
        """A frame that reads the card at one of its corners, in a fan now (the next
        cards' corners read beside it), still shows it lying there."""
        here = [
            d
            for d in now
            if d.card == lone.card and not d.suit_open and lone.corner_at(d) is not None
        ]
        if here:
            lone.record(here, now)
            lone.frames += 1
            lone.last_seen = t

    def _observe(self, zone: str, slot: Slot, now: Sequence[CardDetection], t: float) -> None:
        corners = slot.detections
        if not corners or any(d.card != slot.card or d.suit_open for d in corners):
            return  # an open suit is no reading
        for lone in self.items:
            if lone.zone != zone or lone.card != slot.card:
                continue
            if lone.last_seen == t and _within_reach(lone, corners):
                lone.record(corners, now)  # its other corners, read apart this frame
                return
            if lone.last_seen < t and any(lone.corner_at(d) is not None for d in corners):
                lone.record(corners, now)
                lone.scale_px = slot.scale_px
                lone.frames += 1
                lone.last_seen = t
                return
        # One corner does not place a card, but counts the frames it lies there.
        lone = LoneCard(slot.card, zone, [], slot.scale_px, 1, t)
        lone.record(corners, now)
        self.items.append(lone)

    def forget(self, t: float) -> None:
        self.items = [c for c in self.items if t - c.last_seen <= self.forget_s]


def _as_sighting(lone: LoneCard, showing: tuple[CardDetection, ...]) -> Sighting:
    center = _mean([d.center_xy for d in showing])
    read = IndexPlaces(list(showing), showing)
    return Sighting(
        lone.card,
        lone.zone,
        center,
        lone.scale_px,
        lone.frames,
        lone.last_seen,
        read,
        read_alone=True,
    )


def _within_reach(lone: LoneCard, corners: Sequence[CardDetection]) -> bool:
    return all(
        distance(d.center_xy, c.center_xy) <= CARD_REACH_S * lone.scale_px
        for d in corners
        for c in lone.corners
    )


def _mean(points: Sequence[PointXY]) -> PointXY:
    return (
        sum(p[0] for p in points) / len(points),
        sum(p[1] for p in points) / len(points),
    )
