"""One meld as the referee reads it (``MeldReading``): its cards in table order, the
engine's verdict, and every flag that asks the players to check something the camera
could not settle (a 2 hidden now, a covered suit, a weak card, room for an unread card,
a card in no meld in line with the meld's end).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from desktop.fan_line import FanLine, places_along
from desktop.meld_order import MIN_MELD_CARDS, orient
from desktop.meld_repairs import cards_that_break, rival_that_fits, set_aside_flag
from engine import MeldVerdict, Rules, judge_meld
from vision.layout.geometry import median
from vision.layout.suits import set_rank
from vision.layout.types import MeldGroup, Slot

TWOS = ("2C", "2D", "2H", "2S")


# Any wild stands for a card no frame read, where a meld is tried with one between.
JOKER = "JK"


# A fan step this many times its others leaves room for one card the camera did not read.
ROOM_FOR_A_CARD = (1.6, 2.6)


# A meld whose least sure card is read under this is said to rest on it. Video is read from
# 0.3 and a remembered card's confidence falls when its frames disagree; on the 54
# validation clips' final tables (shipped model, 2026-11-30) 15 of the 37 melds read wrong
# were legal and carried no flag: this marks 4 of them, and 7 of the 213 unflagged melds
# read exactly (0.4 would mark 5 and 18). A still is read from 0.3 too (``read_still``);
# a lower bar for stills alone flagged more exact melds than wrong ones on val14 + val23.
WEAK_CARD = 0.35


# A card in no meld lying this many fan steps beyond a meld's end, on its line (within
# HAND_OVER_ACROSS of its index height), may be the meld's: its first card whose index the
# memory never joined to the fan, with perhaps one card between that no frame read.
IN_LINE_STEPS = (0.5, 2.6)


# Beyond this many steps the card would leave a gap of one card between it and the end.
ONE_CARD_BETWEEN = 1.5


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
    # made the meld legal (``rival_that_fits``): (card read, card taken).
    rival_taken: tuple[str, str] | None = None
    # Read from cards lying together in no fan the layout could follow (``gather_loose``).
    gathered: bool = False
    # On a still, cards read as their close second because the meld held more copies of
    # the card first read than the deck has (``_copies_read_otherwise``): (card read, taken).
    copies_taken: tuple[tuple[str, str], ...] = ()
    # The end card beyond which the meld's next card would lie outside the camera's view
    # (``desktop.frame_edge``).
    off_frame_beyond: str | None = None

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
        if self.off_frame_beyond is not None:
            out["off_frame_beyond"] = self.off_frame_beyond
        return out


def judge_group(
    zone: str, meld: MeldGroup, rules: Rules, loose: Sequence[Slot] = ()
) -> MeldReading:
    """The engine's verdict on one meld and what the players should check in it; ``loose``
    are the zone's cards in no meld (one in line with the meld's end is pointed out)."""
    cards, verdict, flags = orient(meld.cards, rules)
    set_aside_slots: tuple[int, ...] = ()
    set_aside: tuple[str, ...] = ()
    rival_taken: tuple[str, str] | None = None
    if not verdict.legal and (fit := rival_that_fits(meld, rules)) is not None:
        rival_taken = (fit.read, fit.taken)
        meld = fit.meld
        cards, verdict, flags = orient(meld.cards, rules)
        behind = "further behind" if fit.far else "close behind"
        flags += (
            f"team {zone}: {fit.taken} in meld {' '.join(cards)} was read as {fit.read}, with "
            f"{fit.taken} {behind}, and only {fit.taken} makes the meld legal: read as "
            f"{fit.taken}; check it",
        )
    if not verdict.legal and (apart := cards_that_break(meld, rules)) is not None:
        set_aside_slots, set_aside, meld = apart
        cards, verdict, flags = orient(meld.cards, rules)
        flags += (set_aside_flag(zone, set_aside_slots, set_aside, cards),)
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
    steps = [abs(b - a) for a, b in pairwise(places_along(meld))]
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
    line = FanLine.of(meld)
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
