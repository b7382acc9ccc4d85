"""What the memory needs before it changes the table: evidence over many frames, never
one frame's layout mistake (hand-made one-frame layouts, so no layout rule is involved)."""

from __future__ import annotations

from vision.layout.types import MeldGroup, Slot, TableLayout, ZoneLayout
from vision.tracking import EventKind, TableMemory

SIZE = (1280, 720)
STEP = 24.0  # px between the indices of a fan
SCALE = 20.0  # index height, px


def slot(card: str, x: float, y: float = 450.0) -> Slot:
    return Slot(card, 0.9, (x, y), SCALE)


def fan(cards: list[str], x0: float = 400.0) -> MeldGroup:
    return MeldGroup(tuple(slot(c, x0 + k * STEP) for k, c in enumerate(cards)), (1.0, 0.0))


def frame(*melds: MeldGroup, loose: tuple[Slot, ...] = ()) -> TableLayout:
    return TableLayout(SIZE, {"A": ZoneLayout("A", tuple(melds), loose)})


def play(memory: TableMemory, frames: list[TableLayout], t0: float = 0.0):
    events = []
    for k, layout in enumerate(frames):
        events += memory.update(layout, t0 + k / 10)
    return events


def cards_of(memory: TableMemory) -> list[list[str]]:
    return [list(m.cards) for m in memory.state().zone("A").melds]


def remembered(cards: list[str]) -> TableMemory:
    memory = TableMemory()
    play(memory, [frame(fan(cards))] * 12)
    assert cards_of(memory) == [cards]
    return memory


def test_a_neighbours_corner_joining_now_and_then_is_not_added():
    # 4 frames over 0.9 s show an extra card at the fan's end (enough on their own), but
    # the 6 frames between show the whole meld as remembered: one bad frame now and then.
    memory = remembered(["4H", "5H", "6H"])
    plain, extra = frame(fan(["4H", "5H", "6H"])), frame(fan(["4H", "5H", "6H", "KC"]))
    frames = [extra if k % 3 == 0 else plain for k in range(10)]
    events = play(memory, frames, t0=2.0)
    assert events == []
    assert cards_of(memory) == [["4H", "5H", "6H"]]


def test_a_lay_off_seen_in_most_frames_is_added():
    memory = remembered(["4H", "5H", "6H"])
    plain, grown = frame(fan(["4H", "5H", "6H"])), frame(fan(["4H", "5H", "6H", "7H"]))
    frames = [plain if k % 3 == 0 else grown for k in range(12)]
    events = play(memory, frames, t0=2.0)
    assert [(e.kind, e.cards) for e in events] == [(EventKind.CARDS_ADDED, ("7H",))]


def test_a_new_meld_is_laid_as_most_frames_read_it():
    # Its first frames (and one later) take a neighbour's card into the fan: that reading
    # is seen 3 times over 0.9 s, but most frames show the three cards alone.
    memory = TableMemory()
    with_neighbour = frame(fan(["6C", "7C", "8C", "QH"]))
    alone = frame(fan(["6C", "7C", "8C"]))
    events = play(memory, [with_neighbour] * 2 + [alone] * 7 + [with_neighbour] * 3)
    laid = [e for e in events if e.kind is EventKind.MELD_LAID]
    assert [e.cards for e in laid] == [("6C", "7C", "8C")]


def test_a_card_read_again_further_off_is_not_a_second_copy():
    # The top card's other corner shows as a loose index near it while the card itself is
    # seen in the fan: one remembered card is seen by one reading a frame.
    memory = remembered(["4H", "5H", "6H"])
    corner = slot("6H", 400 + 2 * STEP + 30, 480)
    events = play(memory, [frame(fan(["4H", "5H", "6H"]), loose=(corner,))] * 12, t0=2.0)
    assert events == []
    assert cards_of(memory) == [["4H", "5H", "6H"]]
