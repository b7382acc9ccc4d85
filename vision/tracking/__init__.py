"""Across frames: the hand's memory, the 108-card ledger and timestamped events.

``TableMemory.update(layout, t)`` takes each frame's ``TableLayout`` and returns the
structural events it caused; ``TableMemory.state()`` is the remembered table.
"""

from vision.tracking.events import EventKind, TrackEvent
from vision.tracking.ledger import LedgerProblem, Reading, check_ledger
from vision.tracking.memory import MemoryParams, TableMemory

__all__ = [
    "EventKind",
    "LedgerProblem",
    "MemoryParams",
    "Reading",
    "TableMemory",
    "TrackEvent",
    "check_ledger",
]
