"""Pozzetto taken: a face-down pile that leaves the table for good."""

from __future__ import annotations

import pytest

from vision.tracking.events import EventKind
from vision.tracking.piles import PileWatcher, count_piles

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
