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

from vision.layout.suits import run_suit
from vision.layout.types import Slot
from vision.types import rank_of

# The other suit must have this share of the card's votes (its readings' confidence summed
# over the frames): a card misread in a frame or two now and then is no disagreement. Chosen
# on the validation clips: a quarter (the first choice) left a 10D of a diamond run that
# six frames in 48 read so (17% of its votes) as 10H; 0.15 read one more meld exact there.
SPLIT_SHARE = 0.15


def settle_split_suits(slots: Sequence[Slot], votes: Sequence[Mapping[str, float]]) -> list[Slot]:
    """The meld's slots, each whose frames disagreed on its suit taken in the run's suit
    when the run's other natural cards show one and enough frames read it so."""
    out = list(slots)
    for k, slot in enumerate(slots):
        card_votes = votes[k]
        if len(card_votes) < 2 or slot.card == "JK" or rank_of(slot.card) == "2":
            continue
        # The run's suit from its other natural cards, all of ranks other than this one's
        # (one is enough, as in A-2-3 with a wild two; twos and jokers never tell it).
        rest = [s for i, s in enumerate(slots) if i != k]
        suit = run_suit(rest, min_naturals=1)
        if suit is None or slot.card.endswith(suit):
            continue
        if any(rank_of(s.card) == rank_of(slot.card) for s in rest):  # a set
            continue
        other = rank_of(slot.card) + suit
        if card_votes.get(other, 0.0) >= SPLIT_SHARE * sum(card_votes.values()):
            out[k] = replace(slot, card=other, read_otherwise=slot.card)
    return out
