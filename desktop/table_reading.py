"""From the table's layout to the referee's reading: every meld judged by the engine,
the 108-card ledger, flags for the players, and (given what the camera cannot see) the
hand's score. This is where vision's geometric slot order meets the rules.

Slot order from vision is geometric (left to right, or top to bottom), which is the
table order only when the meld was laid that way round; a run laid high card first, or
seen from the other team's side, reads backwards. So each meld is judged both ways: a
run is legal in one direction only, and where both directions are legal and give a
different verdict the meld is flagged, never silently decided.

A fan's end is where a neighbouring card creeps in: the corner of a meld's top card lying
one fan step past the next meld, or a card laid at the end of the wrong fan. A card at
one end that makes an otherwise legal meld illegal is read apart from it, as a card of
its own on the team's side, and flagged for the players; a lay-off that truly breaks the
meld shows the same way, so nothing is hidden. Where no end does, one natural card inside
the meld that alone breaks it (a covered index read as another card) is read apart so, and
where no single card does, two natural cards at one end (a neighbouring meld's cards).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations, pairwise
from typing import Any

from desktop.still_ledger import other_indices, still_ledger
from engine import MeldVerdict, Rules, judge_meld
from vision.layout.connected import connected_groups
from vision.layout.geometry import (
    canonical_direction,
    distance,
    median,
    order_along,
    principal_axis,
    project,
)
from vision.layout.suits import set_rank
from vision.layout.types import TEAM_ZONES, MeldGroup, Slot, TableLayout, ZoneLayout
from vision.tracking.ledger import LedgerProblem, copies_of
from vision.tracking.slots import WILD_LABELS
from vision.types import CARD_LABELS

TWOS = ("2C", "2D", "2H", "2S")
# Any wild stands for a card no frame read, where a meld is tried with one between.
JOKER = "JK"
MIN_MELD_CARDS = 3
# A fan step this many times its others leaves room for one card the camera did not read.
ROOM_FOR_A_CARD = (1.6, 2.6)
# A meld whose least sure card is read under this is said to rest on it. Video is read from
# 0.3 and a remembered card's confidence falls when its frames disagree; on the 54
# validation clips' final tables (shipped model, 2026-11-30) 15 of the 37 melds read wrong
# were legal and carried no flag: this marks 4 of them, and 7 of the 213 unflagged melds
# read exactly (0.4 would mark 5 and 18). A still is read from 0.3 too (``read_still``);
# a lower bar for stills alone flagged more exact melds than wrong ones on val14 + val23.
WEAK_CARD = 0.35
# A card read apart from a meld's end is handed to the next meld on its line when it lies
# this many of that meld's fan steps beyond its end, and this far (x its index height)
# off its line.
HAND_OVER_STEPS = (0.5, 1.6)
HAND_OVER_ACROSS = 0.5
# A card in no meld lying this many fan steps beyond a meld's end, on its line (within
# HAND_OVER_ACROSS of its index height), may be the meld's: its first card whose index the
# memory never joined to the fan, with perhaps one card between that no frame read.
IN_LINE_STEPS = (0.5, 2.6)
# Beyond this many steps the card would leave a gap of one card between it and the end.
ONE_CARD_BETWEEN = 1.5
# Cards in no meld lying this close (x their index height) are one group when gathering
# cards whose fan the layout could not follow (``gather_loose``).
GATHER_REACH = 5.0


@dataclass(frozen=True)
class MeldReading:
    """One meld as the referee reads it: cards in table order and the engine's verdict."""

    zone: str
    cards: tuple[str, ...]
    verdict: MeldVerdict
    confidence: float
    meld_id: int | None = None
    flags: tuple[str, ...] = ()
    # The slots read apart from the meld (their indices in slot order), and their cards:
    # one card at the fan's end or inside it, or two at one end, that do not fit the meld.
    set_aside_slots: tuple[int, ...] = ()
    set_aside: tuple[str, ...] = ()
    # Cards whose suit was covered or unclear and read from the run around them.
    suits_from_run: tuple[str, ...] = ()
    # Neighbouring cards of an illegal meld with room for an unread card between them.
    room_between: tuple[tuple[str, str], ...] = ()
    # Cards the frames read in two suits, taken in the run's: (card taken, card read more).
    suits_disputed: tuple[tuple[str, str], ...] = ()
    # The card the meld rests on when it is read with little confidence (under WEAK_CARD).
    weak_card: str | None = None
    # Cards in no meld lying in line with one of the meld's ends, where the meld would take
    # them (``loose_in_line``).
    loose_in_line: tuple[str, ...] = ()
    # Cards of a set whose suit the camera never saw, read in their likeliest suit: the
    # set's verdict and points do not rest on it (``vision.layout.suits``).
    suits_unseen: tuple[str, ...] = ()
    # The card read otherwise than its reading's first choice, because only its near rival
    # made the meld legal (``_rival_that_fits``): (card read, card taken).
    rival_taken: tuple[str, str] | None = None
    # Read from cards lying together in no fan the layout could follow (``gather_loose``).
    gathered: bool = False
    # On a still, cards read as their close second because the meld held more copies of
    # the card first read than the deck has (``_copies_read_otherwise``): (card read, taken).
    copies_taken: tuple[tuple[str, str], ...] = ()

    @property
    def flagged(self) -> bool:
        """Whether the referee says anything about this meld: a fault, or a flag asking the
        players to check it. A meld read wrong that is neither is a silent error."""
        return bool(self.flags) or not self.verdict.legal

    def to_json(self) -> dict[str, Any]:
        v = self.verdict
        out: dict[str, Any] = {
            "cards": list(self.cards),
            "legal": v.legal,
            "faults": [f.value for f in v.faults],
            "type": None if v.kind is None else v.kind.value,
            "clean": v.clean,
            "burraco": None if v.burraco is None else v.burraco.value,
            "points": v.points,
            "confidence": round(self.confidence, 3),
        }
        if self.meld_id is not None:
            out["id"] = self.meld_id
        if self.suits_from_run:
            out["suit_from_run"] = list(self.suits_from_run)
        if self.suits_unseen:
            out["suit_unseen"] = list(self.suits_unseen)
        if self.room_between:
            out["room_between"] = [list(pair) for pair in self.room_between]
        if self.suits_disputed:
            out["suit_disputed"] = [list(pair) for pair in self.suits_disputed]
        if self.weak_card is not None:
            out["weak_card"] = self.weak_card
        if self.loose_in_line:
            out["loose_in_line"] = list(self.loose_in_line)
        if self.rival_taken is not None:
            out["read_as_rival"] = list(self.rival_taken)
        if self.copies_taken:
            out["copy_beyond_deck"] = [list(pair) for pair in self.copies_taken]
        if self.gathered:
            out["gathered"] = True
        return out


