"""A photo of a player's hand: its top card's far corners, which the table's layout leaves
apart where the hand's line bends, are folded into their card; copies of a card stay
apart."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from tests.vision.layout.fans import CARD_H, CARD_W, INDEX_IN, det
from vision.layout.hand import fold_card_corners, fold_misread_twins, hand_slots
from vision.layout.types import Slot
from vision.types import CardDetection

SIZE = (1280, 720)
S = 20.0  # index height in pixels


def arc_hand(cards: list[str], *, four_corner: bool, spread_deg: float = 7.0) -> list:
    """A hand fanned left to right in an arc, each card turned ``spread_deg`` from the
    last, the last card on top showing its far corners too."""
    out = []
    n = len(cards)
    for k, card in enumerate(cards):
        turn = math.radians((k - (n - 1) / 2) * spread_deg)
        ox, oy = 400 + k * 1.1 * S, 300 + abs(k - (n - 1) / 2) * 0.4 * S

        def at(u: float, v: float, turn: float = turn, ox: float = ox, oy: float = oy):
            c, s = math.cos(turn), math.sin(turn)
            return (ox + S * (u * c - v * s), oy + S * (u * s + v * c))

        near = [(INDEX_IN[0], INDEX_IN[1])]
        if four_corner:  # the strip's other index
            near.append((INDEX_IN[0], CARD_H - INDEX_IN[1]))
        far = [(CARD_W - INDEX_IN[0], CARD_H - INDEX_IN[1])]
        if four_corner:
            far.append((CARD_W - INDEX_IN[0], INDEX_IN[1]))
        for u, v in near + (far if k == n - 1 else []):
            out.append(det(card, *at(u, v), S))
    return out


def cards_read(dets: list) -> Counter:
    return Counter(slot.card for slot in hand_slots(dets, SIZE))


# Readings of rendered hand photos (``vision.synth.hand_photo``, seed 9100) by the card
# model, and the hand each holds: (label, box) per reading.
HANDS = {
    "two-index deck, a vertical fan bending (photo 56)": (
        ["AH", "9C", "8C", "KD", "5S", "QH", "AH", "QD"],
        [
            ("AH", (600, 197, 626, 222)),
            ("9C", (624, 219, 653, 246)),
            ("8C", (643, 243, 674, 267)),
            ("KD", (664, 265, 697, 288)),
            ("5S", (680, 294, 713, 314)),
            ("QH", (692, 323, 726, 341)),
            ("AH", (705, 352, 737, 367)),
            ("QD", (717, 382, 750, 395)),
            ("QD", (602, 480, 636, 493)),
        ],
    ),
    "four-index deck, the top card read at all four corners (photo 1)": (
        ["2C", "5S", "KS", "JC", "8S", "6D", "5H", "10C"],
        [
            ("2C", (723, 122, 784, 172)),
            ("5S", (694, 152, 754, 204)),
            ("KS", (667, 183, 727, 241)),
            ("JC", (656, 216, 701, 273)),
            ("2C", (868, 220, 930, 270)),
            ("8S", (619, 244, 667, 304)),
            ("5S", (832, 264, 893, 318)),
            ("6D", (594, 270, 633, 331)),
            ("5H", (562, 295, 600, 358)),
            ("KS", (794, 312, 853, 374)),
            ("10C", (512, 331, 559, 396)),
            ("JC", (760, 354, 806, 412)),
            ("10C", (388, 356, 438, 424)),
            ("8S", (718, 391, 765, 451)),
            ("6D", (674, 428, 712, 492)),
            ("5H", (624, 461, 664, 526)),
            ("10C", (560, 497, 609, 564)),
            ("10C", (438, 526, 486, 592)),
        ],
    ),
    "four-index deck, a short hand (photo 3)": (
        ["7H", "KH", "4C"],
        [
            ("7H", (560, 133, 596, 179)),
            ("KH", (617, 159, 656, 207)),
            ("4C", (668, 206, 708, 248)),
            ("4C", (832, 339, 873, 382)),
            ("7H", (412, 362, 448, 410)),
            ("KH", (462, 385, 498, 434)),
            ("4C", (498, 411, 540, 454)),
            ("4C", (664, 545, 706, 589)),
        ],
    ),
}


@pytest.mark.parametrize("name", list(HANDS))
def test_a_hands_top_card_is_counted_once(name: str) -> None:
    hand, readings = HANDS[name]
    dets = [CardDetection(card, 0.8, box) for card, box in readings]
    assert cards_read(dets) == Counter(hand)


def test_a_double_decks_two_copies_in_one_hand_stay_two() -> None:
    hand = ["KH", "5S", "KH", "7D", "2C"]
    assert cards_read(arc_hand(hand, four_corner=True)) == Counter(hand)


def lone(card: str, x: float, y: float) -> Slot:
    return Slot(card, 0.9, (x, y), S, (det(card, x, y, S),))


def test_a_top_cards_corners_left_apart_are_one_card() -> None:
    """Three corners of one card, read as three cards, with the fan's cards before it."""
    fan = [lone(c, 100 + 22.0 * k, 100) for k, c in enumerate(["5S", "9D", "KC"])]
    top = [lone("QH", 166, 100), lone("QH", 166 + 3.0 * S, 100), lone("QH", 166, 100 + 4.2 * S)]
    out = fold_card_corners(fan + top)
    assert Counter(s.card for s in out) == Counter(["5S", "9D", "KC", "QH"])
    assert [len(s.detections) for s in out if s.card == "QH"] == [3]


def test_copies_of_a_card_stay_apart() -> None:
    """Two copies with cards between them (their indices lie on the fan's line between),
    and two copies side by side (a fan's step apart, nearer than any two corners)."""
    between = [lone(c, 100 + 22.0 * k, 100) for k, c in enumerate(["QH", "9D", "KC", "QH"])]
    assert len(fold_card_corners(between)) == 4
    side_by_side = [lone("QH", 100, 100), lone("QH", 122, 100), lone("9D", 144, 100)]
    assert len(fold_card_corners(side_by_side)) == 3


def four_corners(card: str, x: float, y: float) -> Slot:
    """A card read at all four corners, 3 index heights wide and 4.2 tall."""
    corners = [(x, y), (x + 3 * S, y), (x, y + 4.2 * S), (x + 3 * S, y + 4.2 * S)]
    return Slot(card, 0.9, (x, y), S, tuple(det(card, cx, cy, S) for cx, cy in corners))


def test_a_strips_second_index_misread_as_another_card_is_that_card() -> None:
    """A four-index hand: the top card shows the deck's edges; the AD's strip shows its
    second index a card's height below it, read 4D with less confidence."""
    top = four_corners("QD", 222, 100)
    ace = Slot("AD", 0.8, (200, 100), S, (det("AD", 200, 100, S),))
    misread = Slot("4D", 0.5, (200, 100 + 4.2 * S), S, (det("4D", 200, 184, S),))
    out = fold_misread_twins([ace, top, misread])
    assert sorted(s.card for s in out) == ["AD", "QD"]


def test_the_next_cards_index_near_a_covered_twin_stays_its_own() -> None:
    """The 4C shows only its lower index (the JC covers its upper one, a short step on):
    the JC's index lies near where the 4C's upper index would, but not on it."""
    top = four_corners("3S", 216, 100)
    four = Slot("4C", 0.9, (200, 184), S, (det("4C", 200, 184, S),))
    jack = Slot("JC", 0.9, (208, 100), S, (det("JC", 208, 100, S),))
    out = fold_misread_twins([four, jack, top])
    assert sorted(s.card for s in out) == ["3S", "4C", "JC"]
