"""Which chain end a lone index joins when it fits more than one: a top card's far corner
is placed before a stray reading (a card lying back across another fan)."""

from __future__ import annotations

from tests.vision.layout.fans import det
from vision.layout.dedup import pair_second_indices
from vision.layout.grouping import Chain
from vision.layout.types import Slot

S = 20.0


def _chain(cards: list[str], points: list[tuple[float, float]], axis: tuple[float, float]) -> Chain:
    slots = [Slot.from_detection(det(c, x, y, S)) for c, (x, y) in zip(cards, points, strict=True)]
    return Chain(tuple(slots), axis)


def test_a_far_corner_joins_its_top_card_though_another_fans_end_is_nearer():
    # Fan A runs right, its top card JK last; JK's far corner lies down and right of it.
    row = _chain(
        ["10S", "9S", "8S", "7S", "6S", "JK"], [(100 + 24 * k, 400) for k in range(6)], (1.0, 0.0)
    )
    far_corner = Slot.from_detection(det("JK", 220 + 3.45 * S, 400 + 4.85 * S, S))
    # Fan B runs down and ends on the other JK, nearer to that reading, which lies back
    # across B as a card's would whose far corner were B's end.
    column = _chain(["3H", "4H", "5H", "JK"], [(249, 485 + 24 * k) for k in range(4)], (0.0, 1.0))
    chains, singles = pair_second_indices([row, column], [far_corner])
    assert singles == []
    by_first = {c.slots[0].card: c for c in chains}
    assert [s.card for s in by_first["10S"].slots] == ["10S", "9S", "8S", "7S", "6S", "JK"]
    assert len(by_first["10S"].slots[-1].detections) == 2  # JK has its far corner
    assert [s.card for s in by_first["3H"].slots] == ["3H", "4H", "5H", "JK"]
    assert len(by_first["3H"].slots[-1].detections) == 1
