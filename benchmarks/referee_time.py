"""How long the referee takes a frame, without the card model: layout, memory, verdicts.

The model reads each clip once (its readings are cached in ``--cache``), then the referee
replays those readings, best of ``--repeat`` passes. To compare two versions of the code,
run it from each checkout on the same cache, alternating, since the shared machine's speed
drifts:

    python benchmarks/referee_time.py --clips data/vclips --count 6 --cache /tmp/readings.pkl
    (cd ../other && PYTHONPATH=. python benchmarks/referee_time.py ... --cache /tmp/readings.pkl)

With ``--stills DIR`` it times a still instead (`arbitro read IMAGE` less the model): the
layout of one frame and the referee's reading of it, on the shipped model's tiled readings
of each still (cached in ``--cache`` too):

    python benchmarks/referee_time.py --stills data/val23 --cache /tmp/still_readings.pkl

Not a test: it prints one line, the milliseconds a frame or a still.
"""

from __future__ import annotations

import argparse
import json
import pickle
import time
from pathlib import Path
from typing import Any

from desktop.reading_measure import zones_from_truth
from desktop.reading_referee import Referee
from engine import get_preset

Readings = list[tuple[str, list[tuple[Any, ...]]]]


def read_clips(clips: list[Path]) -> Readings:
    """Each clip's frames as the shipped model reads them for the referee."""
    from desktop.clip_readings import read_video
    from vision.detector import load_reader

    reader = load_reader(None)
    return [
        (
            str(video.resolve()),
            [
                (list(f.detections), f.size_wh, f.t, list(f.backs_xyxy))
                for f in read_video(reader, video)
            ],
        )
        for video in clips
    ]


def ms_per_frame(readings: Readings) -> float:
    start, frames = time.perf_counter(), 0
    for video, clip in readings:
        truth = json.loads(Path(video).with_suffix(".json").read_text())
        referee = Referee(get_preset("pagat"), zones_from_truth(truth))
        for detections, size_wh, t, backs in clip:
            referee.update(detections, size_wh, t, backs)
            frames += 1
    return (time.perf_counter() - start) / frames * 1000


StillReadings = list[tuple[Path, list[Any]]]


def read_stills(folder: Path) -> StillReadings:
    """Each still of a rendered set (``images/``, ``truth/``) as the shipped model reads a
    photo: whole and in tiles (``CardReader.read_still``)."""
    from vision.detector import load_reader
    from vision.sources import ImageSource

    reader = load_reader(None)
    out = []
    for truth in sorted((folder / "truth").glob("*.json")):
        with ImageSource(folder / "images" / f"{truth.stem}.jpg") as source:
            image = next(iter(source)).image_bgr
        out.append((truth, list(reader.read_still(image).detections)))
    return out


def ms_per_still(readings: StillReadings) -> float:
    from desktop.table_reading import read_table
    from vision.layout import build_layout

    rules = get_preset("pagat")
    truths = [json.loads(path.read_text()) for path, _ in readings]
    start = time.perf_counter()
    for truth, (_, detections) in zip(truths, readings, strict=True):
        size = (int(truth["image_size_wh"][0]), int(truth["image_size_wh"][1]))
        read_table(build_layout(detections, size, zones_from_truth(truth)), rules)
    return (time.perf_counter() - start) / len(readings) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clips", type=Path, default=Path("data/vclips"))
    parser.add_argument("--count", type=int, default=6)
    parser.add_argument("--cache", type=Path, default=Path("/tmp/referee_readings.pkl"))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--stills", type=Path, help="time the stills of this rendered set")
    args = parser.parse_args()
    if args.stills is not None:
        if args.cache.exists():
            stills = pickle.loads(args.cache.read_bytes())
        else:
            stills = read_stills(args.stills)
            args.cache.write_bytes(pickle.dumps(stills))
        best = min(ms_per_still(stills) for _ in range(args.repeat))
        print(f"referee: {best:.2f} ms a still (best of {args.repeat}, {len(stills)} stills)")
        return
    if args.cache.exists():
        readings = pickle.loads(args.cache.read_bytes())
    else:
        readings = read_clips(sorted(args.clips.glob("hand_*.mp4"))[: args.count])
        args.cache.write_bytes(pickle.dumps(readings))
    frames = sum(len(clip) for _, clip in readings)
    best = min(ms_per_frame(readings) for _ in range(args.repeat))
    print(f"referee: {best:.2f} ms a frame (best of {args.repeat}, {frames} frames)")


if __name__ == "__main__":
    main()
