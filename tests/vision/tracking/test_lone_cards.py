"""A meld's first card, read whole while it lies alone, is remembered by the corner the
next card leaves showing (``vision.tracking.lone``)."""

from __future__ import annotations

from tests.vision.layout.fans import det, fan
from tests.vision.tracking.test_covered_cards import play, table, without
from vision.layout.types import Slot
from vision.tracking import TableMemory
from vision.tracking.lone import LoneCards
from vision.tracking.sightings import Sighting, Sightings

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


def lone_slot(*corners):
    """A loose card of a team zone made of ``corners`` (detections of one card)."""
    first = corners[0]
    return Slot(first.card, first.confidence, first.center_xy, 20.0, tuple(corners))


def test_the_other_copy_of_a_name_read_beside_it_can_be_the_card_laid_on_it():
    # A set laid card by card: the AD lies alone beside the first AS's corner, then the
    # second AS is laid on the AD one step along. A card of that name was read near the
    # AD while it lay alone, but not where the second AS lies: it is new there.
    lone = LoneCards(forget_s=1.0)
    ad = (det("AD", 400, 400), det("AD", 460, 484))
    first_as = det("AS", 376, 400)
    for k in range(2):
        assert lone.update("A", [lone_slot(*ad)], [*ad, first_as], k / 10, 2) == []
    second_as = [det("AS", 424, 400), det("AS", 484, 484)]
    found = lone.update("A", [], [first_as, *second_as], 0.2, 2)
    assert [(s.card, [d.center_xy for d in s.read.last_read]) for s in found] == [
        ("AD", [(400.0, 400.0)])
    ]


def test_a_frame_showing_one_corner_counts_toward_the_frames_alone():
    # The first frame reads one corner of the joker, the next both: two frames alone.
    lone = LoneCards(forget_s=1.0)
    joker = (det("JK", 400, 400), det("JK", 460, 484))
    lone.update("A", [lone_slot(joker[0])], [joker[0]], 0.0, 2)
    lone.update("A", [lone_slot(*joker)], list(joker), 0.1, 2)
    laid_on = [det("6C", 424, 400), det("6C", 484, 484)]
    found = lone.update("A", [], laid_on, 0.2, 2)
    assert [s.card for s in found] == ["JK"]


def test_a_lone_card_known_by_its_corners_makes_a_card_read_once_in_a_fan_known():
    # The 5S was read in a fan for one frame only (a new fan needs three), then found to
    # be a lone card the 6S was laid on: the sighting is that card, and is put back.
    sightings = Sightings(match_radius=2.5, forget_s=1.0, min_frames=3)
    corner = det("5S", 400, 400)
    sightings.observe("A", [(lone_slot(corner), False)], 0.0)
    assert sightings.covered_readings([]) == []
    known = Sighting("5S", "A", corner.center_xy, 20.0, 2, 0.1, read_alone=True)
    known.read.record(lone_slot(corner))
    sightings.add(known)
    assert [d.card for d in sightings.covered_readings([])] == ["5S"]
    assert len(sightings.items) == 1


def test_a_lone_card_is_put_back_beside_its_other_copy():
    # A set of fours: the first 4H, known from when it lay alone, is covered; the second
    # 4H, the top card, lies two index heights along. Every corner of the first was seen,
    # so the second is its other copy, not a corner of it. A reading at its very place is
    # itself, and a card known only from a fan keeps the wider reach.
    def put_back(read_alone: bool, reading_at: float) -> bool:
        sightings = Sightings(match_radius=2.5, forget_s=1.0, min_frames=3)
        corner = det("4H", 400, 400)
        known = Sighting("4H", "A", corner.center_xy, 20.0, 3, 0.1, read_alone=read_alone)
        known.read.record(lone_slot(corner))
        sightings.items.append(known)
        return bool(sightings.covered_readings([det("4H", 400 + reading_at, 400)]))

    assert put_back(read_alone=True, reading_at=42.0)
    assert not put_back(read_alone=True, reading_at=8.0)
    assert not put_back(read_alone=False, reading_at=42.0)


def test_a_frame_reading_it_in_place_inside_a_fan_counts_toward_its_frames():
    # The 4D shows alone for one frame, then at the same place in a fan (a card put back
    # beside it makes one), then the 4C is laid on it.
    lone = LoneCards(forget_s=1.0)
    four = (det("4D", 400, 400), det("4D", 460, 484))
    lone.update("A", [lone_slot(*four)], list(four), 0.0, 2)
    in_fan = [det("4H", 385, 400), four[0]]
    assert lone.update("A", [], in_fan, 0.1, 2) == []
    laid_on = [det("4C", 415, 400), det("4C", 475, 484)]
    found = lone.update("A", [], laid_on, 0.2, 2)
    assert [(s.card, [d.center_xy for d in s.read.last_read]) for s in found] == [
        ("4D", [(400.0, 400.0)])
    ]
