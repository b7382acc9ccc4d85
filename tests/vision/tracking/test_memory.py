"""The hand's memory on synthetic frames: persistence, covering, growth, moved wilds."""

from __future__ import annotations

import pytest

from tests.vision.layout.fans import det, fan
from vision.layout import build_layout
from vision.layout.types import MeldGroup, Slot, TableLayout, ZoneLayout
from vision.tracking import EventKind, MemoryParams, TableMemory

SIZE = (1280, 720)
FPS = 10.0


def play(memory, frames, t0=0.0):
    """Feed detection lists at FPS; return every event."""
    events = []
    for k, dets in enumerate(frames):
        events += memory.update(build_layout(dets, SIZE), t0 + k / FPS)
    return events


def table(memory, zone="A"):
    return [list(m.cards) for m in memory.state().zone(zone).melds]


def fresh_with(cards, frames=12, **kw):
    memory = TableMemory(MemoryParams())
    events = play(memory, [fan(cards, 400, 450, **kw)] * frames)
    return memory, events


def test_a_meld_seen_long_enough_is_laid_once():
    memory, events = fresh_with(["3H", "4H", "5H"])
    assert table(memory) == [["3H", "4H", "5H"]]
    laid = [e for e in events if e.kind is EventKind.MELD_LAID]
    assert len(laid) == 1
    assert laid[0].cards == ("3H", "4H", "5H")
    # Three frames and 0.8 s: the first frame is at t=0, so it is laid at t=0.8.
    assert laid[0].t_monotonic == pytest.approx(0.8)


def test_a_meld_seen_too_briefly_is_not_laid():
    memory = TableMemory()
    play(memory, [fan(["3H", "4H", "5H"], 400, 450)] * 5 + [[]] * 10)
    assert table(memory) == []


def test_two_identical_cards_side_by_side_are_remembered_as_two():
    memory, _ = fresh_with(["7H", "7H", "7S"])
    assert table(memory) == [["7H", "7H", "7S"]]


def test_a_hand_passing_over_the_table_creates_nothing_and_forgets_nothing():
    memory, _ = fresh_with(["3H", "4H", "5H", "6H"])
    full = fan(["3H", "4H", "5H", "6H"], 400, 450)
    passing = []
    for k in range(8):
        # The hand covers the meld's right half and carries cards of its own across.
        x = 200 + 80 * k
        passing.append(full[:2] + fan(["KC", "QD", "9S"], x, 380, second_index=False))
    passing += [[] for _ in range(3)]  # the hand hides everything for a moment
    events = play(memory, passing + [full] * 5, t0=2.0)
    assert events == []
    assert table(memory) == [["3H", "4H", "5H", "6H"]]


def test_a_card_covered_by_the_next_one_stays_known():
    memory, _ = fresh_with(["4H", "5H", "6H", "7H"])
    covered = fan(["4H", "5H", "6H", "7H"], 400, 450)
    covered[2] = det("9H", *covered[2].center_xy, conf=0.4)  # half hidden: misread
    without = [d for i, d in enumerate(fan(["4H", "5H", "6H", "7H"], 400, 450)) if i != 2]
    events = play(memory, [covered] * 6 + [without] * 6, t0=2.0)
    assert table(memory) == [["4H", "5H", "6H", "7H"]]
    assert events == []
    state = memory.state().zone("A").melds[0]
    assert [s.visible for s in state.slots] == [True, True, False, True]


def test_a_meld_grows_by_a_lay_off():
    memory, _ = fresh_with(["4H", "5H", "6H"])
    events = play(memory, [fan(["4H", "5H", "6H", "7H", "8H"], 400, 450)] * 12, t0=2.0)
    assert table(memory) == [["4H", "5H", "6H", "7H", "8H"]]
    added = [e for e in events if e.kind is EventKind.CARDS_ADDED]
    assert [(e.cards, e.slots) for e in added] == [(("7H", "8H"), (3, 4))]


def test_a_joker_moved_by_a_lay_off():
    memory, _ = fresh_with(["4H", "5H", "JK", "7H"])
    events = play(memory, [fan(["4H", "5H", "6H", "7H", "JK"], 400, 450)] * 12, t0=2.0)
    assert table(memory) == [["4H", "5H", "6H", "7H", "JK"]]
    kinds = {e.kind: e for e in events}
    assert kinds[EventKind.CARDS_ADDED].cards == ("6H",)
    moved = kinds[EventKind.CARD_MOVED]
    assert (moved.cards, moved.detail["from"], moved.slots) == (("JK",), 2, (4,))


