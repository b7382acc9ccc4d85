"""Cards the memory knows whose index a fan now covers are read where they lie
(``TableMemory.covered_readings``), so a covered card does not break its fan."""

from __future__ import annotations

from dataclasses import replace

from desktop.reading_referee import Referee
from engine import get_preset
from tests.vision.layout.fans import det, fan
from vision.layout import build_layout
from vision.tracking import EventKind, TableMemory

SIZE = (1280, 720)
FPS = 10.0
HEARTS = ["7H", "8H", "9H", "10H", "JH"]


def play(memory, frames, t0=0.0, *, put_back=True):
    """Feed detection lists at FPS as the referee does (covered cards put back, unless
    ``put_back`` is off: the layout of the detections alone); return every event."""
    events = []
    for k, dets in enumerate(frames):
        t = t0 + k / FPS
        if put_back:
            events += memory.read_frame(dets, SIZE, t)
        else:
            events += memory.update(build_layout(dets, SIZE), t)
    return events


def table(memory, zone="A"):
    return [list(m.cards) for m in memory.state().zone(zone).melds]


def without(dets, *cards):
    """The detections less every index of ``cards`` (covered by the card laid on them)."""
    return [d for d in dets if d.card not in cards]


def test_a_top_card_laid_over_the_last_cards_index_joins_its_meld():
    # The run 7H-10H is remembered; the JH laid on it covers the 10H's index, so one frame
    # shows a gap of two fan steps before the JH, and the JH alone would be let go.
    for put_back in (True, False):
        memory = TableMemory()
        play(memory, [fan(HEARTS[:4], 400, 450)] * 12, put_back=put_back)
        assert table(memory) == [HEARTS[:4]]
        events = play(
            memory, [without(fan(HEARTS, 400, 450), "10H")] * 12, t0=2.0, put_back=put_back
        )
        added = [e.cards for e in events if e.kind is EventKind.CARDS_ADDED]
        if put_back:
            assert table(memory) == [HEARTS]
            assert added == [("JH",)]
            slots = memory.state().zone("A").melds[0].slots
            assert [s.visible for s in slots] == [True, True, True, False, True]
        else:  # what the put-back readings prevent
            assert table(memory) == [HEARTS[:4]]
            assert added == []


def test_a_card_covered_before_its_meld_is_confirmed_is_laid_with_it():
    # Three cards show for 0.2 s (too short to lay a meld), then the fourth card covers the
    # first one's index: the meld is laid with all four, in table order.
    memory = TableMemory()
    first = fan(["4S", "5S", "6S"], 400, 450, second_index=False)
    later = without(fan(["4S", "5S", "6S", "7S"], 400, 450), "4S")
    events = play(memory, [first] * 3 + [later] * 12)
    assert table(memory) == [["4S", "5S", "6S", "7S"]]
    laid = [e.cards for e in events if e.kind is EventKind.MELD_LAID]
    assert laid == [("4S", "5S", "6S", "7S")]

    control = TableMemory()
    play(control, [first] * 3 + [later] * 12, put_back=False)
    assert table(control) == [["5S", "6S", "7S"]]


def test_a_fan_seen_for_fewer_frames_than_a_meld_needs_is_never_put_back():
    # A hand carrying three fanned cards over the table for two frames.
    passing = fan(["KC", "QD", "9S"], 300, 450, second_index=False)
    memory = TableMemory()
    play(memory, [passing] * 2)
    assert memory.covered_readings([]) == []
    play(memory, [passing], t0=0.2)  # a third frame: now it is a card being laid
    assert {d.card for d in memory.covered_readings([])} == {"KC", "QD", "9S"}


def test_a_fan_a_hand_holds_over_the_table_and_takes_away_lays_no_meld():
    # Three frames of a fan held still, then the table without it: its cards are known
    # and put back, but a frame showing none of them does not show the fan.
    passing = fan(["KC", "QD", "9S"], 300, 450, second_index=False)
    memory = TableMemory()
    events = play(memory, [passing] * 3 + [[]] * 30)
    assert table(memory) == []
    assert [e for e in events if e.kind is EventKind.MELD_LAID] == []


