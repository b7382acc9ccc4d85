"""Letterboxing, decoding the detector's output, and suppression of duplicates."""

import numpy as np
import pytest

from vision.reader.geometry import RawBoxes, decode_yolo, letterbox, nms


def test_letterbox_keeps_aspect_and_maps_boxes_back():
    image = np.zeros((720, 1280, 3), np.uint8)
    tensor, fit = letterbox(image, (544, 960))
    assert tensor.shape == (1, 3, 544, 960)
    assert fit.scale == pytest.approx(0.75)
    assert fit.pad_xy == (0.0, 2.0)
    back = fit.to_frame(np.array([[75.0, 77.0, 150.0, 152.0]]))
    assert back[0].tolist() == pytest.approx([100, 100, 200, 200])


def test_letterbox_pads_a_portrait_photo_on_both_sides():
    tensor, fit = letterbox(np.zeros((504, 378, 3), np.uint8), (544, 960))
    assert fit.pad_xy[0] > 0 and fit.pad_xy[1] == 0
    assert tensor[0, :, 0, 0].tolist() == pytest.approx([114 / 255] * 3)


def _head_output(rows):
    """rows: (cx, cy, w, h, score_index, score_back) -> (1, 6, N) like the exported graph."""
    return np.array(rows, np.float32).T[None]


def test_decode_keeps_boxes_above_the_threshold_with_their_class():
    raw = decode_yolo(
        _head_output(
            [(50, 50, 10, 20, 0.9, 0.1), (5, 5, 4, 4, 0.1, 0.05), (80, 80, 30, 40, 0.2, 0.7)]
        ),
        min_score=0.3,
    )
    assert raw.class_ids.tolist() == [0, 1]
    assert raw.boxes_xyxy[0].tolist() == pytest.approx([45, 40, 55, 60])


def test_nms_merges_overlaps_within_a_class_only():
    boxes = np.array([[0, 0, 10, 10], [1, 1, 11, 11], [0, 0, 10, 10]], np.float32)
    raw = RawBoxes(boxes, np.array([0.9, 0.8, 0.7]), np.array([0, 0, 1]))
    kept = nms(raw, iou=0.5)
    assert sorted(kept.scores.tolist()) == pytest.approx([0.7, 0.9])
