"""A still's ledger: the 108-card check on one frame, counting cards rather than indices
(``vision.tracking.physical``). Measured before cards were counted (``val23`` from exact
boxes: 94 ledger problems, every one a card counted twice; through the model half of them).
"""

from __future__ import annotations

from vision.layout.types import TableLayout
from vision.tracking.ledger import LedgerProblem, Reading, check_ledger
from vision.tracking.physical import group_into_cards, readings_on_table


def still_ledger(layout: TableLayout) -> list[LedgerProblem]:
    """Ledger of a single frame: one reading per physical card (its first place, its most
    confident index), so nothing can be corrected from history."""
    readings = [
        Reading(c.seen[0].place, {c.seen[0].slot.card: max(s.slot.confidence for s in c.seen)})
        for c in group_into_cards(readings_on_table(layout))
    ]
    return check_ledger(readings)[0]
