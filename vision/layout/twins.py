"""Decks with four corner indices show every card of a fan twice: a strip along the card's
width shows its top-left and bottom-left indices, one along its height the top-left and
top-right. Those two readings of one card lie the same vector apart for every card of the
fan, which tells them from two physical copies (those lie one step apart along the fan,
and no other card repeats that offset).

``fold_twins`` runs before grouping: each twin pair becomes one slot at the pair's
midpoint, and a lone index beside such pairs (its twin hidden or missed) is moved half
a twin vector onto the same midline, so the fan is one line again. Pairs fold only on a
table that shows a four-index fan (see ``fold_twins``): a two-index deck's top cards
lying side by side look like two such pairs.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from vision.layout.geometry import canonical_direction, distance
from vision.layout.twin_candidates import AlongParams, Candidate, pairs_along_fans
from vision.layout.types import PointXY, Slot


@dataclass(frozen=True)
class TwinParams:
    min_dist: float = 1.3  # a card's two indices in one strip: distance range (x index height)
    max_dist: float = 6.5
    same_vector: float = 0.4  # offsets agree within this (x index height)...
    same_vector_share: float = 0.15  # ...or this share of their length
    neighbourhood: float = 4.5  # ...for pairs of neighbouring cards of one fan
    misread_vector: float = 0.3  # a pair that disagrees must match a neighbour this closely
    # ...and lie along the fan as the neighbour's corners do, within this share of the fan's
    # step: in a fan laid tight (held-out clip 7013, 17 px a step for 27 px indices) the
    # next card's opposite corner can lie nearly a twin vector away too
    misread_step: float = 0.3
    lone_reach: float = 3.2  # a lone index this close to a twin pair is moved onto the midline
    edge_tolerance: float = 0.5  # ...if it lies this close to an edge of that fan
    along: AlongParams = field(default_factory=AlongParams)


def _offset(a: Slot, b: Slot) -> PointXY:
    dx, dy = b.center_xy[0] - a.center_xy[0], b.center_xy[1] - a.center_xy[1]
    ux, uy = canonical_direction((dx, dy))
    length = math.hypot(dx, dy)
    return (ux * length, uy * length)


def _mid(a: Slot, b: Slot) -> PointXY:
    return ((a.center_xy[0] + b.center_xy[0]) / 2, (a.center_xy[1] + b.center_xy[1]) / 2)


def fold_twins(
    slots: Sequence[Slot], params: TwinParams = TwinParams(), four_index: bool | None = None
) -> tuple[list[Slot], bool]:
    """The folded slots, and whether this frame shows a four-index fan: a twin pair with
    neighbours on both sides (three cards of one fan, each read at two corners).

    ``four_index``: what is known of the deck. None judges from this frame alone: without
    such a fan nothing is folded, since two pairs that only back each other are as likely
    the top cards of two melds of a two-index deck lying side by side (each read at its
    near and far corner, the same diagonal for both). True (a four-index fan was seen on
    an earlier frame of this table) folds them; False folds nothing."""
    n = len(slots)
    cands: list[Candidate] = []
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
    along = pairs_along_fans(cands, slots, params.along)
    cands = [c for k, c in enumerate(cands) if k not in along]
    supporters = [_supporters(k, cands, slots, params) for k in range(len(cands))]
    seen = any(len(sup) >= 2 for sup in supporters)
    if four_index is False or (four_index is None and not seen):
        return list(slots), seen
    used: set[int] = set()
    pairs: list[tuple[int, int, PointXY]] = []
    strength = _strengths(cands, supporters)
    for k in sorted(range(len(cands)), key=lambda k: strength[k]):
        i, j, off, _ = cands[k]
        if not supporters[k] or i in used or j in used:
            continue
        used.update((i, j))
        pairs.append((i, j, off))
    pairs += _misread_twins(slots, pairs, used, params)
    out: list[Slot] = []
    mids: list[PointXY] = []
    for i, j, _ in pairs:
        a, b = slots[i], slots[j]
        if b.confidence > a.confidence:  # two readings of one card: the surer one wins
            a, b = b, a
        mid = _mid(a, b)
        mids.append(mid)
        out.append(
            replace(
                a,
                center_xy=mid,
                confidence=a.confidence,
                scale_px=0.5 * (a.scale_px + b.scale_px),
                detections=a.detections + b.detections,
            )
        )
    lone = [s for idx, s in enumerate(slots) if idx not in used]
    offsets = [off for _, _, off in pairs]
    scales = [s.scale_px for s in out]
    twin_lines = [
        TwinLine(mid, off, _fan_direction(k, mids, offsets, scales[k], params))
        for k, (mid, off) in enumerate(zip(mids, offsets, strict=True))
    ]
    return out + onto_midlines(lone, twin_lines, params), seen


def _fan_direction(
    k: int, mids: Sequence[PointXY], offsets: Sequence[PointXY], scale: float, params: TwinParams
) -> PointXY:
    """The way pair k's fan runs: towards its nearest neighbour pair at the same twin
    vector (under perspective not square to that vector), else square to it."""
    off = offsets[k]
    tolerance = max(params.same_vector * scale, params.same_vector_share * math.hypot(*off))
    best: tuple[float, PointXY] | None = None
    for m, (mid, off2) in enumerate(zip(mids, offsets, strict=True)):
        gap = distance(mid, mids[k])
        if m == k or gap == 0 or distance(off, off2) > tolerance:
            continue
        if gap > params.neighbourhood * scale or (best is not None and gap >= best[0]):
            continue
        dx, dy = mid[0] - mids[k][0], mid[1] - mids[k][1]
        if abs(dx * off[0] + dy * off[1]) / (gap * math.hypot(*off)) <= 0.5:
            best = (gap, (dx / gap, dy / gap))
    if best is not None:
        return best[1]
    length = math.hypot(*off) or 1.0
    return (-off[1] / length, off[0] / length)


def _supporters(
    k: int, cands: Sequence[Candidate], slots: Sequence[Slot], params: TwinParams
) -> list[int]:
    """The other candidate pairs at the same offset beside pair k: its fan's neighbours."""
    i, j, off, mid = cands[k]
    scale = slots[i].scale_px
    # a card with a smaller index (a joker's) sits a little further in from the edge
    tolerance = max(params.same_vector * scale, params.same_vector_share * math.hypot(*off))
    size = _pair_index_size(slots[i], slots[j])
    out = []
    for m, (i2, j2, off2, mid2) in enumerate(cands):
        if m == k or {i2, j2} & {i, j}:
            continue
        size_gap = abs(size - _pair_index_size(slots[i2], slots[j2]))
        if _vector_gap(off, off2, size_gap) > tolerance:
            continue
        # A neighbour in the same fan: close, and beside it across the twin vector.
        dx, dy = mid2[0] - mid[0], mid2[1] - mid[1]
        gap = math.hypot(dx, dy)
        along_twin = abs(dx * off[0] + dy * off[1]) / (gap * math.hypot(*off) or 1.0)
        if gap <= params.neighbourhood * scale and along_twin <= 0.5:
            out.append(m)
    return out


