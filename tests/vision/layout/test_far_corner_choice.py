"""Which chain end a lone index joins when it fits more than one: a top card's far corner
is placed before a stray reading (a card lying back across another fan)."""

from __future__ import annotations

from tests.vision.layout.fans import det
from vision.layout import build_layout
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


def test_a_card_beside_the_other_end_is_no_second_far_corner():
    # A column whose top card (2H, at its head) shows its far corner up and to the left;
    # a 10H of the discard pile lies down and to the left of the column's 10H, where a
    # top card's far corner would lie, but not the way the 2H's lies turned round (two
    # fans laid back to back show their far corners so), so it stays a card of its own.
    s = 16.0
    labels = ["2H", "2S", "4H", "5H", "6H", "7H", "8H", "9H", "10H"]
    dets = [det(c, 600, 170 + 25 * k, s) for k, c in enumerate(labels)]
    dets.append(det("2H", 550, 100, s))  # the 2H's far corner
    dets.append(det("10H", 600 - 95, 170 + 25 * 8 + 54, s))  # another 10H beside the end
    layout = build_layout(dets, (1280, 720))
    melds = [list(m.cards) for z in ("A", "B") for m in layout.zone(z).melds]
    assert melds == [labels]
    loose = [s.card for z in ("A", "B") for s in layout.zone(z).loose]
    assert loose == ["10H"]
