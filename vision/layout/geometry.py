"""Small plane-geometry helpers on (x, y) tuples; pure Python, the point sets are tiny."""

from __future__ import annotations

import math
from collections.abc import Sequence

from vision.layout.types import PointXY, Slot


def principal_axis(points: Sequence[PointXY]) -> PointXY:
    """Unit vector along which the points spread most (least-squares line direction)."""
    n = len(points)
    if n < 2:
        return (1.0, 0.0)
    mx = sum(p[0] for p in points) / n
    my = sum(p[1] for p in points) / n
    cxx = sum((p[0] - mx) ** 2 for p in points)
    cyy = sum((p[1] - my) ** 2 for p in points)
    cxy = sum((p[0] - mx) * (p[1] - my) for p in points)
    angle = 0.5 * math.atan2(2.0 * cxy, cxx - cyy)
    return canonical_direction((math.cos(angle), math.sin(angle)))


def order_along(slots: Sequence[Slot], axis: PointXY) -> tuple[Slot, ...]:
    """The slots in order along ``axis`` (by where their centres project onto it)."""
    origin = slots[0].center_xy
    return tuple(sorted(slots, key=lambda s: project(s.center_xy, origin, axis)[0]))


def canonical_direction(axis: PointXY) -> PointXY:
    """Point the axis left-to-right if it is closer to horizontal, else top-to-bottom."""
    ux, uy = axis
    norm = math.hypot(ux, uy) or 1.0
    ux, uy = ux / norm, uy / norm
    if abs(ux) >= abs(uy):
        return (ux, uy) if ux >= 0 else (-ux, -uy)
    return (ux, uy) if uy >= 0 else (-ux, -uy)


def pointing(axis: PointXY, reference: PointXY) -> PointXY:
    """``axis`` or its reverse, whichever points the way ``reference`` does."""
    if axis[0] * reference[0] + axis[1] * reference[1] < 0:
        return (-axis[0], -axis[1])
    return axis


def project(point: PointXY, origin: PointXY, axis: PointXY) -> tuple[float, float]:
    """(along, across) coordinates of point relative to origin on the given unit axis."""
    dx, dy = point[0] - origin[0], point[1] - origin[1]
    return (dx * axis[0] + dy * axis[1], -dx * axis[1] + dy * axis[0])


def distance(a: PointXY, b: PointXY) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def median(values: Sequence[float]) -> float:
    ordered = sorted(values)
    n = len(ordered)
    if n == 0:
        return 0.0
    mid = n // 2
    return ordered[mid] if n % 2 else 0.5 * (ordered[mid - 1] + ordered[mid])


def point_in_polygon(point: PointXY, polygon: Sequence[PointXY]) -> bool:
    """Even-odd rule; points on an edge may fall either way."""
    x, y = point
    inside = False
    n = len(polygon)
    for i in range(n):
        x1, y1 = polygon[i]
        x2, y2 = polygon[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            x_cross = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if x < x_cross:
                inside = not inside
    return inside


def box_iou(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0


def convex_hull(points: Sequence[Sequence[float]]) -> tuple[PointXY, ...]:
    """The convex hull of ``points``, counter-clockwise (Andrew's monotone chain)."""
    pts = sorted({(float(x), float(y)) for x, y in points})
    if len(pts) < 3:
        return tuple(pts)

    def half(seq: Sequence[PointXY]) -> list[PointXY]:
        out: list[PointXY] = []
        for p in seq:
            while len(out) >= 2 and _cross(out[-2], out[-1], p) <= 0:
                out.pop()
            out.append(p)
        return out[:-1]

    return tuple(half(pts) + half(pts[::-1]))


def _cross(o: PointXY, a: PointXY, b: PointXY) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
