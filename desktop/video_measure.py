"""Measure the hand's memory through the card model: rendered hand videos, read end to end.

    python -m desktop.video_measure [--clips 10] [--seed 7000] [--size 1280x720]
                                    [--style heldout] [--models DIR | --exact] [--keep DIR]
                                    [--photos] [--readings DIR]

Each clip is a hand played meld by meld in front of a steady camera (``vision.synth.video``:
one card laid at a time, a hand reaching in for each, then two seconds of the finished
table), in a deck style the model never trained on. The shipped reader reads every frame,
the referee remembers the table (zones as a user would calibrate them), and the reading at
the end is compared with the truth: melds exact (cards and order, as ``reading_measure``
counts them), ``meld_laid`` events (one per meld is right), and melds laid beyond the
hand's; and whether the referee's events told the hand as it was played
(``desktop.clip_events``: clips with every event right, and what was told wrong).
``--keep DIR`` keeps the rendered clips there and reuses them on the next run (rendering
is most of the time). ``--readings DIR`` keeps the model's readings of each clip there and
replays them on the next run, while the networks are the same (``desktop.clip_readings``):
for measuring a change to the layout, the memory or the referee in a minute. ``--exact``
reads each frame's rendered labels instead of the model (every index the label rule calls
visible, read right): what the layout and the memory alone make of the same hands.
``--photos`` reads each clip as a folder of photos would be read instead: one photo after
each card laid (its first frame with no hand over the table), a second apart, the last one
held when they end (``Referee.hold_last_frame``).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from desktop.clip_readings import FrameReading, clip_readings, model_fingerprint, read_video
from desktop.reading_measure import (
    FlagCounts,
    JudgedMeld,
    meld_matches,
    pair_by_shared_cards,
    table_score,
    zones_from_truth,
)
from desktop.reading_measure import truth_melds as truth_by_team
from vision.evaluation import interval_text, resampled_interval
from vision.types import CARD_LABELS, BoxXYXY, CardDetection

TEAM_ZONES = ("A", "B")
# After the last card the camera goes on filming the finished table for this long, as it
# does while the players count: the hand's memory confirms what it sees over 0.8 s.
HOLD_S = 2.0
# Melds are also tallied by how much of their least visible card's best index shows at the
# end: the label rule calls 85% readable, training sets go lower (70%, then 50%), and a fan
# laid tight shows less (a vertical fan's next card over the suit).
COVER_CLASSES = ((0.85, "whole"), (0.7, "70-85%"), (0.0, "under 70%"))


@dataclass(frozen=True)
class ClipCounts:
    """One clip's share of a tally: what the intervals resample and two readers compare."""

    seed: int
    melds: int
    exact: int
    laid_beyond: int
    cards_wrong: int

    @property
    def exact_less_beyond(self) -> int:
        """The figure the model's rules choose by: a meld laid beyond the hand's costs one."""
        return self.exact - self.laid_beyond


@dataclass
class ClipTally:
    clips: int = 0
    melds: int = 0
    exact: int = 0
    laid_right: int = 0  # meld_laid events of a zone, counted up to its number of melds
    spurious_laid: int = 0  # meld_laid events beyond a zone's number of melds
    clips_all_exact: int = 0
    # Clips whose table the engine scores at the end as it scores the truth's (each team's
    # melds and burraco bonuses): what the players are told, whatever the suits in a set.
    tables_scored: int = 0
    cards_wrong: int = 0  # see ``cards_wrong``: how far the melds not exact are from it
    by_cover: Counter[tuple[str, bool]] = field(default_factory=Counter)  # (class, exact)
    per_clip: list[ClipCounts] = field(default_factory=list)
    flags: FlagCounts = field(default_factory=FlagCounts)  # the melds read at the end

    def exact_interval(self) -> tuple[float, float] | None:
        """95% interval of the melds exact at the end, the clips resampled (a clip's melds
        share its camera, deck and hands)."""
        return resampled_interval(
            [c.exact for c in self.per_clip], [c.melds for c in self.per_clip]
        )

    def line(self) -> str:
        def pct(part: int, whole: int) -> str:
            return f"{100 * part / max(whole, 1):.1f}%"

        return (
            f"clips {self.clips}; melds exact at the end {self.exact}/{self.melds} "
            f"({pct(self.exact, self.melds)}{interval_text(self.exact_interval(), inside=True)}); "
            f"melds laid {self.laid_right}/{self.melds} "
            f"({pct(self.laid_right, self.melds)}), laid beyond the hand's {self.spurious_laid}; "
            f"clips with every meld exact {self.clips_all_exact}/{self.clips}; "
            f"tables scored right {self.tables_scored}/{self.clips}; "
            f"cards wrong {self.cards_wrong}"
            + (f"; {self.flags.line()}" if self.flags.read else "")
        )

    def cover_line(self) -> str:
        """Melds exact per class of their least visible index (truths without the cards'
        index visibility are not counted here)."""
        parts = []
        for _, name in COVER_CLASSES:
            exact = self.by_cover[(name, True)]
            total = exact + self.by_cover[(name, False)]
            if total:
                parts.append(f"{name} {exact}/{total}")
        return "melds exact by their least visible index: " + (", ".join(parts) or "unknown")


