"""Frames for the hand's memory are read at the tracking threshold; stills at the still one."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import numpy as np

from vision.detector import CardReader, ReaderConfig, Reading

BASE = {
    "detector_onnx": "d.onnx",
    "classifier_onnx": "c.onnx",
    "input_hw": [544, 960],
    "labels": ["AC", "none"],
    "min_confidence": 0.4,
}


def load(tmp_path: Path, **extra: object) -> ReaderConfig:
    path = tmp_path / "reader.json"
    path.write_text(json.dumps({**BASE, **extra}))
    return ReaderConfig.load(path)


def test_without_a_tracking_threshold_video_frames_are_read_as_stills(tmp_path: Path) -> None:
    config = load(tmp_path)
    assert config.tracking_min_confidence is None
    assert config.tracking_threshold == 0.4


def test_a_tracking_threshold_in_reader_json_is_loaded(tmp_path: Path) -> None:
    config = load(tmp_path, tracking_min_confidence=0.25)
    assert config.tracking_threshold == 0.25 and config.min_confidence == 0.4


class ThresholdSpy(CardReader):
    """A reader whose frames record the threshold they were read at."""

    def __init__(self, config: ReaderConfig) -> None:
        super().__init__(config, SimpleNamespace(name="spy"), SimpleNamespace(name="spy"))
        self.thresholds: list[float | None] = []
        self.open_suits: list[bool] = []
        self.second_looks: list[bool] = []
        self.tiled: list[bool] = []
        self.far_rivals: list[bool] = []

    def read(
        self,
        image_bgr: np.ndarray,
        min_confidence: float | None = None,
        open_suits: bool = False,
        second_look: bool = True,
        tiled: bool = False,
        far_rivals: bool = False,
    ) -> Reading:
        self.thresholds.append(min_confidence)
        self.tiled.append(tiled)
        self.far_rivals.append(far_rivals)
        self.open_suits.append(open_suits)
        self.second_looks.append(second_look)
        return Reading((), ())


def test_frames_for_the_memory_use_the_tracking_threshold_and_stills_the_still_one(
    tmp_path: Path,
) -> None:
    spy = ThresholdSpy(load(tmp_path, tracking_min_confidence=0.25))
    image = np.zeros((8, 8, 3), np.uint8)
    spy.read_for_memory(image)
    spy.detect(image)
    assert spy.thresholds == [0.25, None]  # None: read() falls back to min_confidence
    # Only the memory's frames go to a layout, which can settle a covered suit.
    assert spy.open_suits == [True, False]
    # The memory weighs a card over many frames; only stills get the classifier's second look.
    assert spy.second_looks == [False, True]
    # Neither is seen in tiles: a video frame has its time, detect its card-level figures.
    assert spy.tiled == [False, False]


def test_a_still_of_the_table_is_read_for_the_layout_and_looked_at_twice(tmp_path: Path) -> None:
    """``arbitro read IMAGE`` reads a photograph as a video frame is read (the tracking
    threshold, suit-open readings for the layout to settle) but with the second look, and
    the detector sees it in tiles too (``vision.reader.tiles``), and its plain readings name
    their far rivals (``vision.reader.ranks.FAR_RIVAL_RATIO``)."""
    spy = ThresholdSpy(load(tmp_path, tracking_min_confidence=0.25))
    spy.read_still(np.zeros((8, 8, 3), np.uint8))
    assert (spy.thresholds, spy.open_suits, spy.second_looks) == ([0.25], [True], [True])
    assert spy.tiled == [True] and spy.far_rivals == [True]
