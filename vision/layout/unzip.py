"""Two parallel fans laid closer than a line's tolerance -> the two fans again.

Two columns of indices whose lines lie half an index height apart fall inside one line's
tolerance, and the longest-line search takes them as one fan whose cards alternate
between the two (a zigzag: 6H KC 7H QC 8H ...). Real fans step evenly along a straight
line, so a line is split in two when its indices part, across the line, into two sets
that are each straight and evenly stepped, lie clearly apart, and interleave along it,
while the line taken whole has a step much shorter than either fan's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from vision.layout.geometry import median, principal_axis, project
from vision.layout.types import PointXY, Slot


@dataclass(frozen=True)
class UnzipParams:
    min_cards: int = 3  # each of the two fans shows at least this many indices
    straight: float = 0.15  # each fan's indices lie this close to its own line (x index height)
    apart: float = 0.35  # ...and every index of one this far from the other's line
    even: tuple[float, float] = (0.7, 1.4)  # each fan's steps, x its median step
    short_step: float = 0.6  # the line taken whole steps this short (x the fans' step)


def unzip(line: Sequence[Slot], params: UnzipParams = UnzipParams()) -> list[list[Slot]]:
    """The line as one fan, or as the two interleaved fans it is made of."""
    if len(line) < 2 * params.min_cards:
        return [list(line)]
    axis = principal_axis([s.center_xy for s in line])
    origin = line[0].center_xy
    across = sorted(line, key=lambda s: project(s.center_xy, origin, axis)[1])
    scale = median([s.scale_px for s in line])
    whole_steps = _steps(line, axis)
    for cut in range(params.min_cards, len(across) - params.min_cards + 1):
        near, far = across[:cut], across[cut:]
        near_step = _even_step(near, scale, params)
        far_step = _even_step(far, scale, params)
        if near_step is None or far_step is None:
            continue
        if not (_apart(near, far, scale, params) and _apart(far, near, scale, params)):
            continue
        if not _interleaved(near, far, axis):
            continue
        if min(whole_steps) < params.short_step * min(near_step, far_step):
            return [near, far]
    return [list(line)]


def _steps(slots: Sequence[Slot], axis: PointXY) -> list[float]:
    origin = slots[0].center_xy
    along = sorted(project(s.center_xy, origin, axis)[0] for s in slots)
    return [b - a for a, b in pairwise(along)]


def _even_step(slots: Sequence[Slot], scale: float, params: UnzipParams) -> float | None:
    """The fan's median step when its indices lie straight and evenly stepped, else None."""
    axis = principal_axis([s.center_xy for s in slots])
    if any(abs(off) > params.straight * scale for off in _offsets(slots, slots, axis)):
        return None
    steps = _steps(slots, axis)
    typical = median(steps)
    lo, hi = params.even
    if typical <= 0 or not all(lo * typical <= st <= hi * typical for st in steps):
        return None
    return typical


def _apart(slots: Sequence[Slot], other: Sequence[Slot], scale: float, params: UnzipParams) -> bool:
    """Every index of ``other`` lies clearly off the line of ``slots``."""
    axis = principal_axis([s.center_xy for s in slots])
    return all(abs(off) >= params.apart * scale for off in _offsets(slots, other, axis))


def _offsets(line: Sequence[Slot], slots: Sequence[Slot], axis: PointXY) -> list[float]:
    """How far each of ``slots`` lies across ``line``'s axis from the line's middle."""
    origin = line[0].center_xy
    middle = sum(project(s.center_xy, origin, axis)[1] for s in line) / len(line)
    return [project(s.center_xy, origin, axis)[1] - middle for s in slots]


def _interleaved(near: Sequence[Slot], far: Sequence[Slot], axis: PointXY) -> bool:
    """Each set has an index between two of the other's along the line."""
    origin = near[0].center_xy

    def span(slots: Sequence[Slot]) -> tuple[float, float]:
        along = [project(s.center_xy, origin, axis)[0] for s in slots]
        return min(along), max(along)

    def inside(slots: Sequence[Slot], bounds: tuple[float, float]) -> bool:
        return any(bounds[0] < project(s.center_xy, origin, axis)[0] < bounds[1] for s in slots)

    return inside(near, span(far)) and inside(far, span(near))