def _index_size(slot: Slot) -> float:
    """The longer side of the index's own box (its scale is its neighbourhood's)."""
    if not slot.detections:
        return slot.scale_px
    x1, y1, x2, y2 = slot.detections[0].box_xyxy
    return max(x2 - x1, y2 - y1)


def _pair_index_size(a: Slot, b: Slot) -> float:
    return 0.5 * (_index_size(a) + _index_size(b))


def _vector_gap(off: PointXY, off2: PointXY, size_gap: float) -> float:
    """How far two twin vectors differ, less what a difference in index size explains: an
    index printed larger (a joker's, in some decks) has its centre further in from both
    corners of its strip, so its card's twin vector is shorter by about the size difference,
    along the vector, while its direction stays the fan's."""
    length = math.hypot(*off) or 1.0
    ux, uy = off[0] / length, off[1] / length
    dx, dy = off2[0] - off[0], off2[1] - off[1]
    along = dx * ux + dy * uy
    across = dx * -uy + dy * ux
    along = math.copysign(max(0.0, abs(along) - size_gap), along)
    return math.hypot(along, across)


def _strengths(
    cands: Sequence[Candidate], supporters: Sequence[list[int]]
) -> list[tuple[int, int]]:
    """Each pair's sort key, strongest first. A card showing all four indices (a fan's top
    card) can pair them along either edge, and the top cards of melds lying side by side
    back up the wrong pairing as well as fan neighbours do; the cards under a top card
    show one edge only, so their pairs (whose indices have no other supported pairing)
    say which way the fan's pairs run."""
    pairings: dict[int, int] = {}  # index -> number of supported pairs it is in
    for (i, j, _, _), sup in zip(cands, supporters, strict=True):
        if sup:
            pairings[i] = pairings.get(i, 0) + 1
            pairings[j] = pairings.get(j, 0) + 1
    out = []
    for sup in supporters:
        plain = [m for m in sup if max(pairings.get(x, 0) for x in cands[m][:2]) <= 1]
        out.append((-len(plain), -len(sup)))
    return out


