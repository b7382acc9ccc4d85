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
        help="real photo sets (default: the two sets in ../shared/eval; --real alone: none)",
    )
    parser.add_argument("--models", type=Path, default=None)
    parser.add_argument("--conf", type=float, default=None, help="lowest confidence to count")
    parser.add_argument(
        "--sweep",
        type=_thresholds,
        default=None,
        metavar="T1,T2,...",
        help="score at each of these confidence thresholds (each image is read once); choose "
        "a threshold on a validation set, never on the sets you report",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object with every figure")
    parser.set_defaults(func=run)


def _thresholds(text: str) -> tuple[float, ...]:
    try:
        values = tuple(sorted(float(v) for v in text.split(",") if v.strip()))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of numbers: {text!r}") from None
    if not values or not all(0.0 <= v <= 1.0 for v in values):
        raise argparse.ArgumentTypeError("thresholds are numbers between 0 and 1")
    return values


def run(args: argparse.Namespace) -> int:
    from vision.detector import ModelMissingError, load_reader
    from vision.eval_sets import real_set, rendered_set
    from vision.evaluation import Tally, interval_text, same_card, same_rank, score_image
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
    thresholds = args.sweep or (args.conf,)
    lowest = None if thresholds == (None,) else min(t for t in thresholds if t is not None)
    report: dict[str, object] = {"model_version": reader.config.version}
    for name, items, agree in jobs:
        tallies = {threshold: Tally() for threshold in thresholds}
        for image_path, truth in items:
            truth = list(truth)
            detections = reader.detect(read_image_bgr(image_path), lowest)
            for threshold, tally in tallies.items():
                kept = [d for d in detections if threshold is None or d.confidence >= threshold]
                score_image(tally, kept, truth, agree)
        if args.sweep:
            report[name] = {f"{t:g}": tally.as_dict() for t, tally in tallies.items()}
        else:
            report[name] = tallies[args.conf].as_dict()
        if not args.json:
            for threshold, t in tallies.items():
                at = f" at confidence >= {threshold:g}" if args.sweep else ""
                print(
                    f"{name}{at}: {t.images} images, {t.cards} cards: recall {t.recall:.3f}"
                    f"{interval_text(t.recall_interval(), '.3f')}, precision {t.precision:.3f}, "
                    f"misreads {t.misread_rate:.3%}{interval_text(t.misread_interval(), '.2%')} "
                    "of predictions"
                )
    if args.json:
        print(json.dumps(report))
    return 0
