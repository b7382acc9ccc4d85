"""A fan has one top card: the only card whose far corner shows, beyond one end of the fan
(each card under it is covered from its index strip on). When both ends of a chain show a
far corner, the chain holds two fans: a neighbouring meld lying on the same line, its top
card at the chain's other end (that card alone, or a whole meld laid back to back with
this one, the two top cards outermost). An end slot holding more readings than a card has
corners took the neighbour's card as its far corner: those outward readings go. Otherwise
the far corners cannot tell where one fan ends (both lie outward); two fans are laid at
steps of their own, so the chain is cut where the steps on either side are the most even,
each side a single card or long enough to be a meld.
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
MELD = 3  # cards of the shortest meld: a fan cut off a chain is one card or a meld


def _outward(chain: Chain, end: int, det: CardDetection) -> bool:
    slot = chain.slots[end]
    sign = 1 if end == -1 else -1
    along = project(det.center_xy, slot.center_xy, chain.axis_xy)[0]
    return sign * along >= OUTWARD * slot.scale_px


def shows_far_corner(chain: Chain, end: int) -> bool:
    """Whether the end slot (0 or -1) holds a reading lying outward past the fan's end."""
    return any(_outward(chain, end, det) for det in chain.slots[end].detections)


def far_corner_off_line(
    chain: Chain, end: int, min_along: float, min_across: float
) -> CardDetection | None:
    """The end slot's (0 or -1) first reading lying at least ``min_along`` past the fan's
    end and ``min_across`` off its line (x the slot's index height): a top card's far
    corner there, or None."""
    slot = chain.slots[end]
    sign = 1 if end == -1 else -1
    for det in slot.detections:
        along, across = project(det.center_xy, slot.center_xy, chain.axis_xy)
        if sign * along >= min_along * slot.scale_px and abs(across) >= min_across * slot.scale_px:
            return det
    return None


def _release_outward(chain: Chain, end: int) -> tuple[Chain, list[Slot]]:
    """The end slot keeps its own readings; the outward ones are a neighbour's card."""
    slot = chain.slots[end]
    own = tuple(d for d in slot.detections if not _outward(chain, end, d))
    gone = [Slot.from_detection(d) for d in slot.detections if _outward(chain, end, d)]
    slots = list(chain.slots)
    slots[end] = replace(slot, detections=own, confidence=max(d.confidence for d in own))
    return Chain(tuple(slots), chain.axis_xy), gone


def _unevenness(steps: Sequence[float]) -> float:
    """How far a fan's steps stray from their median (0 for one step or none)."""
    if not steps:
        return 0.0
    typical = median(steps)
    if typical <= 0:
        return math.inf
    return sum(abs(math.log(max(step, 1e-6) / typical)) for step in steps)


def _cut(steps: Sequence[float]) -> int:
    """Where the two fans of a chain meet: the slot the second one starts at."""
    n = len(steps) + 1
    cuts = [k for k in range(1, n) if all(size == 1 or size >= MELD for size in (k, n - k))]
    return min(cuts, key=lambda k: _unevenness(steps[: k - 1]) + _unevenness(steps[k:]))


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
        k = _cut([b - a for a, b in pairwise(along)])
        for part in (slots[:k], slots[k:]):
            if len(part) == 1:
                lone.append(part[0])
            else:
                out.append(Chain(part, chain.axis_xy))
    return out, lone
