"""The edges of a four-index deck's fan. Every card of such a fan shows two indices, one
on each edge of the fan's strip (folded into one slot at their midpoint); the top card's
far corners lie on those same two edges, a card width or height further along. A reading
of the same label off both edges (diagonally across the fan's end, as a two-index deck's
far corner would lie) is another card that happens to read the same.
"""

from __future__ import annotations

from itertools import combinations

from vision.layout.geometry import median, project
from vision.layout.grouping import Chain
from vision.layout.types import Slot

SAME_ALONG = 0.5  # a card's two indices on one edge pair lie this close along the fan
MIN_APART = 1.3  # ...and at least this far apart across it (x index height)
MIN_SLOTS = 2  # slots showing both edges that make a fan two-edged (one may be a loose card)
ON_EDGE = 0.5  # a reading this close (x index height) to an edge lies on it


def edge_half_width(chain: Chain) -> float | None:
    """Half the distance between the fan's two edges, or None for a fan showing one edge
    (a two-index deck): taken from the slots whose readings pair across the fan."""
    halves = []
    two_edged = 0
    for slot in chain.slots:
        found = [
            abs(across) / 2
            for along, across in (
                project(b.center_xy, a.center_xy, chain.axis_xy)
                for a, b in combinations(slot.detections, 2)
            )
            if abs(along) <= SAME_ALONG * slot.scale_px and abs(across) >= MIN_APART * slot.scale_px
        ]
        halves += found
        two_edged += bool(found)
    return median(halves) if two_edged >= MIN_SLOTS else None


def off_the_edges(chain: Chain, end: Slot, card: Slot) -> bool:
    """Whether a card's readings near the chain's end slot lie off both edges of a fan that
    shows two (never true for a fan with one edge)."""
    half = edge_half_width(chain)
    if half is None:
        return False
    for det in card.detections:
        across = project(det.center_xy, end.center_xy, chain.axis_xy)[1]
        if abs(abs(across) - half) > ON_EDGE * end.scale_px:
            return True
    return False
