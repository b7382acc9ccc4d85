"""Two vertical fans laid side by side, their index columns under half an index height apart:
closer than one line's tolerance, so the longest line ran through both and read them as
one meld whose cards alternate between the two (6H KC 7H QC 8H ...)."""

from __future__ import annotations

from tests.vision.layout.fans import det, fan
from vision.layout import build_layout
from vision.layout.types import Slot
from vision.layout.unzip import unzip

SIZE = (1280, 720)
S = 24.0


def read(melds) -> set[tuple[str, ...]]:
    """Each meld's cards, in either direction along its fan."""
    return {min(m.cards, m.cards[::-1]) for m in melds}


def test_two_interleaved_columns_are_read_as_two_fans():
    clubs = fan(
        ["8C", "9C", "10C", "JC", "QC", "KC", "AC"],
        560,
        40,
        s=S,
        step=1.85,
        vertical=True,
        second_index=False,
    )
    # the hearts' column 0.45 index heights to the right, its cards between the clubs'
    hearts = fan(
        ["6H", "7H", "8H"],
        560 + 0.45 * S,
        40 + 0.9 * S,
        s=S,
        step=2.0,
        vertical=True,
        second_index=False,
    )
    layout = build_layout(clubs + hearts, SIZE)
    assert read(layout.zone("B").melds) == {
        min(c, c[::-1]) for c in (("8C", "9C", "10C", "JC", "QC", "KC", "AC"), ("6H", "7H", "8H"))
    }


def slots(cards: list[str], offsets: list[float], step: float = 1.2 * S) -> list[Slot]:
    """A vertical line of indices, each ``offsets[k]`` pixels off the line across it."""
    return [
        Slot.from_detection(det(card, 500 + off, 100 + k * step, S))
        for k, (card, off) in enumerate(zip(cards, offsets, strict=True))
    ]


def test_a_fan_whose_indices_wobble_across_its_line_stays_one_fan():
    # Alternate indices 3 px to either side: each half is straight and evenly stepped and
    # the halves interleave, but they lie a quarter of the required distance apart.
    cards = ["3H", "4H", "5H", "6H", "7H", "8H", "9H"]
    line = slots(cards, [3.0, -3.0] * 3 + [3.0])
    assert [[s.card for s in fan] for fan in unzip(line)] == [cards]


def test_two_columns_apart_but_not_interleaved_stay_one_line_here():
    # Two fans laid end to end with a sideways offset: not a zigzag; the step cut in the
    # grouping handles a line that passes from one fan into the next.
    cards = ["3H", "4H", "5H", "8C", "9C", "10C"]
    line = slots(cards, [0.0, 0.0, 0.0, 12.0, 12.0, 12.0])
    assert len(unzip(line)) == 1
