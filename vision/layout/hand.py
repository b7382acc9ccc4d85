"""A photo of one player's hand, shown at the end of a hand to be counted: every card in
it, each physical card once.

The whole picture is one zone (a hand has no teams' halves). A hand is often held or laid
in an arc, so its line bends and the top card's far corners lie off the line the other
cards set, where the table's layout does not look for them: ``fold_card_corners`` folds
them into their card. A strip's second index read as another card is given back to its
card (``fold_misread_twins``). These steps are the hand's only: folding far corners in the
table's own layout changed no meld read on the validation stills and clips and added cards
wrong in one clip. Measured by ``python -m desktop.hand_measure`` on rendered photos.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations

from vision.layout.build import build_layout
from vision.layout.geometry import convex_hull, point_in_polygon
from vision.layout.types import PointXY, Slot
from vision.layout.zones import ZoneMap
from vision.types import CardDetection


def hand_slots(detections: Sequence[CardDetection], size_wh: tuple[int, int]) -> list[Slot]:
    """The cards of a photo of one hand, in its fans' order, then the cards lying apart."""
    w, h = float(size_wh[0]), float(size_wh[1])
    whole = ZoneMap(size_wh, {"A": ((0.0, 0.0), (w, 0.0), (w, h), (0.0, h))})
    zone = build_layout(detections, size_wh, whole).zone("A")
    fans = [slot for group in zone.melds for slot in group.slots]
    return fold_misread_twins(fold_card_corners(fans + list(zone.loose)))


def near_segment(pt: PointXY, a: PointXY, b: PointXY, scale: float, ends: float = 1.0) -> bool:
    """Whether ``pt`` lies within one index height (``scale``) of the segment from ``a``
    to ``b``, its ends' first ``ends`` index heights left out (where the ends' own
    neighbours lie)."""
    ax, ay = b[0] - a[0], b[1] - a[1]
    length = math.hypot(ax, ay)
    t = ((pt[0] - a[0]) * ax + (pt[1] - a[1]) * ay) / (length * length)
    margin = ends * scale / length
    if not margin < t < 1 - margin:
        return False
    return abs(-(pt[0] - a[0]) * ay + (pt[1] - a[1]) * ax) / length < scale


@dataclass(frozen=True)
class CornerParams:
    # one card's corner indices lie at least this far apart, x their index height: its
    # short edge less the insets (1.8 in the deck with the largest indices), more than a
    # hand's fan step (at most 1.2 in any deck); and at most a card's diagonal apart
    apart: tuple[float, float] = (1.5, 8.5)
    edge: float = 0.5  # another index this near an edge of their hull lies between them


def _points(slot: Slot) -> list[PointXY]:
    return [d.center_xy for d in slot.detections] or [slot.center_xy]


def one_cards_corners(a: Slot, b: Slot, others: Sequence[Slot], p: CornerParams) -> bool:
    """Whether the indices of ``a`` and ``b`` (one card's) could all be one card's
    corners: far enough apart to be no fan's neighbours, near enough for one card, and no
    other index between them, since the card's face would cover it."""
    if a.card != b.card:
        return False
    scale = max(a.scale_px, b.scale_px)
    points = _points(a) + _points(b)
    gaps = [math.dist(u, v) for u, v in combinations(points, 2)]
    if min(gaps) < p.apart[0] * scale or max(gaps) > p.apart[1] * scale:
        return False
    hull = convex_hull(points)
    edges = list(zip(hull, [*hull[1:], hull[0]], strict=True)) if len(hull) >= 3 else [hull]
    # another index inside their hull, or near one of its edges (its ends' own index
    # boxes left out: a fan's line between two copies of a card is such an edge)
    return not any(
        (len(hull) >= 3 and point_in_polygon(q, hull))
        or any(near_segment(q, u, v, p.edge * scale) for u, v in edges)
        for o in others
        for q in _points(o)
    )


def fold_card_corners(slots: Sequence[Slot], params: CornerParams = CornerParams()) -> list[Slot]:
    """Fold slots of one card whose indices could all be that card's corners (a top card
    read at two, three or four corners that nothing earlier put together), nearest first,
    until nothing folds."""
    out = list(slots)
    while True:
        pairs = [
            (math.dist(a.center_xy, b.center_xy), i, j)
            for (i, a), (j, b) in combinations(enumerate(out), 2)
            if one_cards_corners(a, b, [o for o in out if o is not a and o is not b], params)
        ]
        if not pairs:
            return out
        _, i, j = min(pairs)
        a, b = out[i], out[j]
        out[i] = replace(
            a, confidence=max(a.confidence, b.confidence), detections=a.detections + b.detections
        )
        del out[j]


def card_edges(slots: Sequence[Slot]) -> list[PointXY]:
    """The edges (both ways) of the cards read at three or four corners: where one corner
    index lies from the next along a card's side."""
    out: list[PointXY] = []
    for slot in slots:
        hull = convex_hull(_points(slot))
        if len(slot.detections) < 3 or len(hull) < 3:
            continue
        for u, v in zip(hull, [*hull[1:], hull[0]], strict=True):
            # a triangle's longest side is the card's diagonal, not an edge
            if len(hull) == 3 and math.dist(u, v) == max(
                math.dist(a, b) for a, b in combinations(hull, 2)
            ):
                continue
            out += [(v[0] - u[0], v[1] - u[1]), (u[0] - v[0], u[1] - v[1])]
    return out


def _across(edge: PointXY, along: PointXY) -> bool:
    """Whether ``edge`` runs across ``along`` rather than with it."""
    le, la = math.hypot(*edge), math.hypot(*along)
    return le > 0 and la > 0 and abs(edge[0] * along[0] + edge[1] * along[1]) < 0.5 * le * la


def fold_misread_twins(slots: Sequence[Slot], tolerance: float = 0.25) -> list[Slot]:
    """A lone index lying where another lone index's strip twin lies (moved by an edge a
    card of this deck shows, one running across the fan rather than along it, within
    ``tolerance`` index heights) belongs to that card, whatever it was read as: its card's
    face covers any other card there. The two are one card, named by the surer reading."""
    edges = card_edges(slots)
    out = list(slots)
    k = 0
    while k < len(out):
        a = out[k]
        others = [o for o in out if o is not a]
        if len(a.detections) != 1 or not others:
            k += 1
            continue
        # the fan runs towards the nearest card; a strip's twin lies across it
        nearest = min(others, key=lambda o: math.dist(o.center_xy, a.center_xy))
        along = (nearest.center_xy[0] - a.center_xy[0], nearest.center_xy[1] - a.center_xy[1])
        twin = next(
            (
                j
                for j, b in enumerate(out)
                if j != k
                and len(b.detections) == 1
                and b.card != a.card
                and any(
                    _across((ex, ey), along)
                    and math.dist((a.center_xy[0] + ex, a.center_xy[1] + ey), b.center_xy)
                    <= tolerance * a.scale_px
                    for ex, ey in edges
                )
            ),
            None,
        )
        if twin is None:
            k += 1
            continue
        b = out[twin]
        sure, other = (a, b) if a.confidence >= b.confidence else (b, a)
        out[k] = replace(sure, detections=sure.detections + other.detections)
        del out[twin]
        k = 0 if twin < k else k
    return out