def _same_verdict(a: MeldVerdict, b: MeldVerdict) -> bool:
    return (a.legal, a.kind, a.clean, a.burraco, a.points) == (
        b.legal,
        b.kind,
        b.clean,
        b.burraco,
        b.points,
    )


def orient(
    cards: Sequence[str], rules: Rules
) -> tuple[tuple[str, ...], MeldVerdict, tuple[str, ...]]:
    """Table order, verdict and flags for cards read in geometric slot order."""
    forward = tuple(cards)
    backward = forward[::-1]
    v_fwd = judge_meld(forward, rules)
    v_bwd = judge_meld(backward, rules)
    if v_fwd.legal and v_bwd.legal:
        flags: tuple[str, ...] = ()
        if not _same_verdict(v_fwd, v_bwd):
            flags = (
                f"meld {' '.join(forward)}: direction unclear, read either way it is legal "
                f"but {'clean' if v_fwd.clean else 'dirty'} one way and "
                f"{'clean' if v_bwd.clean else 'dirty'} the other",
            )
        return forward, v_fwd, flags
    if v_bwd.legal:
        return backward, v_bwd, ()
    if v_fwd.legal:
        return forward, v_fwd, ()
    # Illegal both ways: report the reading with fewer faults (forward on a tie).
    if len(v_bwd.faults) < len(v_fwd.faults):
        return backward, v_bwd, ()
    return forward, v_fwd, ()


def two_flags(
    meld: MeldGroup, cards: Sequence[str], verdict: MeldVerdict, rules: Rules
) -> list[str]:
    """A 2 whose role (natural or wild) rests on a slot the camera does not see now."""
    if not verdict.legal or not any(c in TWOS for c in cards):
        return []
    unseen = {s.card for s in meld.slots if not s.visible}
    best = judge_meld(cards, rules, any_order=True)
    if not best.legal or best.clean == verdict.clean:
        return []
    doubtful = [c for c in cards if c in TWOS and c in unseen]
    if not doubtful:
        return []
    return [
        f"meld {' '.join(cards)}: {doubtful[0]} is hidden now, so whether it is natural "
        "or wild rests on where it was last seen; check it"
    ]


def covered_suit_flags(zone: str, meld: MeldGroup, cards: Sequence[str]) -> list[str]:
    """Cards whose suit the camera never saw plainly (a tight fan covers it, or the reader
    weighed two suits): in a run, read in the suit of the run around them, so say that a
    card of another suit would pass; in a set, read in their likeliest suit, so say that
    the suit is a guess the verdict does not rest on."""
    if is_set(meld):
        why = "read as its likeliest; a set's verdict and points do not rest on it"
    else:
        why = "read from the run's other cards"
    return [
        f"team {zone}: the suit of {slot.card} in meld {' '.join(cards)} is covered or "
        f"unclear; {why}"
        for slot in meld.slots
        if slot.suit_from_meld
    ]


def is_set(meld: MeldGroup) -> bool:
    """Whether the meld's natural cards all show one rank (``vision.layout.suits``)."""
    return set_rank(meld.slots) is not None


def split_suit_flags(
    zone: str, disputed: Sequence[tuple[str, str]], cards: Sequence[str]
) -> list[str]:
    """Cards the frames read in two suits, taken in the run's (``disputed``: the card
    taken, the card more frames read): say which, since the players may have laid that one."""
    return [
        f"team {zone}: {card} in meld {' '.join(cards)} was read as {other} in more frames; "
        "taken in the run's suit: check its corner"
        for card, other in disputed
    ]


