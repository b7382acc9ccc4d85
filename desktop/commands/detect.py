"""``arbitro detect``: read the cards in photos, one line per image."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "detect",
        help="read the card indices in images",
        description="Find every visible card index in each image and read it as a card.",
    )
    parser.add_argument("images", type=Path, nargs="+", metavar="IMAGE")
    parser.add_argument("--json", action="store_true", help="one JSON object per image and line")
    parser.add_argument(
        "--models", type=Path, default=None, help="models folder (default: shipped)"
    )
    parser.add_argument("--conf", type=float, default=None, help="lowest confidence to report")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from vision.detector import ModelMissingError, load_reader
    from vision.images import ImageReadError, read_image_bgr

    try:
        reader = load_reader(args.models)
    except ModelMissingError as error:
        print(f"arbitro detect: {error}", file=sys.stderr)
        return 2
    readable = 0
    for path in args.images:
        record: dict[str, object] = {"image": str(path)}
        try:
            image = read_image_bgr(path)
        except ImageReadError as error:
            record["error"] = str(error)
        else:
            readable += 1
            height, width = image.shape[:2]
            detections = reader.detect(image, args.conf)
            record.update(
                width=width,
                height=height,
                detections=[
                    {"card": d.card, "confidence": d.confidence, "box_xyxy": list(d.box_xyxy)}
                    for d in detections
                ],
            )
        if args.json:
            print(json.dumps(record), flush=True)
        elif "error" in record:
            print(f"{path}: error: {record['error']}")
        else:
            cards = " ".join(str(d["card"]) for d in record["detections"])  # type: ignore[attr-defined]
            print(f"{path}: {cards or '(no cards)'}")
    return 0 if readable else 2
