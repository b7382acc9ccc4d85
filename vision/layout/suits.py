"""Settling a covered suit from the meld around it.

A fan laid tight hides the suit under a rank that reads plainly, and the reader then
reports the card suit-open (``CardDetection.suit_open``): sure of the rank, not of the
suit. Cards fanned together are one rank or one suit (that much a camera may assume: it
is how a table is laid, not a verdict), so when the meld's other natural cards all show
one suit in different ranks (a run) and that suit is among the open card's options, the
card is read in that suit, as sure as its rank.

In a set (every natural card one rank) a covered suit cannot be settled, but it does not
matter to the rules: a set's legality and points rest on its rank and its wilds alone. So an
open card of the set's rank, or an open two (in a set every two is a wild), is read in its
likeliest suit that the set does not already hold twice, only as sure as that suit's own
reading, and marked like a suit read from a run, so that the referee says the suit was not
seen. Dropping it instead left a three-card set with two covered suits unlaid, and its
points missing from the score. Anywhere else an open card stays unread, as it would without
the option: a run's suit is never guessed.

Twos and jokers never decide a run's suit (a two may be a wild of any suit), and an open
two in a run is never settled (a wild two in a run of hearts may be a spade).

A card read plainly can be *contested* too: the classifier weighed another suit of its rank
nearly as much (``CardDetection.rivals``; the held-out deck's clubs, drawn like spades, read
9S 0.55 / 9C 0.40), or its own readings name two suits of its rank (one corner misread:
7S at one, 7C at the other). Such a card never decides the run's suit against a sure card,
and is read in the run's suit when that suit is among its options, marked as a covered
suit is. A card read in another suit without that option stays as read, for the referee
to call.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from vision.layout.types import Slot
from vision.types import CardDetection, rank_of

# A run's suit needs this many sure natural cards (not twos, not jokers) showing it.
MIN_SURE_NATURALS = 2


def is_open(slot: Slot) -> bool:
    """True when every reading of the slot is suit-open (a card seen at its other corner
    whole is read plainly there)."""
    return bool(slot.detections) and all(d.suit_open for d in slot.detections)


def plain(slot: Slot) -> Slot:
    """The slot as its sure readings give it: a slot holding a sure and an open reading
    takes the sure one's card."""
    sure = [d for d in slot.detections if not d.suit_open]
    if not sure or len(sure) == len(slot.detections):
        return slot
    best = max(sure, key=lambda d: d.confidence)
    detections = tuple(d if not d.suit_open else _as_plain(d, best.card) for d in slot.detections)
    return replace(slot, card=best.card, confidence=best.confidence, detections=detections)


def run_suit(slots: Sequence[Slot], min_naturals: int = MIN_SURE_NATURALS) -> str | None:
    """The suit of a run, read from its natural cards (not twos, not jokers, not open);
    None when they do not make one: fewer than ``min_naturals`` showing it, a rank twice
    (a set), or two suits where neither card's reading allows the other.

    A contested card (``is_contested``) never decides the suit against a sure one, but
    counts for it when it shows it."""
    naturals = [s for s in slots if not is_open(s) and is_natural(s.card)]
    ranks = [rank_of(s.card) for s in naturals]
    if len(set(ranks)) != len(ranks):
        return None
    firm = {s.card[-1] for s in naturals if not is_contested(s)}
    shown = firm or {s.card[-1] for s in naturals}
    if len(shown) != 1:
        return None
    suit = shown.pop()
    if any(s.card[-1] != suit and rank_of(s.card) + suit not in options(s) for s in naturals):
        return None
    if sum(s.card[-1] == suit for s in naturals) < min_naturals:
        return None
    return suit


def is_natural(card: str) -> bool:
    """Neither a joker nor a two: a card that can only stand for itself."""
    return card != "JK" and rank_of(card) != "2"


def options(slot: Slot) -> set[str]:
    """Every card the slot's readings allow."""
    return {o for d in slot.detections for o in (d.card, *d.other_suits, *d.rivals)}


def settle(slot: Slot, suit: str | None, sure_ranks: set[str]) -> Slot | None:
    """The open slot read in the run's ``suit``, or None when the meld cannot tell."""
    rank = rank_of(slot.card)
    if suit is None or rank in ("2", "JK") or rank in sure_ranks:
        return None
    return read_in(slot, rank + suit)


def read_in(slot: Slot, card: str) -> Slot | None:
    """The slot read as ``card`` when its readings allow it, as sure as its rank."""
    if card not in options(slot):
        return None
    return _marked(slot, tuple(_as_plain(d, card) for d in slot.detections))