def judge_group(
    zone: str, meld: MeldGroup, rules: Rules, loose: Sequence[Slot] = ()
) -> MeldReading:
    """The engine's verdict on one meld and what the players should check in it; ``loose``
    are the zone's cards in no meld (one in line with the meld's end is pointed out)."""
    cards, verdict, flags = orient(meld.cards, rules)
    set_aside_slots: tuple[int, ...] = ()
    set_aside: tuple[str, ...] = ()
    rival_taken: tuple[str, str] | None = None
    if not verdict.legal and (rival := _rival_that_fits(meld, rules)) is not None:
        read, taken, meld = rival
        rival_taken = (read, taken)
        cards, verdict, flags = orient(meld.cards, rules)
        flags += (
            f"team {zone}: {taken} in meld {' '.join(cards)} was read as {read}, with {taken} "
            f"close behind, and only {taken} makes the meld legal: read as {taken}; check it",
        )
    if not verdict.legal and (apart := _cards_that_break(meld, rules)) is not None:
        set_aside_slots, set_aside, meld = apart
        cards, verdict, flags = orient(meld.cards, rules)
        flags += (_set_aside_flag(zone, set_aside_slots, set_aside, cards),)
    flags += tuple(two_flags(meld, cards, verdict, rules))
    flags += tuple(covered_suit_flags(zone, meld, cards))
    disputed = tuple(
        (slot.card, slot.read_otherwise) for slot in meld.slots if slot.read_otherwise is not None
    )
    flags += tuple(split_suit_flags(zone, disputed, cards))
    copies_taken = tuple(
        (slot.copy_beyond_deck, slot.card)
        for slot in meld.slots
        if slot.copy_beyond_deck is not None
    )
    flags += tuple(
        f"team {zone}: meld {' '.join(cards)} was read with more copies of {read} than the "
        f"deck holds: one read as {taken}, its close second; check it"
        for read, taken in copies_taken
    )
    not_seen = tuple(slot.card for slot in meld.slots if slot.suit_from_meld)
    in_set = is_set(meld)
    weak = weak_card(meld)
    if weak is not None:
        flags += (
            f"team {zone}: meld {' '.join(cards)} rests on {weak.card}, read with little "
            f"confidence ({weak.confidence:.2f}): check it",
        )
    room = tuple(room_for_a_card(meld))
    check = "check there" if verdict.legal else "check there before calling the fault"
    flags += tuple(
        f"team {zone}: meld {' '.join(cards)} leaves room for a card between {a} and {b} "
        f"that the camera does not read: {check}"
        for a, b in room
    )
    in_line = tuple(loose_in_line(meld, loose, rules))
    flags += tuple(
        f"team {zone}: {card} lies in line with meld {' '.join(cards)}, beyond {end}, in no "
        "meld: check whether the meld holds it"
        for card, end in in_line
    )
    return MeldReading(
        zone,
        cards,
        verdict,
        meld.confidence,
        meld.meld_id,
        flags,
        set_aside_slots,
        set_aside,
        () if in_set else not_seen,
        room,
        disputed,
        None if weak is None else weak.card,
        tuple(card for card, _ in in_line),
        not_seen if in_set else (),
        rival_taken,
        copies_taken=copies_taken,
    )


def weak_card(meld: MeldGroup) -> Slot | None:
    """The meld's least sure card, when it is read under ``WEAK_CARD`` (a meld's confidence
    is its least sure card's)."""
    if not meld.slots or meld.confidence >= WEAK_CARD:
        return None
    return min(meld.slots, key=lambda s: s.confidence)


def room_for_a_card(meld: MeldGroup) -> list[tuple[str, str]]:
    """Neighbouring cards whose fan step is about twice the others: a card may lie between
    them that the camera does not read (covered too far by the next card, its index too
    small). For an illegal meld, so that a run read with a gap there is not taken for a
    fault the players made (on the 54 validation clips' final tables it marks 6 of the 15
    illegal melds, 4 of them where the camera missed a card); for a legal one, since a
    set or a run read short is legal too (on the 108 validation and fresh clips it marks
    4 of the 22 legal melds read wrong without any other flag, and 5 of 411 read exactly)."""
    if len(meld.slots) < MIN_MELD_CARDS:
        return []
    steps = [abs(b - a) for a, b in pairwise(_along(meld))]
    lo, hi = ROOM_FOR_A_CARD
    out = []
    for k, step in enumerate(steps):
        usual = median(steps[:k] + steps[k + 1 :])  # the fan's step, without this one
        if usual > 0 and lo * usual <= step <= hi * usual:
            out.append((meld.slots[k].card, meld.slots[k + 1].card))
    return out


