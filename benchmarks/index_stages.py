"""Where the reader loses a labelled index: the detector, or the classifier after it.

Not a test. For every labelled index of a folder written by ``arbitro synth`` it asks:
did the detector put a box on it (IoU >= 0.4, detector score at or above the reporting
threshold), did the classifier's top class name the right card, and was the reported
confidence (detector score x classifier probability) high enough to be reported? Indices
under 14 px are counted apart too: they are where most is lost.

    python benchmarks/index_stages.py data/heldout [--models DIR] [--json]
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict, dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.detector import CardReader, load_reader
from vision.reader.geometry import ious_with
from vision.train.datasets import index_labels, synth_pairs

MATCH_IOU = 0.4
SMALL_INDEX_PX = 14.0


@dataclass
class StageCounts:
    indices: int = 0
    detected: int = 0
    read_right: int = 0  # among detected: the classifier's top class is the card
    reported_right: int = 0  # read right and sure enough to be reported
    small: int = 0
    small_detected: int = 0
    small_read_right: int = 0

    def summary(self) -> dict[str, float]:
        def share(part: int, whole: int) -> float:
            return round(part / whole, 4) if whole else 0.0

        return {
            **asdict(self),
            "detected_share": share(self.detected, self.indices),
            "read_right_once_detected": share(self.read_right, self.detected),
            "reported_right_share": share(self.reported_right, self.indices),
            "small_detected_share": share(self.small_detected, self.small),
            "small_read_right_once_detected": share(self.small_read_right, self.small_detected),
        }


def count_image(
    reader: CardReader, image: np.ndarray, label_path: Path, tally: StageCounts
) -> None:
    threshold = reader.config.min_confidence
    height, width = image.shape[:2]
    located = reader.locate(image)
    sure_enough = located.index_scores >= threshold
    boxes, scores = located.index_boxes_xyxy[sure_enough], located.index_scores[sure_enough]
    probabilities = reader.classify(image, boxes) if len(boxes) else np.zeros((0, 0))
    if len(boxes):  # as a still is read (``CardReader.read``): unsure boxes looked at again
        probabilities = reader.look_again(image, boxes, probabilities, scores, threshold)
    for label in index_labels(label_path, width, height):
        x1, y1, x2, y2 = label.box_xyxy
        small = max(x2 - x1, y2 - y1) < SMALL_INDEX_PX
        tally.indices += 1
        tally.small += small
        if not len(boxes):
            continue
        overlaps = ious_with(np.asarray(label.box_xyxy), boxes)
        best = int(overlaps.argmax())
        if overlaps[best] < MATCH_IOU:
            continue
        tally.detected += 1
        tally.small_detected += small
        read_as = int(probabilities[best].argmax())
        if read_as != label.class_id:
            continue
        tally.read_right += 1
        tally.small_read_right += small
        if scores[best] * probabilities[best, read_as] >= threshold:
            tally.reported_right += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="a folder written by 'arbitro synth'")
    parser.add_argument("--models", type=Path, default=None)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    reader = load_reader(args.models)
    tally = StageCounts()
    for image_path, label_path in synth_pairs(args.folder):
        image = cv2.imread(str(image_path))
        if image is not None:
            count_image(reader, image, label_path, tally)
    summary = tally.summary()
    if args.json:
        print(json.dumps(summary))
        return
    print(
        f"{tally.indices} labelled indices: {summary['detected_share']:.1%} found by the detector, "
        f"{summary['read_right_once_detected']:.1%} of those read right, "
        f"{summary['reported_right_share']:.1%} read right and reported; under "
        f"{SMALL_INDEX_PX:.0f} px ({tally.small}): {summary['small_detected_share']:.1%} found, "
        f"{summary['small_read_right_once_detected']:.1%} of those read right"
    )


if __name__ == "__main__":
    main()
