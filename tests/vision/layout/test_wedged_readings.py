"""A box on the ink between two indices of a fan, read with its suit open: held-out still
000077 read a 10H with its suit open between the JD's and the QD's far indices of a
10D JD QD run, at under half a fan step from the JD. Taken for a card, it made the fan's
steps uneven, the 10D was cut off the line at an odd step, and the run read JD 10D QD
(the open 10 settled in diamonds). A lone open reading lying between two cards that are
one fan step apart without it is no card (``vision.layout.grouping._drop_wedged``)."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

import pytest

from tests.vision.layout.fans import INDEX_IN, det, fan
from vision.layout import build_layout, grouping
from vision.types import CardDetection

SIZE = (1280, 720)
S = 22.0
STEP = 0.85
X0, Y0 = 460.0, 450.0


def _open(card: str, x: float, y: float, others: tuple[str, ...]) -> CardDetection:
    w, h = 0.45 * S, 0.7 * S  # a small box, as boxes on stray ink are
    return CardDetection(card, 0.2, (x - w / 2, y - h / 2, x + w / 2, y + h / 2), 0.32, others)


def _run_with(extra: CardDetection) -> list[CardDetection]:
    return [*fan(["10D", "JD", "QD"], X0, Y0, s=S, step=STEP, conf=0.75), extra]


def _index_x(k: float) -> float:
    return X0 + (INDEX_IN[0] + k * STEP) * S


def _wedged_10h(**changes: object) -> CardDetection:
    """The open 10H between the JD and the QD, 0.45 of a step on from the JD."""
    return replace(_open("10H", _index_x(1.45), Y0 + INDEX_IN[1] * S + 1.5, ("10D",)), **changes)


def _unwedged(extra: CardDetection) -> tuple[list[grouping.Slot], list[grouping.Slot]]:
    """``_drop_wedged`` on the run's line (its top indices) with ``extra`` in it."""
    line = fan(["10D", "JD", "QD"], X0, Y0, s=S, step=STEP, conf=0.75, second_index=False)
    slots = [grouping.Slot.from_detection(d) for d in (*line, extra)]
    ordered = sorted(slots, key=lambda s: s.center_xy[0])
    steps = [b.center_xy[0] - a.center_xy[0] for a, b in pairwise(ordered)]
    return grouping._drop_wedged(ordered, steps)


def _dropped(extra: CardDetection) -> list[grouping.Slot]:
    return _unwedged(extra)[1]


def _read(cards: list[CardDetection]) -> list[tuple[str, ...]]:
    return [min(m.cards, m.cards[::-1]) for m in build_layout(cards, SIZE).zone("A").melds]


def test_an_open_reading_wedged_between_two_cards_is_no_card():
    assert _read(_run_with(_wedged_10h())) == [("10D", "JD", "QD")]


def test_without_the_rule_the_wedged_reading_breaks_the_run(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(grouping, "_drop_wedged", lambda ordered, steps: (ordered, []))
    assert _read(_run_with(_wedged_10h())) != [("10D", "JD", "QD")]


def test_an_open_card_at_a_whole_step_stays_a_card():
    # JD's suit covered: its reading lies a whole step on from the 10D, where a card lies
    cards = fan(["10D", "JD", "QD", "KD"], X0, Y0, s=S, step=STEP, conf=0.75)
    jack = cards[1]
    cards[1] = replace(jack, card="JH", rank_confidence=0.7, other_suits=("JD",))
    assert _read(cards) == [("10D", "JD", "QD", "KD")]


def test_a_plain_reading_between_two_cards_is_left_to_the_other_rules():
    # only an open reading is taken for stray ink; a plain one may be a card laid tight
    assert _dropped(_wedged_10h()) and not _dropped(_wedged_10h(rank_confidence=None))


def test_an_open_reading_surer_than_its_neighbours_stays_a_card():
    # a covered card read sure of its rank, beside the gap where the next card is hidden
    # (clip 8187: a set of fours one step short of a gap two steps long)
    assert not _dropped(_wedged_10h(rank_confidence=0.9))


def test_a_wedged_reading_of_a_neighbours_card_is_that_card_read_twice():
    # val23 still 000103: a 10H's corner boxed twice, one box moved onto the midline, lay
    # between the 9H and the 10H; let go, it was taken for the far corner of the next fan
    line, released = _unwedged(_wedged_10h(card="JD", other_suits=("JH",)))
    assert released == []
    assert [s.card for s in line] == ["10D", "JD", "QD"]
    assert [d.card for d in line[1].detections] == ["JD", "JD"]
    # read in another suit it is no reading of the neighbour's: it goes
    line, released = _unwedged(_wedged_10h(card="JH", other_suits=("JD",)))
    assert [s.card for s in released] == ["JH"]
    assert [len(s.detections) for s in line] == [1, 1, 1]


def test_a_tight_fan_is_measured_by_its_own_steps_not_the_lines():
    # held-out still 000059: a set of queens laid tight on one line with a run's end and
    # a far corner; the QC read open lies 0.4 of the QS-QD gap from the QS, but that gap
    # is two of the set's own steps, though only one of the line's typical steps
    xs = {"3H": 750.0, "JK": 773.0, "QS": 782.0, "QC": 788.0, "QD": 797.0, "QS2": 805.0}
    line = [
        grouping.Slot.from_detection(det(c[:2], x, 365.0, 11.0, conf=0.6)) for c, x in xs.items()
    ]
    line.append(grouping.Slot.from_detection(det("QS", 843.0, 365.0, 11.0, conf=0.6)))
    line[3] = grouping.Slot.from_detection(
        replace(det("QC", 788.0, 365.0, 11.0, conf=0.3), rank_confidence=0.45)
    )
    steps = [b.center_xy[0] - a.center_xy[0] for a, b in pairwise(line)]
    assert grouping._drop_wedged(line, steps) == (line, [])
