"""Fans of cards -> chains of slots along the fan's axis.

In a fan only each card's index strip shows, so the indices of one meld lie on a line at a
nearly even step of about one index height; the next meld starts at least a whole card
width (about 3.5 index heights) further on, and the next row a card height (about 5) away.
So: link indices closer than ``link_radius`` index heights, take connected components, fit
each component's axis, drop points far off the line (the rotated second index of a fan's
last card, a stray reading), and split where the step jumps.

Every length here is in index heights (the longer side of an index box), measured per
detection, so the rules hold under zoom and perspective.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from vision.layout.geometry import distance, median, principal_axis, project
from vision.layout.types import PointXY, Slot


@dataclass(frozen=True)
class GroupingParams:
    link_radius: float = 2.4  # indices closer than this (x index height) may be one fan
    off_axis: float = 0.7  # a point further than this from the fan's line is not in it
    gap_factor: float = 2.5  # a step this many times the fan's median step splits it
    min_gap: float = 1.6  # ...but only if the step is also this long (x index height)


@dataclass(frozen=True)
class Chain:
    """Slots in order along a unit axis (see ``geometry.canonical_direction``)."""

    slots: tuple[Slot, ...]
    axis_xy: PointXY


def _components(slots: Sequence[Slot], radius: float) -> list[list[Slot]]:
    n = len(slots)
    parent = list(range(n))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i in range(n):
        for j in range(i + 1, n):
            reach = radius * 0.5 * (slots[i].scale_px + slots[j].scale_px)
            if distance(slots[i].center_xy, slots[j].center_xy) <= reach:
                parent[find(i)] = find(j)
    groups: dict[int, list[Slot]] = {}
    for i in range(n):
        groups.setdefault(find(i), []).append(slots[i])
    return list(groups.values())


def _split_line(
    members: list[Slot], params: GroupingParams
) -> tuple[list[Chain], list[Slot], list[Slot]]:
    """One component -> (chains on its line, lone points on it, points off the line)."""
    if len(members) == 1:
        return [], members, []
    pts = [s.center_xy for s in members]
    axis = principal_axis(pts)
    scale = median([s.scale_px for s in members])
    off: list[Slot] = []
    if len(members) >= 3:
        origin = pts[0]
        across = [project(p, origin, axis)[1] for p in pts]
        mid = median(across)
        keep = [
            s
            for s, a in zip(members, across, strict=True)
            if abs(a - mid) <= params.off_axis * scale
        ]
        off = [
            s
            for s, a in zip(members, across, strict=True)
            if abs(a - mid) > params.off_axis * scale
        ]
        if len(keep) >= 2 and off:
            members = keep
            axis = principal_axis([s.center_xy for s in members])
        elif len(keep) < 2:
            off = []
    origin = members[0].center_xy
    ordered = sorted(members, key=lambda s: project(s.center_xy, origin, axis)[0])
    along = [project(s.center_xy, origin, axis)[0] for s in ordered]
    steps = [b - a for a, b in pairwise(along)]
    typical = median(steps)
    chains: list[Chain] = []
    current = [ordered[0]]
    for step, slot in zip(steps, ordered[1:], strict=True):
        if step > params.gap_factor * typical and step > params.min_gap * scale:
            chains.append(Chain(tuple(current), axis))
            current = []
        current.append(slot)
    chains.append(Chain(tuple(current), axis))
    singles = [c.slots[0] for c in chains if len(c.slots) == 1]
    return [c for c in chains if len(c.slots) > 1], singles, off


def group_chains(
    slots: Sequence[Slot], params: GroupingParams = GroupingParams()
) -> tuple[list[Chain], list[Slot]]:
    """Chains of two or more slots, and the slots that belong to no chain."""
    chains: list[Chain] = []
    singles: list[Slot] = []
    pending = [list(slots)]
    # Points dropped off one line are grouped again: they may form their own fan.
    for _ in range(4):
        next_pending: list[list[Slot]] = []
        for batch in pending:
            for comp in _components(batch, params.link_radius):
                found, lone, off = _split_line(comp, params)
                chains.extend(found)
                singles.extend(lone)
                if off and len(off) < len(comp):
                    next_pending.append(off)
                else:
                    singles.extend(off)
        pending = next_pending
        if not pending:
            break
    for batch in pending:
        singles.extend(batch)
    return chains, singles
