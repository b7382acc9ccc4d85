"""Fans of cards -> chains of slots along the fan's axis.

In a fan only each card's index strip shows, so the indices of one meld lie on a line at a
nearly even step (0.3-2.7 index heights in the renders); a deck printed with four corner
indices shows every card twice, which ``twins`` folds before this runs. The algorithm:

1. link each index to the indices of other cards about as close as its nearest one (a
   relative reach, capped at ``link_radius`` index heights); take connected components;
2. pull the longest straight, evenly stepped run out of a component, again and again
   (a component may hold fans at right angles: a row of melds touching a column), and
   part a run that zigzags between two parallel fans laid close (``unzip``);
3. cut each run where its step jumps (the next meld starts a whole card further on),
   fold in a card's far index on the same line, let go an end card at an odd step.

Every length is in index heights (the longer side of an index box, the median around
each index), so the rules hold under zoom and perspective.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from itertools import pairwise

from vision.layout.connected import connected_groups
from vision.layout.geometry import canonical_direction, distance, median, principal_axis, project
from vision.layout.types import PointXY, Slot
from vision.layout.unzip import UnzipParams, unzip


@dataclass(frozen=True)
class GroupingParams:
    link_radius: float = 3.5  # indices closer than this (x index height) may be one fan
    relative_link: float = 1.9  # ...and at most this many times either end's nearest gap
    copy_link: float = 2.6  # two copies of a card further apart are not fan neighbours
    sure_link: float = 1.2  # other cards' indices this close always link (x index height)
    line_tolerance: float = 0.5  # an index this far off a fan's line is not on it
    line_gap_steps: float = 2.5  # a fan's line stops at a gap of this many steps
    gap_factor: float = 2.4  # a step this many times the line's median step splits it
    min_gap: float = 1.9  # ...if also at least this long (x index height)
    far_min: float = 1.2  # a card's two indices on one line lie at least this far apart
    far_factor: float = 1.45  # ...and at least this many fan steps
    end_step: tuple[float, float] = (0.6, 1.45)  # an end card's step, x the fan's inner step
    end_slack: float = 0.4  # ...or within this of it (x index height)
    part_step: float = 0.55  # one card's readings closer than this x the step: one index
    read_twice: float = 0.35  # two cards' readings closer than this x the step: one index
    off_line: float = 0.25  # ...of which one this much nearer the line (x index height) stands
    unzip: UnzipParams = field(default_factory=UnzipParams)  # two fans taken as one line


@dataclass(frozen=True)
class Chain:
    """Slots in order along a unit axis (see ``geometry.canonical_direction``)."""

    slots: tuple[Slot, ...]
    axis_xy: PointXY


# Most fans step at most this far (x index height); the rules that ask whether a chain
# looks like a fan take a longer step for cards lying apart (loose cards, a discard pile
# on a meld's line, one card's two corners).
FAN_STEP_MAX = 2.2


def end_step(chain: Chain, end: int) -> float:
    """How far the chain's end slot (0 or -1) lies from its neighbour, in the end slot's
    index heights (inf for a chain of one)."""
    if len(chain.slots) < 2:
        return math.inf
    a, b = (chain.slots[0], chain.slots[1]) if end == 0 else (chain.slots[-1], chain.slots[-2])
    return distance(a.center_xy, b.center_xy) / a.scale_px


def components(slots: Sequence[Slot], params: GroupingParams) -> list[list[Slot]]:
    """Link each index to its nearest indices of other cards (the fan's neighbours: a
    card's own second index is never its neighbour), then take connected components."""
    n = len(slots)
    # Each index's nearest other card is its neighbour in the fan, one step away; a link
    # may be a little longer than that (relative), never longer than the absolute cap. A
    # second reading of its own card (a box on half a wide "10") is no neighbour: lying a
    # fraction of a step off, it would make every real neighbour look too far.
    nearest: list[float] = []
    for i in range(n):
        gaps = [
            distance(slots[i].center_xy, slots[j].center_xy)
            for j in range(n)
            if slots[j].card != slots[i].card
        ]
        nearest.append(min(gaps, default=0.0))

    def linked(i: int, j: int) -> bool:
        d = distance(slots[i].center_xy, slots[j].center_xy)
        cap = params.link_radius * 0.5 * (slots[i].scale_px + slots[j].scale_px)
        near = d <= params.relative_link * min(nearest[i], nearest[j])
        if slots[i].card == slots[j].card:
            # Two copies in one fan lie a step apart; further apart they are more
            # likely the two corners of one card (left to the de-duplication).
            near = near and d <= params.copy_link * 0.5 * (slots[i].scale_px + slots[j].scale_px)
        else:
            short = d <= params.copy_link * 0.5 * (slots[i].scale_px + slots[j].scale_px)
            near = near or (short and (d <= nearest[i] or d <= nearest[j]))
            # Within about a step nothing else is needed: a meld laid against another
            # has its first index nearer the other meld's last than to its own next card.
            near = near or d <= params.sure_link * 0.5 * (slots[i].scale_px + slots[j].scale_px)
        return d <= cap and near

    return [[slots[i] for i in group] for group in connected_groups(n, linked)]


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
    unwedged, wedged = _drop_wedged(ordered, steps)
    if len(unwedged) < len(ordered):
        return [*_split_steps(unwedged, axis, params), *([w] for w in wedged)]
    differ = [st for st, (a, b) in zip(steps, pairwise(ordered), strict=True) if a.card != b.card]
    typical = median(differ or steps)
    folded = (
        _fold_part_steps(
            ordered,
            steps,
            typical * params.part_step,
            typical * params.read_twice,
            lambda a, b: _standing(a, b, ordered, axis, params.off_line),
        )
        if differ
        else ordered
    )
    if len(folded) < len(ordered):  # rare: measure the fan again only then
        ordered = folded
        along = [project(s.center_xy, origin, axis)[0] for s in ordered]
        steps = [b - a for a, b in pairwise(along)]
    # a fan's step is its short one: a gap or a far corner only makes steps longer
    short = sorted(differ or steps)[(len(differ or steps) - 1) // 4]
    scale = median([s.scale_px for s in line])

    def regular(k: int) -> bool:
        return 0 <= k < len(steps) and 0.55 * typical <= steps[k] <= 1.6 * typical

    parts: list[list[Slot]] = [[ordered[0]]]
    k = 0
    after_far = False  # ordered[k] begins a part after a fan that ended in a far index
    while k < len(steps):
        a, b = ordered[k], ordered[k + 1]
        # Two readings of one card on one line (a four-index deck's far corner) lie an
        # odd, long step apart at an end of a fan; copies in a set lie a regular step apart.
        long = steps[k] >= params.far_factor * typical and steps[k] >= params.far_min * scale
        far_pair = a.card == b.card and long
        # The step into a part begun after a far index is no fan step: it crosses from one
        # fan's far corner to the next fan (two melds on one line, each ending in its top
        # card's far corner: held-out still 000048, ``KS KS`` then ``AH AH AD AC``).
        arrived_regular = regular(k - 1) and not after_far
        if far_pair and k + 1 == len(steps):
            b_is_far = True
        elif far_pair and k == 0:
            b_is_far = False
        else:
            b_is_far = far_pair and not (regular(k + 1) and not arrived_regular)
        a_is_far = far_pair and not b_is_far
        after_far = False
        if b_is_far:
            parts[-1][-1] = merge_into(a, b)  # b is a's far index: the fan ends here
            if k + 1 < len(steps):
                parts.append([ordered[k + 2]])
                after_far = True
            k += 2
            continue
        if a_is_far:
            parts.append([merge_into(b, a)])  # a is b's far index: a fan starts at b
            parts[-2].pop()
            k += 1
            continue
        if steps[k] > params.gap_factor * short and steps[k] > params.min_gap * scale:
            parts.append([])
        parts[-1].append(b)
        k += 1
    out: list[list[Slot]] = []
    for part in (p for p in parts if p):
        out.extend(_trim_ends(part, axis, params))
    return out


# A reading between two fan cards whose own gap is one fan step (within this share of the
# steps on either side) and that lies this near one of them (x that gap) is no card.
WEDGED_GAP = (0.75, 1.35)
WEDGED_NEAR = 0.6


def _drop_wedged(ordered: list[Slot], steps: list[float]) -> tuple[list[Slot], list[Slot]]:
    """The line without its wedged reading, and that reading (none when it was folded into
    a neighbour read as the same card): a lone suit-open reading lying between two cards
    that are a whole fan step apart without it (held-out still 000077: a box on the ink
    between the JD's and the QD's far indices, read 10H with its suit open, which took the
    fan's 10D out of the line at an odd step). Only an open one, and less sure than both
    its neighbours: a card read plainly there may be a fan laid tighter at its end, and a
    sure open reading a covered card beside a gap where a card is hidden (clip 8187: a set
    of fours one step short of a hidden card's gap)."""
    for k in range(1, len(ordered) - 1):
        slot = ordered[k]
        if len(slot.detections) != 1 or not slot.detections[0].suit_open:
            continue
        before, after = steps[k - 1], steps[k]
        # the fan's steps on either side (a line may run on into another fan further out)
        beside = steps[max(k - 2, 0) : k - 1] + steps[k + 1 : k + 2]
        if not beside:
            continue
        joined = before + after
        regular = all(WEDGED_GAP[0] * b <= joined <= WEDGED_GAP[1] * b for b in beside)
        unsure = slot.detections[0].best_confidence < min(
            ordered[k - 1].confidence, ordered[k + 1].confidence
        )
        if unsure and regular and min(before, after) < WEDGED_NEAR * joined:
            # read as a neighbour's card, it is that card read twice (val23 still 000103: a
            # 10H's corner boxed twice, one box moved onto the fan's midline); else it goes
            twin = next((n for n in (k - 1, k + 1) if ordered[n].card == slot.card), None)
            if twin is None:
                return ordered[:k] + ordered[k + 1 :], [slot]
            out = list(ordered)
            out[twin] = merge_into(ordered[twin], slot)
            del out[k]
            return out, []
    return ordered, []


def _fold_part_steps(
    ordered: list[Slot],
    steps: list[float],
    under: float,
    under_any: float,
    standing: Callable[[Slot, Slot], tuple[Slot, Slot]],
) -> list[Slot]:
    """Two readings of one card closer than ``under`` along the fan are one index read
    twice (a wide "10" boxed by halves): copies in a set lie a whole fan step apart; the
    surer stands. Readings of two cards closer than ``under_any`` are one index read as
    both (QD and QH boxes half overlapping): ``standing`` says which stands for it; the
    other's reading goes with it."""
    out = [ordered[0]]
    for step, slot in zip(steps, ordered[1:], strict=True):
        if slot.card == out[-1].card and step < under:
            keep, other = sorted((out[-1], slot), key=lambda s: -s.confidence)
            out[-1] = merge_into(keep, other)
        elif step < under_any:
            out[-1] = merge_into(*standing(out[-1], slot))
        else:
            out.append(slot)
    return out


def _standing(
    a: Slot, b: Slot, line: Sequence[Slot], axis: PointXY, nearer: float
) -> tuple[Slot, Slot]:
    """Of two cards' readings at one place on a fan, the one that stands for it first: the
    one on the fan's line when the other lies clearly off it (a neighbouring card's corner
    next to the fan's first card), else the surer (the first on a tie). Rare, so the
    line's middle is found only here."""
    origin = line[0].center_xy
    middle = median([project(s.center_xy, origin, axis)[1] for s in line])

    def off_line(s: Slot) -> float:  # in index heights
        return abs(project(s.center_xy, origin, axis)[1] - middle) / max(s.scale_px, 1.0)

    off_a, off_b = off_line(a), off_line(b)
    if abs(off_a - off_b) > nearer:
        return (a, b) if off_a < off_b else (b, a)
    return (a, b) if a.confidence >= b.confidence else (b, a)


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
    # a card laid slightly askew moves its index by a share of an index height, whatever
    # the step: a short fan's relative bounds alone would cut its own cards
    slack = params.end_slack * median([s.scale_px for s in part])

    def even(step: float) -> bool:
        return min(lo * inner, inner - slack) <= step <= max(hi * inner, inner + slack)

    if not even(steps[-1]):
        lone.append([part.pop()])
    if not even(steps[0]):
        lone.append([part.pop(0)])
    return [part, *lone]


def _best_line(members: list[Slot], params: GroupingParams) -> tuple[list[Slot], PointXY] | None:
    """The longest run of evenly stepped indices on one straight line, tried through every
    pair of near neighbours (a component may hold fans at right angles)."""
    best: tuple[int, float, list[Slot], PointXY] | None = None
    for i, a in enumerate(members):
        near = sorted(
            (distance(a.center_xy, b.center_xy), j)
            for j, b in enumerate(members)
            if j != i and b.card != a.card
        )[:2]
        for step, j in near:
            b = members[j]
            if step > params.link_radius * a.scale_px:
                continue
            axis = canonical_direction(
                (b.center_xy[0] - a.center_xy[0], b.center_xy[1] - a.center_xy[1])
            )
            tol = params.line_tolerance * a.scale_px
            on = [
                (project(m.center_xy, a.center_xy, axis), m)
                for m in members
                if abs(project(m.center_xy, a.center_xy, axis)[1]) <= tol
            ]
            on.sort(key=lambda x: x[0][0])
            # the stretch around a and b without a gap of more than 2.5 steps
            pos = [x[0][0] for x in on]
            k = next(n for n, x in enumerate(on) if x[1] is a)
            lo = hi = k
            while lo > 0 and pos[lo] - pos[lo - 1] <= params.line_gap_steps * step:
                lo -= 1
            while hi < len(on) - 1 and pos[hi + 1] - pos[hi] <= params.line_gap_steps * step:
                hi += 1
            run = [x[1] for x in on[lo : hi + 1]]
            spread = sum(abs(x[0][1]) for x in on[lo : hi + 1]) / len(run)
            if b not in run:
                continue
            if best is None or (len(run), -spread) > (best[0], -best[1]):
                best = (len(run), spread, run, axis)
    if best is None:
        return None
    run = best[2]
    return run, principal_axis([m.center_xy for m in run]) if len(run) > 2 else best[3]


def group_chains(
    slots: Sequence[Slot], params: GroupingParams = GroupingParams()
) -> tuple[list[Chain], list[Slot]]:
    """Chains of two or more slots, and the slots that belong to no chain."""
    chains: list[Chain] = []
    singles: list[Slot] = []
    for comp in components(slots, params):
        rest = list(comp)
        found_here: list[tuple[int, Chain]] = []  # (the line it came from, chain)
        cut: list[tuple[int, Slot]] = []
        n_line = 0
        while len(rest) >= 2:
            found = _best_line(rest, params)
            if found is None:
                break
            line, axis = found
            rest = [m for m in rest if all(m is not x for x in line)]
            n_line += 1
            fans = unzip(line, params.unzip)
            for fan in fans:
                fan_axis = principal_axis([m.center_xy for m in fan]) if len(fans) > 1 else axis
                for part in _split_steps(fan, fan_axis, params):
                    if len(part) == 1:
                        cut.append((n_line, part[0]))
                    else:
                        found_here.append((n_line, Chain(tuple(part), fan_axis)))
        # an index cut off one line at an odd step may carry on another line found later
        carried, left = continue_chains(found_here, cut, params)
        chains.extend(carried)
        singles.extend(left + rest)
    chains, lone = _take_from_crossing_pairs(chains, params)
    return chains, singles + lone


def _across(a: PointXY, b: PointXY) -> bool:
    """Two unit axes more than 45 degrees apart."""
    return abs(a[0] * b[0] + a[1] * b[1]) < math.sqrt(0.5)


def _take_from_crossing_pairs(
    chains: list[Chain], params: GroupingParams
) -> tuple[list[Chain], list[Slot]]:
    """A fan's top card whose nearest index is another card's corner (a far corner lying
    beside it, across the fan) can pair with that corner into a two-slot chain of its own,
    apart from its fan. When one slot of such a pair carries a longer chain on at an even
    step and the pair lies across that chain, the slot goes back to the fan."""
    out = list(chains)
    for k, pair in enumerate(chains):
        if len(pair.slots) != 2:
            continue
        fits = [
            (n, i, end)
            for n, chain in enumerate(out)
            if len(chain.slots) >= 3 and _across(pair.axis_xy, chain.axis_xy)
            for i, slot in enumerate(pair.slots)
            if (end := _fits_end(chain, slot, params)) is not None
        ]
        if len(fits) != 1:
            continue
        n, i, end = fits[0]
        slot, other = pair.slots[i], pair.slots[1 - i]
        old = out[n].slots
        out[n] = replace(out[n], slots=(*old, slot) if end == -1 else (slot, *old))
        out[k] = replace(pair, slots=(other,))
    return [c for c in out if len(c.slots) >= 2], [c.slots[0] for c in out if len(c.slots) == 1]


def _fits_end(chain: Chain, slot: Slot, params: GroupingParams) -> int | None:
    """0 or -1 when the slot lies on the chain's line one even step past that end."""
    axis = chain.axis_xy
    o = chain.slots[0].center_xy
    along = [project(s.center_xy, o, axis)[0] for s in chain.slots]
    step = median([b - a for a, b in pairwise(along)])
    pos, off = project(slot.center_xy, o, axis)
    scale = median([s.scale_px for s in chain.slots])
    if step <= 0 or abs(off) > params.line_tolerance * scale:
        return None
    lo, hi = params.end_step
    slack = params.end_slack * scale
    low, high = min(lo * step, step - slack), max(hi * step, step + slack)
    if low <= pos - along[-1] <= high:
        return -1
    if low <= along[0] - pos <= high:
        return 0
    return None


def continue_chains(
    chains: list[tuple[int, Chain]], cut: list[tuple[int, Slot]], params: GroupingParams
) -> tuple[list[Chain], list[Slot]]:
    """Put each index cut off a line back at the end of a chain of another line that it
    carries on evenly (a meld's first card whose index also lay on a crossing fan's line,
    taken with that line first)."""
    out = [chain for _, chain in chains]
    left: list[Slot] = []
    for origin, slot in cut:
        fits = [
            (n, end)
            for n, (line, chain) in enumerate(chains)
            if line != origin and (end := _fits_end(chain, slot, params)) is not None
        ]
        if len(fits) != 1:
            left.append(slot)
            continue
        n, end = fits[0]
        old = out[n].slots
        out[n] = replace(out[n], slots=(*old, slot) if end == -1 else (slot, *old))
    return out, left
