"""Two-index or four-index deck: twin pairs (a card read at both corners of one edge) fold
only where the table shows a four-index fan, three cards of it read at two corners each,
or once such a fan has been seen on the table. Two pairs that back only each other are
as likely the top cards of two melds of a two-index deck lying side by side, each read at
its near and far corner along one same diagonal."""

from __future__ import annotations

from tests.vision.layout.fans import fan
from tests.vision.layout.test_four_index_fans import S, card
from vision.layout import build_layout
from vision.tracking.memory import TableMemory
from vision.types import CardDetection

SIZE = (1280, 720)


def two_index_runs_one_above_the_other() -> list:
    """Two runs of a two-index deck turned on their side, one above the other (boxes as
    read in a rendered still, vintage deck, index width 22 px). Each top card shows its
    near and far corners, the same diagonal apart, and the two top cards lie beside each
    other across it, as two cards of a four-index fan would."""
    boxes = [
        ("QS", (389.4, 99.1, 410.3, 106.4)), ("JS", (392.0, 122.8, 413.3, 132.1)),
        ("10S", (391.1, 139.6, 417.6, 152.7)), ("9S", (395.5, 161.1, 413.9, 167.9)),
        ("8S", (392.9, 185.7, 413.9, 191.7)), ("7S", (392.0, 204.4, 416.5, 211.3)),
        ("6S", (395.8, 227.2, 417.7, 235.1)), ("6S", (316.4, 276.3, 337.7, 282.6)),
        ("10C", (398.3, 298.6, 422.0, 310.8)), ("9C", (398.3, 310.8, 422.5, 319.3)),
        ("8C", (399.5, 321.1, 423.7, 331.7)), ("8C", (321.0, 374.1, 344.6, 385.8)),
    ]  # fmt: skip
    return [CardDetection(c, 0.9, box) for c, box in boxes]


def test_two_index_top_cards_side_by_side_are_not_folded_as_twins():
    dets = two_index_runs_one_above_the_other()
    layout = build_layout(dets, (640, 640))
    assert _melds(layout) == [["QS", "JS", "10S", "9S", "8S", "7S", "6S"], ["10C", "9C", "8C"]]
    assert not layout.four_index_fan
    # folded as a four-index deck's twins, the 6S would move to the card's middle and
    # cut the spades run in two
    as_twins = build_layout(dets, (640, 640), four_index=True)
    assert ["QS", "JS", "10S", "9S", "8S", "7S", "6S"] not in _melds(as_twins)


def _melds(layout) -> list[list[str]]:
    return [list(m.cards) for zone in ("A", "B") for m in layout.zone(zone).melds]


def test_a_four_index_fan_is_reported():
    layout = build_layout(fan(["5S", "6S", "7S", "8S"], 300, 400, four_corner=True), SIZE)
    assert [list(m.cards) for m in layout.zone("A").melds] == [["5S", "6S", "7S", "8S"]]
    assert layout.four_index_fan


def fan_with_two_pairs_showing() -> list:
    """A four-index run whose first cards show their top-left index only (a hand covers
    the bottom edge) and whose last two show both indices of their edge; the top card's
    far edge is covered too."""
    labels = ["7C", "8C", "9C", "10C", "JC", "QC"]
    dets = []
    for k, label in enumerate(labels):
        dets += card(label, 100 + k * 0.9 * S, 450, "tl" if k < 4 else "tl,bl")
    return dets


def test_a_deck_known_to_have_four_indices_folds_pairs_that_back_only_each_other():
    alone = build_layout(fan_with_two_pairs_showing(), SIZE)
    known = build_layout(fan_with_two_pairs_showing(), SIZE, four_index=True)
    run = ["7C", "8C", "9C", "10C", "JC", "QC"]
    assert [list(m.cards) for m in known.zone("A").melds] == [run]
    assert [s.card for s in known.zone("A").loose] == []
    # on its own the frame reads the bottom edge's two indices as two more cards
    assert [list(m.cards) for m in alone.zone("A").melds] == [run]
    assert sorted(s.card for s in alone.zone("A").loose) == ["JC", "QC"]


def test_the_memory_keeps_the_deck_kind_it_has_seen():
    whole = []
    for k, label in enumerate(["7C", "8C", "9C", "10C", "JC", "QC"]):
        whole += card(label, 100 + k * 0.9 * S, 450, "tl,bl")
    seen, fresh = TableMemory(), TableMemory()
    t = 0.0
    for _ in range(5):
        seen.read_frame(whole, SIZE, t)
        t += 0.2
    for _ in range(10):
        seen.read_frame(fan_with_two_pairs_showing(), SIZE, t)
        fresh.read_frame(fan_with_two_pairs_showing(), SIZE, t)
        t += 0.2
    assert [s.card for s in seen.state().zone("A").loose] == []
    assert sorted(s.card for s in fresh.state().zone("A").loose) == ["JC", "QC"]
