"""Draw labels over rendered images, to check them by eye.

python -m vision.synth.preview DATASET_DIR OUT.png [FIRST] [COUNT]
"""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np

from vision.synth.labels import BACK_CLASS, CLASS_NAMES


def draw_yolo(image_bgr: np.ndarray, label_lines: list[str]) -> np.ndarray:
    """A copy of the image with each YOLO box and its class name drawn."""
    out = image_bgr.copy()
    h, w = out.shape[:2]
    for line in label_lines:
        k, cx, cy, bw, bh = line.split()
        cls = int(k)
        x1, y1 = int((float(cx) - float(bw) / 2) * w), int((float(cy) - float(bh) / 2) * h)
        x2, y2 = int((float(cx) + float(bw) / 2) * w), int((float(cy) + float(bh) / 2) * h)
        col = (255, 0, 255) if cls == BACK_CLASS else (0, 255, 0)
        cv2.rectangle(out, (x1, y1), (x2, y2), col, 1)
        cv2.putText(out, CLASS_NAMES[cls], (x1, max(8, y1 - 2)), cv2.FONT_HERSHEY_PLAIN, 0.8,
                    col, 1)  # fmt: skip
    return out


def preview(dataset: Path, first: int = 0, count: int = 1) -> np.ndarray:
    tiles = []
    for i in range(first, first + count):
        img = cv2.imread(str(dataset / "images" / f"{i:06d}.jpg"))
        lines = (dataset / "labels" / f"{i:06d}.txt").read_text().splitlines()
        tiles.append(draw_yolo(img, lines))
    return np.concatenate(tiles, axis=0)


if __name__ == "__main__":
    a = sys.argv[1:]
    sheet = preview(Path(a[0]), int(a[2]) if len(a) > 2 else 0, int(a[3]) if len(a) > 3 else 1)
    cv2.imwrite(a[1], sheet)
