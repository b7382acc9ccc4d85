"""Soak: tens of thousands of frames of a recorded hand through the app's own pipeline.

Not a test. It records the demo hand to an mp4 (or takes ``--video``), then plays it in a
loop through what the app's worker runs for every frame: the source
(``desktop.session_frames.open_frames``, reopened at each loop like a replayed recording),
the reader (``ModelReader``: card model -> layout -> the referee over frames -> table
reading) and the session's event log. Each loop of the recording is one hand: at its end
the hand is saved with its snapshot, as at a club table (a hand the rules refuse as read,
say a third copy of a card, is counted: players would correct it in the end-of-hand
dialog). It reports:

* memory growth: resident set size (RSS) after a warm-up and at the end, in MB, and the
  same after ``gc`` and glibc's ``malloc_trim`` (what is really held, not merely cached);
* frame times: median, 99th and 99.9th percentiles, the slowest, and slowest / median;
* the time to save each hand (apart: saving a snapshot is not a frame).

The card model is the shipped one (``models/``) when it loads, else a stand-in that reads
each demo frame's known table (``--reader fake`` forces it), so the referee does its real
work either way. Run with ``nice``; it prints a progress line every 1,000 frames.

    python benchmarks/soak.py --frames 20000 --out soak.json
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

WARMUP_FRAMES = 1000  # model start-up, caches and the first hands come before the baseline
RSS_EVERY = 250
FPS = 10


def rss_mb() -> float:
    """Resident set size now (Linux /proc; elsewhere the peak from getrusage)."""
    statm = Path("/proc/self/statm")
    if statm.is_file():
        pages = int(statm.read_text().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 2**10


def rss_after_trim() -> float | None:
    """RSS after a full collection and glibc's ``malloc_trim``; None where there is none."""
    import ctypes
    import gc

    gc.collect()
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        return None
    return rss_mb()


def record_demo(path: Path) -> list[dict[str, Any]]:
    """Write the demo hand as an mp4 at FPS; returns each frame's known table."""
    import cv2

    from desktop.session_demo import SIZE_WH, demo_frames

    writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"mp4v"), FPS, SIZE_WH)
    if not writer.isOpened():
        raise RuntimeError(f"cannot write {path}")
    truths = []
    try:
        for frame, truth in demo_frames():
            writer.write(frame.image_bgr)
            truths.append(truth)
    finally:
        writer.release()
    return truths


class KnownTableReader:
    """Stands in for the card model on the recorded demo: frame n of the clip shows the
    demo's table n, so it returns that table's index boxes."""

    backend_name = "stand-in"

    def __init__(self, truths: list[dict[str, Any]]) -> None:
        from desktop.session_demo import truth_detections

        self._detections = [truth_detections(t) for t in truths]
        self.clip_index = 0

    def detect(self, image_bgr: Any, min_confidence: float | None = None) -> list[Any]:
        return list(self._detections[self.clip_index % len(self._detections)])


def looped_frames(video: Path, total: int, reader: Any) -> Iterator[tuple[Any, bool]]:
    """``total`` frames of ``video`` played again and again through the app's source, each
    with whether it starts a loop; the clock runs on across loops, as a camera's would."""
    from desktop.session_frames import SourceSpec, open_frames

    spec = SourceSpec("video", str(video))
    delivered = 0
    while delivered < total:
        with open_frames(spec) as frames:
            clip_index = -1
            for clip_index, frame in enumerate(frames):
                if delivered >= total:
                    return
                if isinstance(reader, KnownTableReader):
                    reader.clip_index = clip_index
                yield replace(frame, index=delivered, t_monotonic=delivered / FPS), clip_index == 0
                delivered += 1
            if clip_index < 0:
                raise RuntimeError(f"{video} gave no frames")


def percentile(sorted_values: list[float], share: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(share * len(sorted_values)))]


