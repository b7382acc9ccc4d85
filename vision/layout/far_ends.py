"""The far corner of a fan's top card, read on the fan's own line, can land at the head of
the next fan when two melds touch: two chains, one after the other on one line, whose
facing ends read the same card. It belongs to one of them; which one follows from the
way the fans are laid (the top card is the one whose far corner shows), learnt from the
fans around them whose ends say so already, from the fans' steps, or from the cards (a
fan is one suit or one rank). Only a four-index deck shows a far corner on the fan's
line (``build_layout`` asks only then).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from vision.layout.edges import edge_half_width
from vision.layout.geometry import distance, median, project
from vision.layout.grouping import FAN_STEP_MAX, Chain, merge_into
from vision.layout.suits import is_natural, set_rank
from vision.layout.top_cards import far_corner_off_line
from vision.layout.types import Slot
from vision.types import rank_of

OUTWARD = 1.0  # a far index lies at least this far (x index height) past its card
MELD = 3  # cards of the shortest meld
REGULAR_STEP = (0.6, 1.45)  # a fan's step, as a share of its other steps


def top_end(chain: Chain) -> int:
    """+1: the fan's top card is its last slot, -1: its first, 0: nothing says."""
    for end, sign in ((-1, 1), (0, -1)):
        slot = chain.slots[end]
        for det in slot.detections:
            along, _ = project(det.center_xy, slot.center_xy, chain.axis_xy)
            if sign * along >= OUTWARD * slot.scale_px:
                return sign
    return 0


def _facing_top(p: Chain, q: Chain) -> int:
    """+1: the facing card is the first chain's top card, -1: the second's, 0: unknown.
    When each chain shows its top card at its far end, the facing card is neither's: it is
    the top card of a meld laid back to back within the first chain (cut off later), if
    that chain is long enough to hold two."""
    p_top, q_top = top_end(p), top_end(q)
    if p_top == -1 and q_top == 1 and len(p.slots) >= 2 * MELD:
        return 1
    # A top card at a chain's far end says its facing end is its bottom card only where
    # the chain is one meld: one whose other cards make two melds of different fans may
    # hold a second meld laid in line, whose top card faces the other chain.
    if p_top == -1 and _two_fans(p.slots[:-1]):
        p_top = 0
    if q_top == 1 and _two_fans(q.slots[1:]):
        q_top = 0
    return p_top or q_top


def _two_fans(slots: Sequence[Slot]) -> bool:
    """Whether ``slots`` hold cards enough for two melds and their natural cards are
    neither of one rank nor of one suit: two fans laid in line, not one."""
    naturals = [s.card for s in slots if is_natural(s.card)]
    if len(slots) < 2 * MELD or len(naturals) < 2:
        return False
    return set_rank(slots) is None and len({c[-1] for c in naturals}) > 1


def _guess(chains: Sequence[Chain], skip: set[int], near: Slot) -> int:
    known = [
        (distance(c.slots[0].center_xy, near.center_xy), top_end(c))
        for i, c in enumerate(chains)
        if i not in skip and top_end(c) != 0
    ]
    return min(known)[1] if known else 1


def _facing(p: Chain, q: Chain, max_gap: float, max_across: float) -> bool:
    """Whether q starts, on p's line just past p's end, with the card p ends with."""
    if len(p.slots) < 2 or len(q.slots) < 2:
        return False
    if abs(p.axis_xy[0] * q.axis_xy[0] + p.axis_xy[1] * q.axis_xy[1]) < 0.95:
        return False
    a, b = p.slots[-1], q.slots[0]
    if a.card != b.card:
        return False
    along, across = project(b.center_xy, a.center_xy, p.axis_xy)
    scale = a.scale_px
    return 0 < along <= max_gap * scale and abs(across) <= max_across * scale


def _steps_on(chain: Chain, end: int) -> bool:
    """Whether the card at ``end`` of the chain (0 or -1) lies one fan step on from its
    neighbour, as the chain's other cards lie from theirs: a card of the fan, where a
    card's far corner lies a card's length on (1.45 steps and more). Cards on one line
    further apart than a fan lays them (a discard beside a meld) say nothing."""
    slots = chain.slots if end == -1 else chain.slots[::-1]
    if len(slots) < MELD:
        return False
    gaps = [distance(a.center_xy, b.center_xy) for a, b in pairwise(slots)]
    inner = median(gaps[:-1])
    fan_like = inner <= FAN_STEP_MAX * slots[-1].scale_px
    return fan_like and REGULAR_STEP[0] * inner <= gaps[-1] <= REGULAR_STEP[1] * inner


