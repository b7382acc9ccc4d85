"""One frame's card detections -> the table's structure (zones, melds as ordered slots).

``build_layout(detections, size_wh, zones)`` is the whole pipeline; the modules below it
are its steps: ``dedup`` (two indices of one card), ``grouping`` (fans -> chains of slots),
``zones`` (which part of the table a group lies in) and ``order`` (table order of melds).
"""

from vision.layout.build import build_layout
from vision.layout.types import MeldGroup, Slot, TableLayout, ZoneLayout
from vision.layout.zones import ZoneMap, default_zones

__all__ = [
    "MeldGroup",
    "Slot",
    "TableLayout",
    "ZoneLayout",
    "ZoneMap",
    "build_layout",
    "default_zones",
]