def least_visible_index(cards: dict[int, Any], meld: dict[str, Any]) -> float | None:
    """The smallest, over the meld's cards (``cards``: the truth's cards by uid), of the
    share of the card's best index that shows (None when the truth does not give it)."""
    if "uids" not in meld or not all(uid in cards for uid in meld["uids"]):
        return None
    return min(
        max((index["visible_frac"] for index in cards[uid].get("indices", [])), default=0.0)
        for uid in meld["uids"]
    )


def cover_class(shown: float) -> str:
    return next(name for floor, name in COVER_CLASSES if shown >= floor)


def rendered_clip(
    folder: Path,
    seed: int,
    size_wh: tuple[int, int],
    style: str,
    melds_per_team: tuple[int, int] | None = None,
) -> Path:
    """The clip for ``seed`` in ``folder`` (its truth beside it), rendered if not there yet.
    ``melds_per_team``: the range of melds a team lays (None: the clips' usual two or three)."""
    from vision.synth.video import VIDEO_PLAN, VideoSpec, render_video

    melds = melds_per_team or VIDEO_PLAN.melds_per_team
    # the usual clips keep their names, so folders of them made before stay valid
    tag = "" if melds == VIDEO_PLAN.melds_per_team else f"_melds{melds[0]}-{melds[1]}"
    video = folder / f"hand_{style}_{seed}_{size_wh[0]}x{size_wh[1]}_hold{HOLD_S:g}{tag}.mp4"
    truth_path = video.with_suffix(".json")
    if not (video.exists() and truth_path.exists()):
        folder.mkdir(parents=True, exist_ok=True)
        spec = VideoSpec(seed, size_wh, style=style, hold_s=HOLD_S, melds_per_team=melds)
        truth = render_video(spec, video)
        truth_path.write_text(json.dumps(truth, sort_keys=True) + "\n")
    return video


def cards_wrong(truth_melds: Sequence[Sequence[str]], read_melds: Sequence[Sequence[str]]) -> int:
    """How many cards a zone's reading gets wrong, order aside: each truth meld is paired
    with the read meld sharing most cards with it (greedily, most shared first) and costs
    the cards either holds that the other does not; a meld left unpaired costs its cards.
    Two readings with as many melds exact can still differ here: one card added twice, or
    a meld cut in two, counts."""
    pairs = pair_by_shared_cards(truth_melds, read_melds)
    paired_read = set(pairs.values())
    wrong = 0
    for i, j in pairs.items():
        t, r = Counter(truth_melds[i]), Counter(read_melds[j])
        wrong += (t - r).total() + (r - t).total()
    wrong += sum(len(m) for i, m in enumerate(truth_melds) if i not in pairs)
    wrong += sum(len(m) for j, m in enumerate(read_melds) if j not in paired_read)
    return wrong


def score_clip(tally: ClipTally, truth: dict[str, Any], read: dict[str, list[list[str]]],
               laid: Counter[str], seed: int = 0,
               judged: dict[str, list[JudgedMeld]] | None = None) -> None:  # fmt: skip
    """Add one clip: ``read`` maps a team zone to its melds' cards at the end, ``laid``
    counts the clip's ``meld_laid`` events per zone, ``judged`` (when given) holds the
    same melds as the referee reports them (flagged or not, and how sure)."""
    tally.clips += 1
    for zone, melds in (judged or {}).items():
        tally.flags.add([m for m in truth["melds"] if m["zone"] == zone], melds)
    all_exact = True
    before = (tally.melds, tally.exact, tally.spurious_laid, tally.cards_wrong)
    cards_by_uid = {card["uid"]: card for card in truth.get("cards", [])}
    for zone in TEAM_ZONES:
        truth_melds = [m for m in truth["melds"] if m["zone"] == zone]
        tally.cards_wrong += cards_wrong([m["cards"] for m in truth_melds], read.get(zone, []))
        used: set[int] = set()
        for meld in truth_melds:
            tally.melds += 1
            hit = next(
                (k for k, cards in enumerate(read.get(zone, []))
                 if k not in used and meld_matches(meld["kind"], meld["cards"], cards)),
                None,
            )  # fmt: skip
            shown = least_visible_index(cards_by_uid, meld)
            if shown is not None:
                tally.by_cover[(cover_class(shown), hit is not None)] += 1
            if hit is None:
                all_exact = False
                continue
            used.add(hit)
            tally.exact += 1
        tally.laid_right += min(laid[zone], len(truth_melds))
        tally.spurious_laid += max(laid[zone] - len(truth_melds), 0)
    tally.clips_all_exact += all_exact
    want = table_score(truth_by_team(truth))
    read_teams = {zone: list(read.get(zone, [])) for zone in TEAM_ZONES}
    tally.tables_scored += want is not None and want == table_score(read_teams)
    after = (tally.melds, tally.exact, tally.spurious_laid, tally.cards_wrong)
    tally.per_clip.append(ClipCounts(seed, *(a - b for a, b in zip(after, before, strict=True))))


