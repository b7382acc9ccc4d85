"""Loading labelled image sets for evaluation: the real photo sets and rendered tables."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from vision.evaluation import TruthCard
from vision.types import BoxXYXY

# An index at least this visible but below the label rule is a fair place to read a card
# (a fan's next card covers part of its suit); less than half shown is not asked about.
PARTLY_VISIBLE_FRAC = 0.5


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
            box = (
                (cx - w / 2) * width,
                (cy - h / 2) * height,
                (cx + w / 2) * width,
                (cy + h / 2) * height,
            )
            cards.append(TruthCard(names[int(parts[0])], (box,)))
        yield image_path, cards


def rendered_set(folder: Path) -> Iterator[tuple[Path, list[TruthCard]]]:
    """A folder written by ``arbitro synth``: each face-up card owns its labelled index boxes.

    A card counts only when at least one of its indices passed the renderer's visibility
    rule: those are the cards a reader can fairly be asked to find. Its indices that show
    at least half but less than that rule asks (a fan's next card over the suit) are
    partial regions: a reading there is right or a misread, not a false alarm.
    """
    for image_path in sorted((folder / "images").glob("*.jpg")):
        truth = json.loads((folder / "truth" / (image_path.stem + ".json")).read_text())
        yield image_path, truth_cards(truth)


def truth_cards(truth: dict) -> list[TruthCard]:  # type: ignore[type-arg]
    cards = []
    for card in truth.get("cards", []):
        if not card.get("face_up") or not card.get("card"):
            continue
        indices = card.get("indices", [])
        regions = tuple(_box(i) for i in indices if i.get("labelled"))
        partial = tuple(
            _box(i)
            for i in indices
            if not i.get("labelled") and i.get("visible_frac", 0.0) >= PARTLY_VISIBLE_FRAC
        )
        if regions or partial:
            cards.append(TruthCard(card["card"], regions, partial))
    return cards


def _box(index: dict) -> BoxXYXY:  # type: ignore[type-arg]
    x1, y1, x2, y2 = (float(v) for v in index["box_xyxy"])
    return (x1, y1, x2, y2)
