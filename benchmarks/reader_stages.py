"""Where a video frame's time goes: the detector's pass, then the classifier on its boxes.

Not a test. Reads each photo of a rendered set (``arbitro synth``) as a video frame is read
(``CardReader.read_for_memory``), and times in turn the detector's pass alone
(``CardReader.locate``) and the whole reading; then the boxes each frame gave are cut into
crops and read by the shipped int8 classifier and by its float original, under OpenVINO and
ONNX Runtime. Prints the median milliseconds of each and the precisions OpenVINO lists for
this CPU, since the split differs with them (a CPU with bfloat16 runs the float detector in
it; two AVX2 cores run it in float32, about ten times slower).

    python benchmarks/reader_stages.py data/val720 [--photos 20] [--models models]
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

import cv2

from vision.benchmark import openvino_cpu_precisions, time_in_turn
from vision.detector import (
    DEFAULT_MODELS_DIR,
    READER_CONFIG,
    ReaderConfig,
    load_reader,
    padded_crop_batch,
)
from vision.reader.backend import OnnxRuntimeBackend, OpenVinoBackend
from vision.reader.crops import cut_crops


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("photos", type=Path, help="a rendered set: its images/ are read")
    parser.add_argument("--photos", dest="count", type=int, default=20)
    parser.add_argument("--models", type=Path, default=None)
    args = parser.parse_args()
    models = args.models or DEFAULT_MODELS_DIR
    paths = sorted((args.photos / "images").glob("*.jpg"))[: args.count]
    frames = [image for image in (cv2.imread(str(p)) for p in paths) if image is not None]
    if not frames:
        raise SystemExit(f"no photos under {args.photos / 'images'}")
    reader = load_reader(models)
    for frame in frames[:2]:  # warm-up: the runtimes prepare their graphs
        reader.read_for_memory(frame)
    detector_ms, frame_ms = (
        statistics.median(times)
        for times in time_in_turn(frames, (reader.locate, reader.read_for_memory))
    )
    threshold = reader.config.tracking_threshold
    batches, counts = [], []
    for frame in frames:
        located = reader.locate(frame)
        crops = cut_crops(frame, located.index_boxes_xyxy[located.index_scores >= threshold])
        counts.append(len(crops))
        batches.append(padded_crop_batch(crops))  # as the reader pads them
    boxes = statistics.median(counts)
    print(
        f"{len(frames)} frames, median ms: detector {detector_ms:.1f}, whole frame "
        f"{frame_ms:.1f} ({reader.backend_name}); {boxes:.0f} boxes a frame classified; "
        f"CPU precisions: {openvino_cpu_precisions()}"
    )
    config = ReaderConfig.load(models / READER_CONFIG)
    for name in (config.classifier_onnx, config.classifier_onnx.replace(".int8", "")):
        for backend in (OpenVinoBackend, OnnxRuntimeBackend):
            classifier = backend(models / name)
            for batch in batches[:2]:
                classifier(batch)
            (times,) = time_in_turn(batches, (classifier,))
            print(f"  classifier {name} on {backend.name}: {statistics.median(times):.1f} ms")


if __name__ == "__main__":
    main()
