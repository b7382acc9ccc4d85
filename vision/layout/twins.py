"""Decks with four corner indices show every card of a fan twice: a strip along the card's
width shows its top-left and bottom-left indices, one along its height the top-left and
top-right. Those two readings of one card lie the same vector apart for every card of the
fan, which tells them from two physical copies (those lie one step apart along the fan,
and no other card repeats that offset).

``fold_twins`` runs before grouping: each twin pair becomes one slot at the pair's
midpoint, and a lone index beside such pairs (its twin hidden or missed) is moved half
a twin vector onto the same midline, so the fan is one line again.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from vision.layout.geometry import canonical_direction, distance
from vision.layout.types import PointXY, Slot


@dataclass(frozen=True)
class TwinParams:
    min_dist: float = 1.3  # a card's two indices in one strip: distance range (x index height)
    max_dist: float = 6.5
    same_vector: float = 0.4  # offsets agree within this (x index height)
    neighbourhood: float = 4.5  # ...for pairs of neighbouring cards of one fan
    lone_reach: float = 3.2  # a lone index this close to a twin pair is moved onto the midline


def _offset(a: Slot, b: Slot) -> PointXY:
    dx, dy = b.center_xy[0] - a.center_xy[0], b.center_xy[1] - a.center_xy[1]
    ux, uy = canonical_direction((dx, dy))
    length = math.hypot(dx, dy)
    return (ux * length, uy * length)


def _mid(a: Slot, b: Slot) -> PointXY:
    return ((a.center_xy[0] + b.center_xy[0]) / 2, (a.center_xy[1] + b.center_xy[1]) / 2)


def fold_twins(slots: Sequence[Slot], params: TwinParams = TwinParams()) -> list[Slot]:
    n = len(slots)
    cands: list[tuple[int, int, PointXY, PointXY]] = []  # (i, j, offset, midpoint)
    for i in range(n):
        for j in range(i + 1, n):
            a, b = slots[i], slots[j]
            if a.card != b.card:
                continue
            scale = 0.5 * (a.scale_px + b.scale_px)
            if (
                params.min_dist * scale
                <= distance(a.center_xy, b.center_xy)
                <= params.max_dist * scale
            ):
                cands.append((i, j, _offset(a, b), _mid(a, b)))
    support: list[int] = []
    for k, (i, _, off, mid) in enumerate(cands):
        scale = slots[i].scale_px
        count = 0
        for m, (i2, _, off2, mid2) in enumerate(cands):
            if m == k or slots[i2].card == slots[i].card:
                continue
            if distance(off, off2) > params.same_vector * scale:
                continue
            # A neighbour in the same fan: close, and beside it across the twin vector.
            dx, dy = mid2[0] - mid[0], mid2[1] - mid[1]
            gap = math.hypot(dx, dy)
            along_twin = abs(dx * off[0] + dy * off[1]) / (gap * math.hypot(*off) or 1.0)
            if gap <= params.neighbourhood * scale and along_twin <= 0.5:
                count += 1
        support.append(count)
    used: set[int] = set()
    pairs: list[tuple[int, int, PointXY]] = []
    order = sorted(range(len(cands)), key=lambda k: -support[k])
    for k in order:
        i, j, off, _ = cands[k]
        if support[k] < 1 or i in used or j in used:
            continue
        used.update((i, j))
        pairs.append((i, j, off))
    out: list[Slot] = []
    mids: list[PointXY] = []
    for i, j, _ in pairs:
        a, b = slots[i], slots[j]
        mid = _mid(a, b)
        mids.append(mid)
        out.append(
            replace(
                a,
                center_xy=mid,
                confidence=max(a.confidence, b.confidence),
                scale_px=0.5 * (a.scale_px + b.scale_px),
                detections=a.detections + b.detections,
            )
        )
    for idx, s in enumerate(slots):
        if idx in used:
            continue
        out.append(_onto_midline(s, pairs, slots, mids, params))
    return out


def _onto_midline(
    s: Slot,
    pairs: list[tuple[int, int, PointXY]],
    slots: Sequence[Slot],
    mids: list[PointXY],
    params: TwinParams,
) -> Slot:
    """Move a lone index half a twin vector towards the nearest fan midline, if any."""
    if not pairs:
        return s
    near = min(range(len(pairs)), key=lambda k: distance(mids[k], s.center_xy))
    if distance(mids[near], s.center_xy) > params.lone_reach * s.scale_px:
        return s
    ox, oy = pairs[near][2]
    options = [
        (s.center_xy[0] + ox / 2, s.center_xy[1] + oy / 2),
        (s.center_xy[0] - ox / 2, s.center_xy[1] - oy / 2),
    ]
    best = min(options, key=lambda p: min(distance(p, m) for m in mids))
    # Only when one way lands clearly nearer a midline than staying put does.
    if min(distance(best, m) for m in mids) >= min(distance(s.center_xy, m) for m in mids):
        return s
    return replace(s, center_xy=best)
