"""Reading a meld laid in table order: which card stands where, and what is wrong.

A *reading* places every card: in a set each wild stands for the set's rank; in a
sequence the cards fill consecutive slots, low to high as laid (slot 1 is the low ace,
2..13 the ranks 2..K, 14 the high ace), so a card's position decides what it stands for.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from engine.cards import Card, Rank, Suit
from engine.errors import Fault
from engine.rules import Rules

LOW_ACE_SLOT = 1
HIGH_ACE_SLOT = 14
NATURAL_TWO_SLOT = 2


class MeldKind(StrEnum):
    """A meld's type."""

    SET = "set"
    SEQUENCE = "sequence"


@dataclass(frozen=True, slots=True)
class CardRole:
    """What one card of a meld does: itself (natural) or a wild standing for a card.

    ``slot`` is the sequence slot (1 = low ace ... 13 = K, 14 = high ace), None in a set.
    A wild in a set stands for a rank only (``suit`` None).

    >>> str(CardRole(Card.parse("JK"), True, Rank.SEVEN, Suit.HEARTS, 7))
    'JK=7H'
    >>> str(CardRole(Card.parse("2H"), False, Rank.TWO, Suit.HEARTS, 2))
    '2H'
    """

    card: Card
    wild: bool
    rank: Rank | None
    suit: Suit | None
    slot: int | None

    def __str__(self) -> str:
        if not self.wild:
            return str(self.card)
        stands_for = "?" if self.rank is None else self.rank.value
        return f"{self.card}={stands_for}{self.suit.value if self.suit else ''}"


@dataclass(frozen=True, slots=True)
class Reading:
    """A meld read as one kind: the faults of that reading and every card's role."""

    kind: MeldKind
    faults: tuple[Fault, ...]
    roles: tuple[CardRole, ...]
    wilds: int


def read_set(cards: Sequence[Card], rules: Rules) -> Reading:
    """Read cards as a set: every 2 and joker is a wild standing for the set's rank."""
    rank = next(card.rank for card in cards if not card.is_wild)
    faults: list[Fault] = []
    roles = tuple(
        CardRole(card, True, rank, None, None)
        if card.is_wild
        else CardRole(card, False, card.rank, card.suit, None)
        for card in cards
    )
    wilds = sum(role.wild for role in roles)
    if wilds > 1:
        faults.append(Fault.TWO_WILDS)
    if rank.value not in rules.set_ranks:
        faults.append(Fault.SET_RANK_NOT_ALLOWED)
    return Reading(MeldKind.SET, tuple(faults), roles, wilds)


def run_suit(cards: Sequence[Card]) -> Suit | None:
    """The suit most natural (non-wild) cards share; ties go to the first laid."""
    counts = Counter(card.suit for card in cards if not card.is_wild)
    if not counts:
        return None
    best = max(counts.values())
    return next(suit for suit, count in counts.items() if count == best)


def read_sequence(cards: Sequence[Card], rules: Rules) -> Reading:
    """Read cards as a sequence laid low to high, choosing the placement that fits best.

    The first card's slot is not known in advance (an ace is low or high, a wild can be
    first), so each placement suggested by a natural card is tried; the one with the
    fewest misplaced cards, then the fewest wilds, gives the faults.
    """
    suit = run_suit(cards)
    # (rank number, is a 2 of the run's suit) per card; number 0 = joker
    numbers = [card.rank_number for card in cards]
    own_two = [card.is_two and card.suit is suit for card in cards]
    starts: set[int] = set()
    for index, number in enumerate(numbers):
        if number > 2:
            starts.add(number - index)
        elif number == 1:
            starts.update((1 - index, 14 - index))
        elif own_two[index]:
            starts.add(2 - index)
    best_key: tuple[int, int, int] | None = None
    best_start = 0
    for start in sorted(starts):
        misplaced = wrapped = wilds = 0
        for index, number in enumerate(numbers):
            slot = start + index
            inside = 1 <= slot <= 14
            if number == 0 or number == 2:
                if not inside:
                    wrapped += 1
                elif not (own_two[index] and slot == 2):
                    wilds += 1
            else:
                fault = _natural_place_fault(slot, number)
                misplaced += fault == "misplaced"
                wrapped += fault == "wrapped"
        key = (misplaced + wrapped, wilds, misplaced)
        if best_key is None or key < best_key:
            best_key, best_start = key, start
    return _sequence_reading(cards, suit, best_start, rules)


def _natural_place_fault(slot: int, number: int) -> str | None:
    """How a natural card of rank ``number`` fails slot ``slot`` of a run (1 = low ace,
    14 = high ace): "wrapped" when the slot lies past an end by whole turns of the ranks
    (K-A-2 going round), "misplaced" when it is any other rank's slot, None when it fits."""
    if 1 <= slot <= 14:
        return None if slot == number or (number == 1 and slot == 14) else "misplaced"
    return "wrapped" if (slot - number) % 13 == 0 else "misplaced"


def _sequence_reading(
    cards: Sequence[Card], suit: Suit | None, start: int, rules: Rules
) -> Reading:
    faults: list[Fault] = []
    roles: list[CardRole] = []
    misplaced = wrapped = wilds = 0
    ace_slots: list[int] = []
    for index, card in enumerate(cards):
        slot = start + index
        inside = 1 <= slot <= 14
        number = card.rank_number
        if card.is_wild:
            if not inside:
                wrapped += 1
                roles.append(CardRole(card, True, None, None, None))
            elif card.is_two and card.suit is suit and slot == 2:
                roles.append(CardRole(card, False, Rank.TWO, suit, slot))
            else:
                wilds += 1
                roles.append(CardRole(card, True, Rank.from_number(slot), suit, slot))
            continue
        roles.append(CardRole(card, False, card.rank, card.suit, slot if inside else None))
        if number == 1:
            ace_slots.append(slot)
        fault = _natural_place_fault(slot, number)
        misplaced += fault == "misplaced"
        wrapped += fault == "wrapped"
    both_ends = sorted(ace_slots) == [LOW_ACE_SLOT, HIGH_ACE_SLOT]
    if both_ends and not rules.two_aces_in_run:
        faults.append(Fault.ACE_BOTH_ENDS)
    counts = Counter(card.rank for card in cards if not card.is_wild)
    aces = counts.pop(Rank.ACE, 0)
    if any(count > 1 for count in counts.values()) or aces > 2 or (aces == 2 and not both_ends):
        faults.append(Fault.DUPLICATE_RANK)
    elif misplaced:
        faults.append(Fault.NOT_CONSECUTIVE)
    if wrapped:
        faults.append(Fault.WRAP_AROUND)
    if wilds > 1:
        faults.append(Fault.TWO_WILDS)
    if len({card.suit for card in cards if not card.is_wild}) > 1:
        faults.append(Fault.MIXED_SUITS)
    return Reading(MeldKind.SEQUENCE, tuple(faults), tuple(roles), wilds)
