"""Measure table reading on rendered stills: melds reconstructed exactly (cards and order).

    python -m desktop.reading_measure DIR [--drop 0.03] [--misread 0.01] [--seed 0]
                                           [--detector [--models DIR]] [--limit N] [--video]
                                           [--per-still FILE]

DIR is the output of ``arbitro synth`` (images/ + truth/). Without ``--detector`` the card
readings are made from the rendered truth (every index the label rule calls visible), with
box jitter, random drop-outs and misreads, so the figure measures the layout alone; with
it the shipped model reads the images as ``arbitro read IMAGE`` reads a still
(``CardReader.read_still``: suit-open readings included, settled from their runs by the
layout, and unsure crops looked at twice).

A run counts as exact when its cards are the truth's in order (or reversed: the direction
a run is read in is decided by the rules in ``table_reading``); a set when it holds the
same cards. "Readable" melds are those whose every card shows at least one index.

``--video`` plays each still's readable melds back as a hand instead: laid one after the
other (three cards, then one card per lay-off, one step a second at 10 frames a second),
a hand passing over the table every third step (hiding what lies under it and carrying
cards of its own); it measures the hand's memory and the referee's events.

``--per-still FILE`` writes each still's readable melds and those the referee reads
exactly, so that two layouts can be compared still by still
(``benchmarks/paired_stills.py``): a change that gains on some stills and loses on others
shows as such, where the pooled figure would call it a tie.
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
from typing import Any

from vision.evaluation import interval_text, resampled_interval
from vision.layout import build_layout
from vision.layout.geometry import convex_hull
from vision.layout.types import PointXY, TableLayout
from vision.layout.zones import ZoneMap
from vision.types import CARD_LABELS, CardDetection


def _index_dets(
    card: dict[str, Any],
    every: bool,
    rng: random.Random,
    drop: float,
    misread: float,
    size_wh: tuple[int, int],
) -> list[CardDetection]:
    """Readings of one card's indices: those the label rule calls visible (``every``: all
    inside the frame, for the top card of a fan being laid)."""
    out = []
    w, h = size_wh
    for index in card["indices"]:
        x1, y1, x2, y2 = index["box_xyxy"]
        inside = x1 >= 0 and y1 >= 0 and x2 <= w and y2 <= h and x2 - x1 > 2 and y2 - y1 > 2
        if not (index["labelled"] or (every and inside)) or rng.random() < drop:
            continue
        s = max(x2 - x1, y2 - y1)
        box = tuple(v + rng.gauss(0, 0.05 * s) for v in (x1, y1, x2, y2))
        label, conf = card["card"], rng.uniform(0.55, 0.99)
        if rng.random() < misread:
            label, conf = rng.choice(CARD_LABELS), rng.uniform(0.3, 0.6)
        out.append(CardDetection(label, round(conf, 3), box))
    return out


def detections_from_truth(
    truth: dict[str, Any], rng: random.Random, drop: float = 0.03, misread: float = 0.01
) -> list[CardDetection]:
    size = (int(truth["image_size_wh"][0]), int(truth["image_size_wh"][1]))
    out: list[CardDetection] = []
    for card in truth["cards"]:
        if card["face_up"]:
            out += _index_dets(card, False, rng, drop, misread, size)
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


def zones_from_truth(truth: dict[str, Any]) -> ZoneMap:
    """The calibration a user would draw: each team's half of the table and boxes around
    the cards shown (in table millimetres projected to the image), and the discard pile's
    outline as it lies in the image."""
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
    # The pile is drawn around as it lies: a box around a heaped pile would take in the
    # corners of melds laid against it.
    pile = [tuple(p) for c in truth["cards"] if c["zone"] == "discard" for p in c["quad_px"]]
    if pile:
        polygons["discard"] = convex_hull(pile)
    for name in ("A_shown", "B_shown"):
        if name in pts:
            xs, ys = [p[0] for p in pts[name]], [p[1] for p in pts[name]]
            polygons[name] = rect(min(xs) - 15, min(ys) - 15, max(xs) + 15, max(ys) + 15)
    w, h = truth["image_size_wh"]
    return ZoneMap((w, h), polygons)


def meld_matches(kind: str, truth_cards: Sequence[str], read: Sequence[str]) -> bool:
    if kind == "set":
        return Counter(truth_cards) == Counter(read)
    return list(read) in (list(truth_cards), list(truth_cards)[::-1])


def pair_by_shared_cards(
    truth_melds: Sequence[Sequence[str]], read_melds: Sequence[Sequence[str]]
) -> dict[int, int]:
    """Truth meld index -> read meld index, the pairs sharing most cards first (order
    aside), each meld paired once; melds sharing no card stay unpaired."""
    shared = sorted(
        (-(Counter(t) & Counter(r)).total(), i, j)
        for i, t in enumerate(truth_melds)
        for j, r in enumerate(read_melds)
    )
    pairs: dict[int, int] = {}
    taken: set[int] = set()
    for negative_shared, i, j in shared:
        if negative_shared == 0 or i in pairs or j in taken:
            continue
        pairs[i] = j
        taken.add(j)
    return pairs


@dataclass(frozen=True)
class JudgedMeld:
    """A meld as the referee reports it, for the measures: its cards, whether it is
    flagged or illegal (``MeldReading.flagged``) and its confidence."""

    cards: Sequence[str]
    flagged: bool
    confidence: float


# Bands of a meld's confidence (its least sure card's), for how often each is exact.
CONFIDENCE_BANDS = (
    (0.7, "0.7 and over"),
    (0.5, "0.5-0.7"),
    (0.35, "0.35-0.5"),
    (0.0, "under 0.35"),
)


def confidence_band(confidence: float) -> str:
    return next(name for floor, name in CONFIDENCE_BANDS if confidence >= floor)


@dataclass
class FlagCounts:
    """How honest the referee's melds are: of the melds it reads, those read wrong that it
    says nothing about (no fault, no flag: a silent error, the worst kind for players who
    trust it), those read wrong that it flags, and those read exactly that it flags anyway
    (a check asked for nothing); and how often a meld of each confidence band is exact."""

    read: int = 0
    exact_flagged: int = 0
    wrong_flagged: int = 0
    wrong_silent: int = 0
    by_confidence: Counter[tuple[str, bool]] = field(default_factory=Counter)  # (band, exact)

    def add(self, truth: Sequence[dict[str, Any]], melds: Sequence[JudgedMeld]) -> None:
        """One zone: its truth melds and the referee's melds. A meld read is exact when it
        matches a truth meld not matched before."""
        used: set[int] = set()
        for meld in melds:
            hit = next(
                (k for k, t in enumerate(truth)
                 if k not in used and meld_matches(t["kind"], t["cards"], meld.cards)),
                None,
            )  # fmt: skip
            self.read += 1
            self.by_confidence[(confidence_band(meld.confidence), hit is not None)] += 1
            if hit is not None:
                used.add(hit)
                self.exact_flagged += meld.flagged
            elif meld.flagged:
                self.wrong_flagged += 1
            else:
                self.wrong_silent += 1

    def line(self) -> str:
        wrong = self.wrong_flagged + self.wrong_silent
        exact = self.read - wrong
        bands = []
        for _, name in reversed(CONFIDENCE_BANDS):
            right = self.by_confidence[(name, True)]
            total = right + self.by_confidence[(name, False)]
            if total:
                bands.append(f"{name} {right}/{total}")
        return (
            f"melds read {self.read}: read wrong with no flag {self.wrong_silent} "
            f"({100.0 * self.wrong_silent / max(self.read, 1):.1f}%; flagged "
            f"{self.wrong_flagged} of {wrong} wrong), exact but flagged "
            f"{self.exact_flagged} of {exact}; exact by the meld's confidence: "
            + (", ".join(bands) or "none")
        )


@dataclass
class Tally:
    images: int = 0
    melds: int = 0
    exact: int = 0
    readable: int = 0
    readable_exact: int = 0
    extra: int = 0  # melds read that match no truth meld
    images_all_exact: int = 0
    scored_exact: int = 0  # both teams' table score (melds + bonuses) as the truth's
    # Tables whose every team meld is readable (each card shows an index): the only ones a
    # reader of indices can be asked to score, and how many of them it scored exactly.
    readable_tables: int = 0
    readable_tables_scored: int = 0
    # The readable melds exact as ``arbitro read`` reports them: the referee's reading of
    # the layout, with an end card that breaks a meld set apart or handed to the meld laid
    # end to end with it (``desktop.table_reading.read_table``).
    readable_referee_exact: int = 0
    misses: list[str] = field(default_factory=list)
    referee_misses: list[str] = field(default_factory=list)
    # Per still: (readable melds, of them exact as the referee reads them), for the interval.
    per_image: list[tuple[int, int]] = field(default_factory=list)
    names: list[str] = field(default_factory=list)  # each still's name, as per_image
    flags: FlagCounts = field(default_factory=FlagCounts)  # the referee's melds, all stills

    def referee_interval(self) -> tuple[float, float] | None:
        """95% interval of the readable melds exact as the referee reads them, the stills
        resampled (a still's melds share its camera and deck)."""
        return resampled_interval([e for _, e in self.per_image], [r for r, _ in self.per_image])

    def line(self) -> str:
        def pct(a: int, b: int) -> str:
            return f"{100.0 * a / b:.1f}%" if b else "n/a"

        return (
            f"images {self.images}; melds exact {self.exact}/{self.melds} "
            f"({pct(self.exact, self.melds)}); "
            f"readable melds exact {self.readable_exact}/{self.readable} "
            f"({pct(self.readable_exact, self.readable)}); as the referee reads them "
            f"{self.readable_referee_exact}/{self.readable} "
            f"({pct(self.readable_referee_exact, self.readable)}"
            f"{interval_text(self.referee_interval(), inside=True)}); extra melds {self.extra}; "
            f"images with every meld exact {pct(self.images_all_exact, self.images)}; "
            f"table scored exactly {pct(self.scored_exact, self.images)}; "
            f"readable tables scored exactly {self.readable_tables_scored}/"
            f"{self.readable_tables} ({pct(self.readable_tables_scored, self.readable_tables)}); "
            f"{self.flags.line()}"
        )


def score_image(truth: dict[str, Any], layout: TableLayout, tally: Tally, name: str) -> None:
    from desktop.table_reading import read_table
    from engine import PAGAT

    cards = {c["uid"]: c for c in truth["cards"]}
    judged = read_table(layout, PAGAT).melds
    refereed = {z: [list(m.cards) for m in judged[z]] for z in ("A", "B")}
    for zone in ("A", "B"):
        tally.flags.add(
            [m for m in truth["melds"] if m["zone"] == zone],
            [JudgedMeld(m.cards, m.flagged, m.confidence) for m in judged[zone]],
        )
    ok_all = True
    table_readable = True
    readable_before, referee_before = tally.readable, tally.readable_referee_exact
    for zone in ("A", "B"):
        read = [list(m.cards) for m in layout.zone(zone).melds]
        used: set[int] = set()
        used_by_referee: set[int] = set()
        for meld in (m for m in truth["melds"] if m["zone"] == zone):
            readable = all(any(i["labelled"] for i in cards[u]["indices"]) for u in meld["uids"])
            hit = _match(meld, read, used)
            tally.melds += 1
            tally.readable += readable
            table_readable = table_readable and readable
            if hit is not None:
                used.add(hit)
                tally.exact += 1
                tally.readable_exact += readable
            else:
                ok_all = False
                if readable:
                    tally.misses.append(f"{name} {zone} {meld['kind']} {meld['cards']} read {read}")
            referee_hit = _match(meld, refereed[zone], used_by_referee)
            if referee_hit is not None:
                used_by_referee.add(referee_hit)
                tally.readable_referee_exact += readable
            elif readable:
                tally.referee_misses.append(
                    f"{name} {zone} {meld['kind']} {meld['cards']} read {refereed[zone]}"
                )
        extra = len(read) - len(used)
        tally.extra += extra
        ok_all = ok_all and extra == 0
    tally.images += 1
    tally.images_all_exact += ok_all
    tally.per_image.append(
        (tally.readable - readable_before, tally.readable_referee_exact - referee_before)
    )
    tally.names.append(name)
    want = table_score(truth_melds(truth))
    scored = want is not None and want == table_score(refereed)
    tally.scored_exact += scored
    tally.readable_tables += table_readable
    tally.readable_tables_scored += table_readable and scored


def per_still_json(tally: Tally) -> str:
    """Each still's readable melds and those the referee reads exactly, for
    ``benchmarks/paired_stills.py``: two layouts compared still by still, not only pooled."""
    stills = [
        {"name": name, "readable": readable, "exact": exact}
        for name, (readable, exact) in zip(tally.names, tally.per_image, strict=True)
    ]
    return json.dumps({"stills": stills})


def _match(meld: dict[str, Any], read: Sequence[Sequence[str]], used: set[int]) -> int | None:
    """The first read meld not yet matched that holds ``meld``'s cards, or None."""
    return next(
        (k for k, r in enumerate(read)
         if k not in used and meld_matches(meld["kind"], meld["cards"], r)),
        None,
    )  # fmt: skip


def truth_melds(truth: dict[str, Any]) -> dict[str, list[list[str]]]:
    return {z: [m["cards"] for m in truth["melds"] if m["zone"] == z] for z in ("A", "B")}


def table_score(melds: dict[str, list[list[str]]]) -> tuple[int, int] | None:
    """Each team's table points and burraco bonuses, as the engine scores them (None when
    the engine refuses the table, e.g. a third copy of a card)."""
    from engine import HandInput, RulesError, score_hand

    teams = {z: {"melds": ms, "hands": [], "pozzetto": "taken"} for z, ms in melds.items()}
    try:
        hand = HandInput.from_json({"teams": teams, "closedBy": None, "handEnd": "stock"})
        data = score_hand(hand).to_json()
    except RulesError:
        return None
    return tuple(data[z]["melds"] + data[z]["bonuses"] for z in ("A", "B"))  # type: ignore[return-value]


Box = tuple[float, float, float, float]


def _hidden(det: CardDetection, hand: Box | None) -> bool:
    if hand is None:
        return False
    x, y = det.center_xy
    return hand[0] <= x <= hand[2] and hand[1] <= y <= hand[3]


Frames = list[tuple[float, list[CardDetection]]]
Expected = list[tuple[str, int, tuple[str, ...]]]


def simulate(
    truth: dict[str, Any],
    rng: random.Random,
    fps: float = 10.0,
    step_s: float = 1.0,
    drop: float = 0.03,
    misread: float = 0.01,
) -> tuple[Frames, Expected]:
    """Frames (time, readings) and the expected events (type, truth meld id, cards)."""
    size = (int(truth["image_size_wh"][0]), int(truth["image_size_wh"][1]))
    cards = {c["uid"]: c for c in truth["cards"]}
    # Only melds whose every card shows an index in the still can be played back.
    melds = [
        m
        for m in truth["melds"]
        if m["zone"] in ("A", "B")
        and all(any(i["labelled"] for i in cards[u]["indices"]) for u in m["uids"])
    ]
    loose = [c for c in truth["cards"] if c["face_up"] and c["meld_id"] is None]
    plan: list[tuple[int, int]] = []  # (meld index, cards laid so far) per step
    expected: Expected = []
    for k, m in enumerate(melds):
        order = sorted(m["uids"])  # placement order: later cards lie on top
        plan.append((k, 3))
        expected.append(("meld_laid", m["meld_id"], tuple(cards[u]["card"] for u in order[:3])))
        for n in range(4, len(order) + 1):
            plan.append((k, n))
            expected.append(("card_added", m["meld_id"], (cards[order[n - 1]]["card"],)))
    frames: Frames = []
    laid: dict[int, int] = {}
    t = 0.0
    per_step = max(1, round(step_s * fps))
    for step, (k, n) in enumerate(plan):
        laid[k] = n
        hand_from = per_step - 4 if step % 3 == 2 else per_step  # a hand passes now and then
        for f in range(per_step):
            hand = None
            if f >= hand_from:
                cx, cy = rng.uniform(0, size[0]), rng.uniform(0, size[1])
                hand = (cx - 120, cy - 90, cx + 120, cy + 90)
            dets: list[CardDetection] = []
            for mk, count in laid.items():
                order = sorted(melds[mk]["uids"])
                for i, uid in enumerate(order[:count]):
                    dets += _index_dets(cards[uid], i == count - 1, rng, drop, misread, size)
            for c in loose:
                dets += _index_dets(c, False, rng, drop, misread, size)
            dets = [d for d in dets if not _hidden(d, hand)]
            if hand is not None:  # the cards in the passing hand
                for _ in range(3):
                    x, y = rng.uniform(hand[0], hand[2]), rng.uniform(hand[1], hand[3])
                    dets.append(CardDetection(rng.choice(CARD_LABELS), 0.8, (x, y, x + 12, y + 20)))
            frames.append((t, dets))
            t += 1.0 / fps
    # the table at rest at the end
    for _ in range(per_step):
        dets = []
        for mk, count in laid.items():
            order = sorted(melds[mk]["uids"])
            for i, uid in enumerate(order[:count]):
                dets += _index_dets(cards[uid], i == count - 1, rng, drop, misread, size)
        frames.append((t, dets))
        t += 1.0 / fps
    return frames, expected


def measure_video(
    paths: Sequence[Path],
    rng: random.Random,
    drop: float,
    misread: float,
    misses: list[str] | None = None,
) -> str:
    """Play each still's readable melds back as a hand; one line of figures. Melds not
    exact at the end are added to ``misses`` when given."""
    from desktop.reading_referee import Referee
    from engine import get_preset

    rules = get_preset("pagat")
    melds = exact = events_total = events_right = spurious = hands_all_right = 0
    for path in paths:
        truth = json.loads(path.read_text())
        frames, expected = simulate(truth, rng, drop=drop, misread=misread)
        size = (int(truth["image_size_wh"][0]), int(truth["image_size_wh"][1]))
        ref = Referee(rules, zones_from_truth(truth))
        for t, dets in frames:
            ref.update(dets, size, t)
        got = [
            (e["type"], tuple(e["cards"]))
            for e in ref.events
            if e["type"] in ("meld_laid", "card_added")
        ]
        want = Counter((kind, tuple(sorted(c))) for kind, _, c in expected)
        have = Counter((kind, tuple(sorted(c))) for kind, c in got)
        right = sum((want & have).values())
        events_total += sum(want.values())
        events_right += right
        spurious += sum((have - want).values())
        state = ref.reading()
        ok = right == sum(want.values()) and not (have - want)
        for zone in ("A", "B"):
            read = [list(m.cards) for m in state.melds.get(zone, ())]
            used: set[int] = set()
            played = {m for _, m, _ in expected}
            for m in (m for m in truth["melds"] if m["zone"] == zone and m["meld_id"] in played):
                melds += 1
                hit = next(
                    (k for k, r in enumerate(read)
                     if k not in used and meld_matches(m["kind"], m["cards"], r)),
                    None,
                )  # fmt: skip
                if hit is not None:
                    used.add(hit)
                    exact += 1
                else:
                    ok = False
                    if misses is not None:
                        misses.append(f"{path.stem} {zone} {m['kind']} {m['cards']} read {read}")
        hands_all_right += ok
    n = len(paths)
    return (
        f"hands {n}; melds exact at the end {exact}/{melds} ({100 * exact / max(melds, 1):.1f}%); "
        f"meld_laid/card_added events right {events_right}/{events_total} "
        f"({100 * events_right / max(events_total, 1):.1f}%), spurious {spurious}; "
        f"hands with every meld and event right {hands_all_right}/{n}"
    )


class _LazyReader:
    """The card reader, loaded at its first still: a run that replays every still from
    ``--readings`` never loads the networks."""

    def __init__(self, models_dir: Path) -> None:
        self._models_dir = models_dir
        self._reader: Any = None

    def read_still(self, image_bgr: Any) -> Any:
        if self._reader is None:
            from vision.detector import load_reader

            self._reader = load_reader(self._models_dir)
        return self._reader.read_still(image_bgr)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m desktop.reading_measure")
    p.add_argument("dir", type=Path)
    p.add_argument("--drop", type=float, default=0.03)
    p.add_argument("--misread", type=float, default=0.01)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--limit", type=int, default=0)
    p.add_argument("--detector", action="store_true", help="read the images with the model")
    p.add_argument("--models", type=Path, default=None, help="models folder (default: shipped)")
    p.add_argument("--show-misses", type=int, default=0)
    p.add_argument("--video", action="store_true", help="play the stills back as hands")
    p.add_argument(
        "--per-still", type=Path, default=None, help="write each still's counts here (JSON)"
    )
    p.add_argument(
        "--readings",
        type=Path,
        default=None,
        help="with --detector: keep the model's reading of each still here and replay it on "
        "the next run (for measuring changes to the layout or referee)",
    )
    args = p.parse_args(argv)
    if args.readings and not args.detector:
        p.error("--readings keeps the model's readings: it goes with --detector")
    if args.per_still and args.video:
        p.error("--per-still counts stills read as stills, not played back as hands")
    truths = sorted((args.dir / "truth").glob("*.json"))
    if not truths:
        print(f"no truth/*.json in {args.dir}", file=sys.stderr)
        return 2
    if args.limit:
        truths = truths[: args.limit]
    rng = random.Random(args.seed)
    if args.video:
        video_misses: list[str] = []
        print(measure_video(truths, rng, args.drop, args.misread, video_misses))
        for miss in video_misses[: args.show_misses]:
            print("  miss:", miss)
        return 0
    reader: Any = None
    fingerprint = ""
    if args.detector:
        from desktop.clip_readings import model_fingerprint
        from vision.detector import DEFAULT_MODELS_DIR

        models_dir = args.models or DEFAULT_MODELS_DIR
        fingerprint = model_fingerprint(models_dir)
        reader = _LazyReader(models_dir)
    tally = Tally()
    for path in truths:
        truth = json.loads(path.read_text())
        if reader is not None:
            from desktop.clip_readings import still_reading

            image = args.dir / "images" / (path.stem + ".jpg")
            dets = list(still_reading(reader, image, args.readings, fingerprint).detections)
        else:
            dets = detections_from_truth(truth, rng, args.drop, args.misread)
        w, h = truth["image_size_wh"]
        layout = build_layout(dets, (w, h), zones_from_truth(truth))
        score_image(truth, layout, tally, path.stem)
    print(tally.line())
    for miss in tally.misses[: args.show_misses]:
        print("  miss:", miss)
    for miss in tally.referee_misses[: args.show_misses]:
        print("  referee miss:", miss)
    if args.per_still:
        args.per_still.write_text(per_still_json(tally) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
