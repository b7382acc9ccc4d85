"""Table order of the melds in a zone: rows from top to bottom, left to right in a row.

Two melds share a row when their vertical extents overlap; a vertical fan is tall, so fans
standing side by side form one row read left to right.
"""

from __future__ import annotations

from collections.abc import Sequence

from vision.layout.types import MeldGroup


def reading_order(melds: Sequence[MeldGroup]) -> list[MeldGroup]:
    rows: list[tuple[float, float, list[MeldGroup]]] = []  # (top, bottom, members)
    for meld in sorted(melds, key=lambda m: m.box_xyxy[1]):
        _, top, _, bottom = meld.box_xyxy
        for i, (r_top, r_bottom, members) in enumerate(rows):
            overlap = min(bottom, r_bottom) - max(top, r_top)
            if overlap > 0.3 * min(bottom - top, r_bottom - r_top):
                rows[i] = (min(top, r_top), max(bottom, r_bottom), [*members, meld])
                break
        else:
            rows.append((top, bottom, [meld]))
    out: list[MeldGroup] = []
    for _, _, members in sorted(rows, key=lambda r: r[0]):
        out.extend(sorted(members, key=lambda m: m.box_xyxy[0]))
    return out
