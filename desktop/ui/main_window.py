"""The main window: the live table with overlays, the side panel, the event log, the status bar.

It shows what the session knows and sends the players' intents to it: a new match, a
snapshot, the end of a hand, the match sheet, a correction, the review window. The live
reading comes from a :class:`~desktop.ui.worker.ReadingWorker` in its own thread.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDockWidget,
    QLabel,
    QMainWindow,
    QVBoxLayout,
    QWidget,
)

from desktop.match import HandInput, MatchSetup
from desktop.session import HandResult, Session
from desktop.session_frames import FrameReader
from desktop.ui.dialogs_match import EndOfHandDialog, MatchSheetDialog, NewMatchDialog
from desktop.ui.i18n import LANGUAGES, install_language, t
from desktop.ui.panels import EventLog, MeldPanel
from desktop.ui.table_view import TableView, qimage_from_bgr
from desktop.ui.theme import THEMES, apply_theme
from desktop.ui.worker import FramesOpener, LiveFeed, ReadingWorker


@dataclass(frozen=True)
class LiveConfig:
    """Where the frames come from and how they are read; both are built in the worker."""

    open_frames: FramesOpener
    make_reader: Callable[[], FrameReader]
    source_label: str
    pace_fps: float = 10.0


class MainWindow(QMainWindow):
    hand_saved = Signal(object)  # HandResult

    def __init__(
        self,
        session: Session,
        settings: QSettings,
        presets: Sequence[str],
        target_of: Callable[[str], int],
        default_preset: str = "pagat",
        smoke: bool = False,
    ) -> None:
        super().__init__()
        self.session = session
        self.settings = settings
        self.presets = tuple(presets)
        self.target_of = target_of
        self.default_preset = default_preset
        self.smoke = smoke
        self.feed: LiveFeed | None = None
        self.sheet_dialog: MatchSheetDialog | None = None
        self.review_window: QWidget | None = None
        self.exit_code = 0
        self._hand_reader: Any = None  # the card model for photos of hands, loaded on first use
        self._build()
        self.retranslate()
        geometry = settings.value("window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        else:
            self.resize(1360, 800)

    # -- building ----------------------------------------------------------------------------
    def _build(self) -> None:
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(4, 4, 4, 4)
        self.banner = QLabel()
        self.banner.setObjectName("banner")
        self.banner.setWordWrap(True)
        self.banner.setStyleSheet(
            "background: #8a1c2b; color: white; padding: 6px; border-radius: 4px;"
        )
        self.banner.hide()
        self.view = TableView()
        layout.addWidget(self.banner)
        layout.addWidget(self.view, 1)
        self.setCentralWidget(central)
        self.panel = MeldPanel()
        self.panel_dock = QDockWidget()
        self.panel_dock.setObjectName("panel_dock")
        self.panel_dock.setWidget(self.panel)
        self.panel_dock.setFeatures(QDockWidget.DockWidgetFeature.NoDockWidgetFeatures)
        self.panel_dock.setMinimumWidth(330)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.panel_dock)
        self.log = EventLog()
        self.log_dock = QDockWidget()
        self.log_dock.setObjectName("log_dock")
        self.log_dock.setWidget(self.log)
        self.log_dock.setFeatures(QDockWidget.DockWidgetFeature.NoDockWidgetFeatures)
        self.log.setMaximumHeight(150)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.log_dock)
        self.fps_label, self.model_label, self.source_label = QLabel(), QLabel(), QLabel()
        self.totals_label = QLabel()
        for label in (self.source_label, self.model_label, self.fps_label):
            self.statusBar().addWidget(label)
        self.statusBar().addPermanentWidget(self.totals_label)
        self._actions: list[tuple[QAction, str]] = []
        self._menus: list[tuple[object, str]] = []
        game = self._menu("&Match")
        self.act_new = self._action(game, "&New match…", "Ctrl+N", self.new_match)
        self.act_snapshot = self._action(game, "&Snapshot", "Ctrl+S", self.take_snapshot)
        self.act_end = self._action(game, "&End of hand…", "Ctrl+E", self.end_of_hand)
        self.act_sheet = self._action(game, "Match &sheet", "Ctrl+M", self.show_sheet)
        self.act_review = self._action(game, "&Review…", "Ctrl+R", self.open_review)
        game.addSeparator()
        self.act_quit = self._action(game, "&Quit", QKeySequence.StandardKey.Quit, self.close)
        view = self._menu("&Settings")
        self.act_camera = self._action(view, "&Camera setup…", "Ctrl+K", self.open_camera_setup)
        languages = self._menu("&Language", view)
        group = QActionGroup(self)
        current = str(self.settings.value("language", "en"))
        for code, name in LANGUAGES.items():
            action = languages.addAction(name)
            action.setCheckable(True)
            action.setChecked(code == current)
            action.triggered.connect(lambda _=False, c=code: self.set_language(c))
            group.addAction(action)
        themes = self._menu("&Theme", view)
        theme_group = QActionGroup(self)
        for theme in THEMES:
            action = self._action(
                themes, theme.capitalize(), None, lambda _=False, th=theme: self.set_theme(th)
            )
            action.setCheckable(True)
            action.setChecked(theme == self.settings.value("theme", "light"))
            theme_group.addAction(action)

    def _menu(self, title: str, parent: object = None):  # type: ignore[no-untyped-def]
        menu = (parent or self.menuBar()).addMenu(title)  # type: ignore[attr-defined]
        self._menus.append((menu, title))
        return menu

    def _action(self, menu, text: str, shortcut, slot: Callable[..., object]) -> QAction:  # type: ignore[no-untyped-def]
        action = QAction(self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(lambda _=False: slot())
        menu.addAction(action)
        self._actions.append((action, text))
        return action

    def retranslate(self) -> None:
        self.setWindowTitle(t("Arbitro, the Burraco referee"))
        for action, text in self._actions:
            action.setText(t(text))
        for menu, title in self._menus:
            menu.setTitle(t(title))  # type: ignore[attr-defined]
        self.panel_dock.setWindowTitle(t("Melds"))
        self.log_dock.setWindowTitle(t("Events"))
        self.view.placeholder = t("Waiting for the first picture…")
        self.refresh_panel()

    # -- the live feed ---------------------------------------------------------------------
    def start_live(self, live: LiveConfig) -> None:
        self.stop_live()
        worker = ReadingWorker(live.open_frames, live.make_reader, live.pace_fps)
        worker.reading_ready.connect(self._on_reading_ready)
        worker.status_changed.connect(self._on_status)
        worker.fps_changed.connect(self._on_fps)  # bound methods: delivered in the UI thread
        worker.failed.connect(self._on_failed)
        worker.source_ended.connect(self._on_source_ended)
        worker.source_lost.connect(self._on_source_lost)
        worker.source_back.connect(self.banner.hide)
        self.source_label.setText(t("Source: {source}").format(source=live.source_label))
        self.feed = LiveFeed(worker, self)
        self.feed.start()

    def stop_live(self) -> None:
        if self.feed is not None:
            self.feed.stop()
            self.feed = None

    def _on_reading_ready(self) -> None:
        if self.feed is None:
            return
        reading = self.feed.worker.take()
        if reading is None:
            return
        self.log.add_events(self.session.on_reading(reading))
        image = qimage_from_bgr(reading.image_bgr) if reading.image_bgr is not None else None
        dets = [{"confidence": d.confidence, "box_xyxy": d.box_xyxy} for d in reading.detections]
        self.view.show_reading(image, reading.reading, dets)
        self.refresh_panel()
        if advice := reading.reading.get("picture"):  # a photo read short says why
            lines = "; ".join(t(a) for a in advice)
            self.statusBar().showMessage(t("This photo: {advice}").format(advice=lines), 15000)

    def _on_fps(self, fps: float) -> None:
        self.fps_label.setText(t("{fps:.1f} frames/s").format(fps=fps))

    def _on_status(self, status: str) -> None:
        self.model_label.setText(status)
        self.session.model_version = status
        if status.startswith("model missing"):
            self.show_banner(
                t(
                    "Card model missing: the picture is shown but the table is not read. {why}"
                ).format(why=status.removeprefix("model missing: "))
            )

    def _on_failed(self, message: str) -> None:
        self.show_banner(t("The picture source stopped: {message}").format(message=message))
        if self.smoke:
            print(f"arbitro: source failed: {message}", file=sys.stderr)
            self.exit_code = 1
            QApplication.instance().exit(1)  # type: ignore[union-attr]

    def _on_source_lost(self, message: str) -> None:
        # The worker keeps reopening the camera; the hand's state stays as it was.
        self.show_banner(
            t("The camera stopped: {message}. Waiting for it to come back…").format(message=message)
        )

    def _on_source_ended(self) -> None:
        self.statusBar().showMessage(t("The source has ended"), 5000)
        if self.smoke:
            self.finish_smoke_hand()

    def show_banner(self, text: str) -> None:
        self.banner.setText(text)
        self.banner.show()

    def refresh_panel(self) -> None:
        sheet = self.session.sheet
        names = sheet.setup.team_names if sheet else ("A", "B")
        latest = self.session.latest
        self.panel.show_reading(latest.reading if latest else None, names)
        if sheet is not None:
            totals = sheet.totals()
            text = t("Match: {a} {ta} · {b} {tb} (target {target})").format(
                a=names[0], ta=totals["A"], b=names[1], tb=totals["B"], target=sheet.setup.target
            )
        else:
            text = t("No match yet: Ctrl+N starts one")
        self.totals_label.setText(text)
        self.panel.show_totals(text)

    # -- intents -----------------------------------------------------------------------------
    def new_match(self, setup: MatchSetup | None = None) -> bool:
        if setup is None:
            dialog = NewMatchDialog(self.presets, self.target_of, self._last_setup(), self)
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return False
            setup = dialog.setup()
        self.session.new_match(setup)
        self.settings.setValue("match/last_setup", json.dumps(setup.to_json()))
        self.log.clear()
        self.log.add_events(self.session.events)
        self.refresh_panel()
        return True

    def _last_setup(self) -> MatchSetup:
        saved = self.settings.value("match/last_setup")
        try:
            return MatchSetup.from_json(json.loads(str(saved)))
        except (ValueError, TypeError):
            return MatchSetup(
                preset=self.default_preset, target=self.target_of(self.default_preset)
            )

    def take_snapshot(self) -> int:
        snapshot_id = self.session.take_snapshot()
        self.log.add_events(self.session.events[-1:])
        self.statusBar().showMessage(t("Snapshot {id} saved").format(id=snapshot_id), 4000)
        return snapshot_id

    def score_of(self, hand: HandInput):  # type: ignore[no-untyped-def]
        sheet = self.session.sheet
        preset = sheet.setup.preset if sheet else self.default_preset
        return self.session.referee.score_hand(hand, preset)

    def end_of_hand_dialog(self, hand: HandInput | None = None, title: str = "") -> EndOfHandDialog:
        assert self.session.sheet is not None
        return EndOfHandDialog(
            hand or self.session.prefill(),
            self.session.sheet.setup,
            self.score_of,
            title,
            self,
            read_photo=self.read_hand_photo,
        )

    def read_hand_photo(self, path: Path) -> list[str]:
        """The cards in a photo of a player's hand, by the card model (loaded on first use,
        with a busy cursor); raises with a message for the dialog to show."""
        from desktop.reading_score import read_hand_photo
        from vision.detector import load_reader

        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            if self._hand_reader is None:
                self._hand_reader = load_reader()
            return read_hand_photo(self._hand_reader, path)
        finally:
            QApplication.restoreOverrideCursor()

    def end_of_hand(self) -> HandResult | None:
        if self.session.sheet is None and not self.new_match():
            return None
        dialog = self.end_of_hand_dialog()
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return self.save_hand(dialog.hand_input())

    def save_hand(self, hand: HandInput) -> HandResult:
        result = self.session.end_hand(hand)
        self.log.add_events(
            self.session.events[-2:] if result.sheet.winner() else self.session.events[-1:]
        )
        self.refresh_panel()
        self.hand_saved.emit(result)
        if not self.smoke:
            self.show_sheet()
        return result

    def show_sheet(self) -> None:
        if self.session.sheet is None:
            self.statusBar().showMessage(t("No match yet: Ctrl+N starts one"), 4000)
            return
        if self.sheet_dialog is None:
            self.sheet_dialog = MatchSheetDialog(self.session.sheet, self)
            self.sheet_dialog.correct_requested.connect(self.correct_hand)
        self.sheet_dialog.show_sheet(self.session.sheet)
        self.sheet_dialog.show()
        self.sheet_dialog.raise_()

    def correct_hand(self, number: int) -> None:
        assert self.session.sheet is not None
        record = self.session.sheet.hand(number)
        dialog = self.end_of_hand_dialog(record.hand_input, t("Correct hand {n}").format(n=number))
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.session.correct_hand(number, dialog.hand_input())
            self.refresh_panel()
            if self.sheet_dialog is not None:
                self.sheet_dialog.show_sheet(self.session.sheet)

    def open_review(self) -> None:
        from desktop.ui.review import ReviewWindow

        review = ReviewWindow(self.session, self.settings, self)
        review.match_changed.connect(self._on_match_changed)
        review.show()
        self.review_window = review

    def _on_match_changed(self, match_id: int) -> None:
        """A hand was corrected in review: the live sheet reloads if it is that match."""
        sheet = self.session.sheet
        if sheet is not None and sheet.match_id == match_id:
            reloaded = self.session.open_match(match_id)
            self.refresh_panel()
            if self.sheet_dialog is not None:
                self.sheet_dialog.show_sheet(reloaded)

    def open_camera_setup(self) -> None:
        from desktop.ui.camera_setup import CameraSetupDialog

        latest = self.session.latest
        still = latest.image_bgr if latest else None
        detections = latest.detections if latest else ()
        CameraSetupDialog(self.settings, still, self, detections=detections).exec()

    def set_language(self, lang: str) -> None:
        self.settings.setValue("language", lang)
        install_language(lang)
        self.retranslate()

    def set_theme(self, theme: str) -> None:
        self.settings.setValue("theme", theme)
        apply_theme(QApplication.instance(), theme)  # type: ignore[arg-type]

    # -- smoke mode and closing --------------------------------------------------------------
    def finish_smoke_hand(self) -> None:
        """Smoke mode: confirm the prefilled end of hand as is, save it, and quit."""
        if self.session.sheet is None:
            self.new_match(
                MatchSetup(preset=self.default_preset, target=self.target_of(self.default_preset))
            )
        dialog = self.end_of_hand_dialog()
        result = self.save_hand(dialog.hand_input())
        dialog.deleteLater()
        totals = result.sheet.totals()
        print(
            f"arbitro: hand {result.record.number} saved as snapshot {result.snapshot_id} in "
            f"{self.session.store.path}: A {totals['A']}, B {totals['B']} "
            f"({self.model_label.text() or 'no model status'})"
        )
        self.stop_live()
        QApplication.instance().exit(0)  # type: ignore[union-attr]

    def closeEvent(self, event: QCloseEvent) -> None:
        self.stop_live()
        self.settings.setValue("window/geometry", self.saveGeometry())
        if self.review_window is not None:
            self.review_window.close()
        super().closeEvent(event)
