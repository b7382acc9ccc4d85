"""The growing-table video: frames, events and labels agree, and it is deterministic."""

from __future__ import annotations

import json
from pathlib import Path

import cv2

from vision.synth.video import VideoSpec, render_video

SPEC = VideoSpec(seed=2, size_wh=(192, 108), frames_per_card=2)


def test_video_frames_match_events_and_are_deterministic(tmp_path: Path) -> None:
    truth = render_video(SPEC, tmp_path / "a.mp4")
    cap = cv2.VideoCapture(str(tmp_path / "a.mp4"))
    decoded = 0
    while cap.read()[0]:
        decoded += 1
    assert decoded == truth["frame_count"] == len(truth["frames"])
    # every card on the final table appears exactly once, melds card by card in order
    assert sorted(e["uid"] for e in truth["events"]) == [c["uid"] for c in truth["cards"]]
    first_frame = {e["uid"]: e["frame"] for e in truth["events"]}
    for meld in truth["melds"]:
        frames = sorted(first_frame[u] for u in meld["uids"])
        assert len(set(frames)) == len(frames)  # one card per step
    # a hand covers the table while a card is laid, then leaves
    assert any(f["hand_over_table"] for f in truth["frames"])
    assert not truth["frames"][-1]["hand_over_table"]
    again = render_video(SPEC, tmp_path / "b.mp4")
    assert json.dumps(again, sort_keys=True) == json.dumps(truth, sort_keys=True)
    assert (tmp_path / "a.mp4").read_bytes() == (tmp_path / "b.mp4").read_bytes()


def test_the_truth_carries_the_camera_so_zones_can_be_drawn_as_a_user_would(
    tmp_path: Path,
) -> None:
    from desktop.reading_measure import zones_from_truth

    truth = render_video(SPEC, tmp_path / "a.mp4")
    zones = zones_from_truth(truth)
    for meld in truth["melds"]:
        cards = [c for c in truth["cards"] if c["uid"] in meld["uids"]]
        centres = [
            (sum(p[0] for p in c["quad_px"]) / 4, sum(p[1] for p in c["quad_px"]) / 4)
            for c in cards
        ]
        assert {zones.zone_of(xy) for xy in centres} == {meld["zone"]}


def test_a_hold_films_the_finished_table_after_the_last_card(tmp_path: Path) -> None:
    import dataclasses

    plain = render_video(SPEC, tmp_path / "a.mp4")
    held = render_video(dataclasses.replace(SPEC, hold_s=0.3), tmp_path / "b.mp4")
    assert held["frame_count"] == plain["frame_count"] + 3
    assert held["events"] == plain["events"]
    last_laid = plain["frames"][-1]["labels"]
    for frame in held["frames"][-3:]:
        assert not frame["hand_over_table"]
        assert sorted(frame["labels"]) == sorted(last_laid)


def test_a_fuller_table_lays_the_melds_asked_for_and_the_usual_clip_is_unchanged(
    tmp_path: Path,
) -> None:
    from collections import Counter

    full = render_video(
        VideoSpec(seed=2, size_wh=(192, 108), frames_per_card=1, melds_per_team=(5, 6)),
        tmp_path / "full.mp4",
    )
    per_team = Counter(m["zone"] for m in full["melds"] if m["zone"] in ("A", "B"))
    assert per_team == {"A": 5, "B": 5}
    usual = render_video(SPEC, tmp_path / "usual.mp4")
    spelled_out = render_video(
        VideoSpec(seed=2, size_wh=(192, 108), frames_per_card=2, melds_per_team=(2, 4)),
        tmp_path / "spelled.mp4",
    )
    assert json.dumps(spelled_out, sort_keys=True) == json.dumps(usual, sort_keys=True)
    assert 2 <= Counter(m["zone"] for m in usual["melds"])["A"] <= 3
