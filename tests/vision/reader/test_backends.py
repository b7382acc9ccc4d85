"""The detector's two ways in: the uint8 frame converted inside the OpenVINO graph, and the
float tensor converted in numpy. Both must see the same picture."""

import numpy as np
import pytest

from vision.detector import DEFAULT_MODELS_DIR, ReaderConfig
from vision.reader.backend import (
    ConvertingImageBackend,
    OnnxRuntimeBackend,
    OpenVinoBackend,
    OpenVinoImageBackend,
)
from vision.reader.geometry import fit_into, to_network_input
from vision.synth.dataset import SynthConfig, render_sample
from vision.synth.styles import default_training_styles

pytestmark = pytest.mark.model


@pytest.fixture(scope="module")
def canvas():
    config = SynthConfig(
        seed=778, size_wh=(1280, 720), styles=default_training_styles(), framing="table"
    )
    reader_config = ReaderConfig.load(DEFAULT_MODELS_DIR / "reader.json")
    image = render_sample(config, 0).image_bgr
    return fit_into(image, reader_config.input_hw)[0]


@pytest.fixture(scope="module")
def detector_onnx():
    return DEFAULT_MODELS_DIR / ReaderConfig.load(DEFAULT_MODELS_DIR / "reader.json").detector_onnx


def index_scores(output: np.ndarray) -> np.ndarray:
    return output[0, 4]


def test_conversion_inside_openvino_matches_conversion_in_numpy(canvas, detector_onnx):
    inside = OpenVinoImageBackend(detector_onnx)(canvas)
    outside = OpenVinoBackend(detector_onnx)(to_network_input(canvas))
    assert inside.shape == outside.shape
    assert np.abs(index_scores(inside) - index_scores(outside)).max() < 0.03


def test_a_channel_swap_would_show(canvas, detector_onnx):
    """The tolerance above is tight enough to catch BGR fed as RGB."""
    inside = OpenVinoImageBackend(detector_onnx)(canvas[:, :, ::-1].copy())
    outside = OpenVinoBackend(detector_onnx)(to_network_input(canvas))
    assert np.abs(index_scores(inside) - index_scores(outside)).max() >= 0.03


def test_onnx_runtime_fallback_finds_the_same_indices(canvas, detector_onnx):
    openvino = index_scores(OpenVinoImageBackend(detector_onnx)(canvas))
    fallback = index_scores(ConvertingImageBackend(OnnxRuntimeBackend(detector_onnx))(canvas))
    firing = (openvino > 0.1) | (fallback > 0.1)
    assert firing.sum() > 20
    assert np.abs(openvino - fallback).max() < 0.05
