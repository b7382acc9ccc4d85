"""A rendered clip's model readings, kept on disk so a measure can replay them.

Measuring a change to the table reading (layout, memory, referee) plays every clip through
the card model and then the referee. The model takes about two thirds of that time and
gives the same readings every run while the networks stay the same, so ``video_measure
--readings DIR`` keeps each clip's readings in ``DIR`` and replays them: the 54 validation
clips are then measured in under a minute instead of four or five.

A file is named by its clip and by a fingerprint of the model files that read it (the
reader's settings and both networks), so a new model never replays an old model's
readings. A change to the reader's code is not in the fingerprint: measure one with a new
folder. The files are gzip-compressed JSON, one object per frame.

A still (``reading_measure --detector --readings DIR``) is kept the same way, as one frame
read by ``read_still``, under a digest of the image's bytes: two still sets' files may share
names (``000001.jpg``), never their pixels. On a CPU without AVX-512 the tiled model takes
about a second a still and the layout and referee 15 ms, so a still rule is measured on the
200 ``val23`` stills in seconds once they have been read.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
from collections.abc import Container, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vision.types import BoxXYXY, CardDetection


@dataclass(frozen=True)
class FrameReading:
    """What the model read in one frame of a clip, as the referee takes it."""

    index: int
    t: float
    size_wh: tuple[int, int]
    detections: tuple[CardDetection, ...]
    backs_xyxy: tuple[BoxXYXY, ...]


def model_fingerprint(models_dir: Path) -> str:
    """A short digest of the reader's settings file and the two networks it names, and of
    the precision asked of OpenVINO when one is (``vision.reader.backend.PRECISION_ENV``):
    readings in bfloat16 and in float32 differ, so each keeps its own files."""
    from vision.detector import READER_CONFIG
    from vision.reader.backend import PRECISION_ENV

    config_path = models_dir / READER_CONFIG
    config = json.loads(config_path.read_text())
    digest = hashlib.sha256()
    networks = (models_dir / config["detector_onnx"], models_dir / config["classifier_onnx"])
    for path in (config_path, *networks):
        digest.update(path.read_bytes())
    if precision := os.environ.get(PRECISION_ENV):
        digest.update(precision.encode())
    return digest.hexdigest()[:16]


def readings_path(folder: Path, video: Path, fingerprint: str) -> Path:
    return folder / f"{video.stem}.{fingerprint}.json.gz"


def read_video(
    reader: Any, video: Path, only: Container[int] | None = None
) -> Iterator[FrameReading]:
    """Each frame of ``video`` (those whose index is in ``only``, when given) as the reader
    reads it for the hand's memory."""
    from vision.sources import VideoSource

    with VideoSource(video) as source:
        for frame in source:
            if only is not None and frame.index not in only:
                continue
            reading = reader.read_for_memory(frame.image_bgr)
            yield _frame_reading(frame.index, frame.t_monotonic, frame.image_bgr, reading)


def _frame_reading(index: int, t: float, image_bgr: Any, reading: Any) -> FrameReading:
    h, w = image_bgr.shape[:2]
    return FrameReading(index, t, (w, h), tuple(reading.detections), tuple(reading.backs_xyxy))


def clip_readings(
    reader: Any, video: Path, folder: Path | None, fingerprint: str
) -> list[FrameReading]:
    """The model's readings of every frame of ``video``: from ``folder`` when it holds
    them for this model, else read now (and kept there when ``folder`` is given)."""
    if folder is None:
        return list(read_video(reader, video))
    path = readings_path(folder, video, fingerprint)
    if path.exists():
        return load_readings(path)
    frames = list(read_video(reader, video))
    save_readings(path, frames)
    return frames


def still_readings_path(folder: Path, image: Path, fingerprint: str) -> Path:
    pixels = hashlib.sha256(image.read_bytes()).hexdigest()[:16]
    return folder / f"still-{pixels}.{fingerprint}.json.gz"


def still_reading(reader: Any, image: Path, folder: Path | None, fingerprint: str) -> FrameReading:
    """``image`` as ``reader.read_still`` reads it: from ``folder`` when it holds that
    reading for this model and these pixels, else read now (and kept when ``folder`` is
    given)."""
    path = still_readings_path(folder, image, fingerprint) if folder is not None else None
    if path is not None and path.exists():
        (frame,) = load_readings(path)
        return frame
    from vision.sources import ImageSource

    with ImageSource(image) as source:
        picture = next(iter(source)).image_bgr
    frame = _frame_reading(0, 0.0, picture, reader.read_still(picture))
    if path is not None:
        save_readings(path, [frame])
    return frame


def save_readings(path: Path, frames: list[FrameReading]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")  # a run stopped midway leaves no file
    with gzip.open(partial, "wt", encoding="utf-8") as out:
        json.dump([_frame_to_json(f) for f in frames], out, separators=(",", ":"))
    partial.replace(path)


def load_readings(path: Path) -> list[FrameReading]:
    with gzip.open(path, "rt", encoding="utf-8") as stream:
        return [_frame_from_json(f) for f in json.load(stream)]


def _frame_to_json(frame: FrameReading) -> dict[str, Any]:
    return {
        "index": frame.index,
        "t": frame.t,
        "size_wh": list(frame.size_wh),
        "detections": [
            {
                "card": d.card,
                "confidence": d.confidence,
                "box_xyxy": list(d.box_xyxy),
                "rank_confidence": d.rank_confidence,
                "other_suits": list(d.other_suits),
                "rivals": list(d.rivals),
                "far_rivals": list(d.far_rivals),
            }
            for d in frame.detections
        ],
        "backs_xyxy": [list(b) for b in frame.backs_xyxy],
    }


def _frame_from_json(data: dict[str, Any]) -> FrameReading:
    return FrameReading(
        int(data["index"]),
        float(data["t"]),
        (int(data["size_wh"][0]), int(data["size_wh"][1])),
        tuple(
            CardDetection(
                d["card"],
                d["confidence"],
                _box(d["box_xyxy"]),
                d["rank_confidence"],
                tuple(d["other_suits"]),
                tuple(d["rivals"]),
                tuple(d.get("far_rivals", ())),  # readings kept before far rivals: none
            )
            for d in data["detections"]
        ),
        tuple(_box(b) for b in data["backs_xyxy"]),
    )


def _box(values: list[float]) -> BoxXYXY:
    x1, y1, x2, y2 = (float(v) for v in values)
    return (x1, y1, x2, y2)
