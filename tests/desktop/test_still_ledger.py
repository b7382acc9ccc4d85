"""A still's ledger counts cards, not indices (synthetic layouts, no model).

Rules §2 (2 x 52 cards + 4 jokers; a third copy seen by the camera is a misread, vector M14) is
what the ledger checks; a card that shows the camera two of its indices is one card.
"""

from __future__ import annotations

from desktop.still_ledger import still_ledger
from desktop.table_reading import read_table
from engine import get_preset
from vision.layout.types import MeldGroup, Slot, TableLayout, ZoneLayout
from vision.tracking.physical import other_indices, physical_cards

RULES = get_preset("pagat")
SIZE = (1280, 720)
S = 20.0  # index height, pixels


def run(cards, x0, y0, step=24.0):
    """A horizontal fan's slots, left to right."""
    return MeldGroup(tuple(Slot(c, 0.9, (x0 + step * i, y0), S) for i, c in enumerate(cards)))


def table(a_melds=(), a_loose=(), b_melds=(), b_loose=(), discard=()):
    return TableLayout(
        SIZE,
        {
            "A": ZoneLayout("A", tuple(a_melds), tuple(a_loose)),
            "B": ZoneLayout("B", tuple(b_melds), tuple(b_loose)),
            "discard": ZoneLayout("discard", (), tuple(discard)),
        },
    )


# The 7H ending a hearts run at (148, 500), its far corner 3.5 index heights further out
# and 5 down: the layout left it loose.
HEARTS = run(["4H", "5H", "6H", "7H"], 76.0, 500.0)
FAR_CORNER_7H = Slot("7H", 0.8, (148.0 + 3.5 * S, 500.0 + 5 * S), S)
OTHER_7H = run(["7H", "7S", "7D"], 600.0, 200.0)  # the deck's second 7H, in a set


def test_a_fan_end_cards_far_corner_left_loose_is_the_same_card_not_a_third_copy():
    """Rules §2: with both 7H on the table (one ending a run, one in a set), the run's
    7H seen again at its far corner is not a third copy: no problem, no flag."""
    layout = table(a_melds=[HEARTS, OTHER_7H], a_loose=[FAR_CORNER_7H])
    assert still_ledger(layout) == []
    groups = [g for g in physical_cards(layout) if "7H" in g[0]]
    assert sorted(len(g) for g in groups) == [1, 2]
    reading = read_table(layout, RULES)
    assert reading.ledger == ()
    assert not any("copies of 7H" in f or "in no meld" in f for f in reading.flags)


def test_a_third_copy_away_from_both_is_still_flagged():
    """Rules §2: a 7H read in the other team's melds as well is one copy too many,
    whatever the far corner does; the problem names it."""
    third = run(["7H", "8H", "9H"], 600.0, 600.0)
    layout = table(a_melds=[HEARTS, OTHER_7H], a_loose=[FAR_CORNER_7H], b_melds=[third])
    (problem,) = still_ledger(layout)
    assert (problem.card, problem.count, problem.resolved_as) == ("7H", 3, None)
    assert any("3 copies of 7H" in f for f in read_table(layout, RULES).flags)


def test_a_copy_beside_a_fans_inner_card_is_another_card():
    """Only a fan's end cards show a far corner: a 5H lying loose next to the run's inner 5H
    is the deck's other 5H, and with a third 5H in a meld the ledger says so."""
    beside_inner = Slot("5H", 0.8, (100.0, 500.0 + 3 * S), S)
    third = run(["3H", "4H", "5H"], 600.0, 200.0)
    fives = run(["5S", "5H", "5D"], 600.0, 600.0)
    layout = table(a_melds=[HEARTS, third], a_loose=[beside_inner], b_melds=[fives])
    assert [p.card for p in still_ledger(layout)] == ["5H", "5H"]  # four readings, two over
    assert (beside_inner.card, beside_inner.center_xy) not in other_indices(layout)


def test_a_reading_behind_the_fan_is_no_far_corner():
    """A far corner lies past the fan's end, never back over the fan: a 7H loose behind
    the run's start, though within a card's reach of its 7H, is another card."""
    behind = Slot("7H", 0.8, (60.0, 500.0 + 4 * S), S)
    layout = table(a_melds=[HEARTS, OTHER_7H], a_loose=[behind])
    (problem,) = still_ledger(layout)
    assert problem.card == "7H" and problem.count == 3
    assert any("in no meld: 7H" in f for f in read_table(layout, RULES).flags)


def test_two_corners_of_one_heaped_discard_count_once():
    """Rules §2: the discard pile's top 9C shows two corners; with the deck's other 9C in a
    meld the table holds two, and the ledger is quiet."""
    corners = [Slot("9C", 0.9, (640.0, 300.0), S), Slot("9C", 0.7, (640.0, 300.0 + 4.5 * S), S)]
    clubs = run(["7C", "8C", "9C"], 200.0, 600.0)
    assert still_ledger(table(b_melds=[clubs], discard=corners)) == []
    far_apart = [corners[0], Slot("9C", 0.7, (1000.0, 100.0), S)]
    assert [p.card for p in still_ledger(table(b_melds=[clubs], discard=far_apart))] == ["9C"]


def test_one_card_read_in_two_melds_counts_twice():
    """Two melds cannot share a card: a 7H read in both a run and a set, beside each other,
    is two readings, and with a third 7H the ledger flags it."""
    near_run = run(["7H", "7C", "7D"], 148.0 + 2 * S, 500.0 + 4 * S)
    layout = table(a_melds=[HEARTS, near_run], b_melds=[OTHER_7H])
    (problem,) = still_ledger(layout)
    assert problem.count == 3
