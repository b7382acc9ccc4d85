"""Fans of a four-index deck whose indices are large on the card (the held-out deck style):
a card is only about 3 index heights tall, so a card's two edges, the top cards of melds
lying side by side and a fan's steps are all about as far apart."""

from __future__ import annotations

from tests.vision.layout.fans import det
from vision.layout import build_layout

SIZE = (1280, 720)
S = 20.0  # index height in pixels
CARD_H = 3.0  # card height, width and an index's inset from the edges, in index heights
CARD_W = 2.6
INSET = 0.4


def card(label: str, x: float, y: float, corners: str = "tl,bl") -> list:
    """The named corner indices of an upright card whose top-left corner is at (x, y)."""
    spots = {
        "tl": (INSET, INSET + 0.1),
        "bl": (INSET, CARD_H - INSET - 0.1),
        "tr": (CARD_W - INSET, INSET + 0.1),
        "br": (CARD_W - INSET, CARD_H - INSET - 0.1),
    }
    return [det(label, x + S * spots[c][0], y + S * spots[c][1], S) for c in corners.split(",")]


def fan(labels: list[str], x: float, y: float, step: float = 0.9) -> list:
    """Cards fanned left to right along their width, the last one on top."""
    out = []
    for k, label in enumerate(labels):
        top = k == len(labels) - 1
        out += card(label, x + k * step * S, y, "tl,bl,tr,br" if top else "tl,bl")
    return out


def melds(dets) -> list[list[str]]:
    return [list(m.cards) for m in build_layout(dets, SIZE).zone("A").melds]


def test_top_cards_of_stacked_melds_do_not_pair_across_the_fan():
    # Three melds one above the other, their top cards in a column: each top card's
    # top-left/top-right pair is backed by the others as much as by its own fan.
    pitch = (CARD_H + 0.6) * S
    runs = [["3H", "4H", "5H"], ["QC", "QD", "KD"], ["7S", "8S", "9S"]]
    dets = [d for i, run in enumerate(runs) for d in fan(run, 400, 400 + i * pitch)]
    assert melds(dets) == runs


def test_far_edge_of_the_top_card_under_two_index_heights_is_its_own():
    # The top card's far edge lies 1.8 index heights past its near edge: one card.
    layout = build_layout(fan(["6C", "7C", "8C", "9C"], 400, 450), SIZE)
    (meld,) = layout.zone("A").melds
    assert meld.cards == ("6C", "7C", "8C", "9C")
    assert len(meld.slots[-1].detections) == 4
    assert layout.zone("A").loose == ()


def test_a_neighbouring_top_card_at_a_fan_head_is_let_go():
    # A joker, the top card of a meld to the left (its cards unreadable), lies with its
    # far edge about a fan step (1 index height, the fan's 0.9) before the next meld's
    # first card; that meld's top card is its last, so the joker is not its card.
    run = ["6D", "7D", "8D", "9D", "10D"]
    x_run = 500.0
    joker_x = x_run - 0.6 * S - CARD_W * S + INSET * S
    dets = card("JK", joker_x, 450, "tl,bl,tr,br") + fan(run, x_run, 450)
    layout = build_layout(dets, SIZE)
    assert [list(m.cards) for m in layout.zone("A").melds] == [run]
    assert [s.card for s in layout.zone("A").loose] == ["JK"]


def test_two_melds_laid_back_to_back_are_cut_where_their_steps_change():
    # One meld's top card is its first (the cards under it show their right-hand edge),
    # the next meld's its last, a little over a step between them: one line of cards
    # with a far corner at both ends, which is two fans and not one with a stray end.
    left = ["7S", "8S", "9S"]
    right = ["6S", "5S", "4S", "3S"]
    x0, y = 400.0, 450.0
    dets = card(left[0], x0, y, "tl,bl,tr,br")
    dets += [d for k, c in enumerate(left[1:], 1) for d in card(c, x0 + k * 0.8 * S, y, "tr,br")]
    right_x = x0 + (2 * 0.8 + CARD_W - INSET + 1.3 - INSET) * S  # 1.3 index heights on
    dets += fan(right, right_x, y, step=1.05)
    assert melds(dets) == [left, right]


def test_two_cards_a_step_apart_along_a_tight_fan_are_not_one_misread_card():
    # Held-out clip 7013, the last frames: a clubs run fanned leftwards in a four-index
    # deck, 17 px a step for 27 px indices. The JC shows only its top corner and the 10C
    # under it only its bottom one; the two lie nearly a twin vector apart, 7 px off it
    # along the fan (under the 8 px a misread twin may be off), but that is 0.4 of the
    # fan's step: two cards, not one card read JC at one corner and 10C at the other.
    s = 27.0
    readings = [
        det("KC", 620, 498, s), det("KC", 621, 591, s), det("KC", 687, 497, s),
        det("KC", 689, 590, s), det("QC", 705, 497, s), det("QC", 705, 591, s),
        det("JC", 722, 501, s), det("10C", 731, 592, s), det("9C", 749, 500, s),
        det("9C", 746, 593, s), det("2C", 764, 498, s), det("2C", 761, 594, s),
        det("7C", 775, 592, s),
    ]  # fmt: skip
    assert melds(readings) == [["KC", "QC", "JC", "10C", "9C", "2C", "7C"]]
