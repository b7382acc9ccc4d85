"""Loading labelled image sets for evaluation: the real photo sets and rendered tables."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from vision.evaluation import TruthCard


def real_set(folder: Path) -> Iterator[tuple[Path, list[TruthCard]]]:
    """A YOLO-labelled photo set (whole-card boxes, ``classes.txt`` names) as truth cards."""
    import cv2

    names = (folder / "classes.txt").read_text().split()
    for image_path in sorted((folder / "images").iterdir()):
        if image_path.suffix.lower() not in (".jpg", ".jpeg", ".png"):
            continue
        image = cv2.imread(str(image_path))
        if image is None:
            continue
        height, width = image.shape[:2]
        label_path = folder / "labels" / (image_path.stem + ".txt")
        cards: list[TruthCard] = []
        for line in label_path.read_text().splitlines() if label_path.exists() else []:
            parts = line.split()
            if len(parts) != 5:
                continue
            cx, cy, w, h = (float(v) for v in parts[1:])
            box = ((cx - w / 2) * width, (cy - h / 2) * height,
                   (cx + w / 2) * width, (cy + h / 2) * height)
            cards.append(TruthCard(names[int(parts[0])], (box,)))
        yield image_path, cards


def rendered_set(folder: Path) -> Iterator[tuple[Path, list[TruthCard]]]:
    """A folder written by ``arbitro synth``: each face-up card owns its labelled index boxes.

    A card counts only when at least one of its indices passed the renderer's visibility
    rule (those are the ones a reader can be asked to find).
    """
    from vision.reader.labels import SYNTH_BACK_CLASS
    from vision.train.datasets import read_yolo_labels
    from vision.types import CARD_LABELS

    for image_path in sorted((folder / "images").glob("*.jpg")):
        truth_path = folder / "truth" / (image_path.stem + ".json")
        truth = json.loads(truth_path.read_text())
        width, height = truth["image_size_wh"] if "image_size_wh" in truth else truth["size_wh"]
        label_path = folder / "labels" / (image_path.stem + ".txt")
        labelled = [b for b in read_yolo_labels(label_path, width, height)
                    if b.class_id != SYNTH_BACK_CLASS]
        cards = _group_by_card(truth, labelled, CARD_LABELS)
        yield image_path, cards


def _group_by_card(truth: dict, labelled: list, card_labels: tuple[str, ...]) -> list[TruthCard]:  # type: ignore[type-arg]
    """Attach each labelled index box to the truth card whose index it is."""
    owners: dict[int, list[tuple[float, float, float, float]]] = {}
    names: dict[int, str] = {}
    truth_indices: list[tuple[int, str, tuple[float, ...]]] = []
    for number, card in enumerate(truth.get("cards", [])):
        for index in card.get("indices", []):
            truth_indices.append((number, card.get("card") or card.get("label"), tuple(index["box_xyxy"])))
    for box in labelled:
        label = card_labels[box.class_id]
        best, best_overlap = None, 0.0
        for number, name, tbox in truth_indices:
            if name != label:
                continue
            overlap = _iou(box.box_xyxy, tbox)
            if overlap > best_overlap:
                best, best_overlap = number, overlap
        key = best if best is not None and best_overlap > 0.3 else -1 - len(owners)
        owners.setdefault(key, []).append(box.box_xyxy)
        names[key] = label
    return [TruthCard(names[k], tuple(v)) for k, v in owners.items()]


def _iou(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0
