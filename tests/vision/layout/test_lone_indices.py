"""Cards of a four-index fan that show one index only (the other hidden), and fan ends
that sit a little off the fan's even step (a card laid slightly askew)."""

from __future__ import annotations

from tests.vision.layout.fans import det
from tests.vision.layout.test_four_index_fans import CARD_H, INSET, S, card, melds
from vision.layout.twins import fold_twins
from vision.layout.types import Slot


def test_lone_indices_far_from_every_pair_follow_one_another_onto_the_midline():
    # The first three cards show their top-left index only: the first one lies further
    # from any twin pair than a lone index may be moved, but next to the second.
    step = 1.2
    labels = ["7C", "8C", "9C", "10C", "JC", "QC"]
    dets = []
    for k, label in enumerate(labels):
        corners = "tl" if k < 3 else ("tl,bl,tr,br" if k == len(labels) - 1 else "tl,bl")
        dets += card(label, 100 + k * step * S, 450, corners)
    assert melds(dets) == [labels]


def test_a_lone_index_goes_onto_its_own_fans_midline_not_the_neighbours():
    # Two fans along the cards' height (top-left and top-right indices), side by side.
    # The first card of the left one shows its top-right index only; half a twin vector
    # the wrong way lands it right on the neighbouring fan's midline.
    step = 1.2
    left, right = ["8S", "9S", "10S", "JS"], ["7H", "8H", "9H", "10H"]
    dets = []
    for k, label in enumerate(left):
        corners = "tr" if k == 0 else ("tl,tr,bl,br" if k == len(left) - 1 else "tl,tr")
        dets += card(label, 100, 400 + k * step * S, corners)
    for k, label in enumerate(right):
        corners = "tl,tr,bl,br" if k == len(right) - 1 else "tl,tr"
        dets += card(label, 100 + 2.9 * S, 400 + k * step * S, corners)
    assert sorted(melds(dets)) == sorted([left, right])


def test_lone_indices_do_not_slide_along_a_top_cards_corner_pair():
    # One index per card; each fan's top card shows its top-left and top-right corners,
    # a pair running along the fan, backed by the same pair of the meld laid above (no
    # twins since a one-edged fan runs on along their line, see test_pairs_along_fans).
    # The lone indices beyond it lie on its line, not on an edge of a fan across it.
    step = 0.8
    lower, upper = ["5C", "6C", "7C", "8C", "9C"], ["2D", "3D", "4D"]
    dets = []
    for labels, x, y in ((lower, 100, 520), (upper, 100 + 2.0 * step * S, 520 - CARD_H * S)):
        for k, label in enumerate(labels):
            corners = "tl,tr" if k == len(labels) - 1 else "tl"
            dets += card(label, x + k * step * S, y, corners)
    slots = [Slot.from_detection(d) for d in dets]
    before = {s.center_xy for s in slots}
    folded, _ = fold_twins(slots)
    assert {s.center_xy for s in folded if len(s.detections) == 1} <= before


def test_an_end_card_a_little_off_a_tight_fans_step_stays():
    # Steps of half an index height: the first card lies a quarter index height further
    # out than the even step (1.5 steps), as a card laid slightly askew does.
    xs = [100.0, 100 + 0.75 * S, 100 + 1.25 * S, 100 + 1.75 * S]
    labels = ["6H", "6D", "6S", "6C"]
    dets = [det(label, x, 450 + INSET * S, S) for label, x in zip(labels, xs, strict=True)]
    assert melds(dets) == [labels]
