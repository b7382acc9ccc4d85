"""How both stages of the reader take an index turned away from square to the frame.

Not a test. Cards on a real table lie at every angle, while most rendered tables show their
indices square to the frame. For each angle, every image of a folder written by
``arbitro synth`` is turned (on a square canvas as wide as its diagonal), each labelled
index's box is carried along (the axis-aligned box around its turned corners, as a detector
would draw it), and the shipped classifier reads the crop cut from it, exactly as at
inference. Reported per angle: the share of indices the detector finds on the turned image,
and, reading each exact box, the share whose top class is the right card and the share
read as another card. Indices under 9 px are left out, as in the classifier's
training crops.

    python benchmarks/turn_sensitivity.py data/val7 [--models DIR] [--angles 0,45,90] [--json]
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.detector import CardReader, load_reader
from vision.reader.geometry import ious_with
from vision.train.datasets import MIN_READABLE_INDEX_PX, index_labels, synth_pairs

MATCH_IOU = 0.4  # as benchmarks/index_stages.py


@dataclass
class AngleTally:
    indices: int = 0
    detected: int = 0
    right: int = 0
    other_card: int = 0


def turned(image: np.ndarray, boxes: np.ndarray, angle_deg: float) -> tuple[np.ndarray, np.ndarray]:
    """The image turned by ``angle_deg`` about the centre of a square canvas as wide as its
    diagonal (so no part leaves the canvas and every angle sees the image at one scale), and
    the axis-aligned box around each box's four turned corners."""
    height, width = image.shape[:2]
    side = int(np.ceil(np.hypot(width, height)))
    matrix = cv2.getRotationMatrix2D((width / 2.0, height / 2.0), angle_deg, 1.0)
    matrix[0, 2] += (side - width) / 2.0
    matrix[1, 2] += (side - height) / 2.0
    out = cv2.warpAffine(image, matrix, (side, side), borderMode=cv2.BORDER_REPLICATE)
    x1, y1, x2, y2 = boxes.T
    corners = np.stack([[x1, y1], [x2, y1], [x2, y2], [x1, y2]], axis=0)  # (4, 2, N)
    xs = matrix[0, 0] * corners[:, 0] + matrix[0, 1] * corners[:, 1] + matrix[0, 2]
    ys = matrix[1, 0] * corners[:, 0] + matrix[1, 1] * corners[:, 1] + matrix[1, 2]
    return out, np.stack([xs.min(0), ys.min(0), xs.max(0), ys.max(0)], axis=1)


def detected_count(reader: CardReader, image: np.ndarray, boxes: np.ndarray) -> int:
    """How many of ``boxes`` the detector finds (a box of IoU >= 0.4 scoring at or above the
    reporting threshold), counted apart from the classifier's reading of the exact box."""
    located = reader.locate(image)
    found = located.index_boxes_xyxy[located.index_scores >= reader.config.min_confidence]
    if len(found) == 0:
        return 0
    return sum(float(ious_with(box, found).max()) >= MATCH_IOU for box in boxes)


def measure(
    reader: CardReader, folder: Path, angles: list[float], limit: int | None
) -> dict[float, AngleTally]:
    tallies = {angle: AngleTally() for angle in angles}
    none_id = reader.config.labels.index("none")
    for number, (image_path, label_path) in enumerate(synth_pairs(folder)):
        if limit is not None and number >= limit:
            break
        image = cv2.imread(str(image_path))
        if image is None:
            continue
        height, width = image.shape[:2]
        labelled = index_labels(label_path, width, height, MIN_READABLE_INDEX_PX)
        if not labelled:
            continue
        boxes = np.array([b.box_xyxy for b in labelled], dtype=np.float64)
        truth = np.array([b.class_id for b in labelled])
        for angle in angles:
            turned_image, turned_boxes = turned(image, boxes, angle)
            best = reader.classify(turned_image, turned_boxes).argmax(1)
            tally = tallies[angle]
            tally.indices += len(truth)
            tally.detected += detected_count(reader, turned_image, turned_boxes)
            tally.right += int((best == truth).sum())
            tally.other_card += int(((best != truth) & (best != none_id)).sum())
    return tallies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="a folder written by 'arbitro synth'")
    parser.add_argument(
        "--models", type=Path, default=None, help="models folder (default: shipped)"
    )
    parser.add_argument("--angles", default="0,15,30,45,90,135,180")
    parser.add_argument("--limit", type=int, default=None, help="first N images only")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    angles = [float(a) for a in args.angles.split(",")]
    tallies = measure(load_reader(args.models), args.folder, angles, args.limit)
    rows = {
        f"{angle:g}": {
            "indices": t.indices,
            "detected": round(t.detected / t.indices, 4) if t.indices else 0.0,
            "read_right": round(t.right / t.indices, 4) if t.indices else 0.0,
            "read_as_another_card": round(t.other_card / t.indices, 4) if t.indices else 0.0,
        }
        for angle, t in tallies.items()
    }
    if args.json:
        print(json.dumps(rows))
        return
    for angle, row in rows.items():
        print(
            f"turned {angle:>4} deg: {row['indices']} indices, detected {row['detected']:.3f},"
            f" read right {row['read_right']:.3f},"
            f" read as another card {row['read_as_another_card']:.3f}"
        )


if __name__ == "__main__":
    main()
