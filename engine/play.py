"""Judging a play on a team's melds: lay-offs, new melds, and where displaced wilds go.

The play is described by the team's melds before it, the cards added from hand, and the
melds after it (table order), as in the vectors' ``extend`` inputs (rules.md §3.2, §3.4, §4).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards import Card, Rank, check_card_count, parse_cards
from engine.errors import Fault, InputShapeError, sorted_faults
from engine.meld import MeldVerdict, judge_meld
from engine.readings import MeldKind
from engine.rules import PAGAT, Rules
from engine.shapes import Melds, cards_of, field, melds_of, melds_texts, require_object, texts


@dataclass(frozen=True)
class Play:
    """A play: the team's melds before, the cards added from hand, the melds after."""

    before: Melds
    added: tuple[Card, ...]
    after: Melds
    to_hand: tuple[Card, ...] = ()

    @classmethod
    def from_json(cls, data: object) -> Play:
        """From an ``extend`` vector's ``input`` (``before``, ``added``, ``after``, ``toHand``)."""
        obj = require_object(data, "play")
        return cls(
            before=melds_of(field(obj, "before", "play"), "before"),
            added=cards_of(field(obj, "added", "play"), "added"),
            after=melds_of(field(obj, "after", "play"), "after"),
            to_hand=cards_of(obj.get("toHand", []), "toHand"),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "before": melds_texts(self.before),
            "added": texts(self.added),
            "after": melds_texts(self.after),
            "toHand": texts(self.to_hand),
        }


@dataclass(frozen=True)
class PlayVerdict:
    """Whether a play is legal, every fault, and the verdict on each meld after it.

    ``origins[i]`` is the index of the meld before the play that ``after[i]`` grew from,
    or None for a meld opened by this play.
    """

    legal: bool
    faults: tuple[Fault, ...]
    after: tuple[MeldVerdict, ...]
    origins: tuple[int | None, ...]

    @property
    def reason(self) -> Fault | None:
        return self.faults[0] if self.faults else None

    def to_json(self) -> dict[str, Any]:
        """An ``extend`` vector's ``expected`` shape, plus ``faults``."""
        after = None
        if self.legal:
            after = [
                {key: verdict.to_json()[key] for key in ("type", "clean", "burraco", "points")}
                for verdict in self.after
            ]
        return {
            "legal": self.legal,
            "reason": None if self.reason is None else self.reason.value,
            "after": after,
            "faults": [fault.value for fault in self.faults],
        }


def judge_play(
    before_melds: Iterable[Sequence[Card | str]],
    added: Iterable[Card | str],
    after_melds: Iterable[Sequence[Card | str]],
    rules: Rules = PAGAT,
    to_hand: Iterable[Card | str] = (),
) -> PlayVerdict:
    """Judge a play on one team's melds.

    >>> verdict = judge_play([["4H", "5H", "JK", "7H"]], ["6H"], [["JK", "4H", "5H", "6H", "7H"]])
    >>> verdict.legal, verdict.after[0].points, str(verdict.after[0].roles[0])
    (True, 50, 'JK=3H')
    >>> judge_play([["3S", "4S", "5S"], ["7S", "8S", "9S"]], ["6S"],
    ...            [["3S", "4S", "5S", "6S", "7S", "8S", "9S"]]).reason
    <Fault.MERGE_MELDS: 'merge_melds'>
    """
    before = tuple(parse_cards(meld) for meld in before_melds)
    after = tuple(parse_cards(meld) for meld in after_melds)
    hand_cards = parse_cards(to_hand)
    laid = parse_cards(added)
    supply = Counter(card for meld in before for card in meld) + Counter(laid)
    check_card_count(supply.elements(), rules.decks, rules.jokers)
    used = Counter(card for meld in after for card in meld) + Counter(hand_cards)
    extra = used - supply
    if extra:
        names = " ".join(str(card) for card in extra.elements())
        raise InputShapeError(f"after/toHand hold cards neither on the table nor added: {names}")
    faults: list[Fault] = []
    if supply - used:
        faults.append(Fault.CARD_LEFT_TABLE)
    before_verdicts = [judge_meld(meld, rules) for meld in before]
    after_verdicts = tuple(judge_meld(meld, rules) for meld in after)
    for verdict in after_verdicts:
        faults.extend(verdict.faults)
    origins, left = _match_melds(before, after, faults)
    back_to_hand = Counter(hand_cards)  # consumed by wilds the rules let go back
    for index, origin in enumerate(origins):
        if origin is not None:
            faults.extend(
                _wild_faults(before_verdicts[origin], after_verdicts[index], back_to_hand, rules)
            )
    allowed_back = Counter(hand_cards) - back_to_hand
    if any(+(cards - allowed_back) for cards in left):
        faults.append(Fault.CARD_LEFT_TABLE)
    if _new_duplicate_set(before_verdicts, after_verdicts):
        faults.append(Fault.DUPLICATE_SET_RANK)
    ordered = sorted_faults(faults)
    return PlayVerdict(not ordered, ordered, after_verdicts, origins)


