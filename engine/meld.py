"""Judging one meld: legal or not (with every fault), kind, clean/dirty, points.

``judge_meld`` reads the cards in table order (as laid, low to high for a sequence) or,
with ``any_order=True``, finds the best legal arrangement of the same cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.burraco import BurracoKind, classify_burraco
from engine.cards import Card, over_count, parse_cards
from engine.errors import Fault, IllegalMeldError, sorted_faults
from engine.readings import CardRole, MeldKind, Reading, read_sequence, read_set, run_suit
from engine.rules import PAGAT, Rules

MIN_MELD_CARDS = 3


@dataclass(frozen=True, slots=True)
class MeldVerdict:
    """The engine's verdict on one meld.

    ``kind``, ``clean``, ``burraco`` and ``points`` are None when the meld is illegal;
    ``faults`` lists every reason (most important first) and ``reason`` is the first.
    ``roles`` says what each card does, in the order of ``cards`` (table order).
    """

    cards: tuple[Card, ...]
    legal: bool
    kind: MeldKind | None
    clean: bool | None
    burraco: BurracoKind | None
    points: int | None
    bonus: int
    faults: tuple[Fault, ...]
    roles: tuple[CardRole, ...]

    @property
    def reason(self) -> Fault | None:
        """The main fault, or None for a legal meld."""
        return self.faults[0] if self.faults else None

    @property
    def wild(self) -> CardRole | None:
        """The substituting wild of a legal meld, if it has one."""
        return next((role for role in self.roles if role.wild), None)

    def to_json(self) -> dict[str, Any]:
        """The shape of a meld vector's ``expected``, plus ``faults``."""
        return {
            "legal": self.legal,
            "type": None if self.kind is None else self.kind.value,
            "clean": self.clean,
            "burraco": None if self.burraco is None else self.burraco.value,
            "points": self.points,
            "reason": None if self.reason is None else self.reason.value,
            "faults": [fault.value for fault in self.faults],
        }


def judge_meld(
    cards: Iterable[Card | str], rules: Rules = PAGAT, *, any_order: bool = False
) -> MeldVerdict:
    """Judge a meld. Cards are in table order unless ``any_order``.

    >>> verdict = judge_meld(["2H", "3H", "4H", "5H", "6H", "7H", "8H"])
    >>> verdict.legal, verdict.kind, verdict.burraco, verdict.points, verdict.bonus
    (True, <MeldKind.SEQUENCE: 'sequence'>, <BurracoKind.CLEAN: 'clean'>, 55, 200)
    >>> judge_meld(["3H", "4H", "JK", "2S"]).faults
    (<Fault.TWO_WILDS: 'two_wilds'>,)
    >>> [str(role) for role in judge_meld(["3H", "4H", "5H", "2H"], any_order=True).roles]
    ['2H', '3H', '4H', '5H']
    """
    laid = parse_cards(cards)
    if any_order:
        return _best_reading(laid, rules)
    return _judge_in_order(laid, rules)


def verify_meld(
    cards: Iterable[Card | str], rules: Rules = PAGAT, *, any_order: bool = False
) -> MeldVerdict:
    """The verdict of a legal meld; raise :class:`IllegalMeldError` (with every fault) if not.

    >>> verify_meld(["JK", "JK", "JK"])
    Traceback (most recent call last):
    ...
    engine.errors.IllegalMeldError: JK JK JK is not a legal meld: only_wilds
    """
    verdict = judge_meld(cards, rules, any_order=any_order)
    if not verdict.legal:
        laid = " ".join(str(card) for card in verdict.cards)
        codes = ", ".join(fault.value for fault in verdict.faults)
        raise IllegalMeldError(f"{laid} is not a legal meld: {codes}", verdict.faults)
    return verdict


def is_legal_meld(
    cards: Iterable[Card | str], rules: Rules = PAGAT, *, any_order: bool = False
) -> bool:
    """Whether the cards make a legal meld.

    >>> is_legal_meld(["QH", "KH", "AH"]), is_legal_meld(["KH", "AH", "2H"])
    (True, False)
    """
    return judge_meld(cards, rules, any_order=any_order).legal


