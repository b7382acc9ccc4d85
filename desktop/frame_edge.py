"""A meld that runs off the camera's view.

The camera sees only its frame: a meld laid up to the frame's edge may hold a card beyond
it, or a card whose index the edge cuts in half (validation clip 8050's 7D lay past the
frame's top; new clip 8171's 6D showed half its index there, read as a 5D and left out).
No reading can say what is not in the frame, so the referee says where the meld leaves it
rather than judging it as if it were whole.
"""

from __future__ import annotations

from vision.layout.types import MeldGroup, Slot

# The next card of a fan lies one step on from its end. The meld is flagged when that card's
# index would have its centre within this share of an index of the frame's edge (a quarter
# of it or more cut off) or beyond. Chosen on the `val23` stills: at 0 the flag caught 4
# fewer melds read wrong and raised 3 fewer on melds read exactly, at 0.5 none more and 7
# more (docs/table-reading-history.md, fifth stop of 2026-12-07).
NEXT_INDEX_CUT = 0.25


def end_off_frame(meld: MeldGroup, size_wh: tuple[int, int]) -> Slot | None:
    """The end card of ``meld`` beyond which the next card would lie (or show only part of
    its index) outside the frame; None when both ends have room in view. A meld of one
    card has no step to go by."""
    slots = meld.slots
    if len(slots) < 2:
        return None
    (x0, y0), (xn, yn) = slots[0].center_xy, slots[-1].center_xy
    steps = len(slots) - 1
    dx, dy = (xn - x0) / steps, (yn - y0) / steps
    width, height = size_wh
    for end, sign in ((slots[0], -1.0), (slots[-1], 1.0)):
        x, y = end.center_xy[0] + sign * dx, end.center_xy[1] + sign * dy
        margin = NEXT_INDEX_CUT * end.scale_px
        if not (margin <= x <= width - margin and margin <= y <= height - margin):
            return end
    return None
