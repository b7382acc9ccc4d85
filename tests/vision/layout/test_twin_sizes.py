"""A four-index fan whose top card prints a larger index (a joker, in some decks): its two
top corners lie closer together than its neighbours' twins, by about the size difference."""

from __future__ import annotations

from tests.vision.layout.fans import det
from vision.layout import build_layout

SIZE = (1280, 720)
S = 20.0  # index height in pixels
CARD_W, CARD_H = 3.9 * S, 5.5 * S
INSET_X, INSET_Y = 0.45 * S, 0.65 * S


def corners(label: str, x: float, y: float, size: float, which: str) -> list:
    """An upright card's named corner indices; a larger index sits further in from its
    corner by half the size difference."""
    grow = (size - S) / 2
    spots = {
        "tl": (INSET_X + grow, INSET_Y + grow),
        "tr": (CARD_W - INSET_X - grow, INSET_Y + grow),
        "bl": (INSET_X + grow, CARD_H - INSET_Y - grow),
        "br": (CARD_W - INSET_X - grow, CARD_H - INSET_Y - grow),
    }
    return [det(label, x + spots[c][0], y + spots[c][1], size) for c in which.split(",")]


def test_a_top_card_with_a_larger_index_pairs_its_corners_along_the_fan_strips():
    # Cards fanned down along their height: each strip shows a card's top-left and top-right
    # index, and the top card, a joker with indices 1.6 times as tall, shows all four. Its
    # top pair's vector is 12 px shorter than its neighbours' (more than the 10 px they
    # must agree within), so only its bottom pair backed it, as its left and right pairs
    # back each other; read left corners first, the joker paired down its sides and its
    # two slots fell off the fan's line.
    step = 1.2 * S
    dets = corners("3S", 400, 400, S, "tl,tr") + corners("4S", 400, 400 + step, S, "tl,tr")
    dets += corners("JK", 400, 400 + 2 * step, 1.6 * S, "tl,bl,tr,br")
    layout = build_layout(dets, SIZE)
    (meld,) = layout.zone("A").melds
    assert meld.cards == ("3S", "4S", "JK")
    assert layout.zone("A").loose == ()
