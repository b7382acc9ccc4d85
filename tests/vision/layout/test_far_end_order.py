"""Three fans on one line: a column whose top card's far corner heads the next fan, and
whose other end holds the far corner of the previous fan's top card. Settling that end
first shows the column's own top card, which settles the other end."""

from __future__ import annotations

from tests.vision.layout.fans import det
from tests.vision.layout.fans import line_slot as slot
from vision.layout import build_layout
from vision.layout.far_ends import resolve_far_ends
from vision.layout.grouping import Chain
from vision.layout.types import Slot

S = 20.0
Y = 400.0
STEP = 0.6 * S
CARD = 2.4 * S  # a card's near index to its far corner on the line


def line(cards: list[str], x0: float, y: float = Y) -> list[Slot]:
    return [slot(card, x0 + k * STEP, y=y) for k, card in enumerate(cards)]


def test_a_column_showing_its_own_top_card_gives_the_far_corner_at_its_tail_away():
    column_x = 200.0
    tail_x = column_x + 5 * STEP  # AH's far corner, one fan step past the column's 2S
    ah_x = tail_x + CARD
    # 9C 8C 7C 6C, top card 9C (far corner shown), then 9S's far corner
    before = Chain(
        (slot("9C", 100, 100 - CARD), *line(["8C", "7C", "6C"], 100 + STEP), slot("9S", 152)),
        (1.0, 0.0),
    )
    # 9S 8S 7S 6S 2S, top card 9S (its far corner heads `before`'s tail), then AH's far corner
    column = Chain(
        (*line(["9S", "8S", "7S", "6S", "2S"], column_x), slot("AH", tail_x)), (1.0, 0.0)
    )
    after = Chain(tuple(line(["AH", "AC", "AC"], ah_x)), (1.0, 0.0))
    # a fan in the row above, its top card last: the nearest guide to a guess
    above = Chain(
        (
            *line(["5D", "6D"], tail_x - STEP, y=Y + 100),
            slot("7D", tail_x + STEP, tail_x + STEP + CARD, y=Y + 100),
        ),
        (1.0, 0.0),
    )
    chains, lone = resolve_far_ends([column, after, before, above])
    cards = [[s.card for s in c.slots] for c in chains]
    assert cards[:3] == [
        ["9S", "8S", "7S", "6S", "2S"],
        ["AH", "AC", "AC"],
        ["9C", "8C", "7C", "6C"],
    ]
    assert len(chains[0].slots[0].detections) == 2  # 9S with its far corner
    assert len(chains[1].slots[0].detections) == 2  # AH with its far corner
    assert lone == []


def test_two_copies_facing_on_one_line_stay_in_their_fans_when_the_far_corner_shows():
    # Two-index deck, two columns on one line, each with its top card at the head, whose
    # far corner shows off the line: 8C 9C 2C JC QC KC AC (top card AC), then AC KC QC JC
    # JK (top card JK). The facing ACs are two copies: the second's far corner is seen
    # off the line already, and a two-index card shows one.
    off = (-3.45 * S, -4.85 * S)  # near index to far corner: across and back up the line

    def column(cards: list[str], x: float, y0: float) -> list:
        dets = [det(card, x, y0 - k * STEP) for k, card in enumerate(cards)]
        top = len(cards) - 1
        return [*dets, det(cards[-1], x + off[0], y0 - top * STEP + off[1])]

    lower = column(["8C", "9C", "2C", "JC", "QC", "KC", "AC"], 500, 640)
    upper_first = 640 - 6 * STEP - 4.5 * S  # a few steps above the lower AC
    upper = column(["AC", "KC", "QC", "JC", "JK"], 500, upper_first)
    layout = build_layout([*lower, *upper], (1280, 720))
    got = {_either_way(m.cards) for m in layout.zone("A").melds}
    assert got == {
        _either_way(("AC", "KC", "QC", "JC", "JK")),
        _either_way(("8C", "9C", "2C", "JC", "QC", "KC", "AC")),
    }


def _either_way(cards: tuple[str, ...]) -> tuple[str, ...]:
    """A meld's cards, read from whichever end (the test asks about membership)."""
    return min(tuple(cards), tuple(reversed(cards)))