def loose_in_line(meld: MeldGroup, loose: Sequence[Slot], rules: Rules) -> list[tuple[str, str]]:
    """Cards in no meld that lie on the meld's line just beyond one of its ends (0.5-2.6
    fan steps) and that the meld would take there, each with the end card it lies beyond.
    Such a card is often the meld's own first card, read in frames where the memory did
    not join it to the fan, and a meld read without it is still legal, so nothing else
    would say so. Past 1.5 steps a card no frame read may lie between: the meld must then
    take the card directly or with a wild between. On the 108 validation and fresh clips' final
    tables this marks 2 of the 22 legal melds read wrong without any other flag, and 2 of
    the 411 read exactly (with ``room_for_a_card`` on legal melds: 6 and 7). In a table
    reading, a natural card a fan step beyond a legal meld is taken first (``take_in_line``)."""
    if not loose or len(meld.slots) < MIN_MELD_CARDS:
        return []  # read_table asks this of every meld on every frame
    line = _FanLine.of(meld)
    out = []
    for slot in loose:
        beyond = line.steps_beyond(slot, IN_LINE_STEPS)
        if beyond is None:
            continue
        end, steps = beyond
        gaps: tuple[tuple[str, ...], ...] = ((), (JOKER,)) if steps > ONE_CARD_BETWEEN else ((),)
        if any(orient(_joined(meld.cards, gap, slot.card, end), rules)[1].legal for gap in gaps):
            out.append((slot.card, meld.cards[-1] if end == "last" else meld.cards[0]))
    return out


def _joined(cards: Sequence[str], gap: Sequence[str], card: str, end: str) -> tuple[str, ...]:
    """``cards`` with ``card`` added at ``end`` ("first" or "last"), ``gap`` between."""
    if end == "last":
        return (*cards, *gap, card)
    return (card, *gap, *cards)


def _set_aside_flag(
    zone: str, slots: Sequence[int], set_aside: Sequence[str], cards: Sequence[str]
) -> str:
    """What the players are told of cards read apart from a meld (``cards``, what is left)."""
    meld = " ".join(cards)
    if len(set_aside) > 1:
        return (
            f"team {zone}: {' '.join(set_aside)} lie at the end of meld {meld} but do not "
            "fit it; read as cards of their own (a neighbouring meld's cards, or lay-offs to "
            "take back)"
        )
    inside = 0 < slots[0] < len(cards)
    return (
        f"team {zone}: {set_aside[0]} lies {'inside' if inside else 'at the end of'} meld "
        f"{meld} but does not fit it; read as a card of its own (a neighbouring card, or a "
        "lay-off to take back)"
    )


# Cards read apart from a meld: their slots, their cards, and the meld left.
Apart = tuple[tuple[int, ...], tuple[str, ...], MeldGroup]


def _rival_that_fits(meld: MeldGroup, rules: Rules) -> tuple[str, str, MeldGroup] | None:
    """The one card of an illegal meld whose reading weighed another card nearly as much
    (``CardDetection.rivals``, or a suit-open reading's other suits) where that other card
    makes the meld legal: the card read, the rival taken and the meld with it. None when
    no rival, or several, would do. A misread index is the commonest reason a meld the
    players laid legally reads illegal (a covered 9H read 8H in ``10H 8H 8H 7H``), and the
    classifier's second choice is often the true card; a fault is never hidden by it, since
    the meld is then flagged for the players to check."""
    fits: dict[tuple[int, str], MeldGroup] = {}
    for k, slot in enumerate(meld.slots):
        for det in slot.detections:
            for other in (*det.rivals, *det.other_suits):
                if other == slot.card or (k, other) in fits:
                    continue
                slots = (*meld.slots[:k], replace(slot, card=other), *meld.slots[k + 1 :])
                changed = replace(meld, slots=slots)
                if orient(changed.cards, rules)[1].legal:
                    fits[(k, other)] = changed
    if len(fits) != 1:
        return None
    (((k, other), changed),) = fits.items()
    return meld.slots[k].card, other, changed


def _cards_that_break(meld: MeldGroup, rules: Rules) -> Apart | None:
    """The cards of an illegal meld read apart from it: their slots, their cards and the
    meld left. One card first (``_card_that_breaks``); where no single card explains the
    fault, two natural cards at one end (``_end_pair_that_breaks``)."""
    one = _card_that_breaks(meld, rules)
    if one is not None:
        slot, card, kept = one
        return (slot,), (card,), kept
    return _end_pair_that_breaks(meld, rules)


def _the_one_apart(
    meld: MeldGroup, choices: Sequence[tuple[int, ...]], rules: Rules
) -> Apart | None:
    """Of ``choices`` (slot indices to take out), the one whose natural cards leave a legal
    meld when taken out; None when none, or several, would do (then nothing says which
    cards are not the meld's). A card that can be wild is never read apart: a second wild
    laid on a meld is a fault the players make, and the meld must be reported illegal."""
    fits = []
    for slots in choices:
        cards = tuple(meld.slots[k].card for k in slots)
        if any(card in WILD_LABELS for card in cards):
            continue
        kept = replace(meld, slots=tuple(s for k, s in enumerate(meld.slots) if k not in slots))
        if orient(kept.cards, rules)[1].legal:
            fits.append((slots, cards, kept))
    return fits[0] if len(fits) == 1 else None


