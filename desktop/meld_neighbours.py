"""A zone's melds read together: cards that the layout left in no meld or gave to the
wrong one of two neighbouring melds.

A card in no meld a fan step beyond a legal meld's end is taken by it
(``take_in_line``); end cards that break a meld and fit the meld laid end to end with it
are handed over (``hand_over_broken_ends``); two melds on one line that make one legal
meld are joined (``join_end_to_end``), and one fan that is two legal melds is parted
(``end_to_end``). In a still, cards lying together in no fan are gathered
(``gather_loose``). Each rule asks the engine only about melds that lie beside each other,
since the hand's memory runs them on every frame.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import combinations, pairwise

from desktop.fan_line import FanLine
from desktop.meld_order import MIN_MELD_CARDS, orient
from desktop.meld_repairs import (
    Apart,
    card_that_breaks,
    end_pair_that_breaks,
    end_that_breaks,
    the_one_apart,
)
from engine import Rules
from vision.layout.connected import connected_groups
from vision.layout.geometry import (
    canonical_direction,
    distance,
    median,
    order_along,
    principal_axis,
)
from vision.layout.types import MeldGroup, Slot
from vision.tracking.slots import WILD_LABELS
from vision.types import CARD_LABELS

# Cards in no meld lying this close (x their index height) are one group when gathering
# cards whose fan the layout could not follow (``gather_loose``).
GATHER_REACH = 5.0
# ...or when a corner of one (or the midpoint of two) lies within a fan's step of the
# other's: fanned cards overlap there, loose cards seen whole lie further apart (val23
# still 000174: a 9D, a 9S and a 2S lying apart, 2.4 index heights corner to corner).
GATHER_CORNER_REACH = 2.2
# A wild between two melds laid end to end goes to the fan whose step it lies at only when
# it lies this much nearer (in steps) to that fan's step than to the other's.
WILD_STEP_MARGIN = 1.3


@dataclass(frozen=True)
class TakenInLine:
    """A zone's melds after ``take_in_line``: the melds, the cards still in no meld, and
    each card taken with the card of the meld's end it lay beyond: ((slot, end card), ...)."""

    melds: tuple[MeldGroup, ...]
    loose: tuple[Slot, ...]
    taken: tuple[tuple[Slot, str], ...]
    gathered: tuple[MeldGroup, ...] = ()  # melds read from cards in no fan (``gather_loose``)


def take_in_line(
    melds: Sequence[MeldGroup], loose: Sequence[Slot], rules: Rules, one_frame: bool = False
) -> TakenInLine:
    """A card in no meld lying on a legal meld's line a fan step beyond one of its ends,
    where the meld stays legal with it, is the meld's: most often its first card, laid
    a little apart before the fan covered it (val14 still 000106). Only when no
    other meld's end has it so: in a still, where it fits too (val23 still 000101: a 6S
    and a KC between a set of sixes and a clubs run, each the meld it fits); each meld
    takes at most one card."""
    if not loose or not melds:
        return TakenInLine(tuple(melds), tuple(loose), ())
    lines = [FanLine.of(m) for m in melds]
    claims: dict[int, list[tuple[int, str]]] = {}
    for k, slot in enumerate(loose):
        if slot.card in WILD_LABELS:
            continue  # a wild fits any run's end: where it lies says nothing of whose it is
        for j, line in enumerate(lines):
            places = _places(slot, one_frame)
            end = next((e for p in places if (e := line.end_beyond(p))), None)
            if end is not None and len(melds[j].slots) >= MIN_MELD_CARDS:
                claims.setdefault(k, []).append((j, end))
    legal: dict[int, bool] = {}  # asked of the rules only for melds a card lies beside

    def grown_if_legal(j: int, end: str, slot: Slot) -> MeldGroup | None:
        if j not in legal:
            legal[j] = orient(melds[j].cards, rules)[1].legal
        grown = _extended(melds[j], (slot,), end)
        return grown if legal[j] and orient(grown.cards, rules)[1].legal else None

    out = list(melds)
    taken: list[tuple[Slot, str]] = []
    used_melds: set[int] = set()
    used_loose: set[int] = set()
    for k, found in claims.items():
        slot = loose[k]
        if one_frame:
            # In a still only a meld the card fits claims it. A hand's memory keeps stray
            # readings in no meld too, and there any end the card lies beyond says it may
            # be no meld's (new clip 8183: a second 4D taken into a set of fours).
            found = [(j, end) for j, end in found if grown_if_legal(j, end, slot)]
        if len(found) != 1 or found[0][0] in used_melds:
            continue
        j, end = found[0]
        grown = grown_if_legal(j, end, slot)
        if grown is None:
            continue
        out[j] = grown
        used_melds.add(j)
        used_loose.add(k)
        taken.append((slot, melds[j].cards[-1] if end == "last" else melds[j].cards[0]))
    left = tuple(s for k, s in enumerate(loose) if k not in used_loose)
    return TakenInLine(tuple(out), left, tuple(taken))


