"""How often the referee shows a zone's melds in a new order with no meld laid or gone.

Plays each rendered clip in ``--clips`` (kept by ``video_measure --keep``) through the
referee and counts, frame by frame, the times a team zone's melds change places in the
list the players see. Two melds whose rows overlap by about the share that makes one row
can swap back and forth; a meld that grows into another row moves once. The model's
readings are kept in ``--readings`` (``desktop.clip_readings``), so a second run, or a
run from another checkout (``PYTHONPATH=../other``), replays the same readings:

    python benchmarks/meld_order.py --clips data/vclips --readings data/readings/vclips
    python benchmarks/meld_order.py --clips data/clips --glob 'hand_heldout_*' --readings ...

Prints one line: clips, clips with a change of order, changes of order.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from desktop.clip_readings import FrameReading, clip_readings, model_fingerprint
from desktop.reading_measure import zones_from_truth
from desktop.reading_referee import Referee
from engine import get_preset
from vision.detector import DEFAULT_MODELS_DIR, load_reader


def order_changes(referee: Referee, frames: list[FrameReading]) -> int:
    """Frames whose zone lists the melds it listed before in another order."""
    shown: dict[str, list[int | None]] = {}
    changes = 0
    for frame in frames:
        referee.update(list(frame.detections), frame.size_wh, frame.t, list(frame.backs_xyxy))
        for zone, melds in referee.reading().melds.items():
            now = [m.meld_id for m in melds]
            before = shown.get(zone, [])
            changes += [i for i in before if i in now] != [i for i in now if i in before]
            shown[zone] = now
    return changes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clips", type=Path, default=Path("data/vclips"))
    parser.add_argument("--glob", default="hand_*.mp4", help="which clips of the folder")
    parser.add_argument("--readings", type=Path, required=True)
    parser.add_argument("--models", type=Path, default=DEFAULT_MODELS_DIR)
    args = parser.parse_args()
    reader, fingerprint = load_reader(args.models), model_fingerprint(args.models)
    clips = changed = changes = 0
    for video in sorted(args.clips.glob(args.glob)):
        truth = json.loads(video.with_suffix(".json").read_text())
        frames = clip_readings(reader, video, args.readings, fingerprint)
        count = order_changes(Referee(get_preset("pagat"), zones_from_truth(truth)), frames)
        clips, changed, changes = clips + 1, changed + (count > 0), changes + count
    print(f"clips {clips}; with a change of meld order {changed}; changes of order {changes}")


if __name__ == "__main__":
    main()