def soak(
    frames: int,
    video: Path | None,
    reader_kind: str,
    hand_every: int,
    warmup: int = WARMUP_FRAMES,
    models: Path | None = None,
) -> dict[str, Any]:
    from desktop.match import MatchSetup
    from desktop.session import Session
    from desktop.session_frames import ModelReader
    from desktop.session_rules import EngineReferee
    from desktop.store import Store

    work = Path(tempfile.mkdtemp(prefix="arbitro-soak-"))
    truths: list[dict[str, Any]] = []
    if video is None:
        video = work / "demo_hand.mp4"
        truths = record_demo(video)
    card_reader: Any = None
    model_note = ""
    if reader_kind in ("auto", "model"):
        from vision.detector import ModelMissingError, load_reader

        try:
            card_reader = load_reader(models)
            where = models or "models/"
            version, backend = card_reader.config.version, card_reader.backend_name
            model_note = f"card model {version} ({backend}) from {where}"
        except ModelMissingError as error:
            if reader_kind == "model":
                raise
            model_note = f"stand-in reader (no model: {error})"
    if card_reader is None:
        if not truths:
            raise SystemExit("the stand-in reader needs the recorded demo (no --video)")
        card_reader = KnownTableReader(truths)
        model_note = model_note or "stand-in reader (forced)"
    reader = ModelReader(card_reader, "pagat")
    store = Store.open(work / "soak.db", "soak")
    session = Session(store, EngineReferee(), "soak", model_note)
    session.new_match(MatchSetup(target=10**9))  # a match that never ends

    times_s: list[float] = []
    cpu_s: list[float] = []  # this thread's CPU time: what the frame cost, without waiting
    rss_samples: list[tuple[int, float]] = [(0, rss_mb())]
    trimmed_at_warmup: float | None = None
    save_times_s: list[float] = []
    baseline_mb: float | None = None
    started = time.monotonic()
    source = looped_frames(video, frames, card_reader)
    hands_played = hands_refused = 0
    for count in range(1, frames + 1):
        frame, loop_starts = next(source)
        if loop_starts and count > 1:
            hands_played += 1
            # The recording shows one hand being laid: its end is the end of a hand. Every
            # ``hand_every``-th hand is saved; the others are dropped, as by a new hand.
            if hand_every and hands_played % hand_every == 0:
                t1 = time.perf_counter()
                try:
                    session.end_hand(session.prefill())
                    save_times_s.append(time.perf_counter() - t1)
                except ValueError as refusal:  # the rules refuse the table as read
                    print(f"hand {hands_played} refused: {refusal}", file=sys.stderr)
                    hands_refused += 1
            reader = ModelReader(card_reader, "pagat")  # a new hand: the app starts afresh
        t0, c0 = time.perf_counter(), time.thread_time()
        session.on_reading(reader.read(frame))
        times_s.append(time.perf_counter() - t0)
        cpu_s.append(time.thread_time() - c0)
        if count % RSS_EVERY == 0:
            rss_samples.append((count, rss_mb()))
        if count == warmup:  # the baseline: what is really held after warm-up
            trimmed_at_warmup = rss_after_trim()
            baseline_mb = trimmed_at_warmup or rss_mb()
        if count % 1000 == 0:
            print(
                f"{count} frames, {time.monotonic() - started:.0f} s, RSS {rss_mb():.1f} MB",
                file=sys.stderr,
                flush=True,
            )
    end_mb = rss_mb()
    trimmed_mb = rss_after_trim()
    store.close()
    ordered = sorted(times_s)
    median = statistics.median(ordered)
    cpu_ordered = sorted(cpu_s)
    cpu_median = statistics.median(cpu_ordered) or 1e-9
    slowest_at = max(range(len(times_s)), key=times_s.__getitem__)
    after_warmup = sorted(times_s[warmup:]) or ordered
    peak_mb = max((mb for n, mb in rss_samples if n >= warmup), default=end_mb)
    return {
        "frames": frames,
        "warmup_frames": warmup,
        "reader": model_note,
        "video": str(video),
        "work": str(work),
        "seconds": round(time.monotonic() - started, 1),
        "hands_played": hands_played,
        "hands_saved": len(save_times_s),
        "hands_refused_by_the_rules": hands_refused,
        "rss_mb": {
            "start": round(rss_samples[0][1], 1),
            "after_warmup": round(baseline_mb or rss_samples[0][1], 1),
            "peak_after_warmup": round(peak_mb, 1),
            "end": round(end_mb, 1),
            # the end as it is, freed memory the C allocator keeps included (an upper bound)
            "growth_after_warmup": round(end_mb - (baseline_mb or rss_samples[0][1]), 1),
            # what is really held: after gc and glibc's malloc_trim (null elsewhere)
            "end_after_trim": round(trimmed_mb, 1) if trimmed_mb is not None else None,
            "growth_after_warmup_trimmed": (
                round(trimmed_mb - trimmed_at_warmup, 1)
                if trimmed_mb is not None and trimmed_at_warmup is not None
                else None
            ),
            "samples": [(n, round(mb, 1)) for n, mb in rss_samples],
        },
        "frame_ms": {
            "median": round(median * 1000, 3),
            "p99": round(percentile(ordered, 0.99) * 1000, 3),
            "p99_9": round(percentile(ordered, 0.999) * 1000, 3),
            "slowest": round(ordered[-1] * 1000, 3),
            "slowest_frame": slowest_at + 1,
            "slowest_over_median": round(ordered[-1] / median, 2),
            "slowest_over_median_after_warmup": round(after_warmup[-1] / median, 2),
            "frames_over_5x_median": sum(t > 5 * median for t in times_s),
        },
        "frame_cpu_ms": {  # a slow wall-clock frame with a normal CPU time was waiting
            "median": round(cpu_median * 1000, 3),
            "p99_9": round(percentile(cpu_ordered, 0.999) * 1000, 3),
            "slowest": round(cpu_ordered[-1] * 1000, 3),
            "slowest_over_median": round(cpu_ordered[-1] / cpu_median, 2),
            "frames_over_5x_median": sum(t > 5 * cpu_median for t in cpu_s),
            "cpu_of_slowest_wall_frame": round(cpu_s[slowest_at] * 1000, 3),
        },
        "events_logged": len(session.events),
        "load_average": [round(v, 2) for v in os.getloadavg()],
        "hand_save_ms": {
            "median": round(statistics.median(save_times_s) * 1000, 1) if save_times_s else None,
            "slowest": round(max(save_times_s) * 1000, 1) if save_times_s else None,
        },
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", type=int, default=20_000)
    parser.add_argument("--video", type=Path, help="a recording to loop (needs the real model)")
    parser.add_argument("--reader", choices=("auto", "model", "fake"), default="auto")
    parser.add_argument(
        "--hand-every", type=int, default=1, help="save every Nth hand (one per loop; 0: never)"
    )
    parser.add_argument("--out", type=Path, help="also write the report here as JSON")
    parser.add_argument("--keep", action="store_true", help="keep the recording and database")
    parser.add_argument("--models", type=Path, help="models folder (default: the shipped one)")
    parser.add_argument(
        "--warmup", type=int, default=WARMUP_FRAMES, help="frames before the baseline"
    )
    args = parser.parse_args(argv)
    if args.frames <= args.warmup:
        parser.error(f"--frames must be over the {args.warmup}-frame warm-up")
    report = soak(args.frames, args.video, args.reader, args.hand_every, args.warmup, args.models)
    if not args.keep:
        shutil.rmtree(Path(report["work"]), ignore_errors=True)
    text = json.dumps(report, indent=2)
    if args.out:
        args.out.write_text(text + "\n")
    summary = {k: v for k, v in report["rss_mb"].items() if k != "samples"}
    print(json.dumps({**report, "rss_mb": summary}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