def take_further(taken: TakenInLine, rules: Rules, passes: int = 3) -> TakenInLine:
    """In a still, a meld that took a card in line may take the next one beyond it too:
    the first cards of a run laid apart from its fan lie one fan step on from each other
    (val23 still 000153: ``10C JC`` before ``QC KC AC``, a spade run's end across them)."""
    for _ in range(passes):
        more = take_in_line(taken.melds, taken.loose, rules, one_frame=True)
        if not more.taken:
            break
        taken = TakenInLine(more.melds, more.loose, taken.taken + more.taken)
    return taken


def _places(slot: Slot, one_frame: bool = False) -> Iterator[Slot]:
    """Where a loose card may lie on a fan's line: its slot, and for a card read at two
    corners or more (seen whole, its slot centred among them) each corner's place, since
    the corner beside the fan is where a fanned card's index lies (val23 still 000191: a
    10H seen whole at the end of a set of tens). In one frame (a still) also the midpoint
    of each two corners: in a fan of cards lying sideways a card's place is between its two
    corners across the fan (val23 still 000044: a 5S seen whole at the head of such a spade
    run). Not in a hand's memory, which may keep a card of its fans seen whole again as a
    loose card at the fan's end (val23 hand 000078: a second QH taken so)."""
    yield slot
    corners = [det.center_xy for det in slot.detections]
    if len(corners) < 2:
        return
    for xy in corners:
        yield replace(slot, center_xy=xy)
    if one_frame and len(corners) > 2:
        for (ax, ay), (bx, by) in combinations(corners, 2):
            yield replace(slot, center_xy=(0.5 * (ax + bx), 0.5 * (ay + by)))


def _extended(meld: MeldGroup, slots: Sequence[Slot], end: str) -> MeldGroup:
    """``meld`` with ``slots`` laid beyond its ``end`` ("first" or "last"), the nearest
    to it first."""
    if end == "last":
        return replace(meld, slots=(*meld.slots, *slots))
    return replace(meld, slots=(*slots[::-1], *meld.slots))


def _broken_end_cards(meld: MeldGroup, rules: Rules) -> tuple[tuple[Slot, ...], MeldGroup] | None:
    """The end card of an illegal meld without which it is legal (``end_that_breaks``),
    else the two natural cards at one end without which it is (``end_pair_that_breaks``):
    those slots, outermost first, and the meld left. None when neither says which."""
    one = end_that_breaks(meld, rules)
    if one is not None:
        end, _, kept = one
        return (meld.slots[0] if end == "first" else meld.slots[-1],), kept
    pair = end_pair_that_breaks(meld, rules)
    if pair is None:
        return None
    slots, _, kept = pair
    outer_first = slots[0] == 0  # the pair at the meld's first end: slot 0 is outermost
    ordered = slots if outer_first else slots[::-1]
    return tuple(meld.slots[k] for k in ordered), kept


def hand_over_broken_ends(melds: Sequence[MeldGroup], rules: Rules) -> list[MeldGroup]:
    """Two melds laid end to end on one line meet at a fan's step, and the geometry alone
    cannot say where one ends: the first card of the second may be read as the last of
    the first. A card at one meld's end that breaks it, lying one fan step beyond an end of
    another meld on that meld's line, where it fits, is that meld's; so are the two end
    cards without which it is legal, where no one card is (``_broken_end_cards``; held-out
    still 000064: a spade run's ``JS 10S`` read into the diamonds run before it). Each meld
    gives or takes once, so nothing is passed along a row of melds. The rules are asked
    only of melds lying end to end (this runs on every frame)."""
    lines = [FanLine.of(m) for m in melds]
    out = list(melds)
    touched: set[int] = set()
    for i, meld in enumerate(melds):
        if i in touched or len(meld.slots) <= MIN_MELD_CARDS:
            continue  # a meld that short has no end to give (``end_that_breaks``)
        ends = (meld.slots[0], meld.slots[-1])
        beside = [
            j
            for j, line in enumerate(lines)
            if j != i and j not in touched and any(line.end_beyond(s) for s in ends)
        ]
        if not beside or orient(meld.cards, rules)[1].legal:
            continue
        given = _broken_end_cards(meld, rules)
        if given is None:
            continue
        handed, kept = given
        for j in beside:
            where = lines[j].end_beyond(handed[0])
            if where is None:
                continue
            grown = _extended(melds[j], handed, where)
            if orient(grown.cards, rules)[1].legal:
                out[i], out[j] = kept, grown
                touched |= {i, j}
                break
    return out


