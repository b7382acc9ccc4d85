"""Pozzetto taken: a face-down pile that leaves the table for good."""

from __future__ import annotations

import math

import pytest

from vision.tracking.events import EventKind
from vision.tracking.piles import PileWatcher, count_piles, plausible_backs

STOCK = [(100.0, 300.0, 160.0, 390.0), (103.0, 302.0, 163.0, 392.0)]  # one pile, two backs
POZZ_1 = [(200.0, 300.0, 260.0, 390.0)]
POZZ_2 = [(300.0, 300.0, 360.0, 390.0)]


@pytest.mark.parametrize(
    ("boxes", "piles"),
    [([], 0), (STOCK, 1), (STOCK + POZZ_1, 2), (STOCK + POZZ_1 + POZZ_2, 3)],
)
def test_count_piles(boxes, piles):
    assert count_piles(boxes) == piles


def feed(watcher, frames, t0=0.0):
    events = []
    for k, boxes in enumerate(frames):
        events += watcher.update(boxes, (1280, 720), t0 + k / 10)
    return events


def test_a_pile_that_leaves_is_a_pozzetto_taken_once():
    w = PileWatcher()
    assert feed(w, [STOCK + POZZ_1 + POZZ_2] * 10) == []
    events = feed(w, [STOCK + POZZ_1] * 15, t0=1.0)
    assert [e.kind for e in events] == [EventKind.PILE_LEFT]
    assert w.piles == 2


def test_a_hand_hiding_a_pile_for_a_moment_takes_nothing():
    w = PileWatcher()
    feed(w, [STOCK + POZZ_1 + POZZ_2] * 10)
    events = feed(w, [STOCK + POZZ_1] * 4 + [STOCK + POZZ_1 + POZZ_2] * 10, t0=1.0)
    assert events == []


def test_a_back_found_now_and_then_is_no_pile_that_came_and_went():
    # A false back box in a few frames at the start (three, then one after six without)
    # spans the persistence time, yet most frames show two piles: nothing left the table.
    w = PileWatcher()
    flicker = [STOCK + POZZ_1 + POZZ_2] * 3 + [STOCK + POZZ_1] * 6 + [STOCK + POZZ_1 + POZZ_2]
    events = feed(w, flicker + [STOCK + POZZ_1] * 20)
    assert events == [] and w.piles == 2


# Two piles laid side by side a sixth of a card apart (new clip 8198's gap, in pixels).
LOWER = (669.0, 601.0, 784.0, 721.0)
UPPER = (664.0, 417.0, 776.0, 573.0)


def test_piles_laid_a_sixth_of_a_card_apart_are_two():
    assert count_piles([LOWER, UPPER]) == 2


def test_a_back_box_far_longer_than_the_piles_is_no_pile():
    # new clip 8177: a box on the table's grain twice a pile's length
    grain = (-19.0, 338.0, 285.0, 619.0)
    piles = [(618.0, 88.0, 763.0, 180.0), (636.0, 209.0, 782.0, 295.0)]
    assert plausible_backs([*piles, grain]) == piles


def test_two_backs_that_disagree_are_both_kept():
    # nothing tells which of two is the pile: a small false box must not drop a real one
    pile, speck = (618.0, 88.0, 763.0, 180.0), (300.0, 300.0, 340.0, 340.0)
    assert plausible_backs([pile, speck]) == [pile, speck]
    assert plausible_backs([pile, (300.0, 300.0, 345.0, 345.0), pile]) == [pile, pile]


def test_a_sliver_of_a_back_at_the_frame_edge_is_no_pile():
    # new clip 8186: a strip of cloth at the frame's corner, a fifth of a card wide
    sliver = (0.0, 601.0, 35.0, 728.0)
    piles = [(217.0, 238.0, 346.0, 344.0), (379.0, 240.0, 466.0, 391.0)]
    assert plausible_backs([*piles, sliver]) == piles


def test_piles_turned_any_way_are_all_kept():
    # a card 60 x 94 px upright, across, and turned 30 and 45 degrees: every box is plausible
    def turned(x, y, deg):
        c, s = abs(math.cos(math.radians(deg))), abs(math.sin(math.radians(deg)))
        w, h = 60 * c + 94 * s, 60 * s + 94 * c
        return (x, y, x + w, y + h)

    piles = [turned(0, 0, 0), turned(200, 0, 90), turned(400, 0, 30), turned(600, 0, 45)]
    assert plausible_backs(piles) == piles
    assert plausible_backs(piles[:1]) == piles[:1]  # a lone back has nothing to weigh against


def test_a_false_back_seen_for_seconds_then_gone_takes_nothing():
    grain = (700.0, 400.0, 1000.0, 680.0)  # three times a pile's length, apart from them
    w = PileWatcher()
    events = feed(w, [STOCK + POZZ_1 + [grain]] * 40 + [STOCK + POZZ_1] * 40)
    assert events == [] and w.piles == 2
