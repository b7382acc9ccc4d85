"""The engine-backed referee and the built-in demo hand scored end to end (rules §13)."""

from __future__ import annotations

from pathlib import Path

from desktop.match import HandInput, MatchSetup, TeamHand
from desktop.session import Session
from desktop.session_demo import DEMO_FRAME_COUNT, EXPECTED_TOTALS, demo_frames
from desktop.session_frames import TruthReader
from desktop.session_rules import EngineReferee, preset_names, preset_target
from desktop.store import Store


def test_presets_come_from_the_engine() -> None:
    assert {"pagat", "italian-club", "fibur-international"} <= set(preset_names())
    assert (preset_target("pagat"), preset_target("italian-club")) == (2000, 2005)


def test_meld_verdicts_and_unreadable_labels() -> None:
    referee = EngineReferee()
    clean = referee.judge_meld(["2H", "3H", "4H", "5H", "6H", "7H", "8H"], "pagat")
    assert (clean["legal"], clean["burraco"], clean["points"], clean["bonus"]) == (
        True,
        "clean",
        55,
        200,
    )
    gap = referee.judge_meld(["4H", "5H", "7H"], "pagat")
    assert gap["legal"] is False and gap["reason"] == "not_consecutive"
    unreadable = referee.judge_meld(["ZZ", "5H", "6H"], "pagat")
    assert unreadable["legal"] is False and "ZZ" in unreadable["reason"]


def test_vector_s01_through_the_desktop_types() -> None:
    a = TeamHand((("3H", "4H", "5H", "6H", "7H", "8H", "9H"),), ((), ()), "taken")
    b = TeamHand((("KH", "KS", "KD"),), (("AS", "JK"), ("3C", "2D")), "taken")
    score = EngineReferee().score_hand(HandInput({"A": a, "B": b}, "A", "close"), "pagat")
    assert score["A"].to_json() == {
        "melds": 45,
        "bonuses": 200,
        "closing": 100,
        "hand": 0,
        "pozzetto": 0,
        "total": 345,
    }
    assert score["B"].total == -40


def test_the_demo_hand_from_frames_to_the_worked_example_score(tmp_path: Path) -> None:
    frames = list(demo_frames())
    assert len(frames) == DEMO_FRAME_COUNT
    truths = {frame.index: truth for frame, truth in frames}
    referee = EngineReferee()
    reader = TruthReader(lambda f: truths[f.index], referee, "pagat")
    with Store.open(tmp_path / "demo.db") as store:
        session = Session(store, referee, "0.1.0")
        session.new_match(MatchSetup(("Noi", "Voi")))
        illegal_seen = False
        for frame, _ in frames:
            reading = reader.read(frame)
            illegal_seen |= any(m["legal"] is False for m in reading.reading["zones"]["B"]["melds"])
            session.on_reading(reading)
        assert illegal_seen  # the run laid with a gap was flagged on the way
        hand = session.prefill()
        assert hand.closed_by == "A"
        assert (hand.teams["A"].pozzetto, hand.teams["B"].pozzetto) == ("taken", "not_taken")
        result = session.end_hand(hand)
        assert result.sheet.totals() == EXPECTED_TOTALS
        snap = store.snapshot(result.snapshot_id)
        assert snap.data.image_size_wh == (960, 540)
        assert len(snap.data.detections) == 7 + 7 + 7 + 3
