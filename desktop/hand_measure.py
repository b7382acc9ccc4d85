"""Measure how a photo of a player's hand is read (``arbitro read --hand A=photo.jpg``).

    python -m desktop.hand_measure [--count 200] [--seed 9100] [--style training|NAME]
                                   [--models DIR]

Each photo is rendered (``vision.synth.hand_photo``: a hand of 3-9 cards fanned as players
show it at the end of a hand, photographed from above) and read by every reading way in
``HAND_WAYS``. A hand is scored right when its penalty points are (the score needs no
more), exact when its cards are the truth's; photos where some card shows no index the
label rule calls visible are left out and counted.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from desktop.reading_score import cards_in_hand_photo
from engine import Rules, get_preset, parse_cards

# How a hand photo may be read: the model's plain detections at its still threshold
# (``detect``, the one ``arbitro read --hand A=photo.jpg`` uses), or as a photo of the
# table is read (``read_still``); then the hand's layout, so that each card counts once
# however many of its corners show.
HAND_WAYS = ("detect", "read_still")


def hand_points(cards: Sequence[str], rules: Rules) -> int:
    return sum(rules.value_of(c) for c in parse_cards(list(cards)))


@dataclass
class HandTally:
    hands: int = 0
    points_right: int = 0
    exact: int = 0
    cards: int = 0
    found: int = 0
    extra: int = 0

    def add(self, truth: Sequence[str], read: Sequence[str], rules: Rules) -> None:
        want, got = Counter(truth), Counter(read)
        self.hands += 1
        self.points_right += hand_points(truth, rules) == hand_points(read, rules)
        self.exact += want == got
        self.cards += len(truth)
        self.found += sum((want & got).values())
        self.extra += sum((got - want).values())

    def line(self) -> str:
        pct = 100.0 * self.points_right / max(self.hands, 1)
        return (
            f"hands {self.hands}: points right {self.points_right} ({pct:.1f}%), "
            f"cards exact {self.exact}; cards found {self.found} of {self.cards}, "
            f"{self.extra} read that are not there"
        )


@dataclass
class HandMeasure:
    by_way: dict[str, HandTally] = field(default_factory=dict)
    unreadable: int = 0


def measure_hands(
    card_reader: Any, seed: int, count: int, style: str, ways: Sequence[str] = HAND_WAYS
) -> HandMeasure:
    import cv2
    import numpy as np

    from desktop.video_measure import clip_style
    from vision.synth.hand_photo import render_hand_photo
    from vision.synth.render import encode_jpeg

    rules = get_preset("pagat")
    out = HandMeasure({way: HandTally() for way in ways})
    for index in range(count):
        scene = render_hand_photo(seed, index, clip_style(style, seed + index))
        shown = [c for c in scene.truth["cards"] if c["zone"] == "shown"]
        if not all(any(i["labelled"] for i in c["indices"]) for c in shown):
            out.unreadable += 1
            continue
        truth = [c["card"] for c in shown]
        # read as the photo file would be: JPEG-compressed at the render's quality
        image = cv2.imdecode(np.frombuffer(encode_jpeg(scene), np.uint8), cv2.IMREAD_COLOR)
        for way in ways:
            out.by_way[way].add(truth, cards_in_hand_photo(card_reader, image, way), rules)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m desktop.hand_measure")
    p.add_argument("--count", type=int, default=200)
    p.add_argument("--seed", type=int, default=9100)
    p.add_argument("--style", default="training", help="a deck style, or training (cycled)")
    p.add_argument("--models", default=None, help="model folder (default: the shipped one)")
    args = p.parse_args(argv)
    from vision.detector import load_reader

    reader = load_reader(args.models)
    result = measure_hands(reader, args.seed, args.count, args.style)
    print(f"{args.count} hand photos, seed {args.seed}, style {args.style}: "
          f"{result.unreadable} left out (a card shows no readable index)")  # fmt: skip
    for way, tally in result.by_way.items():
        print(f"  {way:<11} {tally.line()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
