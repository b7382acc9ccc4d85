"""The ends of a player's turn: closing, taking the pozzetto, or playing on (rules.md §6, §14)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.burraco import BurracoKind
from engine.cards import Card, check_card_count
from engine.errors import Fault, InputShapeError, sorted_faults
from engine.meld import judge_meld
from engine.rules import PAGAT, Rules, get_preset
from engine.shapes import (
    Melds,
    boolean,
    card_or_none,
    cards_of,
    field,
    melds_of,
    melds_texts,
    optional_text,
    require_object,
    texts,
)


class CloseResult(StrEnum):
    """What a legal end of turn leads to."""

    CLOSE = "close"
    TAKE_POZZETTO_AFTER_DISCARD = "take_pozzetto_after_discard"
    TAKE_POZZETTO_DIRECT = "take_pozzetto_direct"
    CONTINUE = "continue"


@dataclass(frozen=True)
class MeldedThisTurn:
    """Informational: the meld a card was laid off onto this turn, and that card."""

    laid_off_onto: tuple[Card, ...]
    card: Card


@dataclass(frozen=True)
class CloseSituation:
    """A player's situation right after melding this turn (a ``close`` vector's input).

    ``picked_up_single`` is the card taken this turn when the discard pile held only it
    (that card may not be discarded in the same turn).
    """

    pozzetto_taken: bool
    team_melds: Melds
    hand_after_melding: tuple[Card, ...]
    discard: Card | None
    variant: str | None = None
    pozzetto_taken_by: str | None = None
    melded_this_turn: MeldedThisTurn | None = None
    picked_up_single: Card | None = None

    @classmethod
    def from_json(cls, data: object) -> CloseSituation:
        obj = require_object(data, "close")
        melded = obj.get("meldedThisTurn")
        this_turn = None
        if melded is not None:
            melded = require_object(melded, "meldedThisTurn")
            onto = cards_of(field(melded, "laidOffOnto", "meldedThisTurn"), "laidOffOnto")
            card = card_or_none(field(melded, "card", "meldedThisTurn"), "meldedThisTurn.card")
            if card is None:
                raise InputShapeError("meldedThisTurn.card must be a card")
            this_turn = MeldedThisTurn(onto, card)
        return cls(
            pozzetto_taken=boolean(field(obj, "teamPozzettoTaken", "close"), "teamPozzettoTaken"),
            team_melds=melds_of(field(obj, "teamMelds", "close"), "teamMelds"),
            hand_after_melding=cards_of(
                field(obj, "handAfterMelding", "close"), "handAfterMelding"
            ),
            discard=card_or_none(field(obj, "discard", "close"), "discard"),
            variant=optional_text(obj.get("variant"), "variant"),
            pozzetto_taken_by=optional_text(obj.get("pozzettoTakenBy"), "pozzettoTakenBy"),
            melded_this_turn=this_turn,
            picked_up_single=card_or_none(obj.get("pickedUpSingle"), "pickedUpSingle"),
        )

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "teamPozzettoTaken": self.pozzetto_taken,
            "teamMelds": melds_texts(self.team_melds),
            "handAfterMelding": texts(self.hand_after_melding),
            "discard": None if self.discard is None else str(self.discard),
        }
        if self.variant is not None:
            data["variant"] = self.variant
        if self.pozzetto_taken_by is not None:
            data["pozzettoTakenBy"] = self.pozzetto_taken_by
        if self.melded_this_turn is not None:
            data["meldedThisTurn"] = {
                "laidOffOnto": texts(self.melded_this_turn.laid_off_onto),
                "card": str(self.melded_this_turn.card),
            }
        if self.picked_up_single is not None:
            data["pickedUpSingle"] = str(self.picked_up_single)
        return data


@dataclass(frozen=True)
class CloseVerdict:
    """Whether the end of turn is legal, what it leads to, and every fault."""

    legal: bool
    result: CloseResult | None
    faults: tuple[Fault, ...]

    @property
    def reason(self) -> Fault | None:
        return self.faults[0] if self.faults else None

    def to_json(self) -> dict[str, Any]:
        """A ``close`` vector's ``expected`` shape, plus ``faults``."""
        return {
            "legal": self.legal,
            "result": None if self.result is None else self.result.value,
            "reason": None if self.reason is None else self.reason.value,
            "faults": [fault.value for fault in self.faults],
        }


def judge_close(situation: CloseSituation, rules: Rules | None = None) -> CloseVerdict:
    """Judge the end of a turn. Without ``rules``, the situation's ``variant`` (or Pagat).

    >>> from engine import parse_cards
    >>> run = parse_cards(["3H", "4H", "5H", "6H", "7H", "8H", "9H"])
    >>> ks = parse_cards(["KS"])
    >>> judge_close(CloseSituation(True, (run,), ks, ks[0])).result
    <CloseResult.CLOSE: 'close'>
    >>> judge_close(CloseSituation(True, (run,), (), None)).reason
    <Fault.NO_FINAL_DISCARD: 'no_final_discard'>
    """
    if rules is None:
        rules = PAGAT if situation.variant is None else get_preset(situation.variant)
    hand = situation.hand_after_melding
    discard = situation.discard
    check_card_count(
        [*hand, *(card for meld in situation.team_melds for card in meld)],
        rules.decks,
        rules.jokers,
    )
    if discard is not None and not Counter(hand)[discard]:
        raise InputShapeError(f"the discard {discard} is not in handAfterMelding")
    faults: list[Fault] = []
    burracos = [
        verdict.burraco
        for verdict in (judge_meld(meld, rules) for meld in situation.team_melds)
        if verdict.legal and verdict.burraco is not None
    ]
    if discard is not None and discard == situation.picked_up_single:
        faults.append(Fault.CANNOT_DISCARD_SINGLE_PICKUP)
    left = len(hand) - (discard is not None)
    result = CloseResult.CONTINUE
    if situation.pozzetto_taken and left <= 0:
        # going out after the pozzetto is a closing: it needs a burraco and a plain discard
        result = CloseResult.CLOSE
        if discard is None:
            faults.append(Fault.NO_FINAL_DISCARD)
        elif discard.is_wild:
            faults.append(Fault.WILD_DISCARD)
        if not burracos:
            faults.append(Fault.NO_BURRACO)
        elif rules.clean_burraco_to_close and BurracoKind.CLEAN not in burracos:
            faults.append(Fault.CLEAN_BURRACO_REQUIRED)
    elif situation.pozzetto_taken and len(hand) == 1 and not burracos:
        # §14: without a burraco the hand must keep two cards after melding
        faults.append(Fault.NO_BURRACO)
    elif left <= 0:
        result = (
            CloseResult.TAKE_POZZETTO_DIRECT
            if discard is None
            else CloseResult.TAKE_POZZETTO_AFTER_DISCARD
        )
    ordered = sorted_faults(faults)
    return CloseVerdict(not ordered, None if ordered else result, ordered)
