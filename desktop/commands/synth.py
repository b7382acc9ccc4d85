"""``arbitro synth``: render synthetic Burraco tables with YOLO labels and JSON truth.

    arbitro synth --out DIR --count N --seed S [--size 1280x720]
                  [--styles a,b | --exclude-styles c] [--framing auto|table|close]
                  [--square-views 0.8] [--min-visible 0.85] [--workers 2]

Writes DIR/images/000000.jpg, DIR/labels/000000.txt, DIR/truth/000000.json, ...; the same
seed gives the same files. See docs/synth.md.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

EXIT_BAD_INPUT = 2


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("synth", help="render synthetic tables for training")
    p.add_argument("--out", type=Path, help="output folder (required unless --list-styles)")
    p.add_argument("--count", type=int, default=100, help="number of images")
    p.add_argument("--seed", type=int, default=0, help="dataset seed")
    p.add_argument("--size", default="1280x720", help="image size WxH (default 1280x720)")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--styles", default=None, help="deck styles to use, comma separated")
    group.add_argument("--exclude-styles", default=None, help="deck styles to leave out")
    p.add_argument("--framing", default="auto", choices=("auto", "table", "close"))
    p.add_argument(
        "--square-views",
        type=float,
        default=0.8,  # vision.synth.camera.SQUARE_VIEW_SHARE, kept out of the import path
        help="share of views square to the table, the rest at any angle (default 0.8)",
    )
    p.add_argument(
        "--min-visible",
        type=float,
        default=0.85,  # vision.synth.labels.MIN_VISIBLE_FRAC, kept out of the import path
        help="label an index when this share of it shows (default 0.85; training sets may "
        "ask less, so the detector learns indices a fan partly covers)",
    )
    p.add_argument(
        "--joker-share",
        type=float,
        default=0.35,  # vision.synth.melds.JOKER_WILD_SHARE, kept out of the import path
        help="share of the melds' wilds that are jokers, the rest twos (default 0.35; "
        "training sets may ask more, so the detector sees more joker designs)",
    )
    p.add_argument(
        "--fan-show",
        default="0.15,0.35",  # vision.synth.plan.FAN_SHOW, kept out of the import path
        help="LO,HI: a fan's step as a share of the card's side, drawn between the two "
        "(default 0.15,0.35; training sets may lay fans tighter, so more indices show in part)",
    )
    p.add_argument(
        "--suit-shape-swap",
        type=float,
        default=0.0,
        help="share of style blocks whose drawn suits take another of the drawn shapes, in "
        "the deck's own colours (default 0; training sets may ask more, so no suit shape "
        "comes with one colouring only)",
    )
    p.add_argument(
        "--flat-three",
        type=float,
        default=0.0,
        help="share of style blocks whose 3s are printed flat-topped, as some real decks "
        "print them (default 0; every bundled face draws a round-topped 3)",
    )
    p.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    p.add_argument("--list-styles", action="store_true", help="print the deck styles and exit")
    p.set_defaults(func=run)


def _fail(msg: str) -> int:
    print(f"arbitro synth: {msg}", file=sys.stderr)
    return EXIT_BAD_INPUT


def parse_size(text: str) -> tuple[int, int] | None:
    parts = text.lower().split("x")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        return None
    w, h = int(parts[0]), int(parts[1])
    if not (64 <= w <= 8192 and 64 <= h <= 8192):
        return None
    return w, h


def _parse_fan_show(text: str) -> tuple[float, float] | None:
    try:
        lo, hi = (float(part) for part in text.split(","))
    except ValueError:  # not two numbers
        return None
    return (lo, hi) if 0.05 <= lo <= hi <= 1.0 else None


def _names(text: str | None) -> list[str] | None:
    if text is None:
        return None
    return [n.strip() for n in text.split(",") if n.strip()]


def run(args: argparse.Namespace) -> int:
    from vision.synth.styles import HELDOUT, all_style_names, select_styles

    if args.list_styles:
        for name in all_style_names():
            print(name + ("  (held out: only when named)" if name == HELDOUT else ""))
        return 0
    if args.out is None:
        return _fail("--out DIR is required")
    size = parse_size(args.size)
    if size is None:
        return _fail(f"bad --size {args.size!r}: expected WxH, e.g. 1280x720")
    if args.count < 1:
        return _fail("--count must be at least 1")
    if args.workers < 1:
        return _fail("--workers must be at least 1")
    if not 0.0 <= args.square_views <= 1.0:
        return _fail("--square-views must be between 0 and 1")
    if not 0.0 < args.min_visible <= 1.0:
        return _fail("--min-visible must be above 0 and at most 1")
    if not 0.0 <= args.joker_share <= 1.0:
        return _fail("--joker-share must be between 0 and 1")
    if not 0.0 <= args.suit_shape_swap <= 1.0:
        return _fail("--suit-shape-swap must be between 0 and 1")
    if not 0.0 <= args.flat_three <= 1.0:
        return _fail("--flat-three must be between 0 and 1")
    fan_show = _parse_fan_show(args.fan_show)
    if fan_show is None:
        return _fail(f"bad --fan-show {args.fan_show!r}: expected LO,HI with 0.05 <= LO <= HI <= 1")
    try:
        styles = select_styles(_names(args.styles), _names(args.exclude_styles))
    except KeyError as e:
        return _fail(str(e.args[0]))
    if args.out.exists() and not args.out.is_dir():
        return _fail(f"--out {args.out} exists and is not a folder")

    from tqdm import tqdm

    from vision.synth.dataset import SynthConfig, generate

    cfg = SynthConfig(
        seed=args.seed,
        size_wh=size,
        styles=styles,
        framing=args.framing,
        square_view_share=args.square_views,
        min_visible_frac=args.min_visible,
        joker_share=args.joker_share,
        fan_show=fan_show,
        suit_shape_swap=args.suit_shape_swap,
        flat_three=args.flat_three,
    )
    t0 = time.monotonic()
    with tqdm(total=args.count, unit="img", desc="synth") as bar:
        labels = generate(args.out, cfg, args.count, args.workers, on_done=lambda _n: bar.update())
    dt = time.monotonic() - t0
    print(
        f"wrote {args.count} images ({labels} labels) to {args.out} in {dt:.1f} s "
        f"({args.count / dt:.2f} img/s); styles: {', '.join(styles)}"
    )
    return 0
