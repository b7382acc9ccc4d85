"""Frames in, table readings out: the sources and readers the worker thread owns.

``open_frames(spec)`` opens a source described the way the ``--source`` option is (camera
index or name, video file, image folder, ``demo``) through ``vision.sources``; ``demo``
falls back to the built-in synthetic hand while the recorded demo is not installed.

A reader turns one frame into a :class:`~desktop.session.TableReading`: :class:`ModelReader`
runs the card model, :class:`TruthReader` uses a demo's known table (tests only), and
:class:`BlindReader` keeps the picture when no model is available.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from desktop.session import Referee, TableReading, team_melds
from desktop.table_reading import TableReading as JudgedTable
from desktop.table_reading import judged_groups
from vision.layout.types import TableLayout
from vision.types import CardDetection, Frame


def readings_by(card_reader: Any, way: str, image_bgr: Any) -> list[CardDetection]:
    """The card model's readings of a picture by its reading ``way`` (``read_for_memory``
    for a frame of the hand, ``read_still`` for a photograph), or its plain detections
    for a stand-in model without that way."""
    read = getattr(card_reader, way, None)
    if read is None:
        return list(card_reader.detect(image_bgr))
    return list(read(image_bgr).detections)


@dataclass(frozen=True)
class PhotoReading:
    """One photograph of the table read on its own (``arbitro read IMAGE``, the app's photo
    source): the model's readings, the table's layout, the referee's judgement, and the
    picture checks that say why such a photo may read short (``check_health``)."""

    detections: tuple[CardDetection, ...]
    layout: TableLayout
    table: JudgedTable
    picture: tuple[str, ...]


def read_photo(card_reader: Any, image_bgr: Any, zones: Any, rules: Any) -> PhotoReading:
    """A photograph read on its own: the hand's memory believes a card only after several
    frames, and a photograph has one."""
    from desktop.table_reading import read_table
    from vision.layout import build_layout

    detections = readings_by(card_reader, "read_still", image_bgr)
    height, width = image_bgr.shape[:2]
    layout = build_layout(detections, (width, height), zones)
    table = read_table(layout, rules)
    picture = check_health(image_bgr, detections).advice
    return PhotoReading(tuple(detections), layout, table, picture)


class FrameReader(Protocol):
    status: str

    def read(self, frame: Frame) -> TableReading: ...


@dataclass(frozen=True)
class SourceSpec:
    kind: str  # camera | video | image | folder | demo
    value: str = ""

    def describe(self) -> str:
        return self.kind if self.kind == "demo" else f"{self.kind} {self.value}"

    def to_vision(self) -> str:
        """The spec in ``vision.sources.open_source`` notation."""
        if self.kind == "demo":
            return "demo"
        if self.kind == "camera" and not self.value.isdigit():
            return f"cam:{self.value}"
        return self.value


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
        from vision.sources import SourceError, folder_images

        try:
            photos = folder_images(path)
        except SourceError as error:
            raise ValueError(str(error)) from error
        if len(photos) == 1:  # read as a still, as ``arbitro read`` reads such a folder
            return SourceSpec("image", str(photos[0]))
        return SourceSpec("folder", str(path))
    if path.is_file():
        from vision.sources import IMAGE_SUFFIXES

        return SourceSpec("image" if path.suffix.lower() in IMAGE_SUFFIXES else "video", str(path))
    if path.suffix:  # looks like a file that is not there
        raise ValueError(f"no such file or folder: {text}")
    return SourceSpec("camera", text)  # a camera by name (the OS device name)


class FrameStream:
    """A source's frames and whether it is live: a camera may drop out and come back (the
    worker then reopens it), a file or the demo may not (an error there ends the feed).
    ``still``: one photograph, to be read on its own (there are no other frames for the
    hand's memory to confirm its cards with). ``hold_last``: the last frame is a view meant
    to be read (a folder's last photo), so the reader holds it when the frames end."""

    def __init__(
        self, frames: Iterator[Frame], live: bool, still: bool = False, hold_last: bool = False
    ) -> None:
        self._frames = frames
        self.live = live
        self.still = still
        self.hold_last = hold_last

    def __iter__(self) -> FrameStream:
        return self

    def __next__(self) -> Frame:
        return next(self._frames)


def builtin_demo_frames() -> Iterator[Frame]:
    from desktop.session_demo import demo_frames

    for frame, _truth in demo_frames():
        yield frame


def demo_recording_present() -> bool:
    from vision import sources

    return sources.DEMO_PATH.is_file()


@contextlib.contextmanager
def open_frames(
    spec: SourceSpec, size_wh: tuple[int, int] | None = None
) -> Iterator[Iterator[Frame]]:
    """The frames of ``spec`` from ``vision.sources``; released when the block ends.

    ``size_wh`` asks a camera given by index for that resolution. ``demo`` without the
    recorded demo installed plays the built-in synthetic hand.
    """
    from vision import sources

    if spec.kind == "demo" and not demo_recording_present():
        yield builtin_demo_frames()
        return
    if spec.kind == "camera" and spec.value.isdigit() and size_wh is not None:
        source: Any = sources.CameraSource(int(spec.value), size_wh)
    else:
        source = sources.open_source(spec.to_vision())
    with source:
        yield FrameStream(
            iter(source),
            live=spec.kind == "camera",
            still=spec.kind == "image",
            hold_last=isinstance(source, sources.FolderSource),
        )


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


def camera_names() -> list[tuple[int, str]]:
    """(index, name) of the cameras: their device names where the OS gives them (Linux),
    else the indices OpenCV can open."""
    from vision.sources import SYSFS_VIDEO

    if SYSFS_VIDEO.is_dir():
        found = []
        for dev in sorted(SYSFS_VIDEO.iterdir(), key=lambda p: p.name):
            if dev.name.startswith("video") and dev.name[5:].isdigit():
                try:
                    name = (dev / "name").read_text(encoding="utf-8").strip()
                except OSError:
                    name = dev.name
                found.append((int(dev.name[5:]), f"{name} ({dev.name})"))
        return found
    return list_cameras()


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

    def __init__(
        self, truth_of: Callable[[Frame], Mapping[str, Any]], referee: Referee, preset: str
    ):
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


def _oriented_boxes(
    cards: Sequence[str], group: Any, set_aside_slots: Sequence[int] = ()
) -> list[list[float]]:
    """Index boxes aligned with the reading's cards (the reading may reverse a fan, and
    read a card apart from the meld)."""
    slots = [s for k, s in enumerate(group.slots) if k not in set_aside_slots]
    boxes = [_slot_box(s) for s in slots]
    slot_cards = [s.card for s in slots]
    if list(cards) != slot_cards and list(cards) == slot_cards[::-1]:
        boxes.reverse()
    return boxes if len(boxes) == len(cards) else []


# A corner index is about 0.6 as wide as it is tall (rank over suit).
INDEX_ASPECT_W_PER_H = 0.6


def _slot_box(slot: Any) -> list[float]:
    """The slot's index box: its detection's, or one rebuilt from the remembered centre."""
    if slot.detections:
        return [float(v) for v in slot.detections[0].box_xyxy]
    (cx, cy), h = slot.center_xy, float(slot.scale_px)
    w = h * INDEX_ASPECT_W_PER_H
    return [cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2]


class ModelReader:
    """The card model, then the referee over frames (layout, memory, verdicts, events).

    Built in the worker thread that calls :meth:`read`; one per thread.
    """

    def __init__(self, card_reader: Any, preset: str, zones: Any = None):
        import engine
        from desktop.reading_referee import Referee as StreamReferee

        self._reader = card_reader
        self._referee = StreamReferee(engine.get_preset(preset), zones)
        self._last: tuple[Frame, list[CardDetection]] | None = None
        version = getattr(getattr(card_reader, "config", None), "version", "")
        self.status = f"model {version} ({getattr(card_reader, 'backend_name', 'ready')})".strip()

    def read(self, frame: Frame) -> TableReading:
        detections = readings_by(self._reader, "read_for_memory", frame.image_bgr)
        height, width = frame.image_bgr.shape[:2]
        events = self._referee.update(detections, (width, height), frame.t_monotonic)
        self._last = (frame, detections)
        return self._table(
            frame, detections, self._referee.reading(), self._referee.memory.state(), events
        )

    def hold_last_frame(self) -> TableReading | None:
        """The frames have ended on a view meant to be read (a folder's last photo): the
        referee holds it until the memory believes what it shows. None before any frame."""
        if self._last is None:
            return None
        frame, detections = self._last
        events = self._referee.hold_last_frame()
        return self._table(
            frame, detections, self._referee.reading(), self._referee.memory.state(), events
        )

    def finish(self) -> TableReading | None:
        """The frames have ended (a video's last frame): the referee tells the re-reads
        still waiting. None before any frame, or when none was waiting."""
        if self._last is None:
            return None
        frame, detections = self._last
        events = self._referee.finish()
        if not events:
            return None
        return self._table(
            frame, detections, self._referee.reading(), self._referee.memory.state(), events
        )

    def read_still(self, frame: Frame) -> TableReading:
        """One photograph on its own, as ``arbitro read IMAGE`` reads it (``read_photo``)."""
        photo = read_photo(self._reader, frame.image_bgr, self._referee.zones, self._referee.rules)
        detections = list(photo.detections)
        return self._table(frame, detections, photo.table, photo.layout, [], photo.picture)

    def _table(
        self,
        frame: Frame,
        detections: list[CardDetection],
        table: JudgedTable,
        state: TableLayout,
        events: Sequence[Mapping[str, Any]],
        picture: Sequence[str] = (),
    ) -> TableReading:
        """The window's reading: the referee's ``table`` with each meld's index boxes from
        the layout ``state`` it judged (the memory's, or one still's), and for a still its
        ``picture`` checks (``check_health``), as ``arbitro read IMAGE`` gives them."""
        height, width = frame.image_bgr.shape[:2]
        reading = table.to_json()
        for team in ("A", "B"):
            # as the referee judged them: a card may be read in the meld laid beside its own,
            # and one fan read as two melds
            judged = judged_groups(state.zone(team), self._referee.rules)
            for meld_json, meld, group in zip(
                reading["zones"][team]["melds"], table.melds.get(team, ()), judged, strict=False
            ):
                meld_json["boxes_xyxy"] = _oriented_boxes(meld.cards, group, meld.set_aside_slots)
                meld_json["reason"] = meld_json["faults"][0] if meld_json.get("faults") else None
        reading["shown"] = {t: [list(cards), []] for t, cards in table.shown.items()}
        reading["ledger_problems"] = [p.message() for p in table.ledger if p.resolved_as is None]
        reading["events"] = list(events)
        reading["picture"] = list(picture)
        layout_json = {
            "size_wh": [width, height],
            "zones": {
                name: {
                    "melds": [list(m.cards) for m in z.melds],
                    "loose": [s.card for s in z.loose],
                }
                for name, z in state.zones.items()
            },
        }
        return TableReading(
            frame.index, frame.image_bgr, tuple(detections), reading, layout_json, self.status
        )


def load_model_reader(preset: str, zones: Any = None) -> FrameReader:
    """The card model if it loads, else a :class:`BlindReader` that says why."""
    try:
        from vision.detector import ModelMissingError, load_reader
    except ImportError as exc:  # the detector module itself is not installed
        return BlindReader(str(exc))
    try:
        return ModelReader(load_reader(), preset, zones)
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


# An index under this share of the picture's height is too small for the detector, which
# sees every frame scaled to the same height: 14 px of a 1280x720 frame (10.5 px at its
# input), where it boxes three held-out indices in four against 97.5% of all. The same
# index in a 1920x1080 frame measures 21 px.
SMALL_INDEX_SHARE = 14 / 720


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
    if median is not None and median < SMALL_INDEX_SHARE * gray.shape[0]:
        advice.append(
            "cards too small for the model: move the camera closer or raise the resolution"
        )
    if any(_at_the_edge(d, gray.shape[1], gray.shape[0]) for d in detections):
        advice.append(
            "cards at the edge of the picture: move or raise the camera so the whole table shows"
        )
    return HealthReport(mean_luma, glare, sharpness, median, tuple(advice))


# An index whose centre lies within this many index heights of the picture's border is at
# its edge: a meld reaching there may go on outside the picture. On the 108 validation and
# fresh clips' final tables, 7 of the 26 unflagged melds whose next card would lie outside
# were read wrong, against 22 of the 433 unflagged melds in all.
EDGE_MARGIN = 1.0


def _at_the_edge(detection: CardDetection, width: int, height: int) -> bool:
    (cx, cy), margin = detection.center_xy, EDGE_MARGIN * max(detection.size_wh)
    return min(cx, cy, width - cx, height - cy) < margin
