"""Turn rendered tables (``arbitro synth`` output) into the two training sets.

- detector: the same images, labels remapped to two classes (index, back);
- classifier: index crops cut exactly as at inference (``vision.reader.crops``), with the
  box jittered the way a detector misplaces it, plus "not an index" crops from elsewhere.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.reader.crops import cut_crops
from vision.reader.geometry import ious_with
from vision.reader.labels import DETECTOR_LABELS, NOT_AN_INDEX_ID, SYNTH_BACK_CLASS


@dataclass(frozen=True)
class LabelledBox:
    class_id: int
    box_xyxy: tuple[float, float, float, float]


def read_yolo_labels(path: Path, width: int, height: int) -> list[LabelledBox]:
    """YOLO ``class cx cy w h`` (normalised) lines -> boxes in pixels."""
    boxes: list[LabelledBox] = []
    if not path.exists():
        return boxes
    for line in path.read_text().splitlines():
        parts = line.split()
        if len(parts) != 5:
            continue
        cls = int(parts[0])
        cx, cy, w, h = (float(v) for v in parts[1:])
        boxes.append(
            LabelledBox(
                cls,
                (
                    (cx - w / 2) * width,
                    (cy - h / 2) * height,
                    (cx + w / 2) * width,
                    (cy + h / 2) * height,
                ),
            )
        )
    return boxes


# Indices with a longer side under this are too few pixels to read: the classifier does not
# train on them (it should come out unsure there, not guess) and its measures leave them out.
MIN_READABLE_INDEX_PX = 9.0


def index_labels(
    label_path: Path, width: int, height: int, min_side_px: float = 0.0
) -> list[LabelledBox]:
    """The labelled corner indices of a rendered image (card backs left out) whose longer
    side is at least ``min_side_px``."""
    return [
        b
        for b in read_yolo_labels(label_path, width, height)
        if b.class_id != SYNTH_BACK_CLASS and longer_side(b) >= min_side_px
    ]


def longer_side(box: LabelledBox) -> float:
    x1, y1, x2, y2 = box.box_xyxy
    return max(x2 - x1, y2 - y1)


def synth_pairs(synth_dir: Path) -> Iterator[tuple[Path, Path]]:
    """(image, label) paths of a rendered set, in name order."""
    for image_path in sorted((synth_dir / "images").glob("*.jpg")):
        yield image_path, synth_dir / "labels" / (image_path.stem + ".txt")


def build_detector_dataset(train_dirs: list[Path], val_dirs: list[Path], out_dir: Path) -> Path:
    """Write an Ultralytics dataset (links to the images, remapped labels); returns data.yaml."""
    for split, dirs in (("train", train_dirs), ("val", val_dirs)):
        images_out = out_dir / split / "images"
        labels_out = out_dir / split / "labels"
        images_out.mkdir(parents=True, exist_ok=True)
        labels_out.mkdir(parents=True, exist_ok=True)
        for set_number, synth_dir in enumerate(dirs):
            for image_path, label_path in synth_pairs(synth_dir):
                stem = f"{set_number:02d}_{image_path.stem}"
                link = images_out / f"{stem}.jpg"
                if not link.exists():
                    os.symlink(image_path.resolve(), link)
                lines = []
                if label_path.exists():
                    for line in label_path.read_text().splitlines():
                        cls, *rest = line.split()
                        det_cls = 1 if int(cls) == SYNTH_BACK_CLASS else 0
                        lines.append(" ".join([str(det_cls), *rest]))
                (labels_out / f"{stem}.txt").write_text("\n".join(lines) + ("\n" if lines else ""))
    data_yaml = out_dir / "data.yaml"
    names = "\n".join(f"  {i}: {name}" for i, name in enumerate(DETECTOR_LABELS))
    data_yaml.write_text(
        f"path: {out_dir.resolve()}\ntrain: train/images\nval: val/images\nnames:\n{names}\n"
    )
    return data_yaml


def _iou_with_any(box: np.ndarray, others: np.ndarray) -> float:
    if len(others) == 0:
        return 0.0
    return float(np.max(ious_with(box, others)))


def _jitter(box: tuple[float, ...], rng: np.random.Generator) -> np.ndarray:
    """Move and resize a box by up to ~12% of its size, as an imperfect detector would."""
    x1, y1, x2, y2 = box
    w, h = x2 - x1, y2 - y1
    dx, dy = rng.normal(0, 0.06, 2) * (w, h)
    sw, sh = np.exp(rng.normal(0, 0.08, 2))
    cx, cy = (x1 + x2) / 2 + dx, (y1 + y2) / 2 + dy
    return np.array([cx - w * sw / 2, cy - h * sh / 2, cx + w * sw / 2, cy + h * sh / 2])


def _negative_boxes(
    positives: np.ndarray,
    all_index_boxes: np.ndarray,
    width: int,
    height: int,
    count: int,
    rng: np.random.Generator,
) -> list[np.ndarray]:
    """Boxes the size of real indices that overlap no index: pips, art, edges, cloth."""
    if len(positives) == 0:
        sizes = np.array([[16.0, 28.0]])
    else:
        sizes = np.stack([positives[:, 2] - positives[:, 0], positives[:, 3] - positives[:, 1]], 1)
    found: list[np.ndarray] = []
    for _ in range(count * 6):
        if len(found) >= count:
            break
        w, h = sizes[rng.integers(len(sizes))] * np.exp(rng.normal(0, 0.25, 2))
        # Half of the negatives sit next to a real index (on the same card), where the
        # confusable things are; the rest anywhere.
        if len(positives) and rng.random() < 0.5:
            anchor = positives[rng.integers(len(positives))]
            cx = (anchor[0] + anchor[2]) / 2 + rng.normal(0, 2.5) * w
            cy = (anchor[1] + anchor[3]) / 2 + rng.normal(0, 2.5) * h
        else:
            cx, cy = rng.uniform(0, width), rng.uniform(0, height)
        box = np.array([cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2])
        if box[0] < 0 or box[1] < 0 or box[2] > width or box[3] > height:
            continue
        if _iou_with_any(box, all_index_boxes) < 0.05:
            found.append(box)
    return found


def _all_index_boxes(truth_path: Path) -> np.ndarray | None:
    """Every index box in the truth file, visible or not (a half-hidden index is no negative)."""
    if not truth_path.exists():
        return None
    truth = json.loads(truth_path.read_text())
    boxes = []
    for card in truth.get("cards", []):
        for index in card.get("indices", card.get("index_boxes", [])):
            box = index.get("box_xyxy") if isinstance(index, dict) else index
            if box is not None and len(box) == 4:
                boxes.append([float(v) for v in box])
    return np.array(boxes, dtype=np.float64) if boxes else None


def build_crop_dataset(
    synth_dirs: list[Path],
    out_path: Path,
    seed: int,
    copies_per_index: int = 2,
    negatives_per_index: float = 0.5,
    min_index_height_px: float = MIN_READABLE_INDEX_PX,
) -> tuple[int, int]:
    """Write ``crops`` (N,40,40,3 uint8 RGB) and ``labels`` (N,) to an .npz; returns counts."""
    rng = np.random.default_rng(seed)
    crops: list[np.ndarray] = []
    labels: list[np.ndarray] = []
    positives_total = negatives_total = 0
    for synth_dir in synth_dirs:
        for image_path, label_path in synth_pairs(synth_dir):
            image = cv2.imread(str(image_path))
            if image is None:
                continue
            height, width = image.shape[:2]
            labelled = index_labels(label_path, width, height)
            positives = np.array([b.box_xyxy for b in labelled], dtype=np.float64).reshape(-1, 4)
            # The detector learns every labelled index, the classifier only those with
            # enough pixels to be read: a smaller one should come out unsure, not guessed.
            boxes = [b for b in labelled if longer_side(b) >= min_index_height_px]
            truth_boxes = _all_index_boxes(synth_dir / "truth" / (image_path.stem + ".json"))
            blockers = (
                positives if truth_boxes is None else np.concatenate([positives, truth_boxes])
            )
            cut_boxes = [_jitter(b.box_xyxy, rng) for b in boxes for _ in range(copies_per_index)]
            cut_labels = [b.class_id for b in boxes for _ in range(copies_per_index)]
            wanted = round(len(boxes) * negatives_per_index) + 2
            negatives = _negative_boxes(positives, blockers, width, height, wanted, rng)
            cut_boxes += negatives
            cut_labels += [NOT_AN_INDEX_ID] * len(negatives)
            positives_total += len(boxes) * copies_per_index
            negatives_total += len(negatives)
            if cut_boxes:
                crops.append(cut_crops(image, np.array(cut_boxes)))
                labels.append(np.array(cut_labels, dtype=np.int64))
    out_path.parent.mkdir(parents=True, exist_ok=True)
    np.savez(out_path, crops=np.concatenate(crops), labels=np.concatenate(labels))
    return positives_total, negatives_total
