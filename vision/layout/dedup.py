"""One physical card, one slot.

Two things make more detections than cards: the detector firing twice on one index (boxes
that nearly coincide), and the last card of a fan (or a lone card) showing both its
top-left index and the rotated bottom-right one. The second index lies diagonally across
the card: far from the first (about one card diagonal, 3-8 index heights), off the fan's
line, and outward beyond the fan's end. Two physical copies of one card in a double deck
never look like that: in a fan they sit on the line one step apart, so they stay apart.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import pairwise

from vision.layout.edges import off_the_edges
from vision.layout.geometry import box_iou, distance, median, project
from vision.layout.grouping import FAN_STEP_MAX, Chain, end_step
from vision.layout.top_cards import far_corner_off_line
from vision.layout.types import PointXY, Slot
from vision.types import CardDetection


@dataclass(frozen=True)
class DedupParams:
    same_box_iou: float = 0.5  # boxes overlapping more than this are one firing
    # ...or this, when both read the same card: the detector fires on either half of a wide
    # index ("10" in a bold face) as well as on the whole. Two copies of a card in a fan
    # that each show at least half their index overlap by at most 1/3.
    same_card_iou: float = 0.4
    diagonal_min: float = 2.5  # second index: distance range, x index height
    diagonal_max: float = 8.5
    min_across: float = 1.0  # ...at least this far off the fan's line
    min_outward: float = 0.8  # ...and at least this far beyond the fan's end
    same_centre: float = 1.0  # two diagonals of one lone card cross within this
    far_on_line: float = 2.0  # a far index on the fan's line lies this far past its end...
    # ...or, for a deck whose indices are large on the card (the short edge of a four-index
    # card's top pair to its far pair is then under 2 index heights), at least this far
    # and this many of the fan's steps: a fan step is always much shorter.
    far_on_line_min: float = 1.3
    far_on_line_steps: float = 1.45
    # A far corner off the line lies this many fan steps past the end at least: the top
    # card is covered by none, so it reaches well past the step of the cards under it.
    far_off_line_steps: float = 1.45
    mirror_tolerance: float = 0.35  # two far corners of one chain: share of the diagonal


def suppress_overlaps(
    detections: Sequence[CardDetection],
    min_iou: float = DedupParams.same_box_iou,
    same_card_iou: float = DedupParams.same_card_iou,
) -> list[CardDetection]:
    """Keep the most confident of detections whose boxes nearly coincide (``min_iou``), or
    overlap by ``same_card_iou`` when they read the same card."""
    kept: list[CardDetection] = []
    for det in sorted(detections, key=lambda d: -d.confidence):
        if all(
            box_iou(det.box_xyxy, k.box_xyxy) <= (same_card_iou if k.card == det.card else min_iou)
            for k in kept
        ):
            kept.append(det)
    return kept


def _merge(primary: Slot, second: Slot) -> Slot:
    return replace(
        primary,
        confidence=max(primary.confidence, second.confidence),
        detections=primary.detections + second.detections,
    )


def _fan_step(chain: Chain) -> float:
    """The fan's typical step along its axis (pixels)."""
    origin = chain.slots[0].center_xy
    along = [project(s.center_xy, origin, chain.axis_xy)[0] for s in chain.slots]
    return median([abs(b - a) for a, b in pairwise(along)])


def _far_on_line(chain: Chain, scale: float, p: DedupParams) -> float:
    """How far past a fan's end its top card's far edge lies at least (pixels)."""
    fan_step = _fan_step(chain)
    least = max(p.far_on_line_min * scale, p.far_on_line_steps * fan_step)
    return min(p.far_on_line * scale, least)