def _end_pair_that_breaks(meld: MeldGroup, rules: Rules) -> Apart | None:
    """The two natural cards at one end of an illegal meld without which it is a legal meld
    of three cards or more, when the two at the other end would not do: two cards of a
    neighbouring meld taken into the fan (new clip 8215: a set's ``4C 4D`` at the end of
    ``6S 7S ... QS``). Wilds are never read apart (validation clip 8028's
    ``6C 5C JK 3C 5D 2H`` stays whole, its 2H may be wild)."""
    n = len(meld.slots)
    if n < MIN_MELD_CARDS + 2:
        return None
    return _the_one_apart(meld, ((0, 1), (n - 2, n - 1)), rules)


def _end_that_breaks(meld: MeldGroup, rules: Rules) -> tuple[str, str, MeldGroup] | None:
    """The one end of an illegal meld without which it is legal: which end, its card, and
    the meld left (``_the_one_apart``: never a wild, and None when both ends would do)."""
    n = len(meld.slots)
    if n <= MIN_MELD_CARDS:
        return None
    apart = _the_one_apart(meld, ((0,), (n - 1,)), rules)
    if apart is None:
        return None
    (slot,), (card,), kept = apart
    return ("first" if slot == 0 else "last"), card, kept


def _card_that_breaks(meld: MeldGroup, rules: Rules) -> tuple[int, str, MeldGroup] | None:
    """The one card of an illegal meld without which it is legal: its slot, its card and
    the meld left. An end card first (``_end_that_breaks``); where no end does, the one
    natural card inside the meld that does: a covered index read as another card and taken
    into the fan among its cards (new clip 8165: ``8S 7S 9S 6S 5S``). None when no card,
    or several, would do; a card that can be wild is never read apart."""
    end = _end_that_breaks(meld, rules)
    if end is not None:
        which, card, kept = end
        return (0 if which == "first" else len(meld.slots) - 1), card, kept
    n = len(meld.slots)
    if n <= MIN_MELD_CARDS:
        return None
    apart = _the_one_apart(meld, [(k,) for k in range(1, n - 1)], rules)
    if apart is None:
        return None
    (slot,), (card,), kept = apart
    return slot, card, kept


def _judged_apart(
    zone: str, meld: MeldGroup, rules: Rules, loose: Sequence[Slot]
) -> tuple[MeldReading, ...]:
    """The meld judged, or, when it is two melds laid end to end and read as one fan
    (``end_to_end``), each of them judged and flagged."""
    parts = end_to_end(meld, rules)
    if parts is None:
        return (judge_group(zone, meld, rules, loose),)
    first, second = (judge_group(zone, part, rules, loose) for part in parts)
    flag = (
        f"team {zone}: melds {' '.join(first.cards)} and {' '.join(second.cards)} lie as one "
        "fan: read as two melds laid end to end; check"
    )
    return tuple(replace(r, flags=(*r.flags, flag)) for r in (first, second))


def judged_groups(zone: ZoneLayout, rules: Rules) -> list[MeldGroup]:
    """A zone's melds as the referee judges them, one group per meld it reads: a card in
    no meld taken in line (``take_in_line``), cards handed over between melds laid end to
    end (``hand_over_broken_ends``), two melds joined (``join_end_to_end``), and a fan that
    is two melds parted (``end_to_end``)."""
    out: list[MeldGroup] = []
    for meld, _ in _zone_groups(zone, rules)[1]:
        out.extend(end_to_end(meld, rules) or (meld,))
    return out


def _zone_groups(
    zone: ZoneLayout, rules: Rules, one_frame: bool = False
) -> tuple[TakenInLine, list[Joined]]:
    """A zone's melds before each is judged, and the zone's cards taken in line. Where the
    zone is one frame's (a still), not a hand's memory, cards lying together in no fan are
    gathered too (``gather_loose``), and a card seen whole is tried at more places
    (``_places``). A memory builds its melds fan by fan as they are laid, and the cards it
    keeps in no meld are what is left (on the forty held-out clips gathering them read four
    melds that were not there)."""
    taken = take_in_line(zone.melds, zone.loose, rules, one_frame)
    if one_frame:
        taken = _take_further(taken, rules)
    joined = join_end_to_end(hand_over_broken_ends(taken.melds, rules), rules)
    if not one_frame:
        return taken, joined
    gathered, left = gather_loose(taken.loose, rules)
    taken = replace(taken, loose=left, gathered=tuple(gathered))
    return taken, joined + [(g, None) for g in gathered]


