"""Which cards the classifier takes for which: its commonest misreads on a rendered set.

Not a test. Every labelled index of a folder written by ``arbitro synth`` that the detector
finds (IoU >= 0.4, detector score >= 0.2) is read by the classifier's top class; misreads
are counted by suit pair (clubs read as spades, a rank misread within a suit, an index
read as no index) and by card pair.

    python benchmarks/confusions.py data/heldout [--models DIR] [--limit N] [--json]
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

import cv2
import numpy as np

from vision.detector import load_reader
from vision.reader.geometry import ious_with
from vision.train.datasets import index_labels, synth_pairs

MATCH_IOU = 0.4
MIN_DETECTOR_SCORE = 0.2


def suit_of(label: str) -> str:
    return "joker" if label == "JK" else "none" if label == "none" else label[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="a folder written by 'arbitro synth'")
    parser.add_argument("--models", type=Path, default=None)
    parser.add_argument("--limit", type=int, default=None, help="read only the first N images")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    reader = load_reader(args.models)
    labels = reader.config.labels
    read_per_suit: Counter[str] = Counter()
    cards: Counter[tuple[str, str]] = Counter()
    for image_path, label_path in list(synth_pairs(args.folder))[: args.limit]:
        image = cv2.imread(str(image_path))
        if image is None:
            continue
        height, width = image.shape[:2]
        located = reader.locate(image)
        found = located.index_scores >= MIN_DETECTOR_SCORE
        boxes = located.index_boxes_xyxy[found]
        if not len(boxes):
            continue
        probabilities = reader.classify(image, boxes)
        # as a still is read: unsure boxes that could be reported are looked at again
        probabilities = reader.look_again(
            image, boxes, probabilities, located.index_scores[found], reader.config.min_confidence
        )
        best_class = probabilities.argmax(1)
        for label in index_labels(label_path, width, height):
            overlaps = ious_with(np.asarray(label.box_xyxy), boxes)
            best = int(overlaps.argmax())
            if overlaps[best] < MATCH_IOU:
                continue
            want, got = labels[label.class_id], labels[int(best_class[best])]
            read_per_suit[suit_of(want)] += 1
            if got != want:
                cards[(want, got)] += 1
    suits: Counter[str] = Counter()
    for (want, got), n in cards.items():
        same_suit = suit_of(want) == suit_of(got)
        kind = f"{suit_of(want)} as {suit_of(got)}" if not same_suit else f"{suit_of(want)} rank"
        suits[kind] += n
    summary = {
        "indices_read": dict(read_per_suit),
        "misreads": sum(cards.values()),
        "by_suit": dict(suits.most_common()),
        "by_card": {f"{w}->{g}": n for (w, g), n in cards.most_common(20)},
    }
    if args.json:
        print(json.dumps(summary))
        return
    print(f"indices read per suit: {summary['indices_read']}; misread {summary['misreads']}")
    for kind, n in suits.most_common(12):
        print(f"  {kind}: {n}")
    print("  commonest: " + ", ".join(f"{k} {n}" for k, n in summary["by_card"].items()))


if __name__ == "__main__":
    main()