def per_clip_json(tally: ClipTally) -> str:
    """Each clip's counts, one object per clip, for ``benchmarks/paired_clips.py``."""
    return json.dumps({"clips": [asdict(c) for c in tally.per_clip]})


def exact_readings(label_lines: Sequence[str], size_wh: tuple[int, int]) -> tuple[
    list[CardDetection], list[BoxXYXY]
]:  # fmt: skip
    """A frame's rendered labels as a perfect reader would report them: every labelled
    index read right at full confidence, and the labelled card backs."""
    w, h = size_wh
    cards: list[CardDetection] = []
    backs: list[BoxXYXY] = []
    for line in label_lines:
        cls, cx, cy, bw, bh = line.split()
        x, y, half_w, half_h = float(cx) * w, float(cy) * h, float(bw) * w / 2, float(bh) * h / 2
        box = (x - half_w, y - half_h, x + half_w, y + half_h)
        if int(cls) < len(CARD_LABELS):
            cards.append(CardDetection(card=CARD_LABELS[int(cls)], confidence=1.0, box_xyxy=box))
        else:
            backs.append(box)
    return cards, backs


@dataclass(frozen=True)
class ClipReading:
    """What the referee made of one clip: each team zone's melds at the end (their cards,
    and as the referee reports them) and its events."""

    truth: dict[str, Any]
    melds: dict[str, list[list[str]]]
    judged: dict[str, list[JudgedMeld]]
    events: list[dict[str, Any]]


def photo_frames(truth: dict[str, Any]) -> list[int]:
    """The frames a player photographing the hand after each card laid would keep: after
    each card, the first frame with no hand over the table."""
    laid = sorted({e["frame"] for e in truth["events"] if e["event"] == "meld_card_laid"})
    clear = [not f["hand_over_table"] for f in truth["frames"]]
    picks = []
    for k, first in enumerate(laid):
        end = laid[k + 1] if k + 1 < len(laid) else len(clear)
        pick = next((f for f in range(first, end) if clear[f]), None)
        if pick is not None:
            picks.append(pick)
    return picks


def read_clip(
    reader: Any,
    video: Path,
    photos: bool = False,
    readings_dir: Path | None = None,
    fingerprint: str = "",
) -> ClipReading:
    """Play ``video`` through the reader (None: the rendered labels, read exactly) and the
    referee, and say what it read at the end. ``photos``: only the frames of
    ``photo_frames``, a second apart, the last one held, as a folder of photos is read.
    ``readings_dir``: the model's readings of every frame are kept there, under the model's
    ``fingerprint``, and replayed when they already are (``desktop.clip_readings``)."""
    from desktop.reading_referee import Referee
    from engine import get_preset

    truth = json.loads(video.with_suffix(".json").read_text())
    referee = Referee(get_preset("pagat"), zones_from_truth(truth))
    kept = {f: k for k, f in enumerate(photo_frames(truth))} if photos else None
    for frame in _frames(reader, video, truth, kept, readings_dir, fingerprint):
        t = float(kept[frame.index]) if kept is not None else frame.t
        referee.update(list(frame.detections), frame.size_wh, t, list(frame.backs_xyxy))
    if photos:
        referee.hold_last_frame()
    else:
        referee.finish()
    state = referee.reading()
    return ClipReading(
        truth,
        {z: [list(m.cards) for m in state.melds.get(z, ())] for z in TEAM_ZONES},
        {
            z: [JudgedMeld(m.cards, m.flagged, m.confidence) for m in state.melds.get(z, ())]
            for z in TEAM_ZONES
        },
        list(referee.events),
    )


def _frames(
    reader: Any,
    video: Path,
    truth: dict[str, Any],
    kept: dict[int, int] | None,
    readings_dir: Path | None,
    fingerprint: str,
) -> Iterator[FrameReading]:
    """The frames the referee takes (``kept`` only, when given), as read."""
    from vision.sources import VideoSource

    if reader is not None and readings_dir is not None:
        frames = clip_readings(reader, video, readings_dir, fingerprint)
        yield from (f for f in frames if kept is None or f.index in kept)
        return
    if reader is not None:
        yield from read_video(reader, video, kept)
        return
    with VideoSource(video) as source:
        for frame in source:
            if kept is not None and frame.index not in kept:
                continue
            h, w = frame.image_bgr.shape[:2]
            cards, backs = exact_readings(truth["frames"][frame.index]["labels"], (w, h))
            yield FrameReading(frame.index, frame.t_monotonic, (w, h), tuple(cards), tuple(backs))