def _fits_chain_end(chain: Chain, at_end: int, single: Slot, p: DedupParams) -> str | None:
    """ "second": the single is the far index of the fan's last card (beyond the fan's
    end); "stray": the chain's end is the far index of the single's card (that card lies
    back across the fan, so its far corner only touches the fan's line); else None."""
    end = chain.slots[at_end]
    if end.card != single.card:
        return None
    scale = end.scale_px
    sign = 1 if at_end == -1 else -1
    for det in end.detections:  # it already has its far corner
        if sign * project(det.center_xy, end.center_xy, chain.axis_xy)[0] >= scale:
            return None
    d = distance(end.center_xy, single.center_xy)
    along, across = project(single.center_xy, end.center_xy, chain.axis_xy)
    outward = along if at_end == -1 else -along
    if abs(across) < p.min_across * scale and d <= p.diagonal_max * scale:
        # On the fan's own line: the far edge of a four-index deck's top card.
        return "second" if outward >= _far_on_line(chain, scale, p) else None
    if not p.far_on_line * scale <= d <= p.diagonal_max * scale:
        return None
    if off_the_edges(chain, end, single):  # a four-index card's corners lie on its edges
        return None
    past_end = max(p.min_outward * scale, p.far_off_line_steps * _fan_step(chain))
    if outward >= past_end and _mirrors_other_end(chain, at_end, single, p):
        return "second"
    if outward <= -p.min_outward * scale:
        return "stray"
    return None


def _mirrors_other_end(chain: Chain, at_end: int, single: Slot, p: DedupParams) -> bool:
    """Whether a far corner at this end agrees with the one the chain's other end shows
    already, off the line (if it does): one chain holding two fans laid back to back, the
    top cards outermost, shows their far corners the same card diagonal out from either
    end, one the other turned round. Another card lying near the end does not."""
    other_end = -1 if at_end == 0 else 0
    seen = far_corner_off_line(chain, other_end, p.min_outward, p.min_across)
    if seen is None:
        return True
    other, end = chain.slots[other_end], chain.slots[at_end]
    seen_xy = (seen.center_xy[0] - other.center_xy[0], seen.center_xy[1] - other.center_xy[1])
    here_xy = (single.center_xy[0] - end.center_xy[0], single.center_xy[1] - end.center_xy[1])
    miss = math.hypot(here_xy[0] + seen_xy[0], here_xy[1] + seen_xy[1])
    return miss <= p.mirror_tolerance * math.hypot(*seen_xy)


def pair_second_indices(
    chains: Sequence[Chain],
    singles: Sequence[Slot],
    params: DedupParams = DedupParams(),
    four_index: bool = False,
) -> tuple[list[Chain], list[Slot]]:
    """Fold each second index into its card: a chain end, or another lone index.
    ``four_index``: the deck prints four corners, so a loose card's lone readings may be
    any of them."""
    chains = list(chains)
    left: list[Slot] = []

    # A top card's far corner is placed before any stray: a lone card of the same label
    # that happens to lie back across the fan must not take the fan's top card away.
    def order(single: Slot) -> tuple[bool, float]:
        seconds = any(
            _fits_chain_end(chain, end, single, params) == "second"
            for chain in chains
            if len(chain.slots) >= 2
            for end in (0, -1)
        )
        return (not seconds, -single.confidence)

    for single in sorted(singles, key=order):
        # (a stray, distance, chain, end, kind): a far corner first, then the nearest
        best: tuple[bool, float, int, int, str] | None = None
        for ci, chain in enumerate(chains):
            if len(chain.slots) < 2:
                continue
            for end in (0, -1):
                kind = _fits_chain_end(chain, end, single, params)
                if kind is not None:
                    d = distance(chain.slots[end].center_xy, single.center_xy)
                    if (
                        kind == "stray"
                        and not four_index
                        and _fan_end_kept(chain, end, d, single, singles)
                    ):
                        continue
                    fit = (kind != "second", d, ci, end, kind)
                    if best is None or fit[:2] < best[:2]:
                        best = fit
        if best is None:
            left.append(single)
            continue
        _, _, ci, end, kind = best
        slots = list(chains[ci].slots)
        if kind == "second":
            slots[end] = _merge(slots[end], single)
        else:  # the chain's end was a stray far index: it joins its card
            left.append(_merge(single, slots.pop(end)))
        chains[ci] = Chain(tuple(slots), chains[ci].axis_xy)
    left.extend(c.slots[0] for c in chains if len(c.slots) == 1)
    chains = [c for c in chains if len(c.slots) > 1]
    return chains, pair_lone_cards(left, params)


