"""A zone's melds keep their place in the list while the table order flickers, and take a
new place once it holds."""

from __future__ import annotations

from vision.tracking.steady_order import SteadyOrder

FPS = 10.0


def shown_over(frames: list[tuple[int, ...]], steady: SteadyOrder) -> list[tuple[int, ...]]:
    return [steady.see("A", order, k / FPS, k) for k, order in enumerate(frames)]


def test_two_melds_swapping_back_and_forth_keep_their_first_order():
    steady = SteadyOrder(persist_frames=3, persist_s=0.8)
    flicker = [(1, 2), (2, 1)] * 10
    assert set(shown_over(flicker, steady)) == {(1, 2)}


def test_a_new_order_that_holds_is_shown_once_it_has_held_long_enough():
    steady = SteadyOrder(persist_frames=3, persist_s=0.8)
    shown = shown_over([(1, 2)] * 3 + [(2, 1)] * 12, steady)
    # the new order is first seen at frame 3 (t=0.3) and has held 0.8 s at frame 11
    assert shown[:11] == [(1, 2)] * 11
    assert shown[11:] == [(2, 1)] * 4


def test_a_meld_laid_is_shown_in_its_place_at_once():
    steady = SteadyOrder(persist_frames=3, persist_s=0.8)
    shown = shown_over([(1, 2)] * 3 + [(3, 1, 2)], steady)
    assert shown[-1] == (3, 1, 2)


def test_a_frame_asked_twice_counts_once():
    steady = SteadyOrder(persist_frames=3, persist_s=0.0)
    steady.see("A", (1, 2), 0.0, 0)
    for _ in range(5):
        steady.see("A", (2, 1), 0.1, 1)
    assert steady.see("A", (2, 1), 0.2, 2) == (1, 2)
    assert steady.see("A", (2, 1), 0.3, 3) == (2, 1)


def test_each_zone_keeps_its_own_order():
    steady = SteadyOrder(persist_frames=3, persist_s=0.8)
    steady.see("A", (1, 2), 0.0, 0)
    steady.see("B", (3, 4), 0.0, 0)
    assert steady.see("B", (4, 3), 0.1, 1) == (3, 4)
    assert steady.see("A", (1, 2), 0.1, 1) == (1, 2)