def gather_loose(loose: Sequence[Slot], rules: Rules) -> tuple[list[MeldGroup], tuple[Slot, ...]]:
    """Cards in no meld that lie together and, in order along the line they spread on, make
    a legal meld: a fan the layout could not follow (held-out still 000022: a column of
    jacks fanned from its far end, every index read, each card left single). Where all of
    them make no meld but all but one do, and only one natural card can be left out so,
    that card is another meld's lying beside them (val23 still 000153: a neighbour's 9S
    beside a clubs run); it stays loose. Any other group stays loose."""

    def near(i: int, j: int) -> bool:
        reach = GATHER_REACH * 0.5 * (loose[i].scale_px + loose[j].scale_px)
        return distance(loose[i].center_xy, loose[j].center_xy) <= reach

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
    make a legal meld (``_the_one_apart``)."""
    if len(group.slots) <= MIN_MELD_CARDS:
        return None
    return _the_one_apart(group, [(k,) for k in range(len(group.slots))], rules)


def _in_line(slots: Sequence[Slot]) -> MeldGroup:
    """Slots in order along the line they spread on."""
    axis = canonical_direction(principal_axis([s.center_xy for s in slots]))
    return MeldGroup(order_along(slots, axis), axis)


# Two melds read as one, with the cards of each: (the meld, (first's cards, second's)).
Joined = tuple[MeldGroup, tuple[tuple[str, ...], tuple[str, ...]] | None]


def join_end_to_end(melds: Sequence[MeldGroup], rules: Rules) -> list[Joined]:
    """Two legal melds lying end to end on one line, each one's end card a fan step beyond
    the other's end, whose cards in that order make one legal meld, are one meld the memory
    took for two (a run laid from its middle out, whose new cards a neighbour's corner kept
    from its fan: new clip 8208, ``7D 8D 9D 10D JD`` and ``4D 5D 6D``). One of the two may
    be illegal through one card at its far end from the other (``_end_that_breaks``) when
    the joined cards are legal without it: the joined meld keeps the card, and judging it
    reads the card apart (val23 still 000167: ``AS 2D 3D 4D`` and ``5D 6D 7D 8D``). Each
    meld joins at most once; the first keeps its id. The rules are asked only of melds
    lying end to end (this runs on every frame)."""
    lines = [_FanLine.of(m) for m in melds]
    legal: dict[int, bool] = {}

    def is_legal(k: int) -> bool:
        if k not in legal:
            meld = melds[k]
            legal[k] = len(meld.slots) >= MIN_MELD_CARDS and orient(meld.cards, rules)[1].legal
        return legal[k]

    broken: dict[int, Slot | None] = {}

    def broken_end(k: int) -> Slot | None:
        # the end card without which an illegal meld is legal (``_end_that_breaks``)
        if k not in broken:
            apart = None if is_legal(k) else _end_that_breaks(melds[k], rules)
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


def _end_to_end_slots(a: _FanLine, b: _FanLine) -> tuple[Slot, ...] | None:
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


def _joined_flag(
    zone: str, reading: MeldReading, joined: tuple[tuple[str, ...], tuple[str, ...]] | None
) -> MeldReading:
    if joined is None:
        return reading
    flag = (
        f"team {zone}: melds {' '.join(joined[0])} and {' '.join(joined[1])} lie end to end "
        "on one line: read as one meld; check"
    )
    return replace(reading, flags=(*reading.flags, flag))


def end_to_end(meld: MeldGroup, rules: Rules) -> tuple[MeldGroup, MeldGroup] | None:
    """An illegal meld that no single card explains (``_card_that_breaks``) and that
    parts at exactly one place into two legal melds of three cards or more: two melds laid
    end to end, read as one fan (two sets, or a run and a set, on one line). Two parts that
    one card between would join are one meld a card short, and are not parted. The first
    part keeps the meld's id. None when no place, or several, would do."""
    n = len(meld.slots)
    if n < 2 * MIN_MELD_CARDS or orient(meld.cards, rules)[1].legal:
        return None
    if _card_that_breaks(meld, rules) is not None:
        return None
    cards = meld.cards
    splits = [
        (replace(meld, slots=meld.slots[:k]), replace(meld, slots=meld.slots[k:], meld_id=None))
        for k in range(MIN_MELD_CARDS, n - MIN_MELD_CARDS + 1)
        if orient(cards[:k], rules)[1].legal
        and orient(cards[k:], rules)[1].legal
        and not _one_card_joins(cards[:k], cards[k:], rules)
    ]
    return splits[0] if len(splits) == 1 else None


def _one_card_joins(first: Sequence[str], second: Sequence[str], rules: Rules) -> bool:
    """Whether some card laid between two melds would make them one legal meld: then they
    are more likely one meld a card short (held-out clip 7013: ``KC QC JC 9C 2C 7C``, its
    10C hidden under the JC) than two runs of one suit laid end to end."""
    return any(orient((*first, card, *second), rules)[1].legal for card in CARD_LABELS)


def _along(meld: MeldGroup) -> list[float]:
    """Each slot's place along the meld's axis, from its first slot."""
    origin = meld.slots[0].center_xy
    return [project(s.center_xy, origin, meld.axis_xy)[0] for s in meld.slots]


