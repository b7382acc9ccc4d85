"""Face-down piles (the stock, the two pozzetti): a pozzetto taken is a pile that left the
table. The reader reports card backs as boxes; boxes that overlap or nearly touch make one
pile. The number of piles in the middle of the table is remembered, and a pile fewer,
seen for long enough, is a pile taken.

A back box of another size than the frame's other backs (three or more) is no whole
pile: every pile holds cards of one deck, and turned any way a card's box is as long as
its long side, or a fifth longer at most, and at least two thirds as wide (the card's
width). So a box half as long again is the reader finding a back in the table's grain
(new clip 8177: a box twice a pile's length on a wooden table, seen for four seconds,
then gone, was told as a pozzetto taken), and one under half as wide is a sliver of a
back: cut by the frame's edge (new clip 8186: a strip of the table's cloth at the frame's
corner, read as a back now and then) or under a hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from vision.layout.connected import connected_groups
from vision.layout.zones import ZoneMap, default_zones
from vision.tracking.events import EventKind, TrackEvent
from vision.tracking.votes import Votes
from vision.types import BoxXYXY

# A pile's box against the frame's backs' median long side (see the module's note): its
# long side at most this much, its short side at least that much.
LONGEST_AGAINST_OTHERS = 1.6
NARROWEST_AGAINST_OTHERS = 0.45
# Two backs within this share of a box's shorter side are one pile. Piles laid side by side
# lie apart by a sixth of a card or more; at a quarter (the earlier margin) two such piles
# ran into one in some frames and apart in others (new clip 8198), and a pile seen going
# was told as a pozzetto taken.
TOUCH_MARGIN = 0.1


def plausible_backs(backs_xyxy: Sequence[BoxXYXY]) -> list[BoxXYXY]:
    """The backs sized as a whole card against the frame's backs' median long side. With
    fewer than three every back is kept: of two that disagree, nothing tells which is the
    pile (a small false box would make a real pile look too long)."""
    if len(backs_xyxy) < 3:
        return list(backs_xyxy)
    sides = [sorted(_sides(b)) for b in backs_xyxy]  # (short, long) of each
    longs = sorted(long for _, long in sides)
    usual = longs[(len(longs) - 1) // 2]  # the lower median: one odd box never sets it
    return [
        b for b, (short, long) in zip(backs_xyxy, sides, strict=True)
        if long <= LONGEST_AGAINST_OTHERS * usual and short >= NARROWEST_AGAINST_OTHERS * usual
    ]  # fmt: skip


def _sides(box: BoxXYXY) -> tuple[float, float]:
    return (box[2] - box[0], box[3] - box[1])


def count_piles(backs_xyxy: Sequence[BoxXYXY], margin: float = TOUCH_MARGIN) -> int:
    """Connected groups of back boxes (touching within ``margin`` of a box's size)."""

    def touching(i: int, j: int) -> bool:
        a, b = backs_xyxy[i], backs_xyxy[j]
        pad = margin * min(_sides(a))
        return (
            a[0] - pad <= b[2] and b[0] <= a[2] + pad and a[1] - pad <= b[3] and b[1] <= a[3] + pad
        )

    return len(connected_groups(len(backs_xyxy), touching))


@dataclass
class PileWatcher:
    """Counts the piles (in the calibrated ``stock`` zone, else anywhere) and reports each
    pile that leaves for good."""

    zones: ZoneMap | None = None
    persist_frames: int = 3
    persist_s: float = 0.8
    piles: int | None = None
    _votes: Votes[int, None] = field(default_factory=Votes)

    def update(
        self, backs_xyxy: Sequence[BoxXYXY], size_wh: tuple[int, int], t: float
    ) -> list[TrackEvent]:
        zones = self.zones or default_zones(size_wh)
        kept = list(backs_xyxy)  # with no calibrated stock zone every pile counts
        if "stock" in zones.polygons:
            kept = [
                b for b in backs_xyxy
                if zones.zone_of(((b[0] + b[2]) / 2, (b[1] + b[3]) / 2), size_wh) == "stock"
            ]  # fmt: skip
        count = count_piles(plausible_backs(kept))
        self._votes.expire(t, 1.0)
        if count == self.piles:
            self._votes.clear()
            return []
        tally = self._votes.see(count, t, None)
        if tally.count < self.persist_frames or t - tally.since < self.persist_s:
            return []
        # A count must be what most frames show: a back the reader finds now and then (a
        # pile's edge at the frame's border, a hand) is not a pile that came and went.
        others = sum(v.count for k, v in self._votes.entries.items() if k != count)
        if tally.count <= others:
            return []
        before, self.piles = self.piles, count
        self._votes.clear()
        if before is None or count >= before:
            return []
        return [
            TrackEvent(t, EventKind.PILE_LEFT, "stock", detail={"piles_left": count})
            for _ in range(before - count)
        ]
