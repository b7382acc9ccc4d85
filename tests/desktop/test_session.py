"""The session: a hand from frames to a saved snapshot, the sheet, corrections from review."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from desktop.match import TEAMS, HandInput, MatchSetup, TeamHand, TeamScore
from desktop.session import Session, TableReading, prefill_hand, rejudge
from desktop.store import Store
from vision.types import CardDetection

VALUES = {"JK": 30, "2": 20, "A": 15, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 10, "8": 10}


def value(card: str) -> int:
    return VALUES.get(card if card == "JK" else card[:-1], 5)


class FakeReferee:
    """A stand-in for the rules: a meld is legal when all its ranks match; hands score
    table values minus held values (no bonuses), enough to see totals move."""

    def __init__(self) -> None:
        self.judged: list[tuple[str, ...]] = []

    def judge_meld(self, cards: Sequence[str], preset: str) -> dict[str, Any]:
        self.judged.append(tuple(cards))
        legal = len({c[:-1] for c in cards}) == 1
        points = sum(value(c) for c in cards) if legal else None
        return {"legal": legal, "points": points, "reason": None if legal else "not_set"}

    def score_hand(self, hand: HandInput, preset: str) -> dict[str, TeamScore]:
        out = {}
        for team in TEAMS:
            th = hand.teams[team]
            melds = sum(value(c) for m in th.melds for c in m)
            held = -sum(value(c) for h in th.hands for c in h)
            closing = 100 if hand.closed_by == team else 0
            total = melds + held + closing
            out[team] = TeamScore(melds=melds, closing=closing, hand=held, total=total)
        return out


SETUP = MatchSetup(("Nord", "Sud"), (("Anna", "Bruno"), ("Carla", "Dario")), "pagat", 300)


def reading(frame: int, a_melds: list[list[str]], shown_b: list[list[str]] | None = None):
    image = np.full((90, 160, 3), (40, 110, 40), np.uint8)
    cv2.putText(image, str(frame), (10, 60), cv2.FONT_HERSHEY_SIMPLEX, 1.5, (255, 255, 255), 2)
    data: dict[str, Any] = {
        "zones": {
            "A": {"melds": [{"cards": m, "legal": True} for m in a_melds]},
            "B": {"melds": [{"cards": ["QH", "QS", "QD"], "legal": True}]},
        },
        "pozzetti": {"A": False, "B": True},
    }
    if shown_b:
        data["shown"] = {"B": shown_b}
    detections = (CardDetection("QH", 0.9, (1.0, 2.0, 11.0, 22.0)),)
    return TableReading(frame, image, detections, data, {"size_wh": [160, 90]})


@pytest.fixture
def session(tmp_path: Path):
    with Store.open(tmp_path / "s.db") as store:
        ticks = iter(range(1000))
        yield Session(store, FakeReferee(), "0.1.0", "fake-model", clock=lambda: next(ticks))


def test_a_hand_from_frames_to_a_saved_snapshot_and_the_sheet(session: Session) -> None:
    session.new_match(SETUP)
    session.on_reading(reading(1, [["KH", "KS", "KD"]]))
    session.on_reading(reading(2, [["KH", "KS", "KD"], ["5H", "5S", "5C"]], [["JK"], ["4C"]]))
    hand = session.prefill()
    assert hand.teams["A"].melds == (("KH", "KS", "KD"), ("5H", "5S", "5C"))
    assert hand.teams["B"].hands == (("JK",), ("4C",))
    assert (hand.teams["A"].pozzetto, hand.teams["B"].pozzetto) == ("taken", "not_taken")
    assert hand.closed_by == "A"  # the team showing no cards
    result = session.end_hand(hand)
    assert result.record.score["A"].total == 30 + 15 + 100
    assert result.record.score["B"].total == 30 - 35
    assert result.sheet.totals() == {"A": 145, "B": -5}
    snap = session.store.snapshot(result.snapshot_id)
    assert snap.hand_id == result.record.hand_id
    image = cv2.imdecode(np.frombuffer(snap.data.image_jpeg, np.uint8), cv2.IMREAD_COLOR)
    assert image.shape == (90, 160, 3)
    assert snap.data.image_size_wh == (160, 90)
    assert snap.data.detections[0]["card"] == "QH"
    assert snap.data.report["score"]["A"]["total"] == 145
    assert snap.data.model_version == "fake-model"
    assert [e["kind"] for e in snap.data.events].count("meld") == 3  # 2 for A, 1 for B
    assert session.store.load_sheet(result.sheet.match_id).totals() == {"A": 145, "B": -5}


def test_unchanged_melds_are_logged_once(session: Session) -> None:
    session.new_match(SETUP)
    first = session.on_reading(reading(1, [["KH", "KS", "KD"]]))
    again = session.on_reading(reading(2, [["KH", "KS", "KD"]]))
    grown = session.on_reading(reading(3, [["KH", "KS", "KD", "KC"]]))
    assert len(first) == 2 and again == [] and len(grown) == 1
    assert "KC" in grown[0].text


def test_a_still_frames_illegal_meld_is_logged_with_its_fault_in_words(session: Session) -> None:
    data = reading(1, [["4H", "5H", "7H"]])
    data.reading["zones"]["A"]["melds"][0].update(legal=False, reason="not_consecutive")
    logged = session.on_reading(data)
    assert logged[0].text == "A meld 1: 4H 5H 7H (illegal: not consecutive)"


def test_the_second_hand_adds_up_and_the_target_ends_the_match(session: Session) -> None:
    session.new_match(SETUP)
    session.on_reading(reading(1, [["KH", "KS", "KD"]]))
    session.end_hand(session.prefill())
    session.on_reading(reading(2, [["AH", "AS", "AD", "AC"]]))
    result = session.end_hand(session.prefill())
    assert [h.number for h in result.sheet.hands] == [1, 2]
    assert result.sheet.totals()["A"] == 130 + 160
    session.on_reading(reading(3, [["JK", "JK"]]))
    result = session.end_hand(session.prefill())
    assert result.sheet.winner() == "A"
    assert any("wins" in e.text for e in session.events)


def test_correcting_a_card_in_review_changes_score_and_totals(session: Session) -> None:
    session.new_match(SETUP)
    session.on_reading(reading(1, [["KH", "KS", "KD"]]))
    first = session.end_hand(session.prefill())
    session.on_reading(reading(2, [["5H", "5S", "5C"]]))
    session.end_hand(session.prefill())
    before = session.sheet.totals()
    # the camera read KD where the table had an ace: the meld becomes illegal, value 15
    sheet = session.correct_card(first.snapshot_id, "A", 0, 2, "AD")
    assert sheet.hand(1).hand_input.teams["A"].melds == (("KH", "KS", "AD"),)
    assert sheet.totals()["A"] == before["A"] + 5
    assert session.store.load_sheet(sheet.match_id).totals() == sheet.totals()
    snap = session.store.snapshot(first.snapshot_id)
    meld = snap.data.reading["zones"]["A"]["melds"][0]
    assert meld["cards"] == ["KH", "KS", "AD"] and meld["legal"] is False
    assert snap.data.report["score"]["A"]["total"] == sheet.hand(1).score["A"].total
    [fix] = session.store.corrections(sheet.hand(1).hand_id)
    assert (fix.kind, fix.detail["was"], fix.detail["now"]) == ("card", "KD", "AD")


def test_correcting_a_whole_hand(session: Session) -> None:
    session.new_match(SETUP)
    session.on_reading(reading(1, [["KH", "KS", "KD"]]))
    session.end_hand(session.prefill())
    hand = session.sheet.hand(1).hand_input
    fixed = hand.with_team("B", TeamHand(hand.teams["B"].melds, (("JK",), ()), "taken"))
    sheet = session.correct_hand(1, HandInput(fixed.teams, "B", "close"), note="B closed")
    assert sheet.hand(1).score["B"].closing == 100 and sheet.hand(1).corrections == 1


def test_snapshot_key_works_outside_a_match(session: Session) -> None:
    session.on_reading(reading(1, [["KH", "KS", "KD"]]))
    snap_id = session.take_snapshot()
    snap = session.store.snapshot(snap_id)
    assert (snap.match_id, snap.data.kind) == (None, "manual")
    assert snap.data.reading["zones"]["A"]["melds"][0]["cards"] == ["KH", "KS", "KD"]


def test_end_of_hand_needs_a_match(session: Session) -> None:
    with pytest.raises(RuntimeError, match="no match"):
        session.end_hand(prefill_hand(None))


def test_prefill_without_a_reading_is_an_empty_hand() -> None:
    hand = prefill_hand(None)
    assert all(hand.teams[t].melds == () for t in TEAMS)


def test_rejudge_recomputes_verdicts_and_zone_points() -> None:
    data = {"zones": {"A": {"melds": [{"cards": ["KH", "KS"], "legal": False}]}}}
    out = rejudge(data, FakeReferee(), "pagat")
    assert out["zones"]["A"]["melds"][0]["legal"] is True
    assert out["zones"]["A"]["points"] == 20 and out["zones"]["B"]["points"] == 0


def test_events_from_the_referee_over_frames_are_logged_in_words(session: Session) -> None:
    events = [
        {"t": 1.0, "type": "meld_laid", "team": "A", "meld": 1, "cards": ["KH", "KS", "KD"]},
        {
            "t": 2.0,
            "type": "meld_illegal",
            "team": "B",
            "cards": ["4H", "5H", "7H"],
            "faults": ["not_consecutive"],
        },
        {"t": 3.0, "type": "burraco_completed", "team": "A", "kind": "clean", "cards": ["KH"] * 7},
        {
            "t": 4.0,
            "type": "burraco_changed",
            "team": "A",
            "kind": "dirty",
            "was": "clean",
            "cards": [*["KH"] * 7, "JK"],
        },
    ]
    data = reading(1, [["KH", "KS", "KD"]])
    logged = session.on_reading(
        TableReading(1, data.image_bgr, (), {**data.reading, "events": events})
    )
    assert [e.text for e in logged] == [
        "A laid KH KS KD",
        "B meld 4H 5H 7H is illegal: not consecutive",
        "A completed a clean burraco: KH KH KH KH KH KH KH",
        "A burraco KH KH KH KH KH KH KH JK is now dirty (was clean)",
    ]
    assert [e.kind for e in logged] == [
        "meld_laid",
        "meld_illegal",
        "burraco_completed",
        "burraco_changed",
    ]


def test_a_card_correction_finds_its_meld_after_the_players_reordered_them(
    session: Session,
) -> None:
    session.new_match(SETUP)
    session.on_reading(reading(1, [["KH", "KS", "KD"], ["5H", "5S", "5C"]]))
    hand = session.prefill()
    a = hand.teams["A"]
    swapped = hand.with_team("A", TeamHand(a.melds[::-1], a.hands, a.pozzetto))
    result = session.end_hand(swapped)
    # the second meld on the picture (the fives) is the first confirmed meld
    sheet = session.correct_card(result.snapshot_id, "A", 1, 0, "5D")
    assert sheet.hand(1).hand_input.teams["A"].melds == (("5D", "5S", "5C"), ("KH", "KS", "KD"))
    with pytest.raises(RuntimeError, match="no card 9"):
        session.correct_card(result.snapshot_id, "A", 0, 8, "5D")
