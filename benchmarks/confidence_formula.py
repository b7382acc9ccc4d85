"""How much the detector's score should weigh in a still's confidence.

Not a test. A still reports a card when detector score x classifier probability reaches the
threshold. This reads a set once (every box over the detector's floor, the second look
applied to every unsure crop), then scores the readings with confidence =
score ** weight x probability for each weight, and prints for each cap on misreads the best
card recall any threshold (0.01 steps) gives and that threshold. Weight 1 is the shipped
formula; under 1 the classifier's probability counts for more.

    python benchmarks/confidence_formula.py data/val720 [--real] [--models DIR]
        [--weights 1,0.75,0.5] [--caps 0.02,0.03] [--at 1:0.35,0.5:0.42]

``--at WEIGHT:THRESHOLD,...`` prints the figures at thresholds chosen elsewhere instead (how
the real photographs are reported: never chosen on).
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.detector import CardReader, load_reader
from vision.eval_sets import real_set, rendered_set
from vision.evaluation import Tally, TruthCard, same_card, same_rank, score_image
from vision.types import CardDetection

THRESHOLDS = tuple(step / 100 for step in range(5, 96))


@dataclass(frozen=True)
class ImageReadings:
    """One image's boxes, before any threshold: what every formula is scored from."""

    truth: list[TruthCard]
    boxes_xyxy: np.ndarray  # (N, 4)
    detector_scores: np.ndarray  # (N,)
    probabilities: np.ndarray  # (N, labels)


def read_once(
    reader: CardReader, sets: Iterable[tuple[Path, list[TruthCard]]]
) -> list[ImageReadings]:
    readings = []
    for image_path, truth in sets:
        image = cv2.imread(str(image_path))
        if image is None:
            continue
        located = reader.locate(image)
        boxes, scores = located.index_boxes_xyxy, located.index_scores
        probabilities = np.zeros((0, len(reader.config.labels)))
        if len(boxes):  # reach 0: every unsure crop gets its second look, whatever the weight
            probabilities = reader.look_again(
                image, boxes, reader.classify(image, boxes), scores, 0.0
            )
        readings.append(ImageReadings(truth, boxes, scores, probabilities))
    return readings


def tally_at(
    readings: Sequence[ImageReadings],
    labels: Sequence[str],
    weight: float,
    threshold: float,
    rank_only: bool,
) -> Tally:
    tally = Tally()
    not_an_index = len(labels) - 1
    for image in readings:
        best = image.probabilities.argmax(axis=1) if len(image.probabilities) else []
        predictions = []
        for box, score, probs, card in zip(
            image.boxes_xyxy, image.detector_scores, image.probabilities, best, strict=True
        ):
            confidence = float(score) ** weight * float(probs[card])
            if card != not_an_index and confidence >= threshold:
                corners = tuple(float(v) for v in box)
                predictions.append(CardDetection(labels[card], confidence, corners))  # type: ignore[arg-type]
        score_image(tally, predictions, image.truth, same_rank if rank_only else same_card)
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="a folder written by 'arbitro synth'")
    parser.add_argument("--real", action="store_true", help="a labelled photo set instead")
    parser.add_argument("--rank-only", action="store_true", help="right rank counts (edje)")
    parser.add_argument("--models", type=Path, default=None)
    parser.add_argument("--weights", default="1,0.75,0.5,0.35")
    parser.add_argument("--caps", default="0.015,0.02,0.025,0.03,0.035,0.04")
    parser.add_argument("--at", default=None, help="WEIGHT:THRESHOLD pairs, comma-separated")
    args = parser.parse_args()
    reader = load_reader(args.models)
    sets = real_set(args.folder) if args.real else rendered_set(args.folder)
    readings = read_once(reader, sets)
    if args.at:
        for pair in args.at.split(","):
            weight, threshold = (float(v) for v in pair.split(":"))
            tally = tally_at(readings, reader.config.labels, weight, threshold, args.rank_only)
            print(
                f"weight {weight:g} at {threshold:.2f}: recall {tally.recall:.4f}, misreads "
                f"{tally.misread_rate:.2%} ({tally.misreads} of {tally.predictions}), "
                f"false alarms {tally.false_alarms}"
            )
        return
    caps = [float(v) for v in args.caps.split(",")]
    for weight in (float(v) for v in args.weights.split(",")):
        tallies = [
            (t, tally_at(readings, reader.config.labels, weight, t, args.rank_only))
            for t in THRESHOLDS
        ]
        cells = []
        for cap in caps:
            within = [(tally.recall, t) for t, tally in tallies if tally.misread_rate <= cap]
            recall, threshold = max(within) if within else (0.0, float("nan"))
            cells.append(f"<={cap:.1%}: {recall:.4f} at {threshold:.2f}")
        print(f"weight {weight:g}: " + ", ".join(cells), flush=True)


if __name__ == "__main__":
    main()
