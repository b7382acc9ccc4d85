"""A meld's first card, read whole while it lies alone, is remembered by the corner the
next card leaves showing (``vision.tracking.lone``)."""

from __future__ import annotations

from tests.vision.layout.fans import fan
from tests.vision.tracking.test_covered_cards import play, table, without
from vision.tracking import TableMemory

SPADES = ["4S", "5S", "6S", "7S"]


def laid_card_by_card(first_alone_frames: int, four_corner: bool = False) -> list[list]:
    """The run 4S-7S laid card by card, two frames a card; the first card shows alone for
    ``first_alone_frames`` frames, and its index is never read once the 5S lies on it."""
    frames = [fan(SPADES[:1], 400, 450, four_corner=four_corner)] * first_alone_frames
    for k in range(2, len(SPADES) + 1):
        shown = without(fan(SPADES[:k], 400, 450, four_corner=four_corner), "4S")
        frames += [shown] * (2 if k < len(SPADES) else 12)
    return frames


def test_a_first_card_read_alone_joins_its_meld_when_the_next_card_hides_its_index():
    for four_corner in (False, True):
        memory = TableMemory()
        play(memory, laid_card_by_card(first_alone_frames=2, four_corner=four_corner))
        assert table(memory) == [SPADES]


def test_a_first_card_seen_alone_for_one_frame_only_is_not_remembered():
    memory = TableMemory()
    play(memory, laid_card_by_card(first_alone_frames=1))
    assert table(memory) == [SPADES[1:]]


def test_the_corner_put_back_is_the_one_the_next_card_leaves_showing():
    memory = TableMemory()
    alone = fan(["4S"], 400, 450)  # its top-left index and its far corner
    near_corner = min(alone, key=lambda d: d.center_xy[0])
    play(memory, [alone] * 2)
    covered = without(fan(["4S", "5S"], 400, 450), "4S")
    play(memory, [covered], t0=0.2)
    put_back = memory.covered_readings(covered)
    assert [(d.card, d.center_xy) for d in put_back] == [("4S", near_corner.center_xy)]


def test_a_card_passing_alone_with_nothing_laid_on_it_is_never_put_back():
    memory = TableMemory()
    play(memory, [fan(["KD"], 300, 450)] * 3)
    play(memory, [[]] * 3, t0=0.3)
    assert memory.covered_readings([]) == []
    play(memory, [fan(["5H"], 700, 450)] * 3, t0=0.6)  # a card laid elsewhere
    assert memory.covered_readings([]) == []


def test_a_card_lying_beside_a_lone_card_does_not_cover_it():
    memory = TableMemory()
    play(memory, [fan(["9C"], 400, 450)] * 2)
    beside = fan(["9C"], 400, 450) + fan(["3H"], 500, 450)  # two card widths along
    play(memory, [beside] * 2, t0=0.2)
    assert memory.covered_readings([]) == []


def test_a_card_that_lay_by_it_all_along_is_not_a_card_laid_on_it():
    # The 3H lies one fan step along from the 9C from the start (the card it was laid
    # on, or a neighbouring meld's): when the 9C's indices go, nothing says the 3H
    # covered it, so it is not put back.
    memory = TableMemory()
    both = fan(["9C"], 400, 450) + fan(["3H"], 424, 450)
    play(memory, [both] * 3)
    play(memory, [fan(["3H"], 424, 450)] * 2, t0=0.3)
    assert memory.covered_readings(fan(["3H"], 424, 450)) == []