def _fan_end_kept(
    chain: Chain, end: int, reach: float, single: Slot, singles: Sequence[Slot]
) -> bool:
    """Whether a two-index deck's fan keeps its end card from a lone reading ``reach``
    away that would take it as its far corner: another lone reading of that card lies
    nearer (those two are its corners; a sideways index's long side makes the reach of a
    far corner too long), and the chain steps as a fan there (readings further apart may
    be one loose card's corners chained with a neighbour's index)."""
    if end_step(chain, end) > FAN_STEP_MAX:
        return False
    return any(
        distance(single.center_xy, other.center_xy) < reach
        for other in singles
        if other is not single and other.card == single.card
    )


def _edge_twins(a: Slot, b: Slot, p: DedupParams) -> bool:
    """A lone four-index card folds into two slots, one per edge (each the midpoint of that
    edge's two indices); they lie across the card, square to their own twin vector."""
    if len(a.detections) != 2 or len(b.detections) != 2:
        return False
    d = distance(a.center_xy, b.center_xy)
    if not p.far_on_line * a.scale_px <= d <= p.diagonal_max * a.scale_px:
        return False
    tx = a.detections[1].center_xy[0] - a.detections[0].center_xy[0]
    ty = a.detections[1].center_xy[1] - a.detections[0].center_xy[1]
    ox, oy = b.center_xy[0] - a.center_xy[0], b.center_xy[1] - a.center_xy[1]
    norm = math.hypot(tx, ty) * d
    return norm > 0 and abs(tx * ox + ty * oy) / norm <= 0.35


def pair_lone_cards(singles: list[Slot], p: DedupParams = DedupParams()) -> list[Slot]:
    """Two lone indices of one label, a card diagonal apart, are one loose card."""
    out: list[Slot] = []
    centres: list[tuple[PointXY, Slot]] = []
    used: set[int] = set()
    for i, a in enumerate(singles):
        if i in used:
            continue
        partner = None
        for j in range(i + 1, len(singles)):
            b = singles[j]
            if j in used or b.card != a.card:
                continue
            scale = 0.5 * (a.scale_px + b.scale_px)
            d = distance(a.center_xy, b.center_xy)
            dx = abs(a.center_xy[0] - b.center_xy[0])
            dy = abs(a.center_xy[1] - b.center_xy[1])
            # Diagonal: both offsets real, as for a card lying at any angle up to ~35 deg.
            if p.diagonal_min * scale <= d <= p.diagonal_max * scale and min(dx, dy) >= 0.25 * d:
                partner = j
                break
            if _edge_twins(a, b, p):
                partner = j
                break
        if partner is None:
            out.append(a)
            continue
        used.add(partner)
        b = singles[partner]
        # The upper-left index stands for the card (reading order of loose cards).
        first, second = (a, b) if sum(a.center_xy) <= sum(b.center_xy) else (b, a)
        centre = ((a.center_xy[0] + b.center_xy[0]) / 2, (a.center_xy[1] + b.center_xy[1]) / 2)
        # A four-index card gives two diagonals crossing at its centre: one card.
        same = next(
            (k for k, (c, s) in enumerate(centres) if s.card == a.card
             and distance(c, centre) <= p.same_centre * a.scale_px),
            None,
        )  # fmt: skip
        if same is not None:
            out[out.index(centres[same][1])] = _merge(centres[same][1], _merge(first, second))
            continue
        merged = _merge(first, second)
        centres.append((centre, merged))
        out.append(merged)
    return out