def _misread_twins(
    slots: Sequence[Slot],
    pairs: list[tuple[int, int, PointXY]],
    used: set[int],
    params: TwinParams,
) -> list[tuple[int, int, PointXY]]:
    """Two indices that disagree but lie exactly a neighbouring pair's twin vector apart,
    beside it: one card, one of its two readings wrong. Along the fan they must lie as the
    neighbour's two do (``misread_step``), or they are two cards a step apart."""
    found: list[tuple[int, int, PointXY]] = []
    mids = [_mid(slots[pi], slots[pj]) for pi, pj, _ in pairs]
    steps = [_fan_step(pm, mids) for pm in mids]
    for i, a in enumerate(slots):
        if i in used:
            continue
        scale = a.scale_px
        best: tuple[float, int, PointXY] | None = None
        for (_, _, off), pm, step in zip(pairs, mids, steps, strict=True):
            if distance(pm, a.center_xy) > params.neighbourhood * scale:
                continue
            for j, b in enumerate(slots):
                if j == i or j in used or b.card == a.card:
                    continue
                o = _offset(a, b)
                err = distance(o, off)
                if err > params.misread_vector * scale:
                    continue
                mid = _mid(a, b)
                dx, dy = mid[0] - pm[0], mid[1] - pm[1]
                gap = math.hypot(dx, dy)
                if gap > params.neighbourhood * scale or gap == 0:
                    continue
                if abs(dx * off[0] + dy * off[1]) / (gap * math.hypot(*off)) > 0.5:
                    continue
                if _apart_along_fan(o, off, (dx / gap, dy / gap), step, params):
                    continue
                if best is None or err < best[0]:
                    best = (err, j, o)
        if best is not None:
            used.update((i, best[1]))
            found.append((i, best[1], best[2]))
    return found


def _fan_step(mid: PointXY, mids: Sequence[PointXY]) -> float | None:
    """The distance from a pair's midpoint to the nearest other pair's: its fan's step."""
    gaps = [g for g in (distance(mid, m) for m in mids) if g > 0]
    return min(gaps) if gaps else None


def _apart_along_fan(
    off: PointXY, twin: PointXY, fan: PointXY, step: float | None, params: TwinParams
) -> bool:
    """Whether two readings ``off`` apart lie further apart along the fan (unit ``fan``)
    than a neighbour's twin vector ``twin`` does by ``misread_step`` of a fan ``step``."""
    if step is None:
        return False
    along = abs((off[0] - twin[0]) * fan[0] + (off[1] - twin[1]) * fan[1])
    return along > params.misread_step * step


@dataclass(frozen=True)
class TwinLine:
    """A point on a fan's midline, the twin vector across it (one card's two indices) and
    the way the fan runs (a unit vector)."""

    mid_xy: PointXY
    offset_xy: PointXY
    fan_xy: PointXY


def _move_onto(s: Slot, line: TwinLine, params: TwinParams) -> PointXY | None:
    """Where a lone index lands on ``line``'s midline, or None when it does not lie on
    either edge of that fan (half a twin vector to one side of the midline). An index
    beyond a twin pair running along its fan (a top card's two top corners) lies far
    out along the twin vector: moving it would slide it along the fan."""
    ox, oy = line.offset_xy
    fx, fy = line.fan_xy
    det = ox * fy - oy * fx
    if abs(det) < 1e-9:
        return None
    # s - mid = a * offset + b * fan: a lone index of this fan has a = +-1/2
    dx, dy = s.center_xy[0] - line.mid_xy[0], s.center_xy[1] - line.mid_xy[1]
    a = (dx * fy - dy * fx) / det
    if abs(abs(a) - 0.5) * math.hypot(ox, oy) > params.edge_tolerance * s.scale_px:
        return None
    sign = -1 if a > 0 else 1
    return (s.center_xy[0] + sign * ox / 2, s.center_xy[1] + sign * oy / 2)


def onto_midlines(
    lone: Sequence[Slot], lines: Sequence[TwinLine], params: TwinParams = TwinParams()
) -> list[Slot]:
    """Move each lone index half a twin vector onto the midline of the nearest fan
    (nearest first: an index moved shows the way to the next one along the fan, whose
    own neighbours may all have lost their twin)."""
    lines = list(lines)
    waiting = list(lone)
    moved: list[Slot] = []
    while waiting and lines:
        best: tuple[float, int, PointXY, TwinLine] | None = None
        for k, s in enumerate(waiting):
            for line in lines:
                gap = distance(line.mid_xy, s.center_xy)
                if gap > params.lone_reach * s.scale_px or (best is not None and gap >= best[0]):
                    continue
                target = _move_onto(s, line, params)
                if target is not None:
                    best = (gap, k, target, line)
        if best is None:
            break
        _, k, target, line = best
        s = waiting.pop(k)
        lines.append(TwinLine(target, line.offset_xy, line.fan_xy))
        moved.append(replace(s, center_xy=target))
    return moved + waiting
