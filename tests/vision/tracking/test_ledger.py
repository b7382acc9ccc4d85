"""The 108-card ledger: a third copy is a misread, corrected from history or flagged."""

from __future__ import annotations

import pytest

from tests.vision.layout.fans import det, fan
from vision.layout import build_layout
from vision.tracking import Reading, TableMemory, check_ledger


@pytest.mark.parametrize(
    ("readings", "problems", "corrections"),
    [
        ([Reading("a", {"7H": 1.0}), Reading("b", {"7H": 1.0})], [], {}),
        ([Reading(str(i), {"JK": 1.0}) for i in range(4)], [], {}),
        (
            [Reading(str(i), {"JK": 1.0}) for i in range(5)],
            [("JK", 5, None)],
            {},
        ),
        (
            [
                Reading("a", {"7H": 5.0}),
                Reading("b", {"7H": 4.0}),
                Reading("c", {"7H": 2.0, "1H": 0.0, "4H": 1.5}),
            ],
            [("7H", 3, "4H")],
            {"c": "4H"},
        ),
        (
            # The doubted reading's alternative is itself used up: flagged, not decided.
            [
                Reading("a", {"7H": 5.0}),
                Reading("b", {"7H": 4.0}),
                Reading("c", {"7H": 2.0, "4H": 1.5}),
                Reading("d", {"4H": 3.0}),
                Reading("e", {"4H": 3.0}),
            ],
            [("7H", 3, None)],
            {},
        ),
    ],
)
def test_ledger_table(readings, problems, corrections):
    found, fixed = check_ledger(readings)
    assert [(p.card, p.count, p.resolved_as) for p in found] == problems
    assert fixed == corrections


def test_unresolved_third_copy_names_the_least_sure_reading():
    readings = [Reading("a", {"QS": 0.9}), Reading("b", {"QS": 0.4}), Reading("c", {"QS": 0.8})]
    (problem,) = check_ledger(readings)[0]
    assert problem.suspect == "b"
    assert "cannot tell" in problem.message()


def test_memory_corrects_a_third_copy_from_the_slot_history():
    memory = TableMemory()
    # Two real 5S in team A's set; team B's run holds a 6S whose index is later covered
    # and misread as 5S more often and more confidently than it was first read right.
    set_a = fan(["5S", "5S", "5D"], 300, 450)
    run_b = fan(["4S", "6S", "7S"], 300, 80)
    misread = fan(["4S", "6S", "7S"], 300, 80)
    misread[1] = det("5S", *misread[1].center_xy, conf=0.8)
    frames = [set_a + run_b] * 10 + [set_a + misread] * 14
    for k, dets in enumerate(frames):
        memory.update(build_layout(dets, (1280, 720)), k / 10)
    problems, _ = memory.ledger()
    assert [(p.card, p.resolved_as) for p in problems] == [("5S", "6S")]
    assert [m.cards for m in memory.state().zone("B").melds] == [("4S", "6S", "7S")]


def test_a_meld_end_cards_far_corner_left_loose_is_not_a_third_copy():
    """Rules §2 (at most two copies of a card): team A's run ends in a 6H whose far
    corner the layout leaves loose beside it, and team B's set holds the deck's other 6H.
    Two cards, three readings: the memory counts cards, so the run's 6H, sometimes
    misread as 5H, is not doubted and read as 5H (validation clip 8021)."""
    memory = TableMemory()
    run_a = fan(["6H", "7H", "8H"], 300, 450)
    x, y = run_a[0].center_xy
    far_corner = det("6H", x - 50, y + 60, conf=0.9)
    misread = [det("5H", x, y, conf=0.5), *run_a[1:]]
    set_b = fan(["6H", "6S", "6D"], 300, 80)
    frames = [run_a + set_b] * 10 + [misread + set_b] * 3 + [[*run_a, far_corner, *set_b]] * 12
    for k, dets in enumerate(frames):
        memory.update(build_layout(dets, (1280, 720)), k / 10)
    assert [p.card for p in memory.ledger()[0]] == []
    assert [m.cards for m in memory.state().zone("A").melds] == [("6H", "7H", "8H")]
