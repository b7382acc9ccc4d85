"""A remembered card whose frames disagree on its suit, settled by the run it lies in.

The classifier tells some suits apart less surely than others (a small club and a spade
print alike), so one card of a run can be read 3C in some frames and 3S in others. The
memory keeps the reading most frames gave; when that one breaks the run's suit and the
other suit of the same rank, read in a good share of the frames, keeps it, the card is
taken in the run's suit and marked (``Slot.read_otherwise``), so the referee says that
the frames disagreed instead of calling a fault on one misread corner. A card that the
frames read in one suit only is never changed: a player's wrong card stays a fault.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from vision.layout.types import Slot
from vision.types import rank_of

# The other suit must have this share of the card's votes (its readings' confidence summed
# over the frames): a card misread in a frame or two now and then is no disagreement.
SPLIT_SHARE = 0.25


def settle_split_suits(slots: Sequence[Slot], votes: Sequence[Mapping[str, float]]) -> list[Slot]:
    """The meld's slots, each whose frames disagreed on its suit taken in the run's suit
    when the run's other natural cards show one and enough frames read it so."""
    out = list(slots)
    for k, slot in enumerate(slots):
        card_votes = votes[k]
        if len(card_votes) < 2 or slot.card == "JK" or rank_of(slot.card) == "2":
            continue
        suit = _suit_of_the_rest(slots, k)
        if suit is None or slot.card.endswith(suit):
            continue
        other = rank_of(slot.card) + suit
        if card_votes.get(other, 0.0) >= SPLIT_SHARE * sum(card_votes.values()):
            out[k] = replace(slot, card=other, read_otherwise=slot.card)
    return out


def _suit_of_the_rest(slots: Sequence[Slot], k: int) -> str | None:
    """The one suit of the meld's natural cards other than slot ``k``, when they and it are
    all of different ranks (a run; one such card is enough, as in A-2-3 with a wild two),
    else None. Twos and jokers never tell a run's suit."""
    naturals = [s.card for i, s in enumerate(slots) if i != k and s.card != "JK"]
    naturals = [card for card in naturals if rank_of(card) != "2"]
    ranks = [rank_of(card) for card in naturals] + [rank_of(slots[k].card)]
    suits = {card[-1] for card in naturals}
    if not naturals or len(suits) != 1 or len(set(ranks)) != len(ranks):
        return None
    return suits.pop()
