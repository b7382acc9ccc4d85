"""``arbitro train``: make or continue the card model from rendered tables."""

from __future__ import annotations

import argparse
from pathlib import Path

STAGES = ("detector", "classifier", "export")


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "train",
        help="train the card model on rendered tables (needs the 'train' extra)",
        description="Train or continue the index detector and the card classifier on "
        "'arbitro synth' output, then export both to ONNX in the models folder.",
    )
    parser.add_argument(
        "--data",
        type=Path,
        nargs="+",
        required=True,
        help="training folders written by 'arbitro synth'",
    )
    parser.add_argument(
        "--val",
        type=Path,
        nargs="+",
        required=True,
        help="validation folders written by 'arbitro synth'",
    )
    parser.add_argument(
        "--models", type=Path, default=None, help="models folder (default: shipped)"
    )
    parser.add_argument(
        "--work",
        type=Path,
        default=Path("work/train"),
        help="scratch folder for datasets and runs (never committed)",
    )
    parser.add_argument(
        "--stages", default=",".join(STAGES), help="comma-separated subset of " + ",".join(STAGES)
    )
    parser.add_argument("--detector-epochs", type=int, default=8)
    parser.add_argument(
        "--detector-hours",
        type=float,
        default=None,
        help="train the detector for this long (overrides its epoch count)",
    )
    parser.add_argument("--classifier-epochs", type=int, default=8)
    parser.add_argument(
        "--classifier-samples",
        type=int,
        default=None,
        help="crops drawn per classifier epoch (default: all)",
    )
    parser.add_argument(
        "--reuse-crops",
        action="store_true",
        help="keep the crop sets already cut in the work folder",
    )
    parser.add_argument(
        "--classifier-lr",
        type=float,
        default=3e-3,
        help="peak learning rate of the classifier's one-cycle schedule",
    )
    parser.add_argument(
        "--classifier-widen",
        type=int,
        default=1,
        help="start the classifier from the saved one with this many times its channels, "
        "computing the same readings (default 1: as saved)",
    )
    parser.add_argument(
        "--classifier-faces",
        action="store_true",
        help="print some training crops wider, narrower, slanted, bolder or lighter, as "
        "other faces print an index (measured once and not kept: see the model card)",
    )
    parser.add_argument(
        "--detector-device",
        default="cpu",
        help="where the detector trains: cpu (default) or a CUDA index such as 0",
    )
    parser.add_argument(
        "--detector-workers",
        type=int,
        default=2,
        help="data-loading processes for the detector (default 2, this project's CPU)",
    )
    parser.add_argument("--imgsz", type=int, default=640)
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--fresh", action="store_true", help="start from random weights instead of the shipped ones"
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import sys

    stages = tuple(s.strip() for s in args.stages.split(",") if s.strip())
    unknown = [s for s in stages if s not in STAGES]
    if unknown:
        print(f"arbitro train: unknown stage {unknown[0]!r}", file=sys.stderr)
        return 2
    if args.classifier_widen < 1:
        print("arbitro train: --classifier-widen must be 1 or more", file=sys.stderr)
        return 2
    for folder in [*args.data, *args.val]:
        if not (folder / "images").is_dir():
            print(f"arbitro train: {folder} has no images/ folder", file=sys.stderr)
            return 2
    try:
        from vision.train.pipeline import TrainPlan, run_plan
    except ImportError as error:
        print(f"arbitro train: needs the 'train' extra ({error.name} missing)", file=sys.stderr)
        return 2
    from vision.detector import DEFAULT_MODELS_DIR

    run_plan(
        TrainPlan(
            train_dirs=tuple(args.data),
            val_dirs=tuple(args.val),
            models_dir=args.models or DEFAULT_MODELS_DIR,
            work_dir=args.work,
            stages=stages,
            detector_epochs=args.detector_epochs,
            classifier_epochs=args.classifier_epochs,
            imgsz=args.imgsz,
            batch=args.batch,
            seed=args.seed,
            fresh=args.fresh,
            detector_hours=args.detector_hours,
            classifier_samples=args.classifier_samples,
            reuse_crops=args.reuse_crops,
            classifier_lr=args.classifier_lr,
            classifier_widen=args.classifier_widen,
            classifier_faces=args.classifier_faces,
            detector_device=args.detector_device,
            detector_workers=args.detector_workers,
        )
    )
    return 0