def judge_play_input(play: Play, rules: Rules = PAGAT) -> PlayVerdict:
    """:func:`judge_play` on a :class:`Play` value."""
    return judge_play(play.before, play.added, play.after, rules, play.to_hand)


def _match_melds(
    before: Melds, after: Melds, faults: list[Fault]
) -> tuple[tuple[int | None, ...], list[Counter[Card]]]:
    """Which meld after the play each meld before it became (the one holding most of its
    cards), and the cards of each meld before that are not in it any more."""
    remaining = [Counter(meld) for meld in after]
    origins: list[int | None] = [None] * len(after)
    left: list[Counter[Card]] = []
    for origin, meld in enumerate(before):
        cards = Counter(meld)
        overlaps = [sum((cards & rest).values()) for rest in remaining]
        if not overlaps or max(overlaps) == 0:
            left.append(cards)
            continue
        target = overlaps.index(max(overlaps))
        if origins[target] is not None:
            faults.append(Fault.MERGE_MELDS)
        else:
            origins[target] = origin
        left.append(cards - remaining[target])
        remaining[target] -= cards
    return tuple(origins), left


def _wild_faults(
    before: MeldVerdict, after: MeldVerdict, back_to_hand: Counter[Card], rules: Rules
) -> list[Fault]:
    """§4: a melded wild stays in its meld and moves only as the rules allow.

    A wild that the rules let go back to hand is taken off ``back_to_hand``.
    """
    if not (before.legal and after.legal and before.kind is MeldKind.SEQUENCE):
        return []
    faults: list[Fault] = []
    natural_at = {role.slot for role in after.roles if not role.wild}
    for index, role in enumerate(before.roles):
        if not (role.wild or role.card.is_two):
            continue
        same = [other for other in after.roles if other.card == role.card]
        if any(other.slot == role.slot and other.wild == role.wild for other in same):
            continue  # still where it was
        if not role.wild:
            faults.append(Fault.WILD_MOVED)  # a natural 2 left its slot
            continue
        replaced = role.slot in natural_at
        if not same:
            if rules.wild_may_return_to_hand and replaced and back_to_hand[role.card]:
                back_to_hand[role.card] -= 1
            continue  # gone from the meld: reported as card_left_table
        free = index in (0, len(before.roles) - 1)
        if not replaced and not (free and rules.free_wild_may_slide):
            faults.append(Fault.WILD_MOVED)
    return faults


def _new_duplicate_set(before: Sequence[MeldVerdict], after: Sequence[MeldVerdict]) -> bool:
    def set_ranks(verdicts: Sequence[MeldVerdict]) -> Mapping[Rank | None, int]:
        return Counter(
            next(role.rank for role in verdict.roles if not role.wild)
            for verdict in verdicts
            if verdict.kind is MeldKind.SET
        )

    old, new = set_ranks(before), set_ranks(after)
    return any(count > 1 and count > old.get(rank, 0) for rank, count in new.items())
