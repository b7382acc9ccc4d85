"""A photo of one player's hand, shown at the end of a hand to be counted: every card in
it, each physical card once.

The whole picture is one zone (a hand has no teams' halves). A hand is often held or laid
in an arc, so its line bends and the top card's far corners lie off the line the other
cards set, where the table's layout does not look for them: they are folded into their
card here (``far_edges``). On the table's own fans that step changed no meld read on the
validation stills and clips and added cards wrong in one clip, so it is the hand's only.
"""

from __future__ import annotations

from collections.abc import Sequence

from vision.layout.build import build_layout
from vision.layout.far_edges import fold_far_edges
from vision.layout.types import Slot
from vision.layout.zones import ZoneMap
from vision.types import CardDetection


def hand_slots(detections: Sequence[CardDetection], size_wh: tuple[int, int]) -> list[Slot]:
    """The cards of a photo of one hand, in its fans' order, then the cards lying apart."""
    w, h = float(size_wh[0]), float(size_wh[1])
    whole = ZoneMap(size_wh, {"A": ((0.0, 0.0), (w, 0.0), (w, h), (0.0, h))})
    zone = build_layout(detections, size_wh, whole).zone("A")
    groups, loose = fold_far_edges({"A": zone.melds}, zone.loose, lambda xy: "A")
    return [slot for group in groups.get("A", ()) for slot in group.slots] + loose
