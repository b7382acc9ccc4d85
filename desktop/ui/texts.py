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
        for a, b in meld.get("room_between", ()):  # the fault may be a card not read
            text += " · " + t("a card may lie unread between {a} and {b}").format(a=a, b=b)
        return text
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
    for card, other in meld.get("suit_disputed", ()):  # the frames read two suits
        parts.append(t("{card} also read as {other}: check it").format(card=card, other=other))
    if card := meld.get("weak_card"):  # the least sure card is read with little confidence
        parts.append(t("{card} read with little confidence: check it").format(card=card))
    return " · ".join(parts)


POZZETTO_WORDS = {
    "taken": "taken",
    "not_taken": "not taken",
    "taken_unseen": "taken, not seen",
}


def pozzetto_text(state: str) -> str:
    return t(POZZETTO_WORDS.get(state, state))