def laid_per_zone(events: Sequence[dict[str, Any]]) -> Counter[str]:
    """The ``meld_laid`` events per zone."""
    return Counter(str(e.get("team")) for e in events if e["type"] == "meld_laid")


# The validation clips that choose a model's video threshold and decide between candidate
# models (models/MODEL_CARD.md) are rendered in the nine procedural training styles in
# turn, the first of them at seed 8000: ``--style training --seed 8000 --keep data/vclips``.
# Written out, not taken from the style list, so a style added later does not re-deal the
# clips already rendered.
TRAINING_CYCLE = ("classic", "bridge", "fourcolor", "bold", "vintage", "slim", "casino",
                  "jumbo", "italian")  # fmt: skip
TRAINING_CYCLE_SEED = 8000


def clip_style(style: str, seed: int) -> str:
    """The deck style of clip ``seed``: ``style`` itself, or for ``training`` the cycle's."""
    if style != "training":
        return style
    return TRAINING_CYCLE[(seed - TRAINING_CYCLE_SEED) % len(TRAINING_CYCLE)]


def _melds_range(text: str) -> tuple[int, int]:
    """``"4,7"`` -> (4, 7): melds a team lays, inclusive-exclusive."""
    try:
        low, high = (int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"want LO,HI such as 4,7, not {text!r}") from None
    if not 1 <= low < high:
        raise argparse.ArgumentTypeError(f"want 1 <= LO < HI, not {text!r}")
    return low, high


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m desktop.video_measure")
    p.add_argument("--clips", type=int, default=10)
    p.add_argument("--seed", type=int, default=7000, help="first clip's seed (then +1 each)")
    p.add_argument("--size", default="1280x720")
    p.add_argument(
        "--style",
        default="heldout",
        help="deck style (default: never trained on); 'training': the validation clips' "
        "cycle of the nine training styles",
    )
    p.add_argument("--models", type=Path, default=None, help="models folder (default: shipped)")
    p.add_argument(
        "--exact", action="store_true", help="read the rendered labels instead of the model"
    )
    p.add_argument("--keep", type=Path, default=None, help="keep and reuse the clips here")
    p.add_argument(
        "--readings",
        type=Path,
        default=None,
        help="keep the model's readings of each clip here and replay them on the next run "
        "(for measuring changes to the layout, memory or referee; not with --exact)",
    )
    p.add_argument(
        "--photos",
        action="store_true",
        help="read each clip as a folder of photos, one after each card laid",
    )
    p.add_argument(
        "--melds",
        type=_melds_range,
        default=None,
        help="LO,HI: each team lays LO to HI-1 melds (default 2,4); 4,7 fills the table",
    )
    p.add_argument("--show-misses", action="store_true")
    p.add_argument(
        "--per-clip", type=Path, default=None, help="write each clip's counts here (JSON)"
    )
    args = p.parse_args(argv)
    if args.readings and args.exact:
        p.error("--readings keeps the model's readings, and --exact reads none")
    from desktop.clip_events import EventTally, score_events
    from engine import get_preset
    from vision.detector import DEFAULT_MODELS_DIR, ModelMissingError, load_reader

    reader, fingerprint = None, ""
    if not args.exact:
        try:
            reader = load_reader(args.models)
        except ModelMissingError as error:
            print(error, file=sys.stderr)
            return 2
        fingerprint = model_fingerprint(args.models or DEFAULT_MODELS_DIR)
    w, h = (int(v) for v in args.size.lower().split("x"))
    tally, event_tally, rules = ClipTally(), EventTally(), get_preset("pagat")
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.keep or Path(scratch)
        for seed in range(args.seed, args.seed + args.clips):
            video = rendered_clip(folder, seed, (w, h), clip_style(args.style, seed), args.melds)
            clip = read_clip(reader, video, args.photos, args.readings, fingerprint)
            truth, read = clip.truth, clip.melds
            before = tally.exact
            score_clip(tally, truth, read, laid_per_zone(clip.events), seed, clip.judged)
            score_events(event_tally, truth, clip.events, rules)
            if args.show_misses and tally.exact - before < sum(
                m["zone"] in TEAM_ZONES for m in truth["melds"]
            ):
                want = [(m["zone"], m["cards"]) for m in truth["melds"] if m["zone"] in TEAM_ZONES]
                print(f"  clip {seed}: truth {want}\n    read {read}")
    print(tally.line())
    print(tally.cover_line())
    print(event_tally.line())
    if args.per_clip:
        args.per_clip.write_text(per_clip_json(tally) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