def _continues(others: Sequence[Slot], card: str) -> bool:
    """Whether ``card`` is of the fan the ``others`` make: at least two natural cards, all
    of its suit in other ranks than its own (a run) or all of its rank (a set). Twos and
    jokers say nothing: a wild may stand in any fan."""
    naturals = [s.card for s in others if is_natural(s.card)]
    if len(naturals) < 2 or not is_natural(card):
        return False
    if set_rank(others) == rank_of(card):
        return True
    ranks = [rank_of(c) for c in naturals]
    one_suit = all(c[-1] == card[-1] for c in naturals)
    return one_suit and len({*ranks, rank_of(card)}) == len(ranks) + 1


def _known_orient(p: Chain, q: Chain) -> int:
    """+1 or -1 when a top card, a chain too short to be a meld, the fans' steps or the
    cards say, else 0."""
    orient = _facing_top(p, q)
    if not orient and len(p.slots) < MELD <= len(q.slots):
        orient = -1  # p is too short to be a meld: its tail is q's corner
    elif not orient and len(q.slots) < MELD <= len(p.slots):
        orient = 1
    if not orient:
        # the facing card that lies a fan step on from its chain is that chain's card, and
        # the other reading is its far corner (held-out still 000031: 3S 4S 5S 6S, the
        # 6S's far corner at the head of a QC top card's chain)
        p_steps, q_steps = _steps_on(p, -1), _steps_on(q, 0)
        if p_steps != q_steps:
            orient = 1 if p_steps else -1
    if not orient:
        # cards fanned together are one suit or one rank: the facing card goes with the fan
        # it carries on (held-out still 000096: a 5H at the end of 4H 3H 2H AH, its far
        # corner at the end of QC KC AC; the guess from the fans around went to the clubs)
        card = p.slots[-1].card
        p_fits, q_fits = _continues(p.slots[:-1], card), _continues(q.slots[1:], card)
        if p_fits != q_fits:
            orient = 1 if p_fits else -1
    return orient


def _next_join(
    chains: Sequence[Chain],
    pending: set[tuple[int, int]],
    as_grouped: Sequence[Chain],
    max_gap: float,
    max_across: float,
) -> tuple[int, int, int] | None:
    """The facing pair to settle next, (i, j, orientation). A pair that nothing settles
    waits: settling the others shows top cards that may settle it (a column whose own top
    card shows at its far end lets the facing far corner go to the other chain). When
    none settles, the first is guessed from the chains as grouped (a guess follows the
    melds around, not the corners moved since)."""
    guess: tuple[int, int] | None = None
    for i, j in sorted(pending):
        if not _facing(chains[i], chains[j], max_gap, max_across):
            continue
        orient = _known_orient(chains[i], chains[j])
        if orient:
            return i, j, orient
        guess = guess or (i, j)
    if guess is None:
        return None
    i, j = guess
    return i, j, _guess(as_grouped, {i, j}, chains[i].slots[-1])


def resolve_far_ends(
    chains: Sequence[Chain], max_gap: float = 6.0, max_across: float = 0.8
) -> tuple[list[Chain], list[Slot]]:
    """Fold a far corner that heads the wrong chain into its card; chains left with one
    slot come back as lone slots."""
    out = list(chains)
    pending = {(i, j) for i in range(len(out)) for j in range(len(out)) if i != j}
    while (join := _next_join(out, pending, chains, max_gap, max_across)) is not None:
        i, j, orient = join
        pending.discard((i, j))
        p, q = out[i], out[j]
        a, b = p.slots[-1], q.slots[0]
        # A two-index card has one far corner (a four-index card's lie on both edges of
        # its fan, one maybe on the line the next fan carries on): when the card that
        # would take the other's end as its far corner shows one already, off the line,
        # the two are copies.
        one_edged = edge_half_width(p) is None and edge_half_width(q) is None
        taker, taker_end = (q, 0) if orient < 0 else (p, -1)
        if one_edged and far_corner_off_line(taker, taker_end, OUTWARD, OUTWARD) is not None:
            continue
        if orient > 0:  # p's top card is its last: q's head is that card's far corner
            out[i] = Chain((*p.slots[:-1], merge_into(a, b)), p.axis_xy)
            out[j] = Chain(q.slots[1:], q.axis_xy)
        else:  # q's top card is its first: p's tail is that card's far corner
            out[i] = Chain(p.slots[:-1], p.axis_xy)
            out[j] = Chain((merge_into(b, a), *q.slots[1:]), q.axis_xy)
    lone = [c.slots[0] for c in out if len(c.slots) == 1]
    return [c for c in out if len(c.slots) > 1], lone
