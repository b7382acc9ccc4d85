"""The camera: a plane-to-image homography from table millimetres to image pixels.

Kept apart from the plan and the render so one camera can film a table that changes
(a video of a hand being played) or many cameras can look at one table.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.synth.plan import TablePlan


@dataclass(frozen=True)
class Camera:
    table_to_image: tuple[float, ...]  # 3x3 homography, row-major
    size_wh: tuple[int, int]
    # the camera's tilt alone (image of an overhead view -> this view), to warp the table
    # top's texture the same way as the cards
    tilt: tuple[float, ...] = (1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0)

    @property
    def matrix(self) -> np.ndarray:
        return np.array(self.table_to_image, np.float64).reshape(3, 3)

    def project(self, pts_mm: np.ndarray) -> np.ndarray:
        """Image pixel coordinates of table points (N, 2)."""
        p = cv2.perspectiveTransform(pts_mm.reshape(-1, 1, 2).astype(np.float64), self.matrix)
        return p.reshape(-1, 2)


def _similarity(center_mm: tuple[float, float], px_per_mm: float, angle_deg: float,
                image_center: tuple[float, float]) -> np.ndarray:  # fmt: skip
    t = np.deg2rad(angle_deg)
    c, s = np.cos(t) * px_per_mm, np.sin(t) * px_per_mm
    # counter-clockwise as seen in the image (y down)
    rot = np.array([[c, s, 0.0], [-s, c, 0.0], [0.0, 0.0, 1.0]])
    pre = np.array([[1, 0, -center_mm[0]], [0, 1, -center_mm[1]], [0, 0, 1]], np.float64)
    post = np.array([[1, 0, image_center[0]], [0, 1, image_center[1]], [0, 0, 1]], np.float64)
    return post @ rot @ pre


def _tilt(rng: np.random.Generator, w: int, h: int, amount: float) -> np.ndarray:
    """A keystone: the far side of the table looks narrower, as from a camera not overhead."""
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    dst = src.copy()
    side = int(rng.integers(4))
    k = amount * (w if side in (0, 2) else h)
    a, b = side, (side + 1) % 4  # the two corners of the far edge move towards each other
    d = dst[b] - dst[a]
    d /= np.linalg.norm(d)
    dst[a] += d * k
    dst[b] -= d * k
    dst += rng.normal(0, 0.01 * min(w, h), dst.shape).astype(np.float32)
    return cv2.getPerspectiveTransform(src, dst).astype(np.float64)


def _clamp_centre(c: float, lo: float, hi: float, half_view: float) -> float:
    if hi - lo <= 2 * half_view:
        return (lo + hi) / 2 + float(np.clip(c - (lo + hi) / 2, -0.3 * half_view, 0.3 * half_view))
    return float(np.clip(c, lo + half_view, hi - half_view))


# The camera is usually square to the table; the rest of the views are turned at random.
SQUARE_VIEW_SHARE = 0.8


def view_angle(rng: np.random.Generator, square_share: float = SQUARE_VIEW_SHARE) -> float:
    if rng.random() < square_share:
        return float(rng.choice([0.0, 90.0, 180.0, 270.0]) + rng.normal(0, 3))
    return float(rng.uniform(0, 360))


def sample_camera(
    rng: np.random.Generator,
    plan: TablePlan,
    size_wh: tuple[int, int],
    framing: str = "auto",
    card_h_px: tuple[float, float] | None = None,
    square_view_share: float = SQUARE_VIEW_SHARE,
) -> Camera:
    """A camera on ``plan``: ``framing`` is "table" (all of it), "close" (a few cards
    filling the frame) or "auto" (a mix); ``card_h_px`` overrides the card height range;
    ``square_view_share`` of the views are square to the table, the rest at any angle."""
    w, h = size_wh
    zoom = (0.85, 1.15)
    if framing == "auto":  # whole tables, sometimes from further away, and close-ups
        framing = "table" if rng.random() < 0.5 else "close"
        zoom = (0.6, 1.15)
    angle = view_angle(rng, square_view_share)
    x1, y1, x2, y2 = plan.extent_mm
    card_h = plan.card_size_mm[1]
    if framing == "table" and card_h_px is None:
        t = np.deg2rad(angle)
        ew = abs(np.cos(t)) * (x2 - x1) + abs(np.sin(t)) * (y2 - y1)
        eh = abs(np.sin(t)) * (x2 - x1) + abs(np.cos(t)) * (y2 - y1)
        scale = min(w / ew, h / eh) * float(rng.uniform(*zoom))
        center = ((x1 + x2) / 2 + rng.normal(0, 15), (y1 + y2) / 2 + rng.normal(0, 15))
    else:
        lo, hi = card_h_px or ((60.0, 150.0) if framing == "table" else (45.0, 0.6 * min(w, h)))
        scale = float(np.exp(rng.uniform(np.log(lo), np.log(hi)))) / card_h
        up = [c for c in plan.cards if c.face_up] or list(plan.cards)
        c = up[int(rng.integers(len(up)))] if up else None
        cx, cy = c.center_mm if c else ((x1 + x2) / 2, (y1 + y2) / 2)
        cx, cy = cx + rng.normal(0, card_h * 0.6), cy + rng.normal(0, card_h * 0.6)
        # do not waste the frame on bare table: keep the view inside the layout where the
        # layout is larger than the view, and on its centre where it is smaller
        half_view = 0.5 * min(w, h) / scale
        cx = _clamp_centre(cx, x1, x2, half_view)
        cy = _clamp_centre(cy, y1, y2, half_view)
        center = (cx, cy)
    m = _similarity((float(center[0]), float(center[1])), scale, angle, (w / 2, h / 2))
    r = rng.random()  # mostly a webcam nearly overhead, sometimes a phone held at an angle
    amount = float(rng.uniform(0, 0.15) if r < 0.3 else rng.uniform(0, 0.06) if r < 0.7 else 0.0)
    tilt = _tilt(rng, w, h, amount)
    if rng.random() < 0.25:  # photos resized to another aspect ratio look squeezed
        sx = float(np.exp(rng.uniform(-0.2, 0.2)))
        c = np.array([[1, 0, w / 2], [0, 1, h / 2], [0, 0, 1]], np.float64)
        squeeze = c @ np.diag([sx, 1 / sx, 1.0]) @ np.linalg.inv(c)
        tilt = tilt @ squeeze
    m = tilt @ m
    return Camera(
        tuple(float(v) for v in (m / m[2, 2]).ravel()),
        (w, h),
        tuple(float(v) for v in (tilt / tilt[2, 2]).ravel()),
    )


def top_down_camera(
    center_mm: tuple[float, float],
    px_per_mm: float,
    size_wh: tuple[int, int],
    angle_deg: float = 0.0,
) -> Camera:
    """A camera straight above ``center_mm``: no tilt, the view turned by ``angle_deg``."""
    w, h = size_wh
    m = _similarity(center_mm, px_per_mm, angle_deg, (w / 2, h / 2))
    return Camera(tuple(float(v) for v in m.ravel()), (w, h))
