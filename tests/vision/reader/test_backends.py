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
    compile_for_cpu,
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


def test_the_shipped_classifier_reads_as_onnx_runtime_does_under_openvino():
    """On CPUs with AMX and float16 (OpenVINO 2026.4) the int8 classifier did not compile in
    OpenVINO's default precision; whatever precision it compiles in, it must read as ONNX
    Runtime reads the same file."""
    config = ReaderConfig.load(DEFAULT_MODELS_DIR / "reader.json")
    path = DEFAULT_MODELS_DIR / config.classifier_onnx
    crops = np.random.default_rng(5).random((16, 3, 40, 40), dtype=np.float32)
    openvino = OpenVinoBackend(path)(crops)
    reference = OnnxRuntimeBackend(path)(crops)
    assert (openvino.argmax(1) == reference.argmax(1)).all()
    assert np.abs(openvino - reference).max() < 0.5


class _CoreWithoutLowPrecisionKernels:
    """A stand-in for ``openvino.Core`` that, like OpenVINO on such a CPU, compiles only when
    asked for float32."""

    def __init__(self):
        self.configs = []

    def compile_model(self, model, device, config):
        self.configs.append(dict(config))
        if config.get("INFERENCE_PRECISION_HINT") != "f32":
            raise RuntimeError("No suitable implementations.")
        return ("compiled", model)


def test_a_graph_the_default_precision_cannot_compile_is_compiled_in_float32():
    core = _CoreWithoutLowPrecisionKernels()
    assert compile_for_cpu(core, "graph", threads=2) == ("compiled", "graph")
    assert [c.get("INFERENCE_PRECISION_HINT") for c in core.configs] == [None, "f32"]
    assert core.configs[-1]["INFERENCE_NUM_THREADS"] == "2"


def test_the_precision_asked_for_in_the_environment_is_the_one_compiled(monkeypatch):
    """Figures read on a CPU with bfloat16 differ from those read in float32: the environment
    asks for one, so a baseline can be read again alike on another machine."""
    core = _CoreWithoutLowPrecisionKernels()
    monkeypatch.setenv("ARBITRO_OPENVINO_PRECISION", "f32")
    assert compile_for_cpu(core, "graph", threads=None) == ("compiled", "graph")
    assert [c.get("INFERENCE_PRECISION_HINT") for c in core.configs] == ["f32"]
    monkeypatch.delenv("ARBITRO_OPENVINO_PRECISION")
    core = _CoreWithoutLowPrecisionKernels()
    compile_for_cpu(core, "graph", threads=None)
    assert [c.get("INFERENCE_PRECISION_HINT") for c in core.configs] == [None, "f32"]


def test_auto_falls_back_to_onnx_runtime_when_openvino_cannot_compile(monkeypatch):
    import vision.reader.backend as backend

    def refuse(*args, **kwargs):
        raise RuntimeError("cannot compile")

    monkeypatch.setattr(backend, "OpenVinoBackend", refuse)
    config = ReaderConfig.load(DEFAULT_MODELS_DIR / "reader.json")
    path = DEFAULT_MODELS_DIR / config.classifier_onnx
    assert backend.open_backend(path, "auto").name == "onnxruntime"
    with pytest.raises(RuntimeError):
        backend.open_backend(path, "openvino")
