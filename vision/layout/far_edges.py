"""The far corners of a card lying on top, where nothing earlier folds them into the card
(used by ``vision.layout.hand``: a hand held in an arc, whose line bends, so its top
card's far corners lie off the line the other cards set).

- A four-index card shows the pair of indices on the edge its fan runs from (its slot) and
  the pair on its far edge, a card's width (or height) across. Two pairs of one card's
  corners are parallel, as long as each other, and face each other squarely (``is_far_edge``).
- A two-index card shows its far corner alone, a card's diagonal away, on from the fan's
  end (``is_far_corner``).

Either way no other index shows between them, since the card's face covers that ground;
a copy of the card elsewhere in a fan has the cards between the two showing their indices
between them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import pairwise

from vision.layout.geometry import convex_hull, point_in_polygon
from vision.layout.types import MeldGroup, PointXY, Slot


@dataclass(frozen=True)
class FarEdgeParams:
    parallel_deg: float = 15.0  # the two pairs' directions differ by at most this
    length_ratio: float = 1.25  # ...their lengths by at most this factor
    # ...they lie this far apart, x a pair's length: a card's width over its height (or the
    # reverse, for pairs along the short edge), less the corners' insets, is 0.58-0.86 (or
    # 1.16-1.73) in the rendered decks, and a fan's step is under 0.35 of the card's side
    across: tuple[float, float] = (0.5, 1.9)
    along: float = 0.3  # ...with at most this much slide along the pair
    # A fan's step is under a third of a pair along the long edge, but up to 0.65 of one
    # along the short edge (a vertical fan at a wide step): so the far edge of a meld's end
    # card lies this many of its fan's steps away at least, and of a loose card (no fan to
    # measure) a whole pair's length, which only a pair along the short edge reaches.
    meld_steps: float = 1.45
    loose_across: float = 1.0
    # A two-index card's far corner lies a card's diagonal away, x its index height, and
    # at least this many fan steps on along the fan's last step (in a straight fan, a
    # card's width less its insets: several; where a hand's arc turns the card, less)
    diagonal: tuple[float, float] = (2.5, 8.5)
    corner_steps: float = 1.0
    inner: float = 0.85  # other indices are looked for in the quad shrunk to this share


def _pair(slot: Slot) -> tuple[PointXY, PointXY] | None:
    if len(slot.detections) != 2:
        return None
    return slot.detections[0].center_xy, slot.detections[1].center_xy


def _shrunk(points: Sequence[PointXY], share: float) -> tuple[PointXY, ...]:
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    return tuple((cx + (x - cx) * share, cy + (y - cy) * share) for x, y in points)


def is_far_edge(
    near: Slot, far: Slot, others: Sequence[Slot], p: FarEdgeParams, min_across: float
) -> bool:
    """Whether ``far`` is the pair of indices on the far edge of ``near``'s card, at least
    ``min_across`` pixels across from it."""
    a, b = _pair(near), _pair(far)
    if near.card != far.card or a is None or b is None:
        return False
    ux, uy = a[1][0] - a[0][0], a[1][1] - a[0][1]
    vx, vy = b[1][0] - b[0][0], b[1][1] - b[0][1]
    lu, lv = math.hypot(ux, uy), math.hypot(vx, vy)
    if lu == 0 or lv == 0 or max(lu, lv) > p.length_ratio * min(lu, lv):
        return False
    cos = abs(ux * vx + uy * vy) / (lu * lv)
    if cos < math.cos(math.radians(p.parallel_deg)):
        return False
    mx = (b[0][0] + b[1][0] - a[0][0] - a[1][0]) / 2
    my = (b[0][1] + b[1][1] - a[0][1] - a[1][1]) / 2
    along = abs(mx * ux + my * uy) / lu
    across = abs(-mx * uy + my * ux) / lu
    low = max(p.across[0] * lu, min_across)
    if along > p.along * lu or not low <= across <= p.across[1] * lu:
        return False
    face = _shrunk(convex_hull([*a, *b]), p.inner)
    return not any(point_in_polygon(o.center_xy, face) for o in others)


def _fan_step(group: MeldGroup) -> float:
    steps = sorted(math.dist(a.center_xy, b.center_xy) for a, b in pairwise(group.slots))
    return steps[len(steps) // 2] if steps else 0.0


def _merged(near: Slot, far: Slot) -> Slot:
    return replace(
        near,
        confidence=max(near.confidence, far.confidence),
        detections=near.detections + far.detections,
    )


def is_far_corner(near: Slot, neighbour: Slot, far: Slot, others: Sequence[Slot],
                  step: float, p: FarEdgeParams) -> bool:  # fmt: skip
    """Whether the lone index ``far`` is the far corner of a two-index card ``near``, the
    end card of a fan whose next card in is ``neighbour`` (``step`` its fan's step): a
    card's diagonal away, on from the fan's end, and no index between (the card's face
    covers the ground between its corners)."""
    if near.card != far.card or len(far.detections) != 1 or len(near.detections) != 1:
        return False
    d = math.dist(near.center_xy, far.center_xy)
    if not p.diagonal[0] * near.scale_px <= d <= p.diagonal[1] * near.scale_px:
        return False
    # on from the end along the fan's last step: the fan's line may bend (a hand's arc)
    ex, ey = near.center_xy[0] - neighbour.center_xy[0], near.center_xy[1] - neighbour.center_xy[1]
    le = math.hypot(ex, ey)
    fx, fy = far.center_xy[0] - near.center_xy[0], far.center_xy[1] - near.center_xy[1]
    if le == 0 or (fx * ex + fy * ey) / le < p.corner_steps * step:
        return False
    return not any(near_segment(o.center_xy, near.center_xy, far.center_xy, near.scale_px)
                   for o in others)  # fmt: skip


def near_segment(pt: PointXY, a: PointXY, b: PointXY, scale: float, ends: float = 1.0) -> bool:
    """Whether ``pt`` lies within one index height (``scale``) of the segment from ``a``
    to ``b``, its ends' first ``ends`` index heights left out (where the ends' own
    neighbours lie)."""
    ax, ay = b[0] - a[0], b[1] - a[1]
    length = math.hypot(ax, ay)
    t = ((pt[0] - a[0]) * ax + (pt[1] - a[1]) * ay) / (length * length)
    margin = ends * scale / length
    if not margin < t < 1 - margin:
        return False
    return abs(-(pt[0] - a[0]) * ay + (pt[1] - a[1]) * ax) / length < scale


def fold_far_edges(
    melds: Mapping[str, Sequence[MeldGroup]],
    loose: Sequence[Slot],
    zone_of: Callable[[PointXY], str],
    params: FarEdgeParams = FarEdgeParams(),
) -> tuple[dict[str, list[MeldGroup]], list[Slot]]:
    """Fold each loose index or pair of indices that is the far corner or edge of a card
    already read in its zone (a meld's end card, or a loose card) into that card."""
    groups = {zone: list(gs) for zone, gs in melds.items()}
    spare = list(loose)
    for far in sorted(spare, key=lambda s: -s.confidence):
        if far not in spare:
            continue
        zone = zone_of(far.center_xy)
        every = [s for g in groups.get(zone, ()) for s in g.slots] + spare
        found: list[tuple[tuple[str, int, int], Slot]] = []
        for gi, group in enumerate(groups.get(zone, ())):
            if len(group.slots) < 2:
                continue
            step = _fan_step(group)
            for si, next_in in ((0, 1), (len(group.slots) - 1, len(group.slots) - 2)):
                near = group.slots[si]
                others = [s for s in every if s is not near and s is not far]
                if is_far_edge(near, far, others, params, params.meld_steps * step) or (
                    is_far_corner(near, group.slots[next_in], far, others, step, params)
                ):
                    found.append((("meld", gi, si), near))
        for i, near in enumerate(spare):
            pair = _pair(near)
            if near is far or pair is None or zone_of(near.center_xy) != zone:
                continue
            others = [s for s in every if s is not near and s is not far]
            if is_far_edge(near, far, others, params, params.loose_across * math.dist(*pair)):
                found.append((("loose", i, 0), near))
        if not found:
            continue
        (kind, gi, si), near = min(found, key=lambda f: math.dist(f[1].center_xy, far.center_xy))
        merged = _merged(near, far)
        if kind == "meld":
            group = groups[zone][gi]
            slots = list(group.slots)
            slots[si] = merged
            groups[zone][gi] = replace(group, slots=tuple(slots))
        else:
            spare[gi] = merged
        spare.remove(far)
    return groups, spare
