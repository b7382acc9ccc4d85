"""A short video of a Burraco hand being played meld by meld, filmed by a steady camera.

The table is planned once; the video shows it growing: first the stock, the pozzetti and
the discard pile, then each meld card by card (teams taking turns), a hand reaching in
to lay each card. Camera, light and table top stay fixed; only sensor noise changes. The
truth JSON lists every event (which card appeared on which frame, where) and each frame's
labels, so the table-reading code can be tested on a sequence.

    python -m vision.synth.video OUT.mp4 [--seed S] [--size 960x540] [--style classic]
                                 [--hold SECONDS]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.synth.camera import sample_camera
from vision.synth.effects import sample_effects
from vision.synth.plan import Occluder, PlacedCard, PlanOptions, TablePlan, finish_plan, plan_table
from vision.synth.render import render_table, table_surface
from vision.synth.styles import get_style

VIDEO_PLAN = PlanOptions(melds_per_team=(2, 4), p_shown_hand=0.0, p_occluders=0.0)


@dataclass(frozen=True)
class VideoSpec:
    seed: int
    size_wh: tuple[int, int] = (960, 540)
    fps: int = 10
    frames_per_card: int = 4  # the first half with the laying hand over the table
    style: str = "classic"
    hold_s: float = 0.0  # the finished table filmed this long after the last card
    # melds a team lays, as a range (inclusive-exclusive): two or three keep a clip short;
    # more fill the table as the end of a long hand does, its cards smaller in the frame
    melds_per_team: tuple[int, int] = VIDEO_PLAN.melds_per_team


def appearance_order(plan: TablePlan) -> list[list[int]]:
    """Groups of uids in the order they appear: the piles first, then melds alternating
    between the teams, card by card in the order they were laid (their stacking order)."""
    start = [c.uid for c in plan.cards if c.zone in ("stock", "pozzetto", "discard")]
    team_a = [m for m in plan.melds if m.zone == "A"]
    team_b = [m for m in plan.melds if m.zone == "B"]
    steps: list[list[int]] = [start]
    while team_a or team_b:
        for team in (team_a, team_b):
            if team:
                meld = team.pop(0)
                steps.extend([uid] for uid in sorted(meld.uids))  # uid order = stacking
    return steps


def _hand_towards(card: PlacedCard, plan: TablePlan, seed: int) -> Occluder:
    """A hand whose fingers rest near ``card``, its arm from the owning team's side."""
    rng = np.random.default_rng(seed)
    side = 1.0 if card.zone == "A" else -1.0
    d = np.array([rng.normal(0, 0.3), side])
    d /= np.linalg.norm(d)
    length = 420.0
    x, y = card.center_mm
    centre = (x + d[0] * length * 0.4, y + d[1] * length * 0.4)
    angle = float(np.degrees(np.arctan2(d[0], d[1])))
    return Occluder("hand", centre, angle, (85.0, length), int(rng.integers(0, 2**31)))


def render_video(spec: VideoSpec, out_mp4: Path) -> dict:
    """Write the video to ``out_mp4`` and return its truth (JSON-ready)."""
    rng = np.random.default_rng([spec.seed, 0xF11])
    plan = plan_table(rng, dataclasses.replace(VIDEO_PLAN, melds_per_team=spec.melds_per_team))
    style = get_style(spec.style)
    camera = sample_camera(rng, plan, spec.size_wh, "table")
    fx = dataclasses.replace(sample_effects(rng), glare_spots=0, shadow_band=0.0, motion_px=0)
    surface = table_surface(rng, plan, camera)
    writer = _open_writer(out_mp4, spec)
    shown: set[int] = set()
    events: list[dict] = []
    frames: list[dict] = []

    def film(table: TablePlan, hand_over_table: bool) -> None:
        """One frame of ``table``: only the sensor noise changes from frame to frame."""
        scene = render_table(
            table, style, camera, np.random.default_rng([spec.seed, 0x7AB1E]),
            effects=dataclasses.replace(fx, seed=fx.seed + len(frames)), surface_bgr=surface,
        )  # fmt: skip
        writer.write(scene.image_bgr)
        frames.append({"frame": len(frames), "labels": [lb.line() for lb in scene.labels],
                       "hand_over_table": hand_over_table})  # fmt: skip

    try:
        for step in appearance_order(plan):
            shown.update(step)
            cards = [c for c in plan.cards if c.uid in shown]
            for uid in step:
                c = plan.card(uid)
                kind = "meld_card_laid" if c.meld_id is not None else "pile_card_present"
                events.append({"frame": len(frames), "event": kind, "uid": uid, "card": c.card,
                               "zone": c.zone, "meld_id": c.meld_id})  # fmt: skip
            laying = len(step) == 1 and plan.card(step[0]).meld_id is not None
            for k in range(spec.frames_per_card if laying else 1):
                hand = (_hand_towards(plan.card(step[0]), plan, spec.seed * 1000 + len(frames)),)
                occ = hand if laying and k < (spec.frames_per_card + 1) // 2 else ()
                film(finish_plan(plan.card_size_mm, cards, [], occ), bool(occ))
        finished = finish_plan(plan.card_size_mm, [c for c in plan.cards if c.uid in shown], [], ())
        for _ in range(round(spec.hold_s * spec.fps)):
            film(finished, False)
    finally:
        writer.release()
    final = render_table(plan, style, camera, np.random.default_rng([spec.seed, 0x7AB1E]),
                         effects=fx, surface_bgr=surface)  # fmt: skip
    return {
        "seed": spec.seed,
        "fps": spec.fps,
        "frame_count": len(frames),
        "style": spec.style,
        "image_size_wh": list(spec.size_wh),
        "events": events,
        "frames": frames,
        "melds": final.truth["melds"],
        "zones": final.truth["zones"],
        "cards": final.truth["cards"],
        "camera_table_to_image": final.truth["camera_table_to_image"],
    }


def _open_writer(out_mp4: Path, spec: VideoSpec) -> cv2.VideoWriter:
    """MPEG-4 Part 2: fast to write and read by every OpenCV build. (OpenCV's VP9 writer
    was tried: ten times slower and no smaller at its default quality.)"""
    for fourcc in ("mp4v",):
        writer = cv2.VideoWriter(
            str(out_mp4), cv2.VideoWriter_fourcc(*fourcc), spec.fps, spec.size_wh
        )
        if writer.isOpened():
            return writer
        writer.release()
    raise RuntimeError(f"cannot write video {out_mp4}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m vision.synth.video")
    p.add_argument("out", type=Path, help="output .mp4 (the truth goes next to it as .json)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--size", default="960x540")
    p.add_argument("--style", default="classic")
    p.add_argument("--frames-per-card", type=int, default=4)
    p.add_argument("--hold", type=float, default=0.0, help="seconds of the finished table")
    a = p.parse_args(argv)
    w, h = (int(v) for v in a.size.lower().split("x"))
    spec = VideoSpec(
        a.seed, (w, h), frames_per_card=a.frames_per_card, style=a.style, hold_s=a.hold
    )
    truth = render_video(spec, a.out)
    a.out.with_suffix(".json").write_text(json.dumps(truth, sort_keys=True) + "\n")
    print(f"wrote {a.out} ({truth['frame_count']} frames) and its truth JSON")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
