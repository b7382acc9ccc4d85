"""Are a still's ledger problems and "cards in no meld" flags true? Judged against the truth.

Not a test. Reads each still of a rendered set (``arbitro synth``) from exact boxes (the
rendered labels, no noise) or, with ``--detector``, through the model (``--readings`` to
replay kept readings, as ``desktop.reading_measure``), and judges what the referee tells
the players about it, two ways in the same run: counting every reading as a card (the
ledger before ``desktop.still_ledger``), and counting physical cards (the shipped one).

- A ledger problem is *true* when one of the readings it counts is a misread: no index of
  that card in the truth under the reading's boxes. Otherwise one card was counted twice.
- "Misreads named": misread readings that some problem points at, in a meld or loose.
- "Cards in no meld": the cards the flag lists, and how many of them the truth lays loose.

    python benchmarks/still_flags.py data/val23 [--detector [--readings DIR]]
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from desktop.clip_readings import model_fingerprint, still_reading
from desktop.reading_measure import _LazyReader, detections_from_truth, zones_from_truth
from desktop.table_reading import _copies_read_otherwise, read_table
from engine import PAGAT
from vision.detector import DEFAULT_MODELS_DIR
from vision.layout import build_layout
from vision.layout.geometry import box_iou
from vision.layout.types import TableLayout
from vision.tracking.ledger import Reading, check_ledger
from vision.tracking.physical import other_indices, physical_cards, readings_on_table

WAYS = ("readings", "cards")
TEAM_LOOSE = ("A cards", "B cards")


@dataclass
class Tally:
    problems: Counter[str] = field(default_factory=Counter)
    false_problems: Counter[str] = field(default_factory=Counter)
    named: Counter[str] = field(default_factory=Counter)  # "way meld" / "way loose"
    listed: Counter[str] = field(default_factory=Counter)
    truly_loose: Counter[str] = field(default_factory=Counter)


def _misread_places(layout: TableLayout, truth: dict[str, Any]) -> set[str]:
    boxes: dict[str, list[Any]] = {}
    for card in truth["cards"]:
        for index in card["indices"]:
            if index["visible_frac"] > 0:
                boxes.setdefault(card["card"], []).append(index["box_xyxy"])
    return {
        s.place
        for s in readings_on_table(layout)
        if not any(
            box_iou(d.box_xyxy, b) > 0.2
            for d in s.slot.detections
            for b in boxes.get(s.slot.card, [])
        )
    }


def _judge_ledger(layout: TableLayout, truth: dict[str, Any], tally: Tally) -> None:
    seen = readings_on_table(layout)
    card = {s.place: s.slot.card for s in seen}
    in_meld = {s.place: s.in_meld for s in seen}
    wrong = _misread_places(layout, truth)
    for way, groups in (("readings", [[s.place] for s in seen]), ("cards", physical_cards(layout))):
        members = {g[0]: g for g in groups}
        named: set[str] = set()
        for problem in check_ledger([Reading(g[0], {card[g[0]]: 1.0}) for g in groups])[0]:
            places = [p for first in problem.places for p in members[first]]
            tally.problems[way] += 1
            tally.false_problems[way] += not any(p in wrong for p in places)
            named |= {p for p in places if p in wrong}
        for place in named:
            tally.named[f"{way} {'meld' if in_meld[place] else 'loose'}"] += 1


def _judge_no_meld(layout: TableLayout, truth: dict[str, Any], tally: Tally) -> None:
    loose_uids = set(truth["zones"].get("loose", []))
    truly = Counter(
        c["card"]
        for c in truth["cards"]
        if c["uid"] in loose_uids and any(i["labelled"] for i in c["indices"])
    )
    shipped = Counter(
        card
        for flag in read_table(layout, PAGAT).flags
        if "in no meld" in flag
        for card in flag.split(": ")[1].split()
    )
    # the same flag with every loose reading listed (before other_indices)
    seconds = other_indices(_copies_read_otherwise(layout))
    readings = shipped + Counter(
        s.slot.card
        for s in readings_on_table(_copies_read_otherwise(layout))
        if (s.slot.card, s.slot.center_xy) in seconds and s.place.startswith(TEAM_LOOSE)
    )
    for way, listed in (("readings", readings), ("cards", shipped)):
        tally.listed[way] += sum(listed.values())
        tally.truly_loose[way] += sum((listed & truly).values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stills", type=Path, help="a rendered set with truth/ and images/")
    parser.add_argument("--detector", action="store_true", help="read the stills with the model")
    parser.add_argument(
        "--readings", type=Path, default=None, help="kept readings (with --detector)"
    )
    args = parser.parse_args()
    reader = _LazyReader(DEFAULT_MODELS_DIR) if args.detector else None
    fingerprint = model_fingerprint(DEFAULT_MODELS_DIR) if args.detector else ""
    rng = random.Random(0)
    tally = Tally()
    for path in sorted((args.stills / "truth").glob("*.json")):
        truth = json.loads(path.read_text())
        if reader is not None:
            image = args.stills / "images" / (path.stem + ".jpg")
            dets = list(still_reading(reader, image, args.readings, fingerprint).detections)
        else:
            dets = detections_from_truth(truth, rng, 0.0, 0.0)
        layout = build_layout(dets, tuple(truth["image_size_wh"]), zones_from_truth(truth))
        _judge_ledger(_copies_read_otherwise(layout), truth, tally)
        _judge_no_meld(layout, truth, tally)
    source = "through the model" if args.detector else "from exact boxes"
    print(f"{args.stills} {source}")
    for way in WAYS:
        print(
            f"  counting {way}: ledger problems {tally.problems[way]}, naming no misread "
            f"{tally.false_problems[way]}; misreads named: in melds {tally.named[way + ' meld']}, "
            f"loose {tally.named[way + ' loose']}; cards in no meld listed {tally.listed[way]}, "
            f"truly loose {tally.truly_loose[way]}"
        )


if __name__ == "__main__":
    main()
