"""Two readers on the same hand videos: the difference, and how sure it is.

Not a test. Each file is what ``python -m desktop.video_measure --per-clip FILE`` wrote for
one reader over the same clips (same seeds, same style). Prints the pooled melds exact less
laid beyond (the figure the model's rules choose by) and cards wrong for each, the
difference, and the difference's 95% interval with the clips resampled in pairs.

    python -m desktop.video_measure --clips 54 --seed 8000 --style training \\
        --keep data/vclips --per-clip /tmp/shipped.json
    python -m desktop.video_measure ... --models work/X1/models --per-clip /tmp/x1.json
    python benchmarks/paired_clips.py /tmp/shipped.json /tmp/x1.json
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from vision.evaluation import paired_difference_interval


def load(path: Path) -> dict[int, dict[str, int]]:
    return {clip["seed"]: clip for clip in json.loads(path.read_text())["clips"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path, help="per-clip counts of the reader compared to")
    parser.add_argument("after", type=Path, help="per-clip counts of the candidate")
    args = parser.parse_args()
    before, after = load(args.before), load(args.after)
    if before.keys() != after.keys():
        raise SystemExit("the two files do not cover the same clips")
    seeds = sorted(before)

    def column(clips: dict[int, dict[str, int]], key: str) -> list[int]:
        if key == "exact_less_beyond":
            return [clips[s]["exact"] - clips[s]["laid_beyond"] for s in seeds]
        return [clips[s][key] for s in seeds]

    for key in ("exact_less_beyond", "cards_wrong"):
        was, now = column(before, key), column(after, key)
        low, high = paired_difference_interval(was, now)
        better = sum(n > w for w, n in zip(was, now, strict=True))
        worse = sum(n < w for w, n in zip(was, now, strict=True))
        print(
            f"{key}: {sum(was)} -> {sum(now)} ({sum(now) - sum(was):+d}; 95%: {low:+.0f} to "
            f"{high:+.0f}); {len(seeds)} clips, {better} higher, {worse} lower"
        )


if __name__ == "__main__":
    main()
