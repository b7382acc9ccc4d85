"""Cards seen whole (``vision.tracking.whole``): two corners of one card read alike in one
frame, kept by place, and what they settle in a remembered card (``MemSlot.see_whole``)."""

from __future__ import annotations

from dataclasses import replace

from tests.vision.layout.fans import det
from vision.layout.types import Slot
from vision.tracking.slots import MemSlot
from vision.tracking.whole import (
    MIN_WHOLE_FRAMES,
    WHOLE_RECALL_S,
    WholeSightings,
    seen_whole,
)


def card_at(card: str, *corners: tuple[float, float], conf: float = 0.9) -> Slot:
    dets = tuple(det(card, x, y, conf=conf) for x, y in corners)
    return Slot(card, conf, dets[0].center_xy, 20.0, dets)


def seen_twice(sightings: WholeSightings, *slots: Slot, t0: float = 0.0) -> None:
    """Two frames showing ``slots`` (a card counts once seen whole in MIN_WHOLE_FRAMES)."""
    for k in range(MIN_WHOLE_FRAMES):
        sightings.observe(list(slots), frozenset(), t0 + 0.1 * k)


def cards_at(sightings: WholeSightings, slot: Slot) -> set[str]:
    return {s.card for s in sightings.at(slot)}


def test_two_corners_apart_read_alike_are_a_card_seen_whole():
    sighting = seen_whole(card_at("10C", (100, 100), (160, 190)), frozenset(), 1.0)
    assert sighting is not None
    assert (sighting.card, sighting.t) == ("10C", 1.0)
    assert len(sighting.places) == 2


def test_one_corner_or_one_index_read_twice_is_not():
    assert seen_whole(card_at("10C", (100, 100)), frozenset(), 0.0) is None
    # two readings 2 px apart are one index read twice, not two corners
    assert seen_whole(card_at("10C", (100, 100), (102, 100)), frozenset(), 0.0) is None


def test_a_corner_put_back_or_read_by_its_rank_alone_does_not_count():
    slot = card_at("10C", (100, 100), (160, 190))
    put_back = frozenset({slot.detections[1]})
    assert seen_whole(slot, put_back, 0.0) is None
    open_suit = replace(slot.detections[1], rank_confidence=0.9, other_suits=("10S",))
    assert (
        seen_whole(replace(slot, detections=(slot.detections[0], open_suit)), frozenset(), 0.0)
        is None
    )


def test_sightings_are_found_by_any_of_their_corners_and_forgotten_in_time():
    sightings = WholeSightings()
    seen_twice(sightings, card_at("KC", (100, 100), (160, 190)))
    assert cards_at(sightings, card_at("KC", (161, 189))) == {"KC"}
    assert cards_at(sightings, card_at("KC", (130, 100))) == set()  # a fan step on
    sightings.observe([], frozenset(), WHOLE_RECALL_S + 0.2)
    assert cards_at(sightings, card_at("KC", (100, 100))) == set()


def test_a_card_seen_whole_is_what_its_whole_frames_read():
    mem = MemSlot(1, (100.0, 100.0), 20.0)
    for _ in range(20):  # its covered corner, read as a spade in many frames
        mem.observe(card_at("10S", (100, 100), conf=0.5))
    mem.see_whole("10C", 0.8, vote=True)
    assert mem.card == "10C"


def test_a_sighting_of_another_rank_is_another_cards_corner():
    # A neighbouring fan's top card shows its far corner where this card's index lies.
    mem = MemSlot(1, (100.0, 100.0), 20.0)
    mem.observe(card_at("2C", (100, 100)))
    mem.see_whole("10H", 0.9, vote=True)
    assert mem.card == "2C"
    assert "10H" not in mem.votes


def test_in_a_four_index_deck_two_corners_alike_are_not_a_card_seen_whole():
    # A vertical fan's next card covers both top corners of a four-index card alike, so
    # two corners read alike there may both be half covered (held-out clip 7032).
    two = card_at("AH", (100, 100), (160, 100))
    assert seen_whole(two, frozenset(), 0.0, min_corners=3) is None
    three = card_at("AD", (100, 100), (160, 100), (160, 190))
    sighting = seen_whole(three, frozenset(), 0.0, min_corners=3)
    assert sighting is not None and sighting.card == "AD"


def test_a_sighting_is_found_by_any_reading_of_a_slot_not_its_centre():
    # A four-index deck's slot lies midway between its two top corners, far from both.
    sightings = WholeSightings()
    seen_twice(sightings, card_at("AD", (100, 100), (160, 100), (160, 190)))
    both_tops = card_at("AD", (100, 100), (160, 100))
    folded = replace(both_tops, center_xy=(130.0, 100.0))
    assert cards_at(sightings, folded) == {"AD"}


def test_a_half_covered_index_is_found_on_the_box_it_was_seen_whole_in():
    # The next card covers the lower part of the index: what shows is a shorter box whose
    # centre lies 7 px up, beyond SAME_PLACE (6 px at a 20 px index) but inside the box.
    sightings = WholeSightings()
    seen_twice(sightings, card_at("KC", (100, 100), (160, 190)))
    shorter = card_at("KC", (100, 93))
    assert cards_at(sightings, shorter) == {"KC"}
    next_card = card_at("KC", (100, 76))  # a tight fan's next index, 1.2 indices up
    assert cards_at(sightings, next_card) == set()


def test_a_card_seen_whole_in_one_frame_only_is_not_taken():
    # New clip 8174: a 10H still sliding into place was seen whole once where the 10D
    # was laid next.
    sightings = WholeSightings()
    sightings.observe([card_at("10H", (100, 100), (160, 190))], frozenset(), 0.0)
    assert cards_at(sightings, card_at("10D", (161, 189))) == set()
    sightings.observe([card_at("10H", (100, 100), (160, 190))], frozenset(), 0.1)
    assert cards_at(sightings, card_at("10D", (161, 189))) == {"10H"}


def test_of_two_cards_seen_whole_the_slot_takes_the_one_under_most_of_its_readings():
    # Validation clip 8039: a JS slot holds one reading on the JC's corner, two on its own.
    sightings = WholeSightings()
    seen_twice(
        sightings,
        card_at("JC", (100, 100), (200, 100), (150, 190)),
        card_at("JS", (300, 100), (250, 190), (350, 190)),
    )
    js_slot = card_at("JS", (300, 100), (250, 190), (100, 100))
    assert cards_at(sightings, js_slot) == {"JS"}


def test_a_neighbours_index_read_alike_is_not_another_corner():
    # Held-out clip 7017: a 5S read 5D lies 8 px from the 5D's corner, not a card apart.
    slot = card_at("5D", (100, 100), (171, 101), (168, 109))
    sighting = seen_whole(slot, frozenset(), 0.0, min_corners=3)
    assert sighting is None
    assert seen_whole(slot, frozenset(), 0.0, min_corners=2) is not None