def hand_over_broken_ends(melds: Sequence[MeldGroup], rules: Rules) -> list[MeldGroup]:
    """Two melds laid end to end on one line meet at a fan's step, and the geometry alone
    cannot say where one ends: the first card of the second may be read as the last of
    the first. A card at one meld's end that breaks it, lying one fan step beyond an end of
    another meld on that meld's line, where it fits, is that meld's; so are the two end
    cards without which it is legal, where no one card is (``_broken_end_cards``; held-out
    still 000064: a spade run's ``JS 10S`` read into the diamonds run before it). Each meld
    gives or takes once, so nothing is passed along a row of melds. The rules are asked
    only of melds lying end to end (this runs on every frame)."""
    lines = [_FanLine.of(m) for m in melds]
    out = list(melds)
    touched: set[int] = set()
    for i, meld in enumerate(melds):
        if i in touched or len(meld.slots) <= MIN_MELD_CARDS:
            continue  # a meld that short has no end to give (``_end_that_breaks``)
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


def _extended(meld: MeldGroup, slots: Sequence[Slot], end: str) -> MeldGroup:
    """``meld`` with ``slots`` laid beyond its ``end`` ("first" or "last"), the nearest
    to it first."""
    if end == "last":
        return replace(meld, slots=(*meld.slots, *slots))
    return replace(meld, slots=(*slots[::-1], *meld.slots))


def _broken_end_cards(meld: MeldGroup, rules: Rules) -> tuple[tuple[Slot, ...], MeldGroup] | None:
    """The end card of an illegal meld without which it is legal (``_end_that_breaks``),
    else the two natural cards at one end without which it is (``_end_pair_that_breaks``):
    those slots, outermost first, and the meld left. None when neither says which."""
    one = _end_that_breaks(meld, rules)
    if one is not None:
        end, _, kept = one
        return (meld.slots[0] if end == "first" else meld.slots[-1],), kept
    pair = _end_pair_that_breaks(meld, rules)
    if pair is None:
        return None
    slots, _, kept = pair
    outer_first = slots[0] == 0  # the pair at the meld's first end: slot 0 is outermost
    ordered = slots if outer_first else slots[::-1]
    return tuple(meld.slots[k] for k in ordered), kept


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
    lines = [_FanLine.of(m) for m in melds]
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


def _take_further(taken: TakenInLine, rules: Rules, passes: int = 3) -> TakenInLine:
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


def _taken_flag(
    zone: str, reading: MeldReading, group: MeldGroup, taken: Sequence[tuple[Slot, str]]
) -> MeldReading:
    """Flag a meld whose ``group`` took a card in no meld lying in line with it
    (``take_in_line``)."""
    said = [
        f"team {zone}: {slot.card} lay in line with meld {' '.join(reading.cards)}, a fan "
        f"step beyond {end}, in no meld: read as its card; check"
        for slot, end in taken
        if any(s is slot for s in group.slots) and slot.card in reading.cards
    ]
    return reading if not said else replace(reading, flags=(*reading.flags, *said))


def _gathered_flag(zone: str, reading: MeldReading, gathered: bool) -> MeldReading:
    """Flag a meld read from cards in no fan (``gather_loose``)."""
    if not gathered:
        return reading
    said = (
        f"team {zone}: meld {' '.join(reading.cards)} read from cards lying together in no "
        "fan the camera could follow: check it"
    )
    return replace(reading, flags=(*reading.flags, said), gathered=True)


@dataclass(frozen=True)
class _FanLine:
    """Where a meld's slots lie along its axis, and its fan step."""

    meld: MeldGroup
    along: tuple[float, ...]
    step: float

    @staticmethod
    def of(meld: MeldGroup) -> _FanLine:
        along = tuple(_along(meld)) if meld.slots else ()
        return _FanLine(meld, along, median([abs(b - a) for a, b in pairwise(along)]))

    def end_beyond(self, slot: Slot) -> str | None:
        """The end ("first" or "last") that ``slot`` lies beyond, on the meld's line a
        fan's step on, or None."""
        beyond = self.steps_beyond(slot, HAND_OVER_STEPS)
        return None if beyond is None else beyond[0]

    def steps_beyond(self, slot: Slot, steps: tuple[float, float]) -> tuple[str, float] | None:
        """The end ("first" or "last") that ``slot`` lies beyond on the meld's line, and
        by how many fan steps, when that is within ``steps``; else None."""
        if len(self.along) < 2 or self.step <= 0:
            return None
        at, across = project(slot.center_xy, self.meld.slots[0].center_xy, self.meld.axis_xy)
        if abs(across) > HAND_OVER_ACROSS * slot.scale_px:
            return None
        way = 1.0 if self.along[-1] >= self.along[0] else -1.0  # slot order vs the axis
        lo, hi = steps
        past_last = (at - self.along[-1]) * way / self.step
        if lo <= past_last <= hi:
            return "last", past_last
        past_first = (self.along[0] - at) * way / self.step
        if lo <= past_first <= hi:
            return "first", past_first
        return None


