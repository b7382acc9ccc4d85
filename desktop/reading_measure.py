"""Measure table reading on rendered stills: melds reconstructed exactly (cards and order).

    python -m desktop.reading_measure DIR [--drop 0.03] [--misread 0.01] [--seed 0]
                                           [--detector] [--limit N]

DIR is the output of ``arbitro synth`` (images/ + truth/). Without ``--detector`` the card
readings are made from the rendered truth (every index the label rule calls visible), with
box jitter, random drop-outs and misreads, so the figure measures the layout alone; with
it the shipped model reads the images.

A run counts as exact when its cards are the truth's in order (or reversed: the direction
a run is read in is decided by the rules in ``table_reading``); a set when it holds the
same cards. "Readable" melds are those whose every card shows at least one index.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from vision.layout import build_layout
from vision.layout.types import PointXY, TableLayout
from vision.layout.zones import ZoneMap
from vision.types import CARD_LABELS, CardDetection


def detections_from_truth(
    truth: dict, rng: random.Random, drop: float = 0.03, misread: float = 0.01
) -> list[CardDetection]:
    out: list[CardDetection] = []
    for card in truth["cards"]:
        if not card["face_up"]:
            continue
        for index in card["indices"]:
            if not index["labelled"] or rng.random() < drop:
                continue
            x1, y1, x2, y2 = index["box_xyxy"]
            s = max(x2 - x1, y2 - y1)
            box = tuple(v + rng.gauss(0, 0.05 * s) for v in (x1, y1, x2, y2))
            label, conf = card["card"], rng.uniform(0.55, 0.99)
            if rng.random() < misread:
                label, conf = rng.choice(CARD_LABELS), rng.uniform(0.3, 0.6)
            out.append(CardDetection(label, round(conf, 3), box))  # type: ignore[arg-type]
    return out


def _invert3(m: Sequence[float]) -> list[float]:
    a, b, c, d, e, f, g, h, i = m
    det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    inv = [
        e * i - f * h, c * h - b * i, b * f - c * e,
        f * g - d * i, a * i - c * g, c * d - a * f,
        d * h - e * g, b * g - a * h, a * e - b * d,
    ]  # fmt: skip
    return [v / det for v in inv]


def _apply(m: Sequence[float], p: PointXY) -> PointXY:
    x, y = p
    w = m[6] * x + m[7] * y + m[8]
    return ((m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w)


def zones_from_truth(truth: dict) -> ZoneMap:
    """The calibration a user would draw: each team's half of the table, and boxes around
    the discard pile and the cards shown, all in table millimetres projected to the image."""
    to_img = truth["camera_table_to_image"]
    to_table = _invert3(to_img)
    pts: dict[str, list[PointXY]] = {}
    for card in truth["cards"]:
        table_pts = [_apply(to_table, tuple(p)) for p in card["quad_px"]]
        zone = card["zone"]
        if zone == "shown":
            zone = "A_shown" if sum(p[1] for p in table_pts) > 0 else "B_shown"
        pts.setdefault(zone, []).extend(table_pts)
    every = [p for ps in pts.values() for p in ps]
    x1, x2 = min(p[0] for p in every) - 60, max(p[0] for p in every) + 60
    y1, y2 = min(p[1] for p in every) - 60, max(p[1] for p in every) + 60

    def rect(ax: float, ay: float, bx: float, by: float) -> tuple[PointXY, ...]:
        corners = ((ax, ay), (bx, ay), (bx, by), (ax, by))
        return tuple(_apply(to_img, c) for c in corners)

    polygons = {"A": rect(x1, 0.0, x2, y2), "B": rect(x1, y1, x2, 0.0)}
    for name in ("discard", "A_shown", "B_shown"):
        if name in pts:
            xs, ys = [p[0] for p in pts[name]], [p[1] for p in pts[name]]
            polygons[name] = rect(min(xs) - 15, min(ys) - 15, max(xs) + 15, max(ys) + 15)
    w, h = truth["image_size_wh"]
    return ZoneMap((w, h), polygons)


def meld_matches(kind: str, truth_cards: Sequence[str], read: Sequence[str]) -> bool:
    if kind == "set":
        return Counter(truth_cards) == Counter(read)
    return list(read) in (list(truth_cards), list(truth_cards)[::-1])


@dataclass
class Tally:
    images: int = 0
    melds: int = 0
    exact: int = 0
    readable: int = 0
    readable_exact: int = 0
    extra: int = 0  # melds read that match no truth meld
    images_all_exact: int = 0
    misses: list[str] = field(default_factory=list)

    def line(self) -> str:
        def pct(a: int, b: int) -> str:
            return f"{100.0 * a / b:.1f}%" if b else "n/a"

        return (
            f"images {self.images}; melds exact {self.exact}/{self.melds} "
            f"({pct(self.exact, self.melds)}); "
            f"readable melds exact {self.readable_exact}/{self.readable} "
            f"({pct(self.readable_exact, self.readable)}); extra melds {self.extra}; "
            f"images with every meld exact {pct(self.images_all_exact, self.images)}"
        )


def score_image(truth: dict, layout: TableLayout, tally: Tally, name: str) -> None:
    cards = {c["uid"]: c for c in truth["cards"]}
    ok_all = True
    for zone in ("A", "B"):
        read = [list(m.cards) for m in layout.zone(zone).melds]
        used: set[int] = set()
        for meld in (m for m in truth["melds"] if m["zone"] == zone):
            readable = all(any(i["labelled"] for i in cards[u]["indices"]) for u in meld["uids"])
            hit = next(
                (k for k, r in enumerate(read)
                 if k not in used and meld_matches(meld["kind"], meld["cards"], r)),
                None,
            )  # fmt: skip
            tally.melds += 1
            tally.readable += readable
            if hit is not None:
                used.add(hit)
                tally.exact += 1
                tally.readable_exact += readable
            else:
                ok_all = False
                if readable:
                    tally.misses.append(f"{name} {zone} {meld['kind']} {meld['cards']} read {read}")
        extra = len(read) - len(used)
        tally.extra += extra
        ok_all = ok_all and extra == 0
    tally.images += 1
    tally.images_all_exact += ok_all


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m desktop.reading_measure")
    p.add_argument("dir", type=Path)
    p.add_argument("--drop", type=float, default=0.03)
    p.add_argument("--misread", type=float, default=0.01)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--limit", type=int, default=0)
    p.add_argument("--detector", action="store_true", help="read the images with the model")
    p.add_argument("--show-misses", type=int, default=0)
    args = p.parse_args(argv)
    truths = sorted((args.dir / "truth").glob("*.json"))
    if not truths:
        print(f"no truth/*.json in {args.dir}", file=sys.stderr)
        return 2
    if args.limit:
        truths = truths[: args.limit]
    rng = random.Random(args.seed)
    reader = None
    if args.detector:
        from vision.detector import load_reader

        reader = load_reader()
    tally = Tally()
    for path in truths:
        truth = json.loads(path.read_text())
        if reader is not None:
            from vision.sources import ImageSource

            with ImageSource(args.dir / "images" / (path.stem + ".jpg")) as src:
                image = next(iter(src)).image_bgr
            dets = reader.detect(image)
        else:
            dets = detections_from_truth(truth, rng, args.drop, args.misread)
        w, h = truth["image_size_wh"]
        layout = build_layout(dets, (w, h), zones_from_truth(truth))
        score_image(truth, layout, tally, path.stem)
    print(tally.line())
    for miss in tally.misses[: args.show_misses]:
        print("  miss:", miss)
    return 0


if __name__ == "__main__":
    sys.exit(main())