# Two melds read as one, with the cards of each: (the meld, (first's cards, second's)).
Joined = tuple[MeldGroup, tuple[tuple[str, ...], tuple[str, ...]] | None]


def join_end_to_end(melds: Sequence[MeldGroup], rules: Rules) -> list[Joined]:
    """Two legal melds lying end to end on one line, each one's end card a fan step beyond
    the other's end, whose cards in that order make one legal meld, are one meld the memory
    took for two (a run laid from its middle out, whose new cards a neighbour's corner kept
    from its fan: new clip 8208, ``7D 8D 9D 10D JD`` and ``4D 5D 6D``). One of the two may
    be illegal through one card at its far end from the other (``end_that_breaks``) when
    the joined cards are legal without it: the joined meld keeps the card, and judging it
    reads the card apart (val23 still 000167: ``AS 2D 3D 4D`` and ``5D 6D 7D 8D``). Each
    meld joins at most once; the first keeps its id. The rules are asked only of melds
    lying end to end (this runs on every frame)."""
    lines = [FanLine.of(m) for m in melds]
    legal: dict[int, bool] = {}

    def is_legal(k: int) -> bool:
        if k not in legal:
            meld = melds[k]
            legal[k] = len(meld.slots) >= MIN_MELD_CARDS and orient(meld.cards, rules)[1].legal
        return legal[k]

    broken: dict[int, Slot | None] = {}

    def broken_end(k: int) -> Slot | None:
        # the end card without which an illegal meld is legal (``end_that_breaks``)
        if k not in broken:
            apart = None if is_legal(k) else end_that_breaks(melds[k], rules)
            end = None if apart is None else apart[0]
            broken[k] = None if end is None else melds[k].slots[0 if end == "first" else -1]
        return broken[k]

    out: list[Joined | None] = [(m, None) for m in melds]
    done: set[int] = set()
    for i, j in ((i, j) for i in range(len(melds)) for j in range(len(melds)) if i < j):
        if i in done or j in done:
            continue
        slots = _end_to_end_slots(lines[i], lines[j])
        if slots is None:
            continue
        if is_legal(i) and is_legal(j):
            stray = None
        elif is_legal(i) or is_legal(j):
            stray = broken_end(j if is_legal(i) else i)
            if stray is None or not (stray is slots[0] or stray is slots[-1]):
                continue  # no end card breaks it, or that card lies at the join
        else:
            continue
        joined = replace(melds[i], slots=slots)
        judged = tuple(s.card for s in slots if s is not stray)  # the stray is read apart
        if orient(judged, rules)[1].legal:
            out[i], out[j] = (joined, (melds[i].cards, melds[j].cards)), None
            done |= {i, j}
    return [o for o in out if o is not None]


def _end_to_end_slots(a: FanLine, b: FanLine) -> tuple[Slot, ...] | None:
    """The slots of two melds in one line's order when an end of each lies a fan step
    beyond an end of the other, on the other's line; else None."""
    sa, sb = a.meld.slots, b.meld.slots
    for b_end, b_slots in ((sb[0], sb), (sb[-1], sb[::-1])):
        where = a.end_beyond(b_end)
        if where is None:
            continue
        a_end = sa[-1] if where == "last" else sa[0]
        if b.end_beyond(a_end) is None:
            continue
        return (*sa, *b_slots) if where == "last" else (*b_slots[::-1], *sa)
    return None


def end_to_end(meld: MeldGroup, rules: Rules) -> tuple[MeldGroup, MeldGroup] | None:
    """An illegal meld that no single card explains (``card_that_breaks``) and that
    parts at exactly one place into two legal melds of three cards or more: two melds laid
    end to end, read as one fan (two sets, or a run and a set, on one line). Two parts that
    one card between would join are one meld a card short, and are not parted. The first
    part keeps the meld's id. None when no place would do, or several, unless they are the
    two sides of one wild and its step says which (``_wild_by_its_step``)."""
    n = len(meld.slots)
    if n < 2 * MIN_MELD_CARDS or orient(meld.cards, rules)[1].legal:
        return None
    if card_that_breaks(meld, rules) is not None:
        return None
    cards = meld.cards
    splits = [
        (replace(meld, slots=meld.slots[:k]), replace(meld, slots=meld.slots[k:], meld_id=None))
        for k in range(MIN_MELD_CARDS, n - MIN_MELD_CARDS + 1)
        if orient(cards[:k], rules)[1].legal
        and orient(cards[k:], rules)[1].legal
        and not _one_card_joins(cards[:k], cards[k:], rules)
    ]
    if len(splits) == 1:
        return splits[0]
    return _wild_by_its_step(splits)


