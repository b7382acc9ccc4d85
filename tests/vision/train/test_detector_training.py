"""The detector's training settings reach Ultralytics as meant (no training runs here)."""

import sys
import types
from pathlib import Path
from typing import ClassVar

import pytest

from vision.train import detector
from vision.train.detector import DetectorTraining, train_detector


class RecordingYolo:
    """Stands in for ultralytics.YOLO: records what it was asked and leaves a last.pt."""

    calls: ClassVar[list[dict]] = []

    def __init__(self, source: str) -> None:
        self.source = source

    def add_callback(self, event: str, callback: object) -> None:
        pass

    def train(self, **settings: object) -> None:
        RecordingYolo.calls.append({"source": self.source, **settings})
        folder = Path(str(settings["project"])) / str(settings["name"]) / "weights"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "last.pt").write_bytes(b"weights")


@pytest.fixture
def recorded(monkeypatch):
    RecordingYolo.calls = []
    monkeypatch.setitem(sys.modules, "ultralytics", types.SimpleNamespace(YOLO=RecordingYolo))
    monkeypatch.setattr(detector, "shrink_checkpoint", lambda weights: None)
    return RecordingYolo.calls


def plan(tmp_path, **changes) -> DetectorTraining:
    return DetectorTraining(
        data_yaml=tmp_path / "data.yaml",
        weights_out=tmp_path / "models" / "index_detector.pt",
        runs_dir=tmp_path / "runs",
        epochs=1,
        **changes,
    )


def test_mosaics_are_neither_turned_nor_mirrored_and_the_weights_are_kept(tmp_path, recorded):
    """Turned views come from the renderer with exact boxes; a mirrored index never shows."""
    out = train_detector(plan(tmp_path))
    assert recorded[0]["degrees"] == 0.0
    assert recorded[0]["fliplr"] == 0.0
    assert out.read_bytes() == b"weights"


def test_training_continues_from_weights_already_there(tmp_path, recorded):
    weights = tmp_path / "models" / "index_detector.pt"
    weights.parent.mkdir(parents=True)
    weights.write_bytes(b"previous")
    train_detector(plan(tmp_path))
    assert recorded[0]["source"] == str(weights)
    assert recorded[0]["pretrained"] is True


def test_the_detector_trains_where_it_is_told_in_float32(tmp_path, recorded):
    """A GPU run must not switch on mixed precision: Ultralytics would download a model to
    check it."""
    train_detector(plan(tmp_path))
    train_detector(plan(tmp_path, device="0", workers=12))
    assert [(call["device"], call["workers"]) for call in recorded] == [("cpu", 2), ("0", 12)]
    assert [call["amp"] for call in recorded] == [False, False]