def _judge_in_order(cards: tuple[Card, ...], rules: Rules) -> MeldVerdict:
    common: list[Fault] = []
    if len(cards) < MIN_MELD_CARDS:
        common.append(Fault.TOO_FEW_CARDS)
    if over_count(cards, rules.decks, rules.jokers):
        common.append(Fault.IMPOSSIBLE_CARD_COUNT)
    reading = _read(cards, rules)
    if isinstance(reading, Fault):
        faults = sorted_faults((*common, reading))
        roles = tuple(CardRole(card, card.is_wild, None, None, None) for card in cards)
        return MeldVerdict(cards, False, None, None, None, None, 0, faults, roles)
    faults = sorted_faults((*common, *reading.faults))
    if faults:
        return MeldVerdict(cards, False, None, None, None, None, 0, faults, reading.roles)
    burraco, bonus = classify_burraco(reading.kind, reading.roles, rules)
    points = sum(rules.value_of(card) for card in cards)
    return MeldVerdict(
        cards, True, reading.kind, reading.wilds == 0, burraco, points, bonus, (), reading.roles
    )


def _read(cards: tuple[Card, ...], rules: Rules) -> Reading | Fault:
    """The reading that fits the cards best, or the fault that rules out every reading."""
    naturals = [card for card in cards if not card.is_wild]
    if not naturals:
        return Fault.ONLY_WILDS if cards else Fault.TOO_FEW_CARDS
    ranks = {card.rank for card in naturals}
    if len(ranks) == 1:
        as_set = read_set(cards, rules)
        if len(naturals) > 1 or not as_set.faults:
            return as_set
        # one natural card and wilds: it may be a sequence with a natural 2 (2H 3H JK)
        as_run = read_sequence(cards, rules)
        return as_run if len(as_run.faults) < len(as_set.faults) else as_set
    suits = {card.suit for card in naturals}
    if len(suits) > 1 and len(ranks) < len(naturals):
        return Fault.NOT_SET_OR_SEQUENCE
    return read_sequence(cards, rules)


def _best_reading(cards: tuple[Card, ...], rules: Rules) -> MeldVerdict:
    """The best verdict over a few arrangements: legal, then clean, then biggest bonus."""
    verdicts = [_judge_in_order(cards, rules)]
    naturals = [card for card in cards if not card.is_wild]
    if len({card.rank for card in naturals}) != 1 or len(naturals) == 1:
        verdicts.extend(_judge_in_order(order, rules) for order in _run_arrangements(cards))
    return min(
        verdicts,
        key=lambda verdict: (
            not verdict.legal,
            not verdict.clean,
            -verdict.bonus,
            len(verdict.faults),
        ),
    )


def _run_arrangements(cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Candidate table orders of the cards as a sequence: ace low or high, a 2 of the
    run's suit in its natural slot or not, a spare wild at the low or the high end."""
    suit = run_suit(cards)
    naturals = [card for card in cards if not card.is_wild]
    if not naturals:
        return []
    own_twos = [card for card in cards if card.is_two and card.suit is suit]
    other_wilds = [card for card in cards if card.is_wild and card not in own_twos]
    has_ace = any(card.rank_number == 1 for card in naturals)
    arrangements: list[tuple[Card, ...]] = []
    for ace_high in (False, True) if has_ace else (False,):
        for natural_two in (False, True) if own_twos else (False,):
            by_slot: dict[int, Card] = {}
            spare: list[Card] = []
            for card in sorted(naturals, key=lambda card: card.rank_number):
                slot = card.rank_number
                if slot == 1 and (ace_high or 1 in by_slot):
                    slot = 14
                if slot in by_slot:
                    spare.append(card)
                else:
                    by_slot[slot] = card
            wilds = [*own_twos, *other_wilds]
            if natural_two and 2 not in by_slot:
                by_slot[2] = wilds.pop(0)
            ordered: list[Card] = []
            for slot in range(min(by_slot), max(by_slot) + 1):
                if slot in by_slot:
                    ordered.append(by_slot[slot])
                elif wilds:
                    ordered.append(wilds.pop())
            arrangements.append((*wilds, *ordered, *spare))
            if wilds:
                arrangements.append((*ordered, *wilds, *spare))
    return arrangements
