"""Where a meld's cards lie along its fan, and what lies a fan step beyond its ends.

The table reading's rules about neighbours (a card in no meld beside a meld's end, two
melds laid end to end) all ask one question of geometry: does this card lie on the meld's
line, about one fan step past its first or last card? ``FanLine`` answers it in the
meld's own units, its median step between cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from vision.layout.geometry import median, project
from vision.layout.types import MeldGroup, Slot

# A card read apart from a meld's end is handed to the next meld on its line when it lies
# this many of that meld's fan steps beyond its end, and this far (x its index height)
# off its line.
HAND_OVER_STEPS = (0.5, 1.6)


HAND_OVER_ACROSS = 0.5


def places_along(meld: MeldGroup) -> list[float]:
    """Each slot's place along the meld's axis, from its first slot."""
    origin = meld.slots[0].center_xy
    return [project(s.center_xy, origin, meld.axis_xy)[0] for s in meld.slots]


@dataclass(frozen=True)
class FanLine:
    """Where a meld's slots lie along its axis, and its fan step."""

    meld: MeldGroup
    along: tuple[float, ...]
    step: float

    @staticmethod
    def of(meld: MeldGroup) -> FanLine:
        along = tuple(places_along(meld)) if meld.slots else ()
        return FanLine(meld, along, median([abs(b - a) for a, b in pairwise(along)]))

    def end_beyond(self, slot: Slot) -> str | None:
        """The end ("first" or "last") that ``slot`` lies beyond, on the meld's line a
        fan's step on, or None."""
        beyond = self.steps_beyond(slot, HAND_OVER_STEPS)
        return None if beyond is None else beyond[0]

    def steps_beyond(self, slot: Slot, steps: tuple[float, float]) -> tuple[str, float] | None:
        """The end ("first" or "last") that ``slot`` lies beyond on the meld's line, and
        by how many fan steps, when that is within ``steps``; else None."""
        if len(self.along) < 2 or self.step <= 0:
            return None
        at, across = project(slot.center_xy, self.meld.slots[0].center_xy, self.meld.axis_xy)
        if abs(across) > HAND_OVER_ACROSS * slot.scale_px:
            return None
        way = 1.0 if self.along[-1] >= self.along[0] else -1.0  # slot order vs the axis
        lo, hi = steps
        past_last = (at - self.along[-1]) * way / self.step
        if lo <= past_last <= hi:
            return "last", past_last
        past_first = (self.along[0] - at) * way / self.step
        if lo <= past_first <= hi:
            return "first", past_first
        return None