def test_a_card_covered_two_frames_after_it_was_laid_keeps_its_place(monkeypatch):
    # A meld being laid: the 7S shows for two frames (fewer than a change needs), then the
    # 8S laid on it covers its index for good. It was read beside cards seen long enough
    # to be known, so it was laid, not carried past: it is put back and the meld laid
    # with it.
    spades = ["4S", "5S", "6S", "7S", "8S"]
    frames = [fan(spades[:3], 400, 450)] * 3 + [fan(spades[:4], 400, 450)] * 2
    frames += [without(fan(spades, 400, 450), "7S")] * 20
    memory = TableMemory()
    play(memory, frames)
    assert table(memory) == [spades]

    # Asked for three frames wherever it lies, the 7S is lost, and the 8S two fan steps
    # past the 6S is let go with it.
    monkeypatch.setattr("vision.tracking.sightings.AROUND_S", 0.0)
    control = TableMemory()
    play(control, frames)
    assert table(control) == [spades[:3]]


def test_a_card_showing_another_corner_is_not_put_back_a_second_time():
    memory = TableMemory()
    cards = ["3D", "4D", "5D", "6D"]
    play(memory, [fan(cards, 400, 450, four_corner=True)] * 12)
    assert table(memory) == [cards]
    full = fan(cards, 400, 450, four_corner=True)
    one_corner_less = [d for d in full if d is not next(x for x in full if x.card == "4D")]
    assert memory.covered_readings(one_corner_less) == []
    assert {d.card for d in memory.covered_readings(without(full, "4D"))} == {"4D"}


def test_a_card_laid_exactly_over_a_known_index_is_not_doubled():
    memory = TableMemory()
    play(memory, [fan(HEARTS[:3], 400, 450)] * 12)
    over = fan(HEARTS[:3], 400, 450)
    over[1] = det("QC", *over[1].center_xy)  # another card lies where 8H's index was
    assert memory.covered_readings(over) == []


def test_the_referee_reads_the_covered_card_in_its_fan():
    referee = Referee(get_preset("pagat"))
    for k in range(12):
        referee.update(fan(HEARTS[:4], 400, 450), SIZE, k / FPS)
    for k in range(12):
        referee.update(without(fan(HEARTS, 400, 450), "10H"), SIZE, 2.0 + k / FPS)
    melds = referee.reading().melds["A"]
    assert [list(m.cards) for m in melds] == [HEARTS]
    assert [e["type"] for e in referee.events].count("card_added") == 1


def test_a_lay_off_seen_two_frames_before_the_next_card_covers_it_stays():
    # A run is remembered; the JH is laid on it and shows for two frames, then the QH
    # laid on the JH covers its index. A card read in a known meld's fan is a lay-off
    # after two frames (a new fan needs three: a passing hand's cards are no meld).
    def hand(min_frames_beside_known):
        memory = TableMemory()
        memory._sightings.min_frames_beside_known = min_frames_beside_known
        play(memory, [fan(HEARTS[:4], 400, 450)] * 12)
        jack = fan(HEARTS, 400, 450)
        queen = without(fan([*HEARTS, "QH"], 400, 450), "JH")
        play(memory, [jack] * 2 + [queen] * 12, t0=2.0)
        return table(memory)

    assert hand(2) == [[*HEARTS, "QH"]]
    assert hand(3) != [[*HEARTS, "QH"]]  # the rule a new fan needs loses the jack


def test_a_reading_the_layout_drops_does_not_keep_a_covered_card_out():
    # The 10H lies under the JH; its half-hidden index is read at 0.2, or read with its
    # rank sure and its suit open. The layout drops either, so the card's last reading
    # is put back as if nothing showed there.
    memory = TableMemory()
    play(memory, [fan(HEARTS[:4], 400, 450)] * 12)
    place = fan(HEARTS[:4], 400, 450)[3]
    assert place.card == "10H"
    weak = replace(place, confidence=0.2)
    open_suit = replace(place, confidence=0.3, rank_confidence=0.8, other_suits=("10D",))
    for reading in (weak, open_suit):
        frame = [*without(fan(HEARTS, 400, 450), "10H"), reading]
        assert "10H" in {d.card for d in memory.covered_readings(frame)}
    sure = [*without(fan(HEARTS, 400, 450), "10H"), replace(place, confidence=0.5)]
    assert "10H" not in {d.card for d in memory.covered_readings(sure)}
