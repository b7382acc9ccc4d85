"""Frames in, table readings out: the sources and readers the worker thread owns.

``open_frames(spec)`` opens a source described the way the ``--source`` option is (camera
index, video file, image folder, ``demo``) through ``vision.sources`` when it is installed,
else through a small OpenCV fallback. A reader turns one frame into a
:class:`~desktop.session.TableReading`: :class:`ModelReader` runs the card model,
:class:`TruthReader` uses a demo's known table (tests only), :class:`BlindReader` keeps the
picture when no model is available.
"""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from desktop.session import Referee, TableReading, team_melds
from vision.types import CardDetection, Frame

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp")


class FrameReader(Protocol):
    status: str

    def read(self, frame: Frame) -> TableReading: ...


@dataclass(frozen=True)
class SourceSpec:
    kind: str  # camera | video | folder | demo
    value: str = ""

    def describe(self) -> str:
        return self.kind if self.kind == "demo" else f"{self.kind} {self.value}"


def parse_source(text: str | None) -> SourceSpec:
    """``--source`` text to a spec; None means the first camera (the app falls back to demo)."""
    if text is None or text == "":
        return SourceSpec("camera", "0")
    if text == "demo":
        return SourceSpec("demo")
    if text.isdigit():
        return SourceSpec("camera", text)
    path = Path(text)
    if path.is_dir():
        return SourceSpec("folder", str(path))
    if path.is_file():
        return SourceSpec("video", str(path))
    if path.suffix:  # looks like a file that is not there
        raise ValueError(f"no such file or folder: {text}")
    return SourceSpec("camera", text)  # a camera by name (the OS device name)


def _vision_sources() -> Any | None:
    try:
        return importlib.import_module("vision.sources")
    except ImportError:
        return None


@contextlib.contextmanager
def _opencv_capture(target: int | str) -> Iterator[Iterator[Frame]]:
    import time

    import cv2

    capture = cv2.VideoCapture(target)
    if not capture.isOpened():
        capture.release()
        raise OSError(f"cannot open {target!r}")

    def frames() -> Iterator[Frame]:
        index = 0
        while True:
            ok, image = capture.read()
            if not ok:
                return
            yield Frame(index, time.monotonic(), image)
            index += 1

    try:
        yield frames()
    finally:
        capture.release()


