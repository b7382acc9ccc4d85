"""Run an ONNX graph on the CPU: OpenVINO when installed (about twice as fast here),
otherwise ONNX Runtime. Both read the same .onnx file."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol, TypeVar

import numpy as np

from vision.reader.geometry import to_network_input

_B = TypeVar("_B")


class InferenceBackend(Protocol):
    name: str

    def __call__(self, batch: np.ndarray) -> np.ndarray: ...


class ImageBackend(Protocol):
    """A detector that takes the letterboxed frame itself: uint8 BGR, (H, W, 3)."""

    name: str

    def __call__(self, canvas_bgr: np.ndarray) -> np.ndarray: ...


# Asks OpenVINO for one precision ("f32", "bf16"): a CPU with bfloat16 reads a few melds a
# set otherwise than one without, and figures are compared only when read alike.
PRECISION_ENV = "ARBITRO_OPENVINO_PRECISION"


def _openvino_config(threads: int | None) -> dict[str, str]:
    config = {"PERFORMANCE_HINT": "LATENCY"}
    if threads:
        config["INFERENCE_NUM_THREADS"] = str(threads)
    if precision := os.environ.get(PRECISION_ENV):
        config["INFERENCE_PRECISION_HINT"] = precision
    return config


def compile_for_cpu(core: Any, model: Any, threads: int | None) -> Any:
    """``core.compile_model`` on the CPU, at full float precision where the default fails.

    OpenVINO runs a graph in the CPU's fastest precision (bfloat16 or float16 where the CPU
    has it). On CPUs with AMX and AVX-512 FP16 (OpenVINO 2026.4) that choice finds no kernel
    for some layers of the int8 classifier and compiling fails; asked for float32 it compiles
    and reads as ONNX Runtime does."""
    config = _openvino_config(threads)
    try:
        return core.compile_model(model, "CPU", config)
    except RuntimeError:
        return core.compile_model(model, "CPU", {**config, "INFERENCE_PRECISION_HINT": "f32"})


class OpenVinoBackend:
    name = "openvino"

    def __init__(self, onnx_path: Path, threads: int | None = None) -> None:
        import openvino as ov

        self._compiled = compile_for_cpu(ov.Core(), str(onnx_path), threads)
        self._request = self._compiled.create_infer_request()

    def __call__(self, batch: np.ndarray) -> np.ndarray:
        result = self._request.infer({0: batch})
        return np.asarray(next(iter(result.values())))


class OpenVinoImageBackend:
    """The detector graph with its input conversion (uint8 BGR HWC -> float RGB CHW / 255)
    compiled into it: OpenVINO does in one fused pass what numpy does in three."""

    name = "openvino"

    def __init__(self, onnx_path: Path, threads: int | None = None) -> None:
        import openvino as ov
        from openvino.preprocess import ColorFormat, PrePostProcessor

        core = ov.Core()
        steps = PrePostProcessor(core.read_model(str(onnx_path)))
        steps.input().tensor().set_element_type(ov.Type.u8).set_layout(
            ov.Layout("NHWC")
        ).set_color_format(ColorFormat.BGR)
        steps.input().model().set_layout(ov.Layout("NCHW"))
        steps.input().preprocess().convert_element_type(ov.Type.f32).convert_color(
            ColorFormat.RGB
        ).scale(255.0)
        self._compiled = compile_for_cpu(core, steps.build(), threads)
        self._request = self._compiled.create_infer_request()

    def __call__(self, canvas_bgr: np.ndarray) -> np.ndarray:
        result = self._request.infer({0: np.ascontiguousarray(canvas_bgr[None])})
        return np.asarray(next(iter(result.values())))


class ConvertingImageBackend:
    """Any float backend behind the image interface: the conversion happens in numpy."""

    def __init__(self, backend: InferenceBackend) -> None:
        self._backend = backend
        self.name = backend.name

    def __call__(self, canvas_bgr: np.ndarray) -> np.ndarray:
        return self._backend(to_network_input(canvas_bgr))


class OnnxRuntimeBackend:
    name = "onnxruntime"

    def __init__(self, onnx_path: Path, threads: int | None = None) -> None:
        import onnxruntime as ort

        options = ort.SessionOptions()
        if threads:
            options.intra_op_num_threads = threads
        options.log_severity_level = 3
        self._session = ort.InferenceSession(
            str(onnx_path), options, providers=["CPUExecutionProvider"]
        )
        self._input = self._session.get_inputs()[0].name

    def __call__(self, batch: np.ndarray) -> np.ndarray:
        return np.asarray(self._session.run(None, {self._input: batch})[0])


def _openvino_wanted(prefer: str) -> bool:
    """``prefer`` auto|openvino|onnxruntime: OpenVINO when allowed and installed; asking for
    it where it is missing raises the ImportError."""
    if prefer not in ("auto", "openvino"):
        return False
    try:
        import openvino  # noqa: F401
    except ImportError:
        if prefer == "openvino":
            raise
        return False
    return True


def _openvino_else(prefer: str, openvino: Callable[[], _B], onnxruntime: Callable[[], _B]) -> _B:
    """OpenVINO's backend where wanted and it compiles, else ONNX Runtime's. A graph OpenVINO
    cannot compile on this CPU still runs, slower, on ONNX Runtime (a corrupt file fails
    there too, and the caller reports it); asked for OpenVINO alone, its error stands."""
    if _openvino_wanted(prefer):
        try:
            return openvino()
        except RuntimeError:
            if prefer == "openvino":
                raise
    return onnxruntime()


def open_backend(
    onnx_path: Path, prefer: str = "auto", threads: int | None = None
) -> InferenceBackend:
    """The fastest backend available for ``onnx_path`` (``prefer``: auto|openvino|onnxruntime)."""
    return _openvino_else(
        prefer,
        lambda: OpenVinoBackend(onnx_path, threads),
        lambda: OnnxRuntimeBackend(onnx_path, threads),
    )


def open_image_backend(
    onnx_path: Path, prefer: str = "auto", threads: int | None = None
) -> ImageBackend:
    """Like ``open_backend``, for a detector fed the letterboxed uint8 frame."""
    return _openvino_else(
        prefer,
        lambda: OpenVinoImageBackend(onnx_path, threads),
        lambda: ConvertingImageBackend(OnnxRuntimeBackend(onnx_path, threads)),
    )
