"""One index read as two cards: the detector boxed a 9D's index twice, the second box a
fifth of an index lower and to the side and read 9H. Overlapping by a third, the boxes
passed the overlap de-duplication and both stood in the fan's line, where the end trim
kept the wrong one (seen as a QD read also QH in clip 8003's vertical QD QH 2C)."""

from __future__ import annotations

from dataclasses import replace

from tests.vision.layout.fans import INDEX_IN, det, fan
from vision.layout import build_layout
from vision.layout.build import LayoutParams
from vision.types import CardDetection

SIZE = (1280, 720)
S = 24.0
X0, Y0 = 600.0, 450.0
RUN = ["9D", "10D", "JD", "QD"]


def twice_read_fan() -> list:
    cards = fan(RUN, X0, Y0, s=S, step=0.9, vertical=True, conf=0.8)
    x, y = X0 + INDEX_IN[0] * S, Y0 + INDEX_IN[1] * S
    return [*cards, det("9H", x + 0.2 * S, y + 0.2 * S, S, conf=0.45)]


def read(layout) -> list[tuple[str, ...]]:
    return [min(m.cards, m.cards[::-1]) for m in layout.zone("A").melds]


def test_an_index_read_as_two_cards_is_one_card_of_the_fan():
    assert read(build_layout(twice_read_fan(), SIZE)) == [tuple(RUN)]


def test_the_surer_reading_stands_for_the_index_whichever_comes_first():
    # The misreading surer than the true reading: the 9H stands for the index, and the
    # card, read in two suits of its rank, is contested; the diamonds around it read it
    # 9D, marked as a suit the run gave (``vision.layout.suits``), not as seen.
    sure = {"9D": 0.5, "9H": 0.7}
    cards = [replace(d, confidence=sure.get(d.card, d.confidence)) for d in twice_read_fan()]
    (meld,) = build_layout(cards, SIZE).zone("A").melds
    assert min(meld.cards, meld.cards[::-1]) == ("9D", "10D", "JD", "QD")
    nine = next(s for s in meld.slots if s.card == "9D")
    assert nine.suit_from_meld
    # in a set no suit is settled: the surer reading stands as read
    twice = [
        *fan(["9D", "9S", "9C"], X0, Y0, s=S, step=0.9, vertical=True, conf=0.8),
        det("9H", X0 + (INDEX_IN[0] + 0.2) * S, Y0 + (INDEX_IN[1] + 0.2) * S, S, conf=0.7),
    ]
    twice = [replace(d, confidence=0.5) if d.card == "9D" else d for d in twice]
    assert sorted(build_layout(twice, SIZE).zone("A").melds[0].cards) == ["9C", "9H", "9S"]


def test_without_the_rule_the_less_sure_misreading_takes_the_card():
    params = LayoutParams()
    params = replace(params, grouping=replace(params.grouping, read_twice=0.0))
    assert read(build_layout(twice_read_fan(), SIZE, params=params)) == [("9H", "10D", "JD", "QD")]


def test_a_reading_off_the_fans_line_does_not_stand_for_its_card():
    """A vertical run whose first index has a neighbouring card's corner beside it, 0.2
    index heights along the fan and 0.7 across, read as sure (clip 8000: a hearts run's
    top corner beside a clubs run's 2C; the fan bends a little, so the line through its
    top two cards takes both readings in): the reading on the line stands for the card."""
    boxes = {
        "6C": (469.9, 426.4, 479.6, 452.5),
        "5C": (465.2, 470.8, 474.5, 496.9),
        "4C": (465.1, 515.9, 475.4, 542.0),
        "3C": (463.4, 559.9, 473.1, 586.2),
    }
    run = [CardDetection(card, 1.0, box) for card, box in boxes.items()]
    first = CardDetection("2C", 1.0, (461.1, 605.3, 470.9, 631.6))
    beside = CardDetection("10H", 1.0, (438.8, 598.5, 455.9, 624.7))  # a wide "10"
    for cards in ([*run, first, beside], [*run, beside, first]):
        assert read(build_layout(cards, SIZE)) == [("2C", "3C", "4C", "5C", "6C")]
