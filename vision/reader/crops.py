"""How an index crop is cut: the one definition shared by training and inference.

The classifier sees a square patch centred on the detected index box, a little larger than
the box (detector boxes are never pixel-exact), cut from the full-resolution frame so small
indices keep every pixel the camera gave them.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

CROP_SIDE_PX = 40
# The square's side is the box's longer side times this: room for a box that is off by ~15%.
CONTEXT_FACTOR = 1.3


def square_around(
    box_xyxy: Sequence[float],
    factor: float = CONTEXT_FACTOR,
    shift: tuple[float, float] = (0.0, 0.0),
) -> np.ndarray:
    """The square (x1, y1, x2, y2) centred on ``box_xyxy`` with side = longer side * factor,
    its centre moved by ``shift`` (x, y) times the box's longer side."""
    x1, y1, x2, y2 = (float(v) for v in box_xyxy)
    longer = max(x2 - x1, y2 - y1, 2.0)
    cx = (x1 + x2) / 2.0 + shift[0] * longer
    cy = (y1 + y2) / 2.0 + shift[1] * longer
    half = longer * factor / 2.0
    return np.array([cx - half, cy - half, cx + half, cy + half], dtype=np.float32)


def cut_crops(
    image_bgr: np.ndarray, boxes_xyxy: np.ndarray, shift: tuple[float, float] = (0.0, 0.0)
) -> np.ndarray:
    """Cut one CROP_SIDE_PX square RGB crop per box; parts outside the image are black.
    ``shift`` moves every square off the box's centre (see ``square_around``).

    Returns uint8 (N, CROP_SIDE_PX, CROP_SIDE_PX, 3) in RGB order.
    """
    crops = np.zeros((len(boxes_xyxy), CROP_SIDE_PX, CROP_SIDE_PX, 3), dtype=np.uint8)
    height, width = image_bgr.shape[:2]
    for i, box in enumerate(boxes_xyxy):
        x1, y1, x2, _y2 = (round(v) for v in square_around(box, shift=shift))
        side = max(x2 - x1, 1)
        patch = np.zeros((side, side, 3), dtype=np.uint8)
        # Copy the part of the square that lies inside the image; the rest stays black.
        sx1, sy1 = max(x1, 0), max(y1, 0)
        sx2, sy2 = min(x1 + side, width), min(y1 + side, height)
        if sx2 > sx1 and sy2 > sy1:
            patch[sy1 - y1 : sy2 - y1, sx1 - x1 : sx2 - x1] = image_bgr[sy1:sy2, sx1:sx2]
        interpolation = cv2.INTER_AREA if side > CROP_SIDE_PX else cv2.INTER_LINEAR
        resized = cv2.resize(patch, (CROP_SIDE_PX, CROP_SIDE_PX), interpolation=interpolation)
        crops[i] = resized[:, :, ::-1]
    return crops
