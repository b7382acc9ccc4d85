"""Do a still's picture checks tell the pictures that read worse? Readable melds exact by advice.

Not a test. Reads each still of a rendered set (``arbitro synth``) as ``arbitro read IMAGE``
does (``CardReader.read_still``, the table's layout, the referee) and runs the picture
checks it prints (``desktop.session_frames.check_health``). Prints, for each piece of
advice and for stills with none, how many stills got it and how many of their readable
melds the referee reads exactly (``desktop.reading_measure``'s measure); a still with two
pieces of advice counts under both.

    python benchmarks/picture_checks.py data/val23 [--models DIR]
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path

from desktop.reading_measure import Tally, score_image, zones_from_truth
from desktop.session_frames import check_health
from vision.detector import load_reader
from vision.layout import build_layout
from vision.sources import ImageSource


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stills", type=Path, help="a rendered set with truth/ and images/")
    parser.add_argument("--models", type=Path, default=None)
    args = parser.parse_args()
    reader = load_reader(args.models)
    tally = Tally()
    by_advice: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])  # stills, readable, exact
    for path in sorted((args.stills / "truth").glob("*.json")):
        truth = json.loads(path.read_text())
        with ImageSource(args.stills / "images" / (path.stem + ".jpg")) as source:
            image = next(iter(source)).image_bgr
        readings = list(reader.read_still(image).detections)
        layout = build_layout(readings, tuple(truth["image_size_wh"]), zones_from_truth(truth))
        score_image(truth, layout, tally, path.stem)
        readable, exact = tally.per_image[-1]
        advice = check_health(image, readings).advice
        for kind in [text.split(":")[0] for text in advice] or ["no advice"]:
            counts = by_advice[kind]
            counts[0] += 1
            counts[1] += readable
            counts[2] += exact
    for kind, (stills, readable, exact) in sorted(by_advice.items(), key=lambda kv: -kv[1][0]):
        share = 100.0 * exact / max(readable, 1)
        print(f"{kind}: {stills} stills, {exact} of {readable} readable melds exact ({share:.1f}%)")


if __name__ == "__main__":
    main()
