"""``arbitro evaluate``: measure the shipped reader on rendered and real labelled images."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_REAL_SETS = (
    REPO_ROOT.parent / "shared" / "eval" / "real-fmjio",
    REPO_ROOT.parent / "shared" / "eval" / "real-edje-ranks",
)


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "evaluate",
        help="measure the card reader on labelled images",
        description="Card-level recall, precision and misreads of the shipped reader on "
        "rendered tables (folders from 'arbitro synth') and on real photo sets "
        "(containment scoring; a set whose classes are ranks only is scored on the rank).",
    )
    parser.add_argument(
        "--synth",
        type=Path,
        nargs="*",
        default=[],
        help="folders written by 'arbitro synth' (use a held-out seed and style)",
    )
    parser.add_argument(
        "--real",
        type=Path,
        nargs="*",
        default=None,
        help="real photo sets (default: the two sets in ../shared/eval)",
    )
    parser.add_argument("--models", type=Path, default=None)
    parser.add_argument("--conf", type=float, default=None, help="lowest confidence to count")
    parser.add_argument("--json", action="store_true", help="one JSON object with every figure")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from vision.detector import ModelMissingError, load_reader
    from vision.eval_sets import real_set, rendered_set
    from vision.evaluation import Tally, same_card, same_rank, score_image
    from vision.images import read_image_bgr

    try:
        reader = load_reader(args.models)
    except ModelMissingError as error:
        print(f"arbitro evaluate: {error}", file=sys.stderr)
        return 2
    real_sets = [p for p in (DEFAULT_REAL_SETS if args.real is None else args.real) if p.exists()]
    jobs = [(f"synth:{p.name}", rendered_set(p), same_card) for p in args.synth]
    for folder in real_sets:
        names = (folder / "classes.txt").read_text().split()
        rank_only = all(name[-1] not in "CDHS" for name in names)
        jobs.append(
            (f"real:{folder.name}", real_set(folder), same_rank if rank_only else same_card)
        )
    if not jobs:
        print("arbitro evaluate: nothing to evaluate (give --synth or --real)", file=sys.stderr)
        return 2
    report: dict[str, object] = {"model_version": reader.config.version}
    for name, items, agree in jobs:
        tally = Tally()
        for image_path, truth in items:
            detections = reader.detect(read_image_bgr(image_path), args.conf)
            score_image(tally, detections, truth, agree)
        report[name] = tally.as_dict()
        if not args.json:
            t = tally
            print(
                f"{name}: {t.images} images, {t.cards} cards: recall {t.recall:.3f}, "
                f"precision {t.precision:.3f}, misreads {t.misread_rate:.3%} of predictions"
            )
    if args.json:
        print(json.dumps(report))
    return 0