def test_a_vanished_meld_is_not_forgotten_nor_laid_again():
    memory, _ = fresh_with(["QS", "QD", "QC"])
    events = play(memory, [[]] * 30 + [fan(["QS", "QD", "QC"], 400, 450)] * 10, t0=2.0)
    assert events == []
    assert table(memory) == [["QS", "QD", "QC"]]


def test_melds_in_both_zones_and_in_table_order():
    memory = TableMemory()
    frames = [
        fan(["3H", "4H", "5H"], 600, 450)
        + fan(["9S", "9D", "9C"], 200, 450)
        + fan(["KC", "KD", "KS"], 300, 80)
    ] * 12
    play(memory, frames)
    assert table(memory, "A") == [["9S", "9D", "9C"], ["3H", "4H", "5H"]]
    assert table(memory, "B") == [["KC", "KD", "KS"]]
    ids = [m.meld_id for m in memory.state().zone("A").melds]
    assert sorted(ids) == [1, 2] or sorted(ids) == [2, 3]


def test_a_brief_misreading_does_not_change_a_card():
    memory, _ = fresh_with(["8C", "9C", "10C"], frames=20)
    misread = fan(["8C", "9C", "10C"], 400, 450, conf=[0.9, 0.5, 0.9])
    misread[1] = det("6C", *misread[1].center_xy, conf=0.5)
    events = play(memory, [misread] * 4, t0=3.0)
    assert table(memory) == [["8C", "9C", "10C"]]
    assert events == []


def test_a_consistent_rereading_wins_over_a_poor_first_reading():
    memory = TableMemory()
    first = fan(["8C", "9C", "10C"], 400, 450, conf=[0.9, 0.3, 0.9])
    first[1] = det("6C", *first[1].center_xy, conf=0.3)
    play(memory, [first] * 10)
    assert table(memory) == [["8C", "6C", "10C"]]
    events = play(memory, [fan(["8C", "9C", "10C"], 400, 450)] * 10, t0=2.0)
    assert table(memory) == [["8C", "9C", "10C"]]
    assert [(e.kind, e.cards, e.detail) for e in events] == [
        (EventKind.CARD_REREAD, ("9C",), {"was": "6C"})
    ]


def test_discard_pile_needs_persistence_too():
    memory = TableMemory()
    play(memory, [fan(["3H", "4H", "5H"], 400, 450) + fan(["KD"], 1100, 600)] * 12)
    assert [s.card for s in memory.state().zone("A").loose] == ["KD"]
    play(memory, [fan(["3H", "4H", "5H"], 400, 450)] * 2, t0=2.0)
    assert [s.card for s in memory.state().zone("A").loose] == ["KD"]


def test_a_lay_off_seen_only_now_and_then_is_added_once():
    memory, _ = fresh_with(["4H", "5H", "6H"])
    grown = fan(["4H", "5H", "6H", "7H"], 400, 450)
    without_new = fan(["4H", "5H", "6H"], 400, 450, second_index=False)
    # The new card's index shows in every other frame (a hand moving over it).
    frames = [grown if k % 2 == 0 else without_new for k in range(14)]
    events = play(memory, frames, t0=2.0)
    assert [(e.kind, e.cards) for e in events] == [(EventKind.CARDS_ADDED, ("7H",))]
    assert table(memory) == [["4H", "5H", "6H", "7H"]]


def test_a_card_read_in_another_suit_where_a_remembered_card_lies_is_that_card():
    # A tight vertical fan: the first frames miss the 7S and read the 6S as a 6C, so the
    # meld is laid as 5S 6C 2H. Then every index reads right: the 6S lies where the 6C was
    # read, so it is that card read again, and only the 7S is new.
    memory = TableMemory()
    cards = ["5S", "6S", "7S", "2H"]
    first = [
        det("6C", *d.center_xy) if d.card == "6S" else d
        for d in fan(cards, 400, 300, vertical=True, step=0.8)
        if d.card != "7S"
    ]
    play(memory, [first] * 10)
    assert table(memory, "B") == [["5S", "6C", "2H"]]
    events = play(memory, [fan(cards, 400, 300, vertical=True, step=0.8)] * 30, t0=2.0)
    assert table(memory, "B") == [cards]
    added = [e.cards for e in events if e.kind is EventKind.CARDS_ADDED]
    assert added == [("7S",)]


