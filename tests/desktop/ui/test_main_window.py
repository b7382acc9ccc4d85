"""The main window: a hand from frames to a saved snapshot and the match sheet's totals."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator

import numpy as np
import pytest
from PySide6.QtCore import QObject, QSettings, Slot
from PySide6.QtWidgets import QDialogButtonBox, QPushButton

from desktop.match import MatchSetup
from desktop.session import Session
from desktop.session_demo import DEMO_FRAME_COUNT, EXPECTED_TOTALS
from desktop.session_frames import BlindReader
from desktop.session_rules import preset_names, preset_target
from desktop.ui.main_window import LiveConfig, MainWindow
from desktop.ui.worker import LatestBox
from tests.desktop.ui.conftest import demo_live
from vision.types import Frame

SETUP = MatchSetup(("Noi", "Voi"), (("Anna", "Bruno"), ("Carla", "Dario")), "pagat", 2000)


def make_window(qtbot, session: Session, settings: QSettings, smoke: bool = False) -> MainWindow:
    window = MainWindow(session, settings, preset_names(), preset_target, "pagat", smoke)
    qtbot.addWidget(window)
    return window


def play_demo(qtbot, window: MainWindow, live: LiveConfig) -> None:
    window.start_live(live)
    # the worker may finish before a signal wait could begin: wait on the thread itself
    qtbot.waitUntil(lambda: not window.feed.qthread.isRunning(), timeout=15_000)
    qtbot.wait(20)  # deliver the last queued reading


def test_a_hand_from_frames_to_a_saved_snapshot_and_the_sheet(
    qtbot, session: Session, isolated_settings: QSettings
) -> None:
    window = make_window(qtbot, session, isolated_settings)
    window.new_match(SETUP)
    play_demo(qtbot, window, demo_live())
    # the side panel lists each team's melds with their verdicts
    melds_a = window.panel.teams["A"].list
    assert melds_a.count() == 2 and "clean burraco" in melds_a.item(0).text()
    assert window.view._image is not None
    log = [window.log.item(i).text() for i in range(window.log.count())]
    assert "new match" in log[0] and any("KH KS KD" in line for line in log)
    dialog = window.end_of_hand_dialog()
    qtbot.addWidget(dialog)
    score_item = dialog.table.item(5, 0)  # the "total" row, team A
    assert score_item.text() == str(EXPECTED_TOTALS["A"])
    result = window.save_hand(dialog.hand_input())
    assert result.sheet.totals() == EXPECTED_TOTALS
    snap = session.store.snapshot(result.snapshot_id)
    assert snap.data.image_jpeg and snap.data.kind == "end_of_hand"
    window.show_sheet()
    sheet = window.sheet_dialog
    assert sheet.table.rowCount() == 1
    assert sheet.table.item(0, 3).text() == "540" and sheet.table.item(0, 4).text() == "130"
    assert "Play on" in sheet.winner.text()
    assert "540" in window.totals_label.text()


def test_the_end_of_hand_dialog_checks_cards_and_rescoring_follows_edits(
    qtbot, session: Session, isolated_settings: QSettings
) -> None:
    window = make_window(qtbot, session, isolated_settings)
    window.new_match(SETUP)
    play_demo(qtbot, window, demo_live())
    dialog = window.end_of_hand_dialog()
    qtbot.addWidget(dialog)
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    dialog.boxes["B"].hands[1].setText("4C ZZ")
    assert not ok.isEnabled() and "ZZ" in dialog.error.text()
    dialog.boxes["B"].hands[1].setText("4C")
    assert ok.isEnabled()
    assert dialog.table.item(5, 1).text() == "130"
    # B did take its pozzetto after all: the 100 penalty goes
    dialog.boxes["B"].pozzetto.setCurrentIndex(0)
    assert dialog.table.item(5, 1).text() == "230"


def test_correcting_a_hand_from_the_sheet_moves_the_totals(
    qtbot, session: Session, isolated_settings: QSettings, monkeypatch
) -> None:
    window = make_window(qtbot, session, isolated_settings)
    window.new_match(SETUP)
    play_demo(qtbot, window, demo_live())
    window.save_hand(window.end_of_hand_dialog().hand_input())
    hand = session.sheet.hand(1).hand_input
    fixed_b = hand.teams["B"].__class__(hand.teams["B"].melds, (("JK",), ("4C",)), "not_taken")
    fixed = hand.with_team("B", fixed_b)

    class Accepting:
        def __init__(self, *args, **kwargs) -> None:
            pass

        def exec(self) -> int:
            return 1

        def hand_input(self):
            return fixed

    monkeypatch.setattr("desktop.ui.main_window.EndOfHandDialog", Accepting)
    window.correct_hand(1)
    assert session.sheet.totals() == {"A": 540, "B": 145}  # the AH (15) was not in hand
    assert window.sheet_dialog.table.item(0, 4).text() == "145"
    assert window.sheet_dialog.table.item(0, 5).text() == "1"


def test_snapshot_key_saves_the_current_table(qtbot, session: Session, isolated_settings) -> None:
    window = make_window(qtbot, session, isolated_settings)
    play_demo(qtbot, window, demo_live(frames_limit=10))
    snapshot_id = window.take_snapshot()
    snap = session.store.snapshot(snapshot_id)
    assert snap.data.kind == "manual" and snap.data.image_jpeg
    assert window.act_snapshot.shortcut().toString() == "Ctrl+S"
    assert window.act_end.shortcut().toString() == "Ctrl+E"
    assert window.act_review.shortcut().toString() == "Ctrl+R"


def test_a_missing_model_is_said_clearly_and_the_picture_still_shows(
    qtbot, session: Session, isolated_settings
) -> None:
    window = make_window(qtbot, session, isolated_settings)
    live = demo_live(frames_limit=5)
    blind = LiveConfig(live.open_frames, lambda: BlindReader("no models/reader.json"), "demo", 0.0)
    play_demo(qtbot, window, blind)
    assert window.banner.isVisibleTo(window)
    assert "model missing" in window.model_label.text()
    assert "reader.json" in window.banner.text()
    assert window.view._image is not None and window.panel.teams["A"].list.count() == 0


def test_a_failing_source_is_reported_not_fatal(qtbot, session: Session, isolated_settings) -> None:
    @contextlib.contextmanager
    def broken() -> Iterator[Iterator[Frame]]:
        raise OSError("camera 0 is not connected")
        yield iter(())

    window = make_window(qtbot, session, isolated_settings)
    play_demo(qtbot, window, LiveConfig(broken, lambda: BlindReader("x"), "camera 0", 0.0))
    assert "camera 0 is not connected" in window.banner.text()


def test_the_worker_stops_cooperatively_and_releases_the_source(
    qtbot, session: Session, isolated_settings
) -> None:
    released = []

    @contextlib.contextmanager
    def endless() -> Iterator[Iterator[Frame]]:
        def frames() -> Iterator[Frame]:
            i = 0
            while True:
                yield Frame(i, time.monotonic(), np.zeros((36, 64, 3), np.uint8))
                i += 1

        try:
            yield frames()
        finally:
            released.append(True)

    window = make_window(qtbot, session, isolated_settings)
    window.start_live(LiveConfig(endless, lambda: BlindReader("x"), "camera", 200.0))
    qtbot.waitUntil(lambda: window.view._image is not None, timeout=5000)
    thread = window.feed.qthread
    assert window.feed.stop(5000)
    assert not thread.isRunning() and released == [True]


def test_the_newest_reading_wins() -> None:
    box = LatestBox()
    assert box.put(1) is True  # empty: the window must be told
    assert box.put(2) is False  # a signal is already on its way: just replace
    assert box.take() == 2 and box.take() is None
    assert box.put(3) is True


def test_a_slow_window_skips_frames_instead_of_queueing_them(
    qtbot, session: Session, isolated_settings
) -> None:
    window = make_window(qtbot, session, isolated_settings)

    class SlowWindow(QObject):
        """Receives in the UI thread like the window, but takes its time."""

        def __init__(self) -> None:
            super().__init__()
            self.seen = 0

        @Slot()
        def on_ready(self) -> None:
            time.sleep(0.05)  # a busy UI thread
            self.seen += 1
            MainWindow._on_reading_ready(window)

    slow = SlowWindow()
    window._on_reading_ready = slow.on_ready  # type: ignore[method-assign]
    window.start_live(demo_live())
    qtbot.waitUntil(lambda: not window.feed.qthread.isRunning(), timeout=15_000)
    qtbot.wait(50)
    seen = [1] * slow.seen
    assert 0 < len(seen) < DEMO_FRAME_COUNT
    # the newest frame is the one kept
    assert session.latest is not None and session.latest.frame_index == DEMO_FRAME_COUNT - 1


def test_settings_are_remembered(qtbot, session: Session, isolated_settings: QSettings) -> None:
    window = make_window(qtbot, session, isolated_settings)
    window.show()
    qtbot.waitExposed(window)
    window.resize(700, 500)
    window.set_theme("dark")
    window.set_language("it")
    window.new_match(SETUP)
    window.close()
    assert isolated_settings.value("theme") == "dark"
    assert isolated_settings.value("language") == "it"
    again = make_window(qtbot, session, isolated_settings)
    assert (again.width(), again.height()) == (700, 500)
    assert again._last_setup() == SETUP


@pytest.mark.model
def test_a_players_cards_are_read_from_a_photo_of_the_hand(
    qtbot, session: Session, isolated_settings: QSettings, tmp_path, monkeypatch
) -> None:
    """The end-of-hand dialog's photo button reads a player's cards with the card model
    (a rendered photo of a hand) and says to check them; a file that is no image changes
    nothing and says why."""
    from collections import Counter

    from desktop.ui.dialogs_match import TeamEndBox
    from vision.synth.hand_photo import render_hand_photo
    from vision.synth.render import encode_jpeg

    scene = render_hand_photo(9100, 0, "classic")
    photo = tmp_path / "hand.jpg"
    photo.write_bytes(encode_jpeg(scene))
    broken = tmp_path / "broken.jpg"
    broken.write_bytes(b"not a picture")
    window = make_window(qtbot, session, isolated_settings)
    window.new_match(SETUP)
    dialog = window.end_of_hand_dialog()
    qtbot.addWidget(dialog)
    box = dialog.boxes["B"]
    before = dialog.table.item(5, 1).text()
    monkeypatch.setattr(TeamEndBox, "choose_photo", lambda self: str(photo))
    box.fill_from_photo(1)
    want = [c["card"] for c in scene.truth["cards"]]
    assert Counter(box.hands[1].text().split()) == Counter(want)
    assert f"{len(want)} cards read from hand.jpg" in dialog.note.text()
    assert dialog.table.item(5, 1).text() != before  # the held cards count against B
    monkeypatch.setattr(TeamEndBox, "choose_photo", lambda self: str(broken))
    box.fill_from_photo(0)
    assert box.hands[0].text() == "" and "Could not read the photo" in dialog.note.text()
    assert box.findChild(QPushButton, "photo_B_1") is not None


def test_a_photo_read_short_says_why_in_the_status_bar(
    qtbot, session: Session, isolated_settings
) -> None:
    """A photo's reading carries its picture checks (``ModelReader.read_still``); the
    window says them, so a table read empty is not taken for an empty table."""
    from types import SimpleNamespace

    from desktop.session import TableReading

    window = make_window(qtbot, session, isolated_settings)
    empty = {"zones": {"A": {"melds": []}, "B": {"melds": []}}, "discard": [], "events": []}
    photo = TableReading(
        0,
        np.zeros((72, 128, 3), np.uint8),
        reading={**empty, "picture": ["too dark: add light over the table"]},
    )
    window.feed = SimpleNamespace(worker=SimpleNamespace(take=lambda: photo))
    window._on_reading_ready()
    assert window.statusBar().currentMessage() == ("This photo: too dark: add light over the table")
    window.statusBar().clearMessage()
    frame = TableReading(1, np.zeros((72, 128, 3), np.uint8), reading={**empty, "picture": []})
    window.feed = SimpleNamespace(worker=SimpleNamespace(take=lambda: frame))
    window._on_reading_ready()
    assert window.statusBar().currentMessage() == ""
    window.feed = None
