"""One-line makers of synthetic detections: a single index, or a whole fanned meld.

Card geometry in index heights ``s``: a card is 5.5 s tall and 3.9 s wide, its index box
0.6 s x 1 s with its centre 0.45 s / 0.65 s in from the corner; the rotated second index
sits at the opposite corner.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from vision.layout.types import Slot
from vision.types import CardDetection

CARD_H = 5.5
CARD_W = 3.9
INDEX_W = 0.6
INDEX_IN = (0.45, 0.65)


def det(
    card: str, x: float, y: float, s: float = 20.0, conf: float = 0.9, turned: bool = False
) -> CardDetection:
    """A detection centred at (x, y); ``turned`` for an index lying on its side."""
    w, h = (s, INDEX_W * s) if turned else (INDEX_W * s, s)
    return CardDetection(card, conf, (x - w / 2, y - h / 2, x + w / 2, y + h / 2))


def line_slot(card: str, x: float, *far_x: float, y: float = 400.0, s: float = 20.0) -> Slot:
    """A card's slot: its index at (x, y) on a horizontal fan's line, and far_x its far
    corners on the same line."""
    readings = (det(card, x, y, s), *(det(card, fx, y, s) for fx in far_x))
    first = Slot.from_detection(readings[0])
    return Slot(card, first.confidence, first.center_xy, s, readings)


def fan(
    cards: Sequence[str],
    x0: float,
    y0: float,
    *,
    s: float = 20.0,
    step: float = 1.2,
    angle_deg: float = 0.0,
    vertical: bool = False,
    second_index: bool = True,
    four_corner: bool = False,
    conf: float | Sequence[float] = 0.9,
) -> list[CardDetection]:
    """Detections of a fan whose first card's top-left corner is at (x0, y0).

    The fan runs along the card's width (``vertical=False``) or its height, ``step`` index
    heights per card; the whole meld is turned by ``angle_deg`` (90 = card on its side).
    ``four_corner``: the deck prints an index in every corner, so each strip shows two.
    """
    a = math.radians(angle_deg)
    ca, sa = math.cos(a), math.sin(a)
    turned = abs(math.sin(a)) > 0.7

    def to_image(u: float, v: float) -> tuple[float, float]:
        return (x0 + s * (u * ca - v * sa), y0 + s * (u * sa + v * ca))

    confs = [conf] * len(cards) if isinstance(conf, float) else list(conf)
    out: list[CardDetection] = []
    for k, card in enumerate(cards):
        du, dv = (0.0, k * step) if vertical else (k * step, 0.0)
        x, y = to_image(du + INDEX_IN[0], dv + INDEX_IN[1])
        out.append(det(card, x, y, s, confs[k], turned))
        if four_corner:  # the strip's other index: bottom-left, or top-right
            u, v = (
                (CARD_W - INDEX_IN[0], INDEX_IN[1])
                if vertical
                else (INDEX_IN[0], CARD_H - INDEX_IN[1])
            )
            out.append(det(card, *to_image(du + u, dv + v), s, confs[k], turned))
    if second_index and cards:
        k = len(cards) - 1
        du, dv = (0.0, k * step) if vertical else (k * step, 0.0)
        far = [(CARD_W - INDEX_IN[0], CARD_H - INDEX_IN[1])]
        if four_corner:  # the last card's far edge shows its other two indices
            far.append(
                (INDEX_IN[0], CARD_H - INDEX_IN[1])
                if vertical
                else (CARD_W - INDEX_IN[0], INDEX_IN[1])
            )
        for u, v in far:
            out.append(det(cards[-1], *to_image(du + u, dv + v), s, confs[-1], turned))
    return out
