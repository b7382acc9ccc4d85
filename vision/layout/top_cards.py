"""A fan has one top card: the only card whose far corner shows, beyond one end of the fan
(each card under it is covered from its index strip on). When both ends of a chain show a
far corner, one of them is the top card of a neighbouring meld lying on the same line,
and it is let go. An end slot holding more readings than a card has corners took the
neighbour's card as its far corner: those outward readings go. Otherwise which end is the
neighbour's cannot be told from the far corners (both lie outward); the neighbour's top
card sits at the fan's step only by chance, so the end whose step is the odder one goes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from itertools import pairwise

from vision.layout.geometry import median, project
from vision.layout.grouping import Chain
from vision.layout.types import Slot
from vision.types import CardDetection

OUTWARD = 1.0  # a far corner lies at least this far (x index height) past its card
MIN_SLOTS = 4  # shorter chains have no inner step to compare the ends with
CORNERS = 4  # readings one card can give at most


def _outward(chain: Chain, end: int, det: CardDetection) -> bool:
    slot = chain.slots[end]
    sign = 1 if end == -1 else -1
    along = project(det.center_xy, slot.center_xy, chain.axis_xy)[0]
    return sign * along >= OUTWARD * slot.scale_px


def shows_far_corner(chain: Chain, end: int) -> bool:
    """Whether the end slot (0 or -1) holds a reading lying outward past the fan's end."""
    return any(_outward(chain, end, det) for det in chain.slots[end].detections)


def _release_outward(chain: Chain, end: int) -> tuple[Chain, list[Slot]]:
    """The end slot keeps its own readings; the outward ones are a neighbour's card."""
    slot = chain.slots[end]
    own = tuple(d for d in slot.detections if not _outward(chain, end, d))
    gone = [Slot.from_detection(d) for d in slot.detections if _outward(chain, end, d)]
    slots = list(chain.slots)
    slots[end] = replace(slot, detections=own, confidence=max(d.confidence for d in own))
    return Chain(tuple(slots), chain.axis_xy), gone


def _oddness(step: float, inner: float) -> float:
    return abs(math.log(max(step, 1e-6) / inner))


def drop_second_top_card(chains: Sequence[Chain]) -> tuple[list[Chain], list[Slot]]:
    """Chains with at most one top card each, and the top cards let go."""
    out: list[Chain] = []
    lone: list[Slot] = []
    for chain in chains:
        slots = chain.slots
        if len(slots) < MIN_SLOTS or not (
            shows_far_corner(chain, 0) and shows_far_corner(chain, -1)
        ):
            out.append(chain)
            continue
        crowded = [e for e in (0, -1) if len(slots[e].detections) > CORNERS]
        if len(crowded) == 1 and not all(
            _outward(chain, crowded[0], d) for d in slots[crowded[0]].detections
        ):
            kept, gone = _release_outward(chain, crowded[0])
            out.append(kept)
            lone.extend(gone)
            continue
        origin = slots[0].center_xy
        along = [project(s.center_xy, origin, chain.axis_xy)[0] for s in slots]
        steps = [b - a for a, b in pairwise(along)]
        inner = median(steps[1:-1])
        if inner <= 0:
            out.append(chain)
            continue
        if _oddness(steps[0], inner) > _oddness(steps[-1], inner):
            lone.append(slots[0])
            out.append(Chain(slots[1:], chain.axis_xy))
        else:
            lone.append(slots[-1])
            out.append(Chain(slots[:-1], chain.axis_xy))
    return out, lone