def test_a_meld_lying_near_45_degrees_is_not_read_reversed_as_moved_cards():
    # A line's sign convention (left to right nearer horizontal, else top to bottom) flips
    # at 45 degrees. A rendered clip's fan whose layout ordered it top to bottom (JK first)
    # while its index centres alone lie a little under 45 degrees: the remembered axis
    # must point along the meld's own slots, or the next frames read the meld reversed and
    # report its cards, and its joker, moved.
    centres = [(769.0, 449.0), (749.0, 464.0), (735.0, 480.0), (719.0, 498.0)]
    cards = ["JK", "QC", "JC", "10C"]
    slots = tuple(Slot(c, 0.9, xy, 15.0, (), True) for c, xy in zip(cards, centres, strict=True))
    layout = TableLayout(SIZE, {"A": ZoneLayout("A", (MeldGroup(slots, (-0.7, 0.714)),))})
    memory = TableMemory(MemoryParams())
    events = []
    for k in range(30):
        events += memory.update(layout, k / FPS)
    assert [e.kind for e in events] == [EventKind.MELD_LAID]
    assert table(memory) == [cards]


def test_the_other_copy_of_a_card_in_the_next_fan_does_not_move_a_remembered_card():
    # A vertical set 4D 4C 4S lies beside a run being laid that holds the other 4D. For a
    # few frames a hand breaks both fans, and the layout joins the run's 3D and 4D to a
    # reading near the set's 4S; that fan shows the set (its 4S), so its cards are
    # routed to the set. The run's 4D lies over four index heights from the set's: a natural
    # card never moves once laid, so it is not the set's 4D, and the set keeps its cards
    # where they lie. Its 4D used to follow the run's, and the run, laid later, was then
    # joined to the set.
    def meld(cards_xy, scale=20.0):
        return MeldGroup(tuple(Slot(c, 0.9, xy, scale, (), True) for c, xy in cards_xy), (0, 1))

    the_set = meld([("4D", (600.0, 100.0)), ("4C", (600.0, 130.0)), ("4S", (600.0, 160.0))])
    broken = meld([("3D", (512.0, 103.0)), ("4D", (515.0, 128.0)), ("4S", (560.0, 150.0))])
    run = meld([(c, (510.0, 100.0 + 25 * k)) for k, c in enumerate(["3D", "4D", "5D", "6D"])])

    def frame(*groups):
        return TableLayout(SIZE, {"B": ZoneLayout("B", tuple(groups))})

    memory = TableMemory(MemoryParams())
    frames = [frame(the_set)] * 12 + [frame(broken)] * 3 + [frame(the_set, run)] * 12
    for k, layout in enumerate(frames):
        memory.update(layout, k / FPS)
    assert sorted(table(memory, "B")) == [["3D", "4D", "5D", "6D"], ["4D", "4C", "4S"]]


def test_a_natural_card_read_out_of_place_is_not_moved():
    # A run's top card lies askew: for a while the layout leaves its near corner out of the
    # fan, and the reading it keeps of that card lies back along the fan, between two of
    # the run's cards. Only a joker or a 2 moves once laid, so the run keeps its order and
    # no card is told moved.
    memory, _ = fresh_with(["3D", "4D", "5D", "6D", "7D"])
    laid = fan(["3D", "4D", "5D", "6D", "7D"], 400, 450)
    by_card = {d.card: d for d in laid}
    x5, x6 = by_card["5D"].center_xy[0], by_card["6D"].center_xy[0]
    askew = [d for d in laid if d.card != "7D"] + [det("7D", (x5 + x6) / 2, 452)]
    events = play(memory, [askew] * 20, t0=2.0)
    assert table(memory) == [["3D", "4D", "5D", "6D", "7D"]]
    assert not [e for e in events if e.kind is EventKind.CARD_MOVED]


def test_a_reading_between_two_cards_one_step_apart_is_not_a_new_card():
    # A remembered JH QH KH; then every frame also reads a 7H half a step past the JH (a
    # card's other corner peeping between two cards, held-out clip 7030). No card fits
    # between two cards one fan step apart, so nothing is added; a card read one step
    # past the KH, where one fits, is.
    memory, _ = fresh_with(["JH", "QH", "KH"])
    jh = next(d for d in fan(["JH", "QH", "KH"], 400, 450) if d.card == "JH")
    between = det("7H", jh.center_xy[0] + 12, jh.center_xy[1])
    events = play(memory, [[*fan(["JH", "QH", "KH"], 400, 450), between]] * 20, t0=2.0)
    assert table(memory) == [["JH", "QH", "KH"]]
    assert not [e for e in events if e.kind is EventKind.CARDS_ADDED]
    events = play(memory, [fan(["JH", "QH", "KH", "AH"], 400, 450)] * 12, t0=4.0)
    assert table(memory) == [["JH", "QH", "KH", "AH"]]


