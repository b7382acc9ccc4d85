"""An index that two fans' lines run through: the first line taken may cut it off as an
odd end card, and it then belongs to the other line."""

from __future__ import annotations

from tests.vision.layout.fans import det
from vision.layout.grouping import group_chains
from vision.layout.types import Slot

S = 20.0  # index height in pixels


def _slot(card: str, x: float, y: float) -> Slot:
    """An index at (x, y) index heights from an origin inside the frame."""
    return Slot.from_detection(det(card, 400 + x * S, 400 + y * S, S))


def test_a_first_card_cut_off_a_crossing_column_carries_on_its_own_row():
    # A row of three cards (8C 8H JK) whose first index also lies on the line of a
    # column above it, one odd step past the column's end: the column's line is longer
    # and is taken first, which lets 8C go; it carries on the row evenly.
    column = [_slot("AD", -3.3, -4.2), _slot("AD", -3.2, -2.95), _slot("AS", -3.1, -1.7)]
    row = [_slot("8C", -2.9, 0.3), _slot("8H", -1.35, 0.15), _slot("JK", 0.0, 0.0)]
    chains, singles = group_chains(column + row)
    assert sorted([s.card for s in c.slots] for c in chains) == [
        ["8C", "8H", "JK"],
        ["AD", "AD", "AS"],
    ]
    assert singles == []
