"""Readings a fan picks up that the memory knows are no card of it (synthetic layouts)."""

from __future__ import annotations

from vision.layout.types import MeldGroup, Slot, TableLayout, ZoneLayout
from vision.tracking import EventKind, TableMemory

SIZE = (1280, 720)
FPS = 10.0
SCALE = 15.0


def slot(card, y, x=100.0, scale=SCALE):
    return Slot(card, 0.9, (x, y), scale)


def column(cards, y0, step=30.0, x=100.0, scale=SCALE):
    return [slot(c, y0 + k * step, x, scale) for k, c in enumerate(cards)]


def frame(fans=(), loose=(), **other_loose):
    zones = {
        "A": ZoneLayout("A", tuple(MeldGroup(tuple(f), (0.0, 1.0)) for f in fans), tuple(loose))
    }
    for name, slots in other_loose.items():
        zones[name] = ZoneLayout(name, (), tuple(slots))
    return TableLayout(SIZE, zones)


def play(memory, frames, t0=0.0):
    events = []
    for k, layout in enumerate(frames):
        events += memory.update(layout, t0 + k / FPS)
    return events


def added(events):
    return [e.cards for e in events if e.kind is EventKind.CARDS_ADDED]


def test_a_top_cards_far_corner_heading_the_next_fan_is_not_added_to_it():
    memory = TableMemory()
    sets = column(["3S", "3D", "3C"], 100)  # top card 3C at y=160
    run = column(["2C", "9H", "8H"], 300)
    play(memory, [frame([sets, run])] * 12)
    # Every other frame, the 3C's far corner (on the line, 3.3 index heights past it) is
    # read at the head of the next fan.
    far = slot("3C", 210)
    frames = [frame([sets, [far, *run]] if k % 2 == 0 else [sets, run]) for k in range(30)]
    events = play(memory, frames, t0=1.2)
    assert added(events) == []
    assert [list(m.cards) for m in memory.state().zone("A").melds] == [
        ["3S", "3D", "3C"],
        ["2C", "9H", "8H"],
    ]


def test_a_far_corner_is_told_along_the_whole_fans_line_not_its_last_step():
    """A long fan whose top card's index lies a few pixels aside (a box's jitter): its last
    step points off the fan's line, and the far corner, on that line a card's height on,
    is still the top card's."""
    memory = TableMemory()
    run = column(["7H", "8H", "9H", "10H", "JH", "QH", "2C"], 100, step=12.0)
    run[-1] = slot("2C", run[-1].center_xy[1], x=104.0)
    play(memory, [frame([run])] * 12)
    far = slot("2C", run[-1].center_xy[1] + 50.0)
    spades = column(["2S", "3S", "4S"], 240, step=12.0)
    frames = [frame([run, [far, *spades]] if k % 2 == 0 else [run, spades]) for k in range(30)]
    events = play(memory, frames, t0=1.2)
    assert added(events) == []
    assert [list(m.cards) for m in memory.state().zone("A").melds] == [
        ["7H", "8H", "9H", "10H", "JH", "QH", "2C"],
        ["2S", "3S", "4S"],
    ]


def test_a_top_cards_far_corner_claims_nothing_while_its_near_corner_is_hidden():
    """A meld laid end to end after a remembered one: its fan is headed by the older
    meld's top card's far corner. In frames where that top card's near corner is hidden,
    the far corner must not stand for the card, or the new fan joins the older meld."""
    memory = TableMemory()
    sets = column(["3S", "3D", "3C"], 100, step=15.0)  # top card 3C at y=130
    play(memory, [frame([sets])] * 12)
    far = slot("3C", 160)  # two steps past it: near enough to be taken for the card
    run = column(["2C", "9H", "8H"], 175, step=15.0)
    frames = [frame([sets[:2] if k % 2 else sets, [far, *run]]) for k in range(30)]
    events = play(memory, frames, t0=1.2)
    assert added(events) == []
    assert [list(m.cards) for m in memory.state().zone("A").melds] == [
        ["3S", "3D", "3C"],
        ["2C", "9H", "8H"],
    ]


def test_a_loose_card_of_another_zone_taken_into_a_fan_is_not_added():
    memory = TableMemory()
    shown = [slot("KS", 360, x=112), slot("7C", 380, x=160)]
    run = column(["2C", "9H", "8H"], 270)  # 8H at y=330, the shown KS just past it
    play(memory, [frame([run], A_shown=shown)] * 12)
    frames = [
        frame([[*run, shown[0]]], A_shown=shown[1:]) if k % 2 == 0 else frame([run], A_shown=shown)
        for k in range(30)
    ]
    events = play(memory, frames, t0=1.2)
    assert added(events) == []
    assert [s.card for s in memory.state().zone("A_shown").loose] == ["KS", "7C"]


def test_a_fan_reading_claims_a_remembered_card_before_a_nearer_lone_one():
    memory = TableMemory()
    meld = column(["JK", "AS", "AS", "AD"], 160, scale=24.0)
    play(memory, [frame([meld])] * 12)
    # The fan breaks once and only the joker's far corner shows: the slot follows it.
    play(memory, [frame(loose=[slot("JK", 110, scale=24.0), *meld[1:]])], t0=1.2)
    # The fan is back, with the far corner read alone nearer the slot's last place.
    events = play(memory, [frame([meld], [slot("JK", 100, scale=24.0)])] * 20, t0=1.3)
    assert added(events) == []
    assert [list(m.cards) for m in memory.state().zone("A").melds] == [["JK", "AS", "AS", "AD"]]


def test_a_melds_first_card_laid_inside_the_discard_zone_joins_the_fan_grown_from_it():
    """A zone drawn around the discard pile may take in the corner of a meld's first card:
    alone, it is remembered as a discard card. Once every frame reads it at the head of
    the fan that grew from it, it is the meld's card (and leaves the discard pile)."""
    memory = TableMemory()
    pile = [slot("4D", 40, x=300)]
    first = slot("JK", 100)
    play(memory, [frame(discard=[*pile, first])] * 12)
    run = column(["KC", "QC", "JC", "10C"], 130)
    events = play(memory, [frame([[first, *run]], discard=pile)] * 30, t0=1.2)
    assert [list(m.cards) for m in memory.state().zone("A").melds] == [
        ["JK", "KC", "QC", "JC", "10C"]
    ]
    assert ("JK",) in added(events)
    assert [s.card for s in memory.state().zone("discard").loose] == ["4D"]


def test_a_discard_card_taken_into_a_fan_for_a_moment_stays_a_discard_card():
    memory = TableMemory()
    run = column(["2C", "9H", "8H"], 270)  # 8H at y=330
    top = slot("KS", 360)  # the discard pile's top card one step past it, in line
    play(memory, [frame([run], discard=[top])] * 12)
    # For half a second every frame reads it as the fan's next card, then alone again.
    taken = [frame([[*run, top]]) for _ in range(5)]
    alone = [frame([run], discard=[top]) for _ in range(20)]
    events = play(memory, [*taken, *alone], t0=1.2)
    assert added(events) == []
    assert [s.card for s in memory.state().zone("discard").loose] == ["KS"]
