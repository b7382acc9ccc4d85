"""What reading a still in tiles costs: one pass against the whole frame and its tiles.

Not a test. Reads each photo of a rendered set (``arbitro synth``) the way ``arbitro read
IMAGE`` does (``CardReader.read_still``), once with the detector's one pass over the whole
frame and once with its tiles too (``vision.reader.tiles``), and, as the reference, through
plain Ultralytics and PyTorch (``vision.benchmark.PlainUltralyticsReader``), each photo
through the three in turn. Prints the median milliseconds a photo of each and the ratios.

    python benchmarks/still_tiles.py data/val23 [--photos 30] [--models models]
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

import cv2

from vision.benchmark import PlainUltralyticsReader, time_in_turn
from vision.detector import DEFAULT_MODELS_DIR, load_reader


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("photos", type=Path, help="a rendered set: its images/ are read")
    parser.add_argument("--photos", dest="count", type=int, default=30)
    parser.add_argument("--models", type=Path, default=None)
    args = parser.parse_args()
    paths = sorted((args.photos / "images").glob("*.jpg"))[: args.count]
    frames = [image for image in (cv2.imread(str(p)) for p in paths) if image is not None]
    if not frames:
        raise SystemExit(f"no photos under {args.photos / 'images'}")
    reader = load_reader(args.models)
    plain = PlainUltralyticsReader(
        args.models or DEFAULT_MODELS_DIR,
        imgsz=max(reader.config.input_hw),
        min_score=reader.config.min_detector_score,
        min_confidence=reader.config.min_confidence,
    )
    threshold = reader.config.tracking_threshold

    def one_pass(image):
        return reader.read(image, threshold, open_suits=True, second_look=True, tiled=False)

    def tiled(image):
        return reader.read_still(image)

    for frame in frames[:2]:  # warm-up: the runtimes prepare their graphs
        one_pass(frame), tiled(frame), plain.read(frame)
    one_ms, tiled_ms, plain_ms = (
        statistics.median(times) for times in time_in_turn(frames, (one_pass, tiled, plain.read))
    )
    print(
        f"{len(frames)} photos, median ms a photo: one pass {one_ms:.1f}, tiled {tiled_ms:.1f}, "
        f"plain Ultralytics {plain_ms:.1f}; tiled / one pass {tiled_ms / one_ms:.2f}x, "
        f"plain Ultralytics / tiled {plain_ms / tiled_ms:.2f}x ({reader.backend_name})"
    )


if __name__ == "__main__":
    main()
