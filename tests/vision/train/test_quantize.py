"""The export stage's int8 classifier, made here from the shipped float one on a few
calibration frames, reads crops as the float classifier does."""

import numpy as np
import pytest

pytest.importorskip("nncf")

from vision.detector import DEFAULT_MODELS_DIR, ReaderConfig, load_reader, softmax
from vision.reader.backend import OnnxRuntimeBackend, OpenVinoBackend
from vision.reader.crops import cut_crops
from vision.train.pipeline import CLASSIFIER_ONNX
from vision.train.quantize import (
    QuantizeSettings,
    calibration_crops,
    calibration_frames,
    quantize_classifier,
)

pytestmark = [pytest.mark.model, pytest.mark.slow]

SETTINGS = QuantizeSettings(calibration_frames=3, classifier_crops=256)


@pytest.fixture(scope="module")
def int8_classifier(tmp_path_factory):
    out = tmp_path_factory.mktemp("int8") / "classifier.int8.onnx"
    frames = calibration_frames(SETTINGS)
    return quantize_classifier(
        DEFAULT_MODELS_DIR, DEFAULT_MODELS_DIR / CLASSIFIER_ONNX, out, frames
    )


@pytest.fixture(scope="module")
def crops():
    """Crops from frames the calibration never saw (another seed)."""
    frames = calibration_frames(QuantizeSettings(calibration_frames=4, seed=1))
    reader = load_reader()
    batches = []
    for frame in frames:
        located = reader.locate(frame)
        # the boxes the reader classifies: those that can pass the reporting threshold
        sure = located.index_scores >= reader.config.min_confidence
        batches.append(cut_crops(frame, located.index_boxes_xyxy[sure]))
    return np.ascontiguousarray(np.concatenate(batches).transpose(0, 3, 1, 2).astype(np.float32))


def test_calibration_crops_come_in_batches_of_the_classifier_input():
    batches = calibration_crops(calibration_frames(SETTINGS), DEFAULT_MODELS_DIR, 40, seed=0)
    assert [b.shape[0] for b in batches] == [32, 8]
    assert all(b.shape[1:] == (3, 40, 40) and b.dtype == np.float32 for b in batches)


def agreement(float_logits: np.ndarray, int8_logits: np.ndarray) -> float:
    """Share of the crops either classifier is sure enough of to report (top probability at
    the reporting threshold or more) that both read alike; a crop neither could report
    cannot change what the reader says."""
    threshold = ReaderConfig.load(DEFAULT_MODELS_DIR / "reader.json").min_confidence
    sure = (softmax(float_logits).max(1) >= threshold) | (softmax(int8_logits).max(1) >= threshold)
    assert sure.sum() > 50
    same = float_logits.argmax(1) == int8_logits.argmax(1)
    return float(same[sure].mean())


@pytest.mark.parametrize("runtime", [OpenVinoBackend, OnnxRuntimeBackend])
def test_int8_classifier_reads_as_the_float_one(int8_classifier, crops, runtime):
    float_logits = runtime(DEFAULT_MODELS_DIR / CLASSIFIER_ONNX)(crops)
    assert agreement(float_logits, runtime(int8_classifier)(crops)) >= 0.95


def test_the_shipped_int8_classifier_reads_as_the_shipped_float_one(crops):
    shipped = load_reader().config.classifier_onnx
    assert shipped != CLASSIFIER_ONNX, "reader.json should name the int8 export"
    float_logits = OpenVinoBackend(DEFAULT_MODELS_DIR / CLASSIFIER_ONNX)(crops)
    int8_logits = OpenVinoBackend(DEFAULT_MODELS_DIR / shipped)(crops)
    assert agreement(float_logits, int8_logits) >= 0.95
