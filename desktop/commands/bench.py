"""``arbitro bench``: milliseconds per frame (1280x720 unless asked), shipped reader vs
plain Ultralytics."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from pathlib import Path

from desktop.commands.synth import parse_size


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "bench",
        help="time the card reader against plain Ultralytics predict",
        description="Median milliseconds per frame (1280x720 unless --size) for the shipped "
        "reader (ONNX on OpenVINO or ONNX Runtime) and for YOLO(.pt).predict plus the PyTorch "
        "classifier, on the same frames in the same run. Needs the 'train' extra.",
    )
    parser.add_argument(
        "--frames",
        type=Path,
        default=None,
        help="a folder of images (default: render tables with a fixed seed)",
    )
    parser.add_argument("--count", type=int, default=20, help="frames to render")
    parser.add_argument("--seed", type=int, default=424242)
    parser.add_argument(
        "--size",
        default="1280x720",
        help="WIDTHxHEIGHT of the rendered frames (a webcam's 1280x720 unless asked)",
    )
    parser.add_argument("--models", type=Path, default=None)
    parser.add_argument("--json", action="store_true")
    parser.set_defaults(func=run)


def _frames(args: argparse.Namespace, size_wh: tuple[int, int]) -> list:  # type: ignore[type-arg]
    from vision.images import read_image_bgr

    if args.frames is not None:
        paths = sorted(p for p in args.frames.iterdir() if p.suffix.lower() in (".jpg", ".png"))
        return [read_image_bgr(p) for p in paths[: args.count]]
    from vision.synth.dataset import SynthConfig, render_sample
    from vision.synth.styles import default_training_styles

    config = SynthConfig(
        seed=args.seed,
        size_wh=size_wh,
        styles=default_training_styles(),
        framing="table",
    )
    return [render_sample(config, i).image_bgr for i in range(args.count)]


def run(args: argparse.Namespace) -> int:
    from vision.detector import DEFAULT_MODELS_DIR, ModelMissingError

    size_wh = parse_size(args.size)
    if size_wh is None:
        print(
            f"arbitro bench: bad --size {args.size!r}: expected WxH, e.g. 1920x1080",
            file=sys.stderr,
        )
        return 2

    try:
        from vision.benchmark import run_benchmark
    except ImportError as error:
        print(f"arbitro bench: needs the 'train' extra ({error.name} missing)", file=sys.stderr)
        return 2
    frames = _frames(args, size_wh)
    if not frames:
        print("arbitro bench: no frames to time", file=sys.stderr)
        return 2
    try:
        # Ultralytics prints notices (its first settings file, say) on stdout, which belongs
        # to the report alone: one JSON line with --json
        with contextlib.redirect_stdout(sys.stderr):
            result = run_benchmark(frames, args.models or DEFAULT_MODELS_DIR)
    except ModelMissingError as error:
        print(f"arbitro bench: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(
            json.dumps(
                {
                    k: v
                    for k, v in result.as_dict().items()
                    if k
                    in (
                        "frames",
                        "shipped_ms_median",
                        "ultralytics_ms_median",
                        "speedup",
                        "cpu_precisions",
                    )
                }
            )
        )
    else:
        r = result.as_dict()
        height, width = frames[0].shape[:2]
        precisions = f" on a CPU with {r['cpu_precisions']}" if r["cpu_precisions"] else ""
        print(
            f"{r['frames']} frames of {width}x{height}: shipped {r['shipped_ms_median']} ms "
            f"({r['backend']}{precisions}), plain Ultralytics {r['ultralytics_ms_median']} ms, "
            f"speedup {r['speedup']}x; slowest shipped frame {r['shipped_ms_max']} ms"
        )
    return 0