def _folder_frames(folder: Path) -> Iterator[Frame]:
    import time

    import cv2

    paths = sorted(p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
    for index, path in enumerate(paths):
        image = cv2.imread(str(path))
        if image is not None:
            yield Frame(index, time.monotonic(), image)


def builtin_demo_frames() -> Iterator[Frame]:
    from desktop.session_demo import demo_frames

    for frame, _truth in demo_frames():
        yield frame


@contextlib.contextmanager
def open_frames(spec: SourceSpec) -> Iterator[Iterator[Frame]]:
    """The frames of ``spec``; the source is released when the block ends."""
    sources = _vision_sources()
    if sources is not None and hasattr(sources, "open_source"):
        with sources.open_source(spec.value if spec.kind != "demo" else "demo") as frames:
            yield iter(frames)
        return
    if spec.kind == "demo":
        yield builtin_demo_frames()
    elif spec.kind == "folder":
        yield _folder_frames(Path(spec.value))
    else:
        target: int | str = int(spec.value) if spec.value.isdigit() else spec.value
        with _opencv_capture(target) as frames:
            yield frames


def list_cameras(max_index: int = 4) -> list[tuple[int, str]]:
    """(index, label) of the cameras OpenCV can open, probing the first few indices."""
    import cv2

    found = []
    for index in range(max_index):
        capture = cv2.VideoCapture(index)
        try:
            if capture.isOpened():
                found.append((index, f"camera {index}"))
        finally:
            capture.release()
    return found


# -- readers ----------------------------------------------------------------------------------
def reading_from_melds(
    zones: Mapping[str, Sequence[Mapping[str, Any]]], referee: Referee, preset: str
) -> dict[str, Any]:
    """Judge each meld (dicts with ``cards``, optional ``boxes_xyxy``/``confidence``)."""
    out: dict[str, Any] = {}
    for team, melds in zones.items():
        judged = [{**m, **referee.judge_meld(m["cards"], preset)} for m in melds]
        out[team] = {"melds": judged, "points": sum(m.get("points") or 0 for m in judged)}
    return {"zones": out}


class TruthReader:
    """Reads a demo frame from the demo's known table: for tests, never for play."""

    def __init__(self, truth_of: Callable[[Frame], Mapping[str, Any]], referee: Referee, preset: str):
        self._truth_of = truth_of
        self._referee = referee
        self._preset = preset
        self.status = "truth (test reader)"

    def read(self, frame: Frame) -> TableReading:
        from desktop.session_demo import truth_detections

        truth = dict(self._truth_of(frame))
        zones = {t: team_melds(truth, t) for t in ("A", "B")}
        reading = {**truth, **reading_from_melds(zones, self._referee, self._preset)}
        return TableReading(frame.index, frame.image_bgr, truth_detections(truth), reading)


class BlindReader:
    """No model: the picture goes through, the table stays unread."""

    def __init__(self, why: str) -> None:
        self.status = f"model missing: {why}"

    def read(self, frame: Frame) -> TableReading:
        return TableReading(frame.index, frame.image_bgr, (), {}, None, self.status)


class ModelReader:
    """The card model, the layout and the rules, all built in the calling (worker) thread."""

    def __init__(self, card_reader: Any, referee: Referee, preset: str, zones: Any = None):
        self._reader = card_reader
        self._referee = referee
        self._preset = preset
        self._zones = zones
        self.status = f"model {getattr(card_reader, 'backend_name', 'ready')}"

    def read(self, frame: Frame) -> TableReading:
        from vision.layout import build_layout

        detections: list[CardDetection] = self._reader.detect(frame.image_bgr)
        height, width = frame.image_bgr.shape[:2]
        layout = build_layout(detections, (width, height), self._zones)
        zones = {}
        for team in ("A", "B"):
            zones[team] = [
                {
                    "cards": list(meld.cards),
                    "boxes_xyxy": [list(s.detections[0].box_xyxy) for s in meld.slots if s.detections],
                    "confidence": round(meld.confidence, 4),
                }
                for meld in layout.zone(team).melds
            ]
        reading = reading_from_melds(zones, self._referee, self._preset)
        shown = {t: [list(layout.zone(f"{t}_shown").cards), []] for t in ("A", "B")}
        reading["shown"] = shown
        layout_json = {"size_wh": [width, height], "zones": {
            name: {"melds": [list(m.cards) for m in z.melds], "loose": [s.card for s in z.loose]}
            for name, z in layout.zones.items()
        }}
        return TableReading(frame.index, frame.image_bgr, tuple(detections), reading, layout_json, self.status)


def load_model_reader(referee: Referee, preset: str, zones: Any = None) -> FrameReader:
    """The card model if it loads, else a :class:`BlindReader` that says why."""
    try:
        from vision.detector import ModelMissingError, load_reader
    except ImportError as exc:  # the detector module itself is not installed
        return BlindReader(str(exc))
    try:
        return ModelReader(load_reader(), referee, preset, zones)
    except ModelMissingError as exc:
        return BlindReader(str(exc))


# -- camera health ------------------------------------------------------------------------------
@dataclass(frozen=True)
class HealthReport:
    mean_luma: float
    glare_fraction: float
    sharpness: float
    median_index_px: float | None
    advice: tuple[str, ...]


def check_health(image_bgr: Any, detections: Sequence[CardDetection] = ()) -> HealthReport:
    """Simple picture checks with advice: too dark, glare, blur, card indices too small."""
    import cv2
    import numpy as np

    gray = cv2.cvtColor(image_bgr, cv2.COLOR_BGR2GRAY)
    mean_luma = float(gray.mean())
    glare = float((gray >= 250).mean())
    sharpness = float(cv2.Laplacian(gray, cv2.CV_64F).var())
    heights = [d.size_wh[1] for d in detections]
    median = float(np.median(heights)) if heights else None
    advice = []
    if mean_luma < 60:
        advice.append("too dark: add light over the table")
    if mean_luma > 210:
        advice.append("too bright: lower the exposure or the light")
    if glare > 0.02:
        advice.append("glare: move the lamp or tilt the camera so cards do not shine")
    if sharpness < 40:
        advice.append("blurred: focus the camera or hold it still")
    if median is not None and median < 14:
        advice.append("cards too small for the model: move the camera closer or raise the resolution")
    return HealthReport(mean_luma, glare, sharpness, median, tuple(advice))
