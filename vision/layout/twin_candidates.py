"""Twin candidates that are no twins: a fan's top card shows its near corner and, one card
width or height further along the fan, its far corner. When that card's two corners read
the same and run along the fan's own line, they look like twins, and the top card of a
meld beside it, whose corners do the same, backs the pairing as a fan neighbour would.
Folded, the top card would land half a card off its fan.

A card's twins lie across its fan, so a pair whose line carries a one-edged fan beyond one
of its ends (two or more other cards one after the other at a fan's short step, whose
indices pair with nothing) is such a top card. So is a pair from one of whose ends such a
fan runs out at a slant to the pair (within 60 degrees of its line): a two-index deck's
top card lying with its far corner on the fan, the cards under it showing that corner
only (a fan of cards each slid under the last), where a four-index fan's cards would lie
square to the twin vector. A fan showing both edges is left alone:
where it runs on along a pair's line, the pair may as well be a neighbouring fan's top
card lying at its end (which fan a top card belongs to is told later, by its far corner).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from vision.layout.geometry import distance
from vision.layout.types import PointXY, Slot

Candidate = tuple[int, int, PointXY, PointXY]  # (i, j, offset, midpoint)


@dataclass(frozen=True)
class AlongParams:
    line_tolerance: float = 0.5  # an index this far (x index height) off a pair's line is off it
    min_step: float = 0.25  # a fan's step is at least this (x index height)...
    max_step: float = 0.6  # ...and at most this share of the pair's length
    min_cards: int = 2  # cards of a fan beyond the pair's end
    slant: float = 0.5  # a fan from a pair's end within 60 degrees of its line (cosine)


def pairs_along_fans(
    cands: Sequence[Candidate],
    slots: Sequence[Slot],
    params: AlongParams = AlongParams(),
) -> set[int]:
    """The candidates (by position) that pair a top card's corners along a fan."""
    paired = {x for c in cands for x in c[:2]}
    one_edge = [k for k in range(len(slots)) if k not in paired]
    return {
        k
        for k, (i, j, _, _) in enumerate(cands)
        if any(
            len(_fan_beyond(slots, end, other, one_edge, params)) >= params.min_cards
            or len(_fan_slanting(slots, end, other, one_edge, params)) >= params.min_cards
            for end, other in ((i, j), (j, i))
        )
    }


def _along_across(point: PointXY, origin: PointXY, end: PointXY, other: PointXY) -> PointXY:
    """Point's coordinates from origin, along the way from ``other`` to ``end`` and across."""
    length = distance(end, other)
    ux, uy = (end[0] - other[0]) / length, (end[1] - other[1]) / length
    dx, dy = point[0] - origin[0], point[1] - origin[1]
    return (dx * ux + dy * uy, -dx * uy + dy * ux)


def _fan_beyond(
    slots: Sequence[Slot], end: int, other: int, members: Sequence[int], params: AlongParams
) -> list[int]:
    """The members lying one after the other on the line from ``other`` through ``end``,
    beyond ``end``, each a fan step on from the last."""
    origin, far = slots[end].center_xy, slots[other].center_xy
    length = distance(origin, far)
    scale = slots[end].scale_px
    on_line = []
    for m in members:
        if slots[m].card == slots[end].card:
            continue
        along, across = _along_across(slots[m].center_xy, origin, origin, far)
        if along > 0 and abs(across) <= params.line_tolerance * scale:
            on_line.append((along, m))
    on_line.sort()
    reached, found = 0.0, []
    for along, m in on_line:
        if along - reached > params.max_step * length:
            break
        if along - reached >= params.min_step * scale:
            reached = along
            found.append(m)
    return found


def _fan_slanting(
    slots: Sequence[Slot], end: int, other: int, members: Sequence[int], params: AlongParams
) -> list[int]:
    """The longest run of members going out from ``end`` at a slant to the pair's line
    (away from ``other``), each a fan step on from the last along the run's own line."""
    origin, far = slots[end].center_xy, slots[other].center_xy
    length = distance(origin, far)
    scale = slots[end].scale_px
    best: list[int] = []
    for first in members:
        if slots[first].card == slots[end].card:
            continue
        step = distance(origin, slots[first].center_xy)
        if not params.min_step * scale <= step <= params.max_step * length:
            continue
        along, _ = _along_across(slots[first].center_xy, origin, origin, far)
        if along < params.slant * step:  # square to the pair, or back towards it
            continue
        run = _run_on(slots, end, first, members, params)
        if len(run) > len(best):
            best = run
    return best


def _run_on(
    slots: Sequence[Slot], start: int, first: int, members: Sequence[int], params: AlongParams
) -> list[int]:
    """``first`` and the members after it, each one step (start to first) on from the last."""
    sx, sy = slots[start].center_xy
    fx, fy = slots[first].center_xy
    vx, vy = fx - sx, fy - sy
    tolerance = params.line_tolerance * slots[first].scale_px
    run, at = [first], (fx, fy)
    while True:
        want = (at[0] + vx, at[1] + vy)
        near = [m for m in members if distance(slots[m].center_xy, want) <= tolerance]
        nxt = [m for m in near if m not in run]
        if not nxt:
            return run
        m = min(nxt, key=lambda k: distance(slots[k].center_xy, want))
        run.append(m)
        at = slots[m].center_xy
