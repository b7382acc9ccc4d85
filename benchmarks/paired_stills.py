"""Two layouts (or readers) on the same stills: the pooled difference and the stills it comes from.

Not a test. Each file is what ``python -m desktop.reading_measure DIR --per-still FILE``
wrote for one version over the same stills. Prints the readable melds exact as the referee
reads them for each, the difference with its 95% interval (stills resampled in pairs), and
the stills that gained or lost, by name, so that a change trading one still for another is
not mistaken for no change.

    python -m desktop.reading_measure data/val23 --drop 0 --misread 0 --per-still /tmp/a.json
    (change the layout)
    python -m desktop.reading_measure data/val23 --drop 0 --misread 0 --per-still /tmp/b.json
    python benchmarks/paired_stills.py /tmp/a.json /tmp/b.json
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from vision.evaluation import paired_difference_interval


def load(path: Path) -> dict[str, dict[str, int]]:
    return {still["name"]: still for still in json.loads(path.read_text())["stills"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path, help="per-still counts of the version compared to")
    parser.add_argument("after", type=Path, help="per-still counts of the candidate")
    args = parser.parse_args()
    before, after = load(args.before), load(args.after)
    if before.keys() != after.keys():
        raise SystemExit("the two files do not cover the same stills")
    names = sorted(before)
    was = [before[n]["exact"] for n in names]
    now = [after[n]["exact"] for n in names]
    readable = sum(before[n]["readable"] for n in names)
    low, high = paired_difference_interval(was, now)
    print(
        f"readable melds exact as the referee reads them: {sum(was)} -> {sum(now)} of "
        f"{readable} ({sum(now) - sum(was):+d}; 95%: {low:+.0f} to {high:+.0f})"
    )
    for label, sign in (("gained", 1), ("lost", -1)):
        moved = [(n, a - b) for n, b, a in zip(names, was, now, strict=True) if sign * (a - b) > 0]
        listed = ", ".join(f"{n} ({d:+d})" for n, d in moved) or "none"
        print(f"stills that {label}: {listed}")


if __name__ == "__main__":
    main()