def _wild_by_its_step(
    splits: Sequence[tuple[MeldGroup, MeldGroup]],
) -> tuple[MeldGroup, MeldGroup] | None:
    """Of two partings that differ only in the side a wild between them goes to, the one
    that gives it to the fan whose step it lies at (held-out still 000004: ``9S 10S JS QS
    2H 10H JH QH KH``, the 2H 1.1 of the spades' steps from the QS and 1.8 of the hearts'
    from the 10H). None when the steps do not tell (one not ``WILD_STEP_MARGIN`` times
    nearer its fan's step than the other) or the partings differ otherwise."""
    if len(splits) != 2:
        return None
    (first, _), (with_wild, second) = splits
    k = len(first.slots)
    wild = with_wild.slots[-1]
    if len(with_wild.slots) != k + 1 or wild.card not in WILD_LABELS:
        return None
    before = _off_step(first.slots[-1], wild, first.slots)
    after = _off_step(wild, second.slots[0], second.slots)
    if before is None or after is None:
        return None
    if before * WILD_STEP_MARGIN <= after:
        return splits[1]  # the wild lies at the first fan's step: it is the first's
    if after * WILD_STEP_MARGIN <= before:
        return splits[0]
    return None


def _off_step(a: Slot, b: Slot, fan: Sequence[Slot]) -> float | None:
    """How far apart ``a`` and ``b`` lie in steps of ``fan`` (its median gap), as a ratio
    of at least 1 either way (half a step is as far off as two); None without a step."""
    step = median([distance(p.center_xy, q.center_xy) for p, q in pairwise(fan)])
    gap = distance(a.center_xy, b.center_xy)
    if step <= 0 or gap <= 0:
        return None
    ratio = gap / step
    return max(ratio, 1 / ratio)


def _one_card_joins(first: Sequence[str], second: Sequence[str], rules: Rules) -> bool:
    """Whether some card laid between two melds would make them one legal meld: then they
    are more likely one meld a card short (held-out clip 7013: ``KC QC JC 9C 2C 7C``, its
    10C hidden under the JC) than two runs of one suit laid end to end."""
    return any(orient((*first, card, *second), rules)[1].legal for card in CARD_LABELS)


def gather_loose(loose: Sequence[Slot], rules: Rules) -> tuple[list[MeldGroup], tuple[Slot, ...]]:
    """Cards in no meld that lie together and, in order along the line they spread on, make
    a legal meld: a fan the layout could not follow (held-out still 000022: a column of
    jacks fanned from its far end, every index read, each card left single). Cards lie
    together when their slots lie within ``GATHER_REACH`` of each other, or any of their
    corners within a fan's step (``GATHER_CORNER_REACH``, the corners of ``_places``:
    through the model that column's top card was centred at its far corners, out of the
    slots' reach from the next jack). Where all of them make no meld but all but one do,
    and only one natural card can be left out so, that card is another meld's lying
    beside them (val23 still 000153: a neighbour's 9S beside a clubs run); it stays loose.
    Any other group stays loose."""

    # each card's places (its slot, its corners, their midpoints), found once, not per pair
    places = [[p.center_xy for p in _places(slot, one_frame=True)] for slot in loose]

    def near(i: int, j: int) -> bool:
        scale = 0.5 * (loose[i].scale_px + loose[j].scale_px)
        if distance(loose[i].center_xy, loose[j].center_xy) <= GATHER_REACH * scale:
            return True
        reach = GATHER_CORNER_REACH * scale
        return any(distance(a, b) <= reach for a in places[i] for b in places[j])

    gathered: list[MeldGroup] = []
    left: list[Slot] = []
    for group in connected_groups(len(loose), near):
        slots = [loose[k] for k in group]
        meld = _in_line(slots) if len(slots) >= MIN_MELD_CARDS else None
        if meld is not None and orient(meld.cards, rules)[1].legal:
            gathered.append(meld)
            continue
        apart = _one_left_out(meld, rules) if meld is not None else None
        if apart is not None:
            (k,), _, rest = apart
            gathered.append(rest)
            left.append(meld.slots[k])
            continue
        left.extend(slots)
    return gathered, tuple(left)


def _one_left_out(group: MeldGroup, rules: Rules) -> Apart | None:
    """The one natural card of a group of four or more in no fan without which the rest
    make a legal meld (``the_one_apart``)."""
    if len(group.slots) <= MIN_MELD_CARDS:
        return None
    return the_one_apart(group, [(k,) for k in range(len(group.slots))], rules)


def _in_line(slots: Sequence[Slot]) -> MeldGroup:
    """Slots in order along the line they spread on."""
    axis = canonical_direction(principal_axis([s.center_xy for s in slots]))
    return MeldGroup(order_along(slots, axis), axis)
