"""The review window: a saved hand's snapshot, a card corrected by clicking it, export/import."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtWidgets import QPushButton

from desktop.match import MatchSetup
from desktop.session import Session
from desktop.session_rules import preset_names, preset_target
from desktop.ui.main_window import MainWindow
from desktop.ui.review import CardPicker, ReviewWindow
from tests.desktop.ui.conftest import demo_live

SETUP = MatchSetup(("Noi", "Voi"), (("Anna", "Bruno"), ("Carla", "Dario")), "pagat", 2000)


def played_window(qtbot, session: Session, settings) -> MainWindow:
    window = MainWindow(session, settings, preset_names(), preset_target, "pagat")
    qtbot.addWidget(window)
    window.new_match(SETUP)
    window.start_live(demo_live())
    # the worker may finish before a signal wait could begin: wait on the thread itself
    qtbot.waitUntil(lambda: not window.feed.qthread.isRunning(), timeout=15_000)
    qtbot.wait(20)
    window.smoke = True  # no sheet dialog popping up
    window.save_hand(window.end_of_hand_dialog().hand_input())
    return window


def widget_point(review: ReviewWindow, team: str, meld: int, slot: int) -> QPoint:
    """Where on the review's picture the index of that card lies."""
    snap = review.session.store.snapshot(review.snapshot_id)
    x1, y1, x2, y2 = snap.data.reading["zones"][team]["melds"][meld]["boxes_xyxy"][slot]
    scale, offset = review.view._scale_and_offset()
    cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
    return QPointF(offset.x() + cx * scale, offset.y() + cy * scale).toPoint()


def test_clicking_a_card_corrects_it_and_the_score_follows(
    qtbot, session: Session, isolated_settings
) -> None:
    window = played_window(qtbot, session, isolated_settings)
    asked = []

    def pick(_parent, current: str) -> str:
        asked.append(current)
        return "JK"  # the last king of the clean burraco was really a joker

    review = ReviewWindow(session, isolated_settings, window, pick_card=pick)
    qtbot.addWidget(review)
    review.show()
    qtbot.waitExposed(review)
    review.select_first_hand()
    assert review.snapshot_id is not None
    assert review.score.item(5, 0).text() == "540"
    with qtbot.waitSignal(review.match_changed, timeout=2000):
        qtbot.mouseClick(
            review.view, Qt.MouseButton.LeftButton, pos=widget_point(review, "A", 0, 6)
        )
    assert asked == ["KD"]
    # seven kings clean (70 + 200) became six kings and a joker, dirty (90 + 100): 540 - 80
    assert review.score.item(5, 0).text() == "460"
    assert "460" in review.totals.text()
    window._on_match_changed(session.sheet.match_id)
    assert session.sheet.totals() == {"A": 460, "B": 130}  # the live sheet followed
    snap = session.store.snapshot(review.snapshot_id)
    assert snap.data.reading["zones"]["A"]["melds"][0]["burraco"] == "dirty"
    assert [c.kind for c in session.store.corrections(session.sheet.hand(1).hand_id)] == ["card"]


def test_the_replay_steps_through_the_hand_events(
    qtbot, session: Session, isolated_settings
) -> None:
    window = played_window(qtbot, session, isolated_settings)
    review = ReviewWindow(session, isolated_settings, window, pick_card=lambda *_: None)
    qtbot.addWidget(review)
    review.select_first_hand()
    total = review.events.count()
    assert total > 3
    review._start_replay()
    assert review.events.count() == 0
    qtbot.waitUntil(lambda: review.events.count() == total, timeout=total * 400 + 2000)
    assert not review.timer.isActive() or review.replay.value() == total


def test_export_and_import_from_the_review(
    qtbot, session: Session, isolated_settings, tmp_path: Path
) -> None:
    window = played_window(qtbot, session, isolated_settings)
    review = ReviewWindow(session, isolated_settings, window, pick_card=lambda *_: None)
    qtbot.addWidget(review)
    review.select_first_hand()
    json_path = review.export_match("json", tmp_path / "m.json")
    csv_path = review.export_match("csv", tmp_path / "m.csv")
    assert json.loads(json_path.read_text())["totals"] == {"A": 540, "B": 130}
    assert csv_path.read_text().splitlines()[1].startswith("1,")
    new_id = review.import_match(json_path)
    assert new_id is not None and review.tree.topLevelItemCount() == 2
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "arbitro-match", "version": 1, "hands": "rm -rf /"}')
    assert review.import_match(bad) is None
    assert "cannot be imported" in review.hint.text()
    assert review.tree.topLevelItemCount() == 2


def test_the_card_picker_offers_every_card(qtbot) -> None:
    picker = CardPicker("KD")
    qtbot.addWidget(picker)
    buttons = picker.findChildren(QPushButton)
    assert len(buttons) == 53
    picker.findChild(QPushButton, "card_10H").click()
    assert picker.choice == "10H"
