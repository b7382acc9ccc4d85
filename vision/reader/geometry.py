"""Letterboxing a frame into the detector's fixed input, decoding its output, and NMS."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class Letterbox:
    """How a frame was fitted into the network input: x_in = x_frame * scale + pad."""

    scale: float
    pad_xy: tuple[float, float]

    def to_frame(self, boxes_xyxy: np.ndarray) -> np.ndarray:
        out = boxes_xyxy.copy()
        out[:, [0, 2]] = (out[:, [0, 2]] - self.pad_xy[0]) / self.scale
        out[:, [1, 3]] = (out[:, [1, 3]] - self.pad_xy[1]) / self.scale
        return out


def fit_into(image_bgr: np.ndarray, input_hw: tuple[int, int]) -> tuple[np.ndarray, Letterbox]:
    """Resize keeping the aspect ratio and pad with grey (114) to ``input_hw``: a uint8 BGR
    image, as the OpenVINO graph takes it (it converts to float RGB itself, faster)."""
    in_h, in_w = input_hw
    h, w = image_bgr.shape[:2]
    scale = min(in_w / w, in_h / h)
    new_w, new_h = max(1, round(w * scale)), max(1, round(h * scale))
    # Bilinear, as Ultralytics resizes its training images (and 5x faster than INTER_AREA).
    resized = cv2.resize(image_bgr, (new_w, new_h), interpolation=cv2.INTER_LINEAR)
    pad_x, pad_y = (in_w - new_w) // 2, (in_h - new_h) // 2
    canvas = np.full((in_h, in_w, 3), 114, dtype=np.uint8)
    canvas[pad_y : pad_y + new_h, pad_x : pad_x + new_w] = resized
    return canvas, Letterbox(scale, (float(pad_x), float(pad_y)))


def to_network_input(canvas_bgr: np.ndarray) -> np.ndarray:
    """uint8 BGR (H, W, 3) -> float32 RGB (1, 3, H, W) in 0-1, what the ONNX graph declares."""
    tensor = canvas_bgr[:, :, ::-1].transpose(2, 0, 1)[None].astype(np.float32) / 255.0
    return np.ascontiguousarray(tensor)


def letterbox(image_bgr: np.ndarray, input_hw: tuple[int, int]) -> tuple[np.ndarray, Letterbox]:
    """``fit_into`` then ``to_network_input``: NCHW float32 RGB."""
    canvas, fit = fit_into(image_bgr, input_hw)
    return to_network_input(canvas), fit


@dataclass(frozen=True)
class RawBoxes:
    boxes_xyxy: np.ndarray  # (N, 4) float32, input pixels
    scores: np.ndarray  # (N,)
    class_ids: np.ndarray  # (N,)


def decode_yolo(output: np.ndarray, min_score: float) -> RawBoxes:
    """Ultralytics detect head output (1, 4 + classes, anchors) -> boxes above ``min_score``."""
    predictions = output[0].T  # (anchors, 4 + classes)
    class_scores = predictions[:, 4:]
    class_ids = class_scores.argmax(1)
    scores = class_scores[np.arange(len(class_scores)), class_ids]
    keep = scores >= min_score
    cx, cy, w, h = predictions[keep, :4].T
    boxes = np.stack([cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2], axis=1)
    return RawBoxes(boxes.astype(np.float32), scores[keep], class_ids[keep])


def ious_with(box: np.ndarray, others: np.ndarray) -> np.ndarray:
    """Intersection over union of one xyxy ``box`` with each row of ``others`` (N, 4)."""
    ix1 = np.maximum(box[0], others[:, 0])
    iy1 = np.maximum(box[1], others[:, 1])
    ix2 = np.minimum(box[2], others[:, 2])
    iy2 = np.minimum(box[3], others[:, 3])
    inter = np.clip(ix2 - ix1, 0, None) * np.clip(iy2 - iy1, 0, None)
    area = (box[2] - box[0]) * (box[3] - box[1])
    areas = (others[:, 2] - others[:, 0]) * (others[:, 3] - others[:, 1])
    return np.asarray(inter / (area + areas - inter + 1e-9))


def nms(raw: RawBoxes, iou: float, max_boxes: int = 300) -> RawBoxes:
    """Class-aware non-maximum suppression, keeping at most ``max_boxes`` best boxes."""
    if len(raw.scores) == 0:
        return raw
    if len(raw.scores) > 10 * max_boxes:  # bound the work on a frame full of noise
        top = np.argsort(-raw.scores)[: 10 * max_boxes]
        raw = RawBoxes(raw.boxes_xyxy[top], raw.scores[top], raw.class_ids[top])
    # Offsetting each class far apart makes one NMS call class-aware.
    offset = raw.class_ids[:, None].astype(np.float32) * 100_000.0
    shifted = raw.boxes_xyxy + offset
    xywh = np.concatenate([shifted[:, :2], shifted[:, 2:] - shifted[:, :2]], axis=1)
    kept = cv2.dnn.NMSBoxes(xywh.tolist(), raw.scores.tolist(), 0.0, iou)
    kept = np.asarray(kept, dtype=np.int64).reshape(-1)[:max_boxes]
    return RawBoxes(raw.boxes_xyxy[kept], raw.scores[kept], raw.class_ids[kept])
