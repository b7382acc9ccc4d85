"""Cards seen whole (``vision.tracking.whole``): two corners of one card read alike in one
frame, kept by place, and what they settle in a remembered card (``MemSlot.see_whole``)."""

from __future__ import annotations

from dataclasses import replace

from tests.vision.layout.fans import det
from vision.layout.types import Slot
from vision.tracking.slots import MemSlot
from vision.tracking.whole import WHOLE_RECALL_S, WholeSightings, seen_whole


def card_at(card: str, *corners: tuple[float, float], conf: float = 0.9) -> Slot:
    dets = tuple(det(card, x, y, conf=conf) for x, y in corners)
    return Slot(card, conf, dets[0].center_xy, 20.0, dets)


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
    sightings.observe([card_at("KC", (100, 100), (160, 190))], frozenset(), 0.0)
    assert [s.card for s in sightings.at((161, 189), 20.0)] == ["KC"]
    assert sightings.at((130, 100), 20.0) == []  # a fan step along: another card's index
    sightings.observe([], frozenset(), WHOLE_RECALL_S + 0.1)
    assert sightings.at((100, 100), 20.0) == []


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
