"""An illegal meld read again: the cards that do not belong to it, or the close second
reading that makes it legal.

A fan's end is where a neighbouring card creeps in: the corner of a meld's top card lying
one fan step past the next meld, or a card laid at the end of the wrong fan. A card at
one end that makes an otherwise legal meld illegal is read apart from it, as a card of
its own on the team's side, and flagged for the players; a lay-off that truly breaks the
meld shows the same way, so nothing is hidden. Where no end does, one natural card inside
the meld that alone breaks it (a covered index read as another card) is read apart so, and
where no single card does, two natural cards at one end (a neighbouring meld's cards).
A wild is never read apart: a second wild is a fault the players make.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from desktop.meld_order import MIN_MELD_CARDS, orient
from engine import Rules
from vision.layout.types import MeldGroup
from vision.tracking.slots import WILD_LABELS
from vision.types import CardDetection

# Cards read apart from a meld: their slots, their cards, and the meld left.
Apart = tuple[tuple[int, ...], tuple[str, ...], MeldGroup]


def the_one_apart(
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


def end_that_breaks(meld: MeldGroup, rules: Rules) -> tuple[str, str, MeldGroup] | None:
    """The one end of an illegal meld without which it is legal: which end, its card, and
    the meld left (``the_one_apart``: never a wild, and None when both ends would do)."""
    n = len(meld.slots)
    if n <= MIN_MELD_CARDS:
        return None
    apart = the_one_apart(meld, ((0,), (n - 1,)), rules)
    if apart is None:
        return None
    (slot,), (card,), kept = apart
    return ("first" if slot == 0 else "last"), card, kept


def end_pair_that_breaks(meld: MeldGroup, rules: Rules) -> Apart | None:
    """The two natural cards at one end of an illegal meld without which it is a legal meld
    of three cards or more, when the two at the other end would not do: two cards of a
    neighbouring meld taken into the fan (new clip 8215: a set's ``4C 4D`` at the end of
    ``6S 7S ... QS``). Wilds are never read apart (validation clip 8028's
    ``6C 5C JK 3C 5D 2H`` stays whole, its 2H may be wild)."""
    n = len(meld.slots)
    if n < MIN_MELD_CARDS + 2:
        return None
    return the_one_apart(meld, ((0, 1), (n - 2, n - 1)), rules)


def card_that_breaks(meld: MeldGroup, rules: Rules) -> tuple[int, str, MeldGroup] | None:
    """The one card of an illegal meld without which it is legal: its slot, its card and
    the meld left. An end card first (``end_that_breaks``); where no end does, the one
    natural card inside the meld that does: a covered index read as another card and taken
    into the fan among its cards (new clip 8165: ``8S 7S 9S 6S 5S``). None when no card,
    or several, would do; a card that can be wild is never read apart."""
    end = end_that_breaks(meld, rules)
    if end is not None:
        which, card, kept = end
        return (0 if which == "first" else len(meld.slots) - 1), card, kept
    n = len(meld.slots)
    if n <= MIN_MELD_CARDS:
        return None
    apart = the_one_apart(meld, [(k,) for k in range(1, n - 1)], rules)
    if apart is None:
        return None
    (slot,), (card,), kept = apart
    return slot, card, kept


def cards_that_break(meld: MeldGroup, rules: Rules) -> Apart | None:
    """The cards of an illegal meld read apart from it: their slots, their cards and the
    meld left. One card first (``card_that_breaks``); where no single card explains the
    fault, two natural cards at one end (``end_pair_that_breaks``)."""
    one = card_that_breaks(meld, rules)
    if one is not None:
        slot, card, kept = one
        return (slot,), (card,), kept
    return end_pair_that_breaks(meld, rules)


@dataclass(frozen=True)
class RivalFit:
    """A card of an illegal meld read as another of its reading's options, which alone
    makes the meld legal: the card read, the card taken, the meld so read, and whether the
    option was a still's far rival (``CardDetection.far_rivals``) rather than a near one."""

    read: str
    taken: str
    meld: MeldGroup
    far: bool = False


def rival_that_fits(meld: MeldGroup, rules: Rules) -> RivalFit | None:
    """The one card of an illegal meld whose reading weighed another card nearly as much
    (``CardDetection.rivals``, or a suit-open reading's other suits) where that other card
    makes the meld legal: the card read, the rival taken and the meld with it. None when
    no rival, or several, would do. A misread index is the commonest reason a meld the
    players laid legally reads illegal (a covered 9H read 8H in ``10H 8H 8H 7H``), and the
    classifier's second choice is often the true card; a fault is never hidden by it, since
    the meld is then flagged for the players to check. Only where no near rival would do
    are a still's far rivals tried (``CardDetection.far_rivals``), by the same rule."""
    near = _rivals_that_fit(meld, rules, lambda det: (*det.rivals, *det.other_suits))
    fits = near or _rivals_that_fit(meld, rules, lambda det: det.far_rivals)
    if len(fits) != 1:
        return None
    (((k, other), changed),) = fits.items()
    return RivalFit(meld.slots[k].card, other, changed, far=not near)


def _rivals_that_fit(
    meld: MeldGroup, rules: Rules, options: Callable[[CardDetection], Sequence[str]]
) -> dict[tuple[int, str], MeldGroup]:
    """Each (slot, card among its readings' ``options``) that makes the meld legal, with
    the meld so read."""
    fits: dict[tuple[int, str], MeldGroup] = {}
    for k, slot in enumerate(meld.slots):
        for det in slot.detections:
            for other in options(det):
                if other == slot.card or (k, other) in fits:
                    continue
                slots = (*meld.slots[:k], replace(slot, card=other), *meld.slots[k + 1 :])
                changed = replace(meld, slots=slots)
                if orient(changed.cards, rules)[1].legal:
                    fits[(k, other)] = changed
    return fits


def set_aside_flag(
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
