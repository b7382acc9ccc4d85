"""An unsure crop is read again off centre and the readings averaged; a sure one is not,
nor one whose detector score could not reach the threshold whatever the new look says."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

import vision.detector as detector
from vision.detector import SECOND_LOOK_SHIFTS, CardReader, ReaderConfig
from vision.reader.crops import CROP_SIDE_PX

LABELS = ("AC", "2C", "none")


class RedClassifier:
    """Logits from how red the crop's centre is: red reads AC (sure), anything else 2C
    (unsure). The calls record how many crops each batch held (``batches``: the blank
    crops that pad a batch left out; ``sizes``: with them)."""

    def __init__(self) -> None:
        self.batches: list[int] = []
        self.sizes: list[int] = []

    def __call__(self, batch: np.ndarray) -> np.ndarray:
        self.batches.append(int(batch.reshape(len(batch), -1).any(axis=1).sum()))
        self.sizes.append(len(batch))
        middle = CROP_SIDE_PX // 2
        red = batch[:, 0, middle - 2 : middle + 2, middle - 2 : middle + 2].mean(axis=(1, 2))
        share = red / 255.0
        return np.stack([4 * share, 0.5 + 0 * share, -3 + 0 * share], axis=1)


def reader(second_look_below: float | None) -> tuple[CardReader, RedClassifier]:
    config = ReaderConfig(
        detector_onnx="d.onnx",
        classifier_onnx="c.onnx",
        input_hw=(544, 960),
        labels=LABELS,
        second_look_below=second_look_below,
    )
    classifier = RedClassifier()
    return CardReader(config, SimpleNamespace(name="fake"), classifier), classifier


def scene() -> tuple[np.ndarray, np.ndarray]:
    image = np.zeros((200, 300, 3), np.uint8)
    image[90:110, 140:160] = (0, 0, 255)  # red under the first box: read sure
    # the second box's centre is black, but red lies just down-right of it
    image[42:60, 42:60] = (0, 0, 255)
    boxes = np.array([[140, 90, 160, 110], [30, 30, 50, 50]], np.float32)
    return image, boxes


SURE_SCORES = np.array([0.9, 0.9], np.float32)


def test_without_a_second_look_in_the_config_nothing_is_read_again() -> None:
    image, boxes = scene()
    one_look, classifier = reader(None)
    first = one_look.classify(image, boxes)
    again = one_look.look_again(image, boxes, first, SURE_SCORES, 0.3)
    assert classifier.batches == [2]
    assert np.array_equal(again, first)
    assert first[0].argmax() == 0 and first[1].argmax() == 1


def test_only_the_unsure_crop_is_read_again_and_its_readings_averaged() -> None:
    image, boxes = scene()
    looked, classifier = reader(0.75)
    first = looked.classify(image, boxes)
    again = looked.look_again(image, boxes, first, SURE_SCORES, 0.3)
    # the sure crop kept its one reading; the unsure one was cut again, in one batch
    assert classifier.batches == [2, len(SECOND_LOOK_SHIFTS)]
    assert again[0] == pytest.approx(first[0])
    assert again[1] != pytest.approx(first[1])
    assert again[1].sum() == pytest.approx(1.0)
    # the down-right look saw red, so the average leans towards AC
    assert again[1][0] > first[1][0]


def test_a_box_too_weak_to_be_reported_is_not_read_again() -> None:
    image, boxes = scene()
    looked, classifier = reader(0.75)
    first = looked.classify(image, boxes)
    # The unsure box's detector score times the best it could average to stays under 0.5.
    best = float(first[1].max())
    looks = len(SECOND_LOOK_SHIFTS)
    weak = 0.49 * (looks + 1) / (best + looks)
    again = looked.look_again(image, boxes, first, np.array([0.9, weak], np.float32), 0.5)
    assert classifier.batches == [2]
    assert np.array_equal(again, first)
    # a little stronger, it could be reported after a sure second look: it gets one
    strong = 0.51 * (looks + 1) / (best + looks)
    looked.look_again(image, boxes, first, np.array([0.9, strong], np.float32), 0.5)
    assert classifier.batches == [2, looks]


def test_stills_get_the_second_look_and_the_memorys_frames_do_not(monkeypatch) -> None:
    image, boxes = scene()
    looked, classifier = reader(0.75)
    located = detector.Located(boxes, SURE_SCORES, np.zeros((0, 4)))
    monkeypatch.setattr(looked, "locate", lambda _image, tiled=False: located)
    looked.read(image, 0.1)
    assert classifier.batches == [2, len(SECOND_LOOK_SHIFTS)]
    classifier.batches.clear()
    looked.read_for_memory(image)
    assert classifier.batches == [2]


def test_reader_json_carries_the_second_look(tmp_path: Path) -> None:
    path = tmp_path / "reader.json"
    base = {"detector_onnx": "d", "classifier_onnx": "c", "input_hw": [1, 1], "labels": ["x"]}
    path.write_text(json.dumps(base))
    assert ReaderConfig.load(path).second_look_below is None
    path.write_text(json.dumps({**base, "second_look_below": 0.75}))
    assert ReaderConfig.load(path).second_look_below == 0.75


def test_a_suit_open_read_looks_again_at_every_unsure_box(monkeypatch) -> None:
    # A rank's suits summed can pass where no one card could, so the bound on one card's
    # probability does not rule out a weak box there.
    image, boxes = scene()
    looked, classifier = reader(0.75)
    first = looked.classify(image, boxes)
    looks = len(SECOND_LOOK_SHIFTS)
    weak = 0.49 * (looks + 1) / (float(first[1].max()) + looks)
    located = detector.Located(boxes, np.array([0.9, weak], np.float32), np.zeros((0, 4)))
    monkeypatch.setattr(looked, "locate", lambda _image, tiled=False: located)
    classifier.batches.clear()
    looked.read(image, 0.5)
    assert classifier.batches == [2]
    classifier.batches.clear()
    looked.read(image, 0.5, open_suits=True)
    assert classifier.batches == [2, looks]


def test_batches_are_padded_to_a_few_sizes_and_read_the_same() -> None:
    # OpenVINO prepares each new batch size afresh; the padding must not change a reading.
    image, boxes = scene()
    looked, classifier = reader(0.75)
    first = looked.classify(image, boxes)
    assert classifier.sizes == [detector.CROP_BATCH_STEP]
    alone = [looked.classify(image, boxes[k : k + 1])[0] for k in range(len(boxes))]
    assert first == pytest.approx(np.stack(alone))
    many = np.repeat(boxes, 5, axis=0)  # 10 crops: two steps
    assert looked.classify(image, many).shape == (10, len(LABELS))
    assert classifier.sizes[-1] == 2 * detector.CROP_BATCH_STEP