def is_contested(slot: Slot) -> bool:
    """True when the slot is read plainly but another suit of its rank is in play: the
    classifier weighed it nearly as much (a rival, ``vision.reader.ranks.RIVAL_RATIO``),
    or another of the card's corners was read in it (the slot takes its card from one
    corner, which may be the misread one: val14 still 000045, 7C and 7S)."""
    rank = rank_of(slot.card)
    if is_open(slot):
        return False
    named = {c for d in slot.detections for c in (d.card, *d.rivals) if rank_of(c) == rank}
    return len(named) > 1


def settle_contested(slot: Slot, suit: str | None) -> Slot:
    """The contested slot read in the run's ``suit`` where its rivals allow it; else as
    read (a two keeps its suit: a wild two of another suit is legal in any run)."""
    rank = rank_of(slot.card)
    if suit is None or slot.card.endswith(suit) or rank == "2":
        return slot
    return read_in(slot, rank + suit) or slot


def set_rank(slots: Sequence[Slot]) -> str | None:
    """The rank of a set: every natural card (sure or open; not twos, not jokers) shows
    it, and there are at least two of them (a set holds at most one wild). None otherwise."""
    ranks = [rank_of(s.card) for s in slots if is_natural(s.card)]
    if len(ranks) < 2 or len(set(ranks)) != 1:
        return None
    return ranks[0]


def likeliest_in_set(slot: Slot, held: Sequence[str]) -> Slot | None:
    """The open slot read in its likeliest suit that ``held`` (the set's other cards) does
    not already hold twice, as sure as that card's own reading; None when no suit is left."""
    best = max(slot.detections, key=lambda d: d.best_confidence)
    card = next((c for c in (best.card, *best.other_suits) if held.count(c) < 2), None)
    if card is None:
        return None
    return _marked(slot, tuple(_as_guess(d, card) for d in slot.detections), guessed=True)


def _marked(slot: Slot, detections: tuple[CardDetection, ...], guessed: bool = False) -> Slot:
    """The slot read as its new ``detections`` say (one card), marked as a suit the card's
    own index did not show."""
    return replace(
        slot,
        card=detections[0].card,
        confidence=max(d.confidence for d in detections),
        detections=detections,
        suit_from_meld=True,
        suit_guessed=guessed,
    )


def settle_suits(slots: Sequence[Slot]) -> list[Slot]:
    """The meld's slots, open ones settled in place (in a run, in the run's suit; in a
    set, in their likeliest suit), contested ones read in the run's suit where their
    reading allows it; open ones it cannot settle are dropped."""
    # The usual case, on every frame: nothing open, no suit contested (a rival of another
    # rank is no matter here).
    if not any(is_contested(s) or any(d.suit_open for d in s.detections) for s in slots):
        return list(slots)
    slots = [plain(s) for s in slots]
    suit = run_suit(slots)
    in_set = set_rank(slots) is not None
    sure_ranks = {rank_of(s.card) for s in slots if not is_open(s)}
    held = [s.card for s in slots if not is_open(s)]
    kept: list[Slot] = []
    for slot in slots:
        if is_open(slot) and in_set:
            settled = likeliest_in_set(slot, held)
            if settled is not None:
                held.append(settled.card)
        elif is_open(slot):
            settled = settle(slot, suit, sure_ranks)
        elif is_contested(slot):
            settled = settle_contested(slot, suit)
        else:
            settled = slot
        if settled is not None:
            kept.append(settled)
    return kept


def _as_plain(det: CardDetection, card: str) -> CardDetection:
    """An open or contested reading whose suit the meld settled: from here on the card, as
    sure as its rank (the memory keeps it as any other reading)."""
    return replace(
        det,
        card=card,
        confidence=det.best_confidence,
        rank_confidence=None,
        other_suits=(),
        rivals=(),
        far_rivals=(),
    )


def _as_guess(det: CardDetection, card: str) -> CardDetection:
    """An open reading taken as ``card``, a set's guess: only as sure as the likeliest
    card's own reading (detector x its probability), never as its rank."""
    return replace(det, card=card, rank_confidence=None, other_suits=(), rivals=(), far_rivals=())


def drop_open(slots: Sequence[Slot]) -> list[Slot]:
    """Loose cards: no meld to settle a suit from, so open readings are not reported."""
    return [plain(s) for s in slots if not is_open(s)]
