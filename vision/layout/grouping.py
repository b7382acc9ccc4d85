"""Fans of cards -> chains of slots along the fan's axis.

In a fan only each card's index strip shows, so the indices of one meld lie on a line at a
nearly even step (0.3-2.7 index heights in the renders); a deck printed with four corner
indices shows a second, parallel line of the same cards (``twins``). The algorithm:

1. link indices closer than ``link_radius`` index heights; take connected components;
2. a component's axis is the dominant direction of its nearest-neighbour vectors (the
   fan's step), which a second line or a stray index does not turn;
3. split the component across that axis into lines, then each line where its step jumps
   (the next meld starts a whole card further on).

Every length is in index heights (the longer side of an index box), measured per
detection, so the rules hold under zoom and perspective.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import pairwise

from vision.layout.geometry import canonical_direction, distance, median, principal_axis, project
from vision.layout.types import PointXY, Slot


@dataclass(frozen=True)
class GroupingParams:
    link_radius: float = 3.5  # indices closer than this (x index height) may be one fan
    relative_link: float = 1.9  # ...and at most this many times either end's nearest gap
    copy_link: float = 2.6  # two copies of a card further apart are not fan neighbours
    line_gap: float = 0.8  # lines of one component lie at least this far apart across
    gap_factor: float = 1.7  # a step this many times the line's median step splits it
    min_gap: float = 1.9  # ...if also at least this long (x index height)
    far_min: float = 1.2  # a card's two indices on one line lie at least this far apart
    far_factor: float = 1.45  # ...and at least this many fan steps
    end_step: tuple[float, float] = (0.6, 1.45)  # an end card's step, x the fan's inner step


@dataclass(frozen=True)
class Chain:
    """Slots in order along a unit axis (see ``geometry.canonical_direction``)."""

    slots: tuple[Slot, ...]
    axis_xy: PointXY


def components(slots: Sequence[Slot], params: GroupingParams) -> list[list[Slot]]:
    """Link each index to its nearest indices of other cards (the fan's neighbours: a
    card's own second index is never its neighbour), then take connected components."""
    n = len(slots)
    parent = list(range(n))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    # Each index's nearest other card is its neighbour in the fan, one step away; a link
    # may be a little longer than that (relative), never longer than the absolute cap.
    nearest = []
    for i in range(n):
        d = [distance(slots[i].center_xy, slots[j].center_xy) for j in range(n) if j != i]
        nearest.append(min(d, default=0.0))
    for i in range(n):
        for j in range(i + 1, n):
            d = distance(slots[i].center_xy, slots[j].center_xy)
            cap = params.link_radius * 0.5 * (slots[i].scale_px + slots[j].scale_px)
            near = d <= params.relative_link * min(nearest[i], nearest[j])
            if slots[i].card == slots[j].card:
                # Two copies in one fan lie a step apart; further apart they are more
                # likely the two corners of one card (left to the de-duplication).
                near = near and d <= params.copy_link * 0.5 * (
                    slots[i].scale_px + slots[j].scale_px
                )
            else:
                short = d <= params.copy_link * 0.5 * (slots[i].scale_px + slots[j].scale_px)
                near = near or (short and (d <= nearest[i] or d <= nearest[j]))
            if d <= cap and near:
                parent[find(i)] = find(j)
    groups: dict[int, list[Slot]] = {}
    for i in range(n):
        groups.setdefault(find(i), []).append(slots[i])
    return list(groups.values())


def step_axis(members: Sequence[Slot]) -> PointXY:
    """Dominant direction of the vectors to each index's nearest index of another card
    (angles doubled: a line has no sign). The nearest index of the same card may be its
    twin on the parallel line; the nearest other card is the next slot of the fan."""
    cx = cy = 0.0
    for s in members:
        others = [o for o in members if o.card != s.card]
        if not others:
            continue
        near = min(others, key=lambda o: distance(o.center_xy, s.center_xy))
        dx, dy = near.center_xy[0] - s.center_xy[0], near.center_xy[1] - s.center_xy[1]
        ang = math.atan2(dy, dx)
        cx += math.cos(2 * ang)
        cy += math.sin(2 * ang)
    if math.hypot(cx, cy) < 1e-9:
        return principal_axis([s.center_xy for s in members])
    ang = 0.5 * math.atan2(cy, cx)
    return canonical_direction((math.cos(ang), math.sin(ang)))


def _lines(members: list[Slot], axis: PointXY, params: GroupingParams) -> list[list[Slot]]:
    origin = members[0].center_xy
    scale = median([s.scale_px for s in members])
    by_across = sorted(members, key=lambda s: project(s.center_xy, origin, axis)[1])
    across = [project(s.center_xy, origin, axis)[1] for s in by_across]
    lines: list[list[Slot]] = [[by_across[0]]]
    for (a, b), slot in zip(pairwise(across), by_across[1:], strict=True):
        if b - a > params.line_gap * scale:
            lines.append([])
        lines[-1].append(slot)
    return lines


def merge_into(slot: Slot, other: Slot) -> Slot:
    """One card seen through two of its indices: keep the first's place."""
    return replace(
        slot,
        confidence=max(slot.confidence, other.confidence),
        detections=slot.detections + other.detections,
    )


def _split_steps(line: list[Slot], axis: PointXY, params: GroupingParams) -> list[list[Slot]]:
    """Cut a line where its step jumps; fold in a card's far index on the same line (the
    top-right index of a four-index deck), which also marks the end of its fan."""
    origin = line[0].center_xy
    ordered = sorted(line, key=lambda s: project(s.center_xy, origin, axis)[0])
    along = [project(s.center_xy, origin, axis)[0] for s in ordered]
    steps = [b - a for a, b in pairwise(along)]
    if not steps:
        return [ordered]
    differ = [st for st, (a, b) in zip(steps, pairwise(ordered), strict=True) if a.card != b.card]
    typical = median(differ or steps)
    scale = median([s.scale_px for s in line])

    def regular(k: int) -> bool:
        return 0 <= k < len(steps) and 0.55 * typical <= steps[k] <= 1.6 * typical

    parts: list[list[Slot]] = [[ordered[0]]]
    k = 0
    while k < len(steps):
        a, b = ordered[k], ordered[k + 1]
        # Two readings of one card on one line (a four-index deck's far corner) lie an
        # odd, long step apart at an end of a fan; copies in a set lie a regular step apart.
        long = steps[k] >= params.far_factor * typical and steps[k] >= params.far_min * scale
        far_pair = a.card == b.card and long
        if far_pair and k + 1 == len(steps):
            b_is_far = True
        elif far_pair and k == 0:
            b_is_far = False
        else:
            b_is_far = far_pair and not (regular(k + 1) and not regular(k - 1))
        a_is_far = far_pair and not b_is_far
        if b_is_far:
            parts[-1][-1] = merge_into(a, b)  # b is a's far index: the fan ends here
            if k + 1 < len(steps):
                parts.append([ordered[k + 2]])
            k += 2
            continue
        if a_is_far:
            parts.append([merge_into(b, a)])  # a is b's far index: a fan starts at b
            parts[-2].pop()
            k += 1
            continue
        if steps[k] > params.gap_factor * typical and steps[k] > params.min_gap * scale:
            parts.append([])
        parts[-1].append(b)
        k += 1
    out: list[list[Slot]] = []
    for part in (p for p in parts if p):
        out.extend(_trim_ends(part, axis, params))
    return out


def _trim_ends(part: list[Slot], axis: PointXY, params: GroupingParams) -> list[list[Slot]]:
    """An end card an odd step away from a fan of even steps belongs to something else
    (usually a neighbouring meld's corner): let it go."""
    if len(part) < 4:
        return [part]
    o = part[0].center_xy
    along = [project(s.center_xy, o, axis)[0] for s in part]
    steps = [b - a for a, b in pairwise(along)]
    inner = median(steps[1:-1])
    lone: list[list[Slot]] = []
    lo, hi = params.end_step
    if not lo * inner <= steps[-1] <= hi * inner:
        lone.append([part.pop()])
    if not lo * inner <= steps[0] <= hi * inner:
        lone.append([part.pop(0)])
    return [part, *lone]


def group_chains(
    slots: Sequence[Slot], params: GroupingParams = GroupingParams()
) -> tuple[list[Chain], list[Slot]]:
    """Chains of two or more slots, and the slots that belong to no chain."""
    chains: list[Chain] = []
    singles: list[Slot] = []
    for comp in components(slots, params):
        if len(comp) == 1:
            singles.extend(comp)
            continue
        axis = step_axis(comp)
        for line in _lines(comp, axis, params):
            for part in _split_steps(line, axis, params) if len(line) > 1 else [line]:
                if len(part) == 1:
                    singles.extend(part)
                else:
                    chains.append(Chain(tuple(part), axis))
    return chains, singles