def test_three_readings_between_two_cards_one_step_apart_are_not_new_cards():
    # A remembered run; then every frame also reads three cards between its 9H and 10H,
    # one fan step apart (one card's other corners read as three cards, validation clip
    # 8012). Three cards need four steps: none is added.
    cards = ["8H", "9H", "10H", "JH", "QH"]
    memory, _ = fresh_with(cards)
    laid = fan(cards, 400, 450)
    x, y = next(d for d in laid if d.card == "9H").center_xy
    peeping = [det(card, x + dx, y) for card, dx in (("2C", 6), ("6H", 12), ("9D", 18))]
    events = play(memory, [[*laid, *peeping]] * 20, t0=2.0)
    assert table(memory) == [cards]
    assert not [e for e in events if e.kind is EventKind.CARDS_ADDED]


def test_two_cards_read_in_a_gap_of_three_steps_are_added():
    # A run remembered with two cards hidden between its 5H and 8H, three steps apart:
    # room for two cards, so the two read there later are added.
    def frame(placed):
        slots = tuple(Slot(c, 0.9, (400.0 + 24 * k, 450.0), 20.0, (), True) for c, k in placed)
        return TableLayout(SIZE, {"A": ZoneLayout("A", (MeldGroup(slots, (1.0, 0.0)),))})

    memory = TableMemory(MemoryParams())
    for k in range(12):
        memory.update(frame([("3H", 0), ("4H", 1), ("5H", 2), ("8H", 5), ("9H", 6)]), k / FPS)
    assert table(memory) == [["3H", "4H", "5H", "8H", "9H"]]
    full = [("3H", 0), ("4H", 1), ("5H", 2), ("6H", 3), ("7H", 4), ("8H", 5), ("9H", 6)]
    for k in range(12):
        memory.update(frame(full), 2.0 + k / FPS)
    assert table(memory) == [["3H", "4H", "5H", "6H", "7H", "8H", "9H"]]


def test_a_remembered_meld_never_grows_past_the_decks_copies_of_a_card():
    # A double deck holds two 7H: a third read beside a set holding two is one card's
    # corners read again (validation clip 8044 grew a set to four 10H), and is not added;
    # a 7C read there is.
    memory, _ = fresh_with(["7H", "7H", "7S"])
    events = play(memory, [fan(["7H", "7H", "7S", "7H"], 400, 450)] * 20, t0=2.0)
    assert table(memory) == [["7H", "7H", "7S"]]
    assert not [e for e in events if e.kind is EventKind.CARDS_ADDED]
    play(memory, [fan(["7H", "7H", "7S", "7C"], 400, 450)] * 20, t0=5.0)
    assert table(memory) == [["7H", "7H", "7S", "7C"]]


def test_a_fan_read_with_three_copies_of_a_card_lays_no_meld():
    # A double deck holds two of each card, so a fan read 6H 6H 6H is one card's corners
    # read as several (fresh clip 8062): it lays nothing, and the set is laid once its
    # cards are read as they are.
    def frame(cards):
        slots = tuple(
            Slot(c, 0.9, (400.0 + 24 * k, 450.0), 20.0, (), True) for k, c in enumerate(cards)
        )
        return TableLayout(SIZE, {"A": ZoneLayout("A", (MeldGroup(slots, (1.0, 0.0)),))})

    memory = TableMemory(MemoryParams())
    for k in range(12):
        memory.update(frame(["6H", "6H", "6H"]), k / FPS)
    assert table(memory) == []
    for k in range(12):
        memory.update(frame(["6H", "6D", "6S"]), 2.0 + k / FPS)
    assert table(memory) == [["6H", "6D", "6S"]]


def test_a_card_seen_whole_keeps_its_reading_when_its_covered_index_reads_otherwise():
    # The 10C lies on top for four frames, both its corners read 10C; then the JC covers
    # its far corner and its half-covered index reads 10S in every frame after.
    memory = TableMemory(MemoryParams())
    on_top = fan(["8C", "9C", "10C"], 400, 450)
    covered = fan(["8C", "9C", "10S", "JC"], 400, 450)
    play(memory, [on_top] * 4 + [covered] * 30)
    assert table(memory) == [["8C", "9C", "10C", "JC"]]


