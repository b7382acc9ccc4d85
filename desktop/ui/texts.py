"""Words for what the core decided: verdict badges, fault reasons, pozzetto states."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from desktop.session import fault_words
from desktop.ui.i18n import t


def fault_text(code: str | None) -> str:
    if not code:
        return t("illegal")
    return t(fault_words([code]))


def verdict_text(meld: Mapping[str, Any]) -> str:
    """One line for a meld's badge: legal and what kind, or illegal and why."""
    if meld.get("legal") is False:
        text = t("illegal: {reason}").format(reason=fault_text(meld.get("reason")))
        return " · ".join([text, *unread_card_texts(meld)])  # the fault may be a card not read
    parts = []
    if meld.get("burraco") == "clean":
        parts.append(t("clean burraco"))
    elif meld.get("burraco") == "semi-clean":
        parts.append(t("semi-clean burraco"))
    elif meld.get("burraco") == "dirty":
        parts.append(t("dirty burraco"))
    elif meld.get("type") == "set":
        parts.append(t("set"))
    elif meld.get("type") == "sequence":
        parts.append(t("sequence"))
    else:
        parts.append(t("legal"))
    if meld.get("points") is not None:
        parts.append(t("{points} pts").format(points=meld["points"]))
    if meld.get("suit_from_run"):  # covered or contested suits: the camera did not read them
        cards = " ".join(meld["suit_from_run"])
        parts.append(t("suit of {cards} read from the run").format(cards=cards))
    if meld.get("suit_unseen"):  # a set's covered suits, read as their likeliest
        cards = " ".join(meld["suit_unseen"])
        parts.append(t("suit of {cards} not seen; a set scores the same").format(cards=cards))
    for card, other in meld.get("suit_disputed", ()):  # the frames read two suits
        parts.append(t("{card} also read as {other}: check it").format(card=card, other=other))
    if rival := meld.get("read_as_rival"):  # a card's close second taken, the meld legal with it
        read, taken = rival
        parts.append(
            t("{taken} taken over {read}, which would not fit: check it").format(
                taken=taken, read=read
            )
        )
    for read, taken in meld.get("copy_beyond_deck", ()):  # a copy the deck does not have
        parts.append(
            t("{taken} taken over {read}, a copy too many for the deck: check it").format(
                taken=taken, read=read
            )
        )
    if meld.get("gathered"):  # cards in no fan, read as a meld because together they make one
        parts.append(t("read from cards in no fan: check it"))
    if card := meld.get("weak_card"):  # the least sure card is read with little confidence
        parts.append(t("{card} read with little confidence: check it").format(card=card))
    parts += unread_card_texts(meld)  # a meld read a card short is often legal too
    return " · ".join(parts)


def unread_card_texts(meld: Mapping[str, Any]) -> list[str]:
    """Where the meld may hold a card the camera did not read into it: room between two of
    its cards, a card in no meld lying in line with one of its ends, or an end at the edge
    of the camera's view."""
    out = [
        t("a card may lie unread between {a} and {b}").format(a=a, b=b)
        for a, b in meld.get("room_between", ())
    ]
    out += [
        t("{card} lies in line with it, in no meld: check it").format(card=card)
        for card in meld.get("loose_in_line", ())
    ]
    if card := meld.get("off_frame_beyond"):  # its next card would lie out of the view
        out.append(t("it runs off the camera's view beyond {card}: check there").format(card=card))
    return out


POZZETTO_WORDS = {
    "taken": "taken",
    "not_taken": "not taken",
    "taken_unseen": "taken, not seen",
}


def pozzetto_text(state: str) -> str:
    return t(POZZETTO_WORDS.get(state, state))
