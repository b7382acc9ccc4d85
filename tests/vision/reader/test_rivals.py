"""A plain reading made for the layout names the cards the classifier weighed nearly as
much (its rivals); a reading for `arbitro detect` does not."""

from __future__ import annotations

import numpy as np

import vision.detector as detector
from tests.vision.reader.test_second_look import SURE_SCORES, reader, scene


def test_the_memorys_frames_carry_rivals_and_detect_does_not(monkeypatch) -> None:
    image, boxes = scene()
    fake, _ = reader(None)
    located = detector.Located(boxes, SURE_SCORES, np.zeros((0, 4)))
    monkeypatch.setattr(fake, "locate", lambda _image, tiled=False: located)
    # The black-centred crop reads 2C 0.61 and AC 0.37: AC is a rival. The red one is sure.
    by_card = {d.card: d for d in fake.read_for_memory(image).detections}
    assert by_card["2C"].rivals == ("AC",)
    assert by_card["AC"].rivals == ()
    assert not by_card["2C"].suit_open
    assert all(d.rivals == () for d in fake.detect(image, 0.3))


class FixedClassifier:
    """Every crop reads 2C 0.85, AC 0.12 (a seventh of 2C: a far rival, not a near one)."""

    def __call__(self, batch: np.ndarray) -> np.ndarray:
        logits = np.log(np.array([0.12, 0.85, 0.03]))
        return np.tile(logits, (len(batch), 1))


def test_a_stills_readings_carry_far_rivals_and_the_memorys_frames_do_not(monkeypatch) -> None:
    image, boxes = scene()
    fake, _ = reader(None)
    monkeypatch.setattr(fake, "_classifier", FixedClassifier())
    located = detector.Located(boxes, SURE_SCORES, np.zeros((0, 4)))
    monkeypatch.setattr(fake, "locate", lambda _image, tiled=False: located)
    still = fake.read_still(image).detections
    assert [(d.card, d.rivals, d.far_rivals) for d in still] == [("2C", (), ("AC",))] * 2
    assert all(d.far_rivals == () for d in fake.read_for_memory(image).detections)
