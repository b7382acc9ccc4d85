"""Zones of the table: polygons drawn by the user on a still frame, saved as JSON.

With no calibration, team A's melds are the lower half of the frame and team B's the upper
half. Smaller zones (discard pile, stock and pozzetti, the cards a team shows at the end)
win over the team zones they lie inside.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from vision.layout.geometry import point_in_polygon
from vision.layout.types import OTHER_ZONES, TEAM_ZONES, UNASSIGNED, ZONE_NAMES, PointXY

FORMAT = "arbitro-zones/1"
_LOOKUP_ORDER = OTHER_ZONES + TEAM_ZONES


@dataclass(frozen=True)
class ZoneMap:
    """Named polygons in pixels of a frame of size ``size_wh``."""

    size_wh: tuple[int, int]
    polygons: Mapping[str, tuple[PointXY, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name, poly in self.polygons.items():
            if name not in ZONE_NAMES:
                raise ValueError(f"unknown zone {name!r}; zones are {', '.join(ZONE_NAMES)}")
            if len(poly) < 3:
                raise ValueError(f"zone {name!r} needs at least 3 corners, got {len(poly)}")

    def zone_of(self, point_xy: PointXY, frame_size_wh: tuple[int, int] | None = None) -> str:
        """The zone a point of a frame lies in (the frame may differ in size from the map)."""
        x, y = point_xy
        if frame_size_wh is not None and tuple(frame_size_wh) != tuple(self.size_wh):
            x *= self.size_wh[0] / frame_size_wh[0]
            y *= self.size_wh[1] / frame_size_wh[1]
        for name in _LOOKUP_ORDER:
            poly = self.polygons.get(name)
            if poly is not None and point_in_polygon((x, y), poly):
                return name
        return UNASSIGNED

    def to_json(self) -> dict[str, object]:
        return {
            "format": FORMAT,
            "size_wh": list(self.size_wh),
            "zones": {k: [list(p) for p in v] for k, v in self.polygons.items()},
        }

    @staticmethod
    def from_json(data: object) -> ZoneMap:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"not a zone calibration (expected format {FORMAT!r})")
        try:
            w, h = (int(v) for v in data["size_wh"])
            polygons = {
                str(name): tuple((float(p[0]), float(p[1])) for p in pts)
                for name, pts in dict(data["zones"]).items()
            }
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise ValueError(f"bad zone calibration: {exc}") from exc
        return ZoneMap((w, h), polygons)

    def save(self, path: Path) -> None:
        path.write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @staticmethod
    def load(path: Path) -> ZoneMap:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except OSError as exc:
            raise ValueError(f"cannot read zone calibration {path}: {exc.strerror}") from exc
        except json.JSONDecodeError as exc:
            raise ValueError(f"zone calibration {path} is not JSON: {exc.msg}") from exc
        return ZoneMap.from_json(data)


def default_zones(size_wh: tuple[int, int]) -> ZoneMap:
    """Team A = lower half of the frame, team B = upper half."""
    w, h = float(size_wh[0]), float(size_wh[1])
    return ZoneMap(
        (int(size_wh[0]), int(size_wh[1])),
        {
            "B": ((0.0, 0.0), (w, 0.0), (w, h / 2), (0.0, h / 2)),
            "A": ((0.0, h / 2), (w, h / 2), (w, h + 1), (0.0, h + 1)),
        },
    )


def from_corners(size_wh: tuple[int, int], corners: tuple[PointXY, ...]) -> ZoneMap:
    """Zones from the table's four corners (top-left, top-right, bottom-right, bottom-left
    in the image): the near half of the table is team A's, the far half team B's."""
    if len(corners) != 4:
        raise ValueError(f"the table has 4 corners, got {len(corners)}")
    tl, tr, br, bl = corners
    ml = ((tl[0] + bl[0]) / 2, (tl[1] + bl[1]) / 2)
    mr = ((tr[0] + br[0]) / 2, (tr[1] + br[1]) / 2)
    return ZoneMap(size_wh, {"B": (tl, tr, mr, ml), "A": (ml, mr, br, bl)})