@dataclass(frozen=True)
class TableReading:
    melds: Mapping[str, tuple[MeldReading, ...]]
    discard: tuple[str, ...]
    shown: Mapping[str, tuple[str, ...]]
    ledger: tuple[LedgerProblem, ...]
    flags: tuple[str, ...]
    score: Mapping[str, Any] | None = None
    events: tuple[Mapping[str, Any], ...] = field(default=())

    def to_json(self, with_events: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {
            "zones": {
                z: {"melds": [m.to_json() for m in self.melds.get(z, ())]} for z in TEAM_ZONES
            },
            "discard": list(self.discard),
            "ledger": [p.to_json() for p in self.ledger],
            "flags": list(self.flags),
            "score": None if self.score is None else dict(self.score),
        }
        if with_events:
            out["events"] = [dict(e) for e in self.events]
        return out


def _copies_read_otherwise(layout: TableLayout) -> TableLayout:
    """A still's meld holding more copies of a card than the deck has (``KS KS KS KD 2H``):
    its least sure copies beyond the deck's are read as their close second
    (``CardDetection.rivals``, or a suit-open reading's other suits) where the table holds a
    free copy of that card, and flagged for the players. Only inside one meld: a card
    counted twice (in its fan and again loose beside it) is no misread. A still has no
    history to settle the ledger with; the classifier's second choice stands for it. The
    hand's memory settles its ledger from each card's frames (``vision.tracking.ledger``).
    The slot keeps the card first read (``Slot.copy_beyond_deck``) for its meld's flag."""
    counts = Counter(slot.card for _, _, slot in layout.all_slots())
    changed: dict[str, ZoneLayout] = {}
    for zone in TEAM_ZONES:
        melds = layout.zone(zone).melds
        read_again = tuple(_copies_within_deck(meld, counts) for meld in melds)
        if any(new is not old for new, old in zip(read_again, melds, strict=True)):
            changed[zone] = replace(layout.zone(zone), melds=read_again)
    return replace(layout, zones={**layout.zones, **changed}) if changed else layout


def _copies_within_deck(meld: MeldGroup, counts: Counter[str]) -> MeldGroup:
    """``meld`` with its copies beyond the deck's read as their close second where a copy
    of it is free (``counts``, the table's cards, kept up to date); the same object when
    nothing is read otherwise."""
    slots = list(meld.slots)
    for card, held in Counter(meld.cards).items():
        excess = held - copies_of(card)
        if excess <= 0:
            continue
        least_sure_first = sorted(
            (k for k, slot in enumerate(slots) if slot.card == card),
            key=lambda k: slots[k].confidence,
        )
        for k in least_sure_first:
            others = (o for d in slots[k].detections for o in (*d.rivals, *d.other_suits))
            free = next((o for o in others if counts[o] < copies_of(o)), None)
            if free is None:
                continue
            slots[k] = replace(slots[k], card=free, copy_beyond_deck=card)
            counts[card] -= 1
            counts[free] += 1
            excess -= 1
            if excess == 0:
                break
    if all(new is old for new, old in zip(slots, meld.slots, strict=True)):
        return meld
    return replace(meld, slots=tuple(slots))


def read_table(
    layout: TableLayout,
    rules: Rules,
    ledger: Sequence[LedgerProblem] | None = None,
    events: Sequence[Mapping[str, Any]] = (),
) -> TableReading:
    """Judge every meld of a layout: one frame's (a still: ``ledger`` None, the frame's own
    ledger is checked, and its loose cards are read with the still's rules, ``_zone_groups``)
    or a hand's remembered table (``ledger``: the memory's ledger problems)."""
    melds: dict[str, tuple[MeldReading, ...]] = {}
    flags: list[str] = []
    if ledger is None:
        layout = _copies_read_otherwise(layout)
    seconds = other_indices(layout)  # a meld card's other index is no card in no meld
    for zone in TEAM_ZONES:
        taken, groups = _zone_groups(layout.zone(zone), rules, one_frame=ledger is None)
        loose_slots = taken.loose
        readings = tuple(
            _gathered_flag(
                zone,
                _taken_flag(zone, _joined_flag(zone, reading, joined), m, taken.taken),
                any(m is g for g in taken.gathered),
            )
            for m, joined in groups
            for reading in _judged_apart(zone, m, rules, loose_slots)
        )
        melds[zone] = readings
        for r in readings:
            flags.extend(r.flags)
            if not r.verdict.legal:
                faults = ", ".join(f.value for f in r.verdict.faults)
                flags.append(f"team {zone} meld {' '.join(r.cards)} is not legal: {faults}")
        loose = [s.card for s in loose_slots if (s.card, s.center_xy) not in seconds]
        loose += [c for r in readings for c in r.set_aside]
        if loose:
            flags.append(f"cards on team {zone}'s side in no meld: {' '.join(loose)}")
    problems = list(ledger) if ledger is not None else still_ledger(layout)
    flags.extend(p.message() for p in problems if p.resolved_as is None)
    unassigned = [s.card for s in layout.zone("unassigned").loose] + [
        c for m in layout.zone("unassigned").melds for c in m.cards
    ]
    if unassigned:
        flags.append(f"cards outside every zone: {' '.join(unassigned)}")
    shown = {
        z: layout.zone(f"{z}_shown").cards for z in TEAM_ZONES if layout.zone(f"{z}_shown").cards
    }
    return TableReading(
        melds,
        layout.zone("discard").cards,
        shown,
        tuple(problems),
        tuple(flags),
        None,
        tuple(events),
    )