def test_a_card_never_seen_whole_is_what_most_frames_read():
    memory = TableMemory(MemoryParams())
    covered = fan(["8C", "9C", "10S", "JC"], 400, 450)
    play(memory, [covered] * 30)
    assert table(memory) == [["8C", "9C", "10S", "JC"]]


def test_two_melds_at_the_edge_of_one_row_do_not_swap_places_frame_by_frame():
    # The KC meld lies right of the 3H meld, its row overlapping the 3H meld's by about
    # the share that makes one row: a pixel either way, and it is read above the 3H meld.
    memory = TableMemory(MemoryParams())
    hearts = fan(["3H", "4H", "5H"], 400, 450, second_index=False)

    def kings(dy):
        return fan(["KC", "KD", "KS"], 600, 450 + dy, second_index=False)

    one_row, above = -13, -15
    flicker = [hearts + kings(one_row if k % 2 else above) for k in range(20)]
    play(memory, [hearts + kings(one_row)] * 12)
    orders = []
    for k, dets in enumerate(flicker):
        memory.update(build_layout(dets, SIZE), 1.2 + k / FPS)
        orders.append([m.cards[0] for m in memory.state().zone("A").melds])
    assert orders == [["3H", "KC"]] * 20
    for k in range(10):  # moved up for good: shown above once it has held
        memory.update(build_layout(hearts + kings(above), SIZE), 3.2 + k / FPS)
    assert [m.cards[0] for m in memory.state().zone("A").melds] == ["KC", "3H"]


def test_a_tight_set_takes_the_other_copy_of_a_card_laid_three_cards_on():
    """Validation clip 8047: in a set fanned 0.7 index heights a step, the second 4H lies
    2.1 index heights from the first, once covered. It is that copy, not the first read
    again: a set alone can hold two copies, and only a few of its steps apart."""
    memory, _ = fresh_with(["4H", "4S", "4C"], step=0.7)
    grown = fan(["4H", "4S", "4C", "4H"], 400, 450, step=0.7)[1:]  # the first 4H covered
    play(memory, [grown] * 12, t0=2.0)
    assert table(memory) == [["4H", "4S", "4C", "4H"]]


def test_a_four_index_card_seen_whole_keeps_its_reading_under_the_next_card():
    # Held-out clip 7032: the AD lies on top of a vertical fan showing all four corners
    # read AD; the next AC covers its lower part, and its two top corners then read AH in
    # every frame, each box shorter by 0.4 of an index. It stays the AD it was seen as.
    from dataclasses import replace

    s = 20.0
    on_top = fan(["AC", "AD"], 400, 450, s=s, vertical=True, four_corner=True)
    laid = fan(["AC", "AD", "AC"], 400, 450, s=s, vertical=True, four_corner=True)
    ad_row = {round(d.center_xy[1]) for d in on_top if d.card == "AD"}
    row = min(ad_row)  # the AD's top corners; the others are now under the AC

    def covered(d):
        if d.card != "AD" or round(d.center_xy[1]) != row:
            return d
        x1, y1, x2, y2 = d.box_xyxy
        return replace(d, card="AH", box_xyxy=(x1, y1, x2, y2 - 0.4 * s))

    under = [covered(d) for d in laid if d.card != "AD" or round(d.center_xy[1]) == row]
    memory = TableMemory(MemoryParams())
    for k, dets in enumerate([on_top] * 5 + [under] * 30):
        memory.read_frame(dets, SIZE, k / FPS)  # as the app does: the deck's kind is learnt
    assert table(memory) == [["AC", "AD", "AC"]]


def test_one_frame_passing_for_a_four_index_fan_does_not_change_the_deck():
    # Validation clip 8007's two-index deck showed a four-index fan in two frames. A card
    # of such a deck still counts as seen whole by its two corners read alike.
    memory = TableMemory(MemoryParams())
    stray = fan(["3C", "4C", "5C"], 300, 120, four_corner=True)  # zone B, one frame
    on_top = fan(["8C", "9C", "10C"], 400, 450)
    covered = fan(["8C", "9C", "10S", "JC"], 400, 450)
    frames = [on_top + stray] + [on_top] * 3 + [covered] * 30
    for k, dets in enumerate(frames):
        memory.read_frame(dets, SIZE, k / FPS)
    assert build_layout(stray, SIZE).four_index_fan
    assert table(memory) == [["8C", "9C", "10C", "JC"]]
