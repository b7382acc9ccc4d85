"""Time the shipped reader against the plain Ultralytics route on the same frames.

The plain route is what a developer would write with the same two trained networks:
``YOLO(index_detector.pt).predict`` at the same input size, then the PyTorch classifier on
the same crops. Both are timed on each frame in turn, in the same process, so machine noise
hits them alike; the ratio of medians is the figure that travels between machines. Each
route starts after a short pause (``SETTLE_S``), so it runs as it would alone: the app
never loads PyTorch, and a plain script never loads OpenVINO.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

os.environ.setdefault("YOLO_OFFLINE", "1")

# Timed back to back on two cores, the shipped route ran 2-4 ms slower straight after the
# plain one: PyTorch's worker threads still hold the cores for a moment after it returns.
# Measured in one process, three rounds of 20 frames: 1.74-1.76x back to back, 2.00-2.01x
# with this pause (a pause of 20, 100 or 300 ms gave the same times; the plain route's own
# time did not change).
SETTLE_S = 0.05


@dataclass(frozen=True)
class BenchResult:
    frames: int
    shipped_ms_median: float
    ultralytics_ms_median: float
    shipped_ms_max: float
    backend: str
    # What OpenVINO can run on this CPU, e.g. "BF16, FP32, INT8": the shipped route is about
    # ten times faster where bfloat16 is among them (22 ms a frame) than on two AVX2 cores
    # with FP32 and INT8 only (224 ms), so a time means little without it. "" off OpenVINO.
    cpu_precisions: str = ""

    @property
    def speedup(self) -> float:
        return self.ultralytics_ms_median / self.shipped_ms_median

    def as_dict(self) -> dict[str, object]:
        return {
            "frames": self.frames,
            "shipped_ms_median": round(self.shipped_ms_median, 2),
            "ultralytics_ms_median": round(self.ultralytics_ms_median, 2),
            "speedup": round(self.speedup, 2),
            "shipped_ms_max": round(self.shipped_ms_max, 2),
            "backend": self.backend,
            "cpu_precisions": self.cpu_precisions,
        }


class PlainUltralyticsReader:
    """The reference route: Ultralytics predict on the .pt, PyTorch classifier on crops."""

    def __init__(
        self, models_dir: Path, imgsz: int, min_score: float, min_confidence: float
    ) -> None:
        import torch
        from ultralytics import YOLO

        from vision.train.classifier_net import load_classifier

        self._torch = torch
        self._detector = YOLO(str(models_dir / "index_detector.pt"))
        checkpoint = torch.load(
            models_dir / "card_classifier.pt", map_location="cpu", weights_only=True
        )
        self._classifier = load_classifier(checkpoint["state_dict"])
        self._classifier.eval()
        self._imgsz = imgsz
        self._min_score = min_score
        self._min_confidence = min_confidence

    def read(self, image_bgr: np.ndarray) -> int:
        from vision.reader.crops import cut_crops

        result = self._detector.predict(
            image_bgr, imgsz=self._imgsz, conf=self._min_score, device="cpu", verbose=False
        )[0]
        boxes = result.boxes
        # The shipped reader's rule, so both classify the same boxes: an index scored under
        # the reporting threshold can never be reported.
        worth_reading = (boxes.cls.numpy() == 0) & (boxes.conf.numpy() >= self._min_confidence)
        index_boxes = boxes.xyxy.numpy()[worth_reading]
        if len(index_boxes) == 0:
            return 0
        crops = cut_crops(image_bgr, index_boxes)
        with self._torch.no_grad():
            logits = self._classifier(self._torch.from_numpy(crops).permute(0, 3, 1, 2).float())
        return int(logits.argmax(1).numel())


def time_in_turn(
    frames: Sequence[np.ndarray],
    routes: Sequence[Callable[[np.ndarray], object]],
    settle_s: float = SETTLE_S,
    sleep: Callable[[float], None] = time.sleep,
) -> list[list[float]]:
    """Milliseconds per frame for each route: every frame goes through each route in turn,
    each route after a pause of ``settle_s``."""
    times: list[list[float]] = [[] for _ in routes]
    for frame in frames:
        for route, route_ms in zip(routes, times, strict=True):
            sleep(settle_s)
            started = time.perf_counter()
            route(frame)
            route_ms.append((time.perf_counter() - started) * 1000)
    return times


def run_benchmark(frames: Sequence[np.ndarray], models_dir: Path, warmup: int = 2) -> BenchResult:
    from vision.detector import load_reader

    shipped = load_reader(models_dir)
    plain = PlainUltralyticsReader(
        models_dir,
        imgsz=max(shipped.config.input_hw),
        min_score=shipped.config.min_detector_score,
        min_confidence=shipped.config.min_confidence,
    )
    for frame in frames[:warmup]:
        shipped.read(frame)
        plain.read(frame)
    # Ultralytics pins torch to cores-1 threads on a CPU (one here); the shipped runtime
    # uses every core, so the plain route gets every core too.
    import torch

    torch.set_num_threads(os.cpu_count() or 1)
    shipped_ms, plain_ms = time_in_turn(frames, (shipped.read, plain.read))
    return BenchResult(
        frames=len(frames),
        shipped_ms_median=statistics.median(shipped_ms),
        ultralytics_ms_median=statistics.median(plain_ms),
        shipped_ms_max=max(shipped_ms),
        backend=shipped.backend_name,
        cpu_precisions=openvino_cpu_precisions() if shipped.backend_name == "openvino" else "",
    )


def openvino_cpu_precisions() -> str:
    """The float and integer precisions OpenVINO lists for this CPU, sorted."""
    import openvino as ov

    listed = ov.Core().get_property("CPU", "OPTIMIZATION_CAPABILITIES")
    return ", ".join(sorted(c for c in listed if c[:2] in ("BF", "FP", "IN")))
