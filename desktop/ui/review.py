"""The review window: saved matches and hands, a snapshot with its overlay, card corrections,
a replay of the hand's events, and export/import of a match."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QImage
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMainWindow,
    QPushButton,
    QSlider,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.match import SCORE_PARTS, TEAMS
from desktop.session import Session
from desktop.store import StoreError
from desktop.store_export import export_csv_text, export_json_text, import_match_json
from desktop.ui.dialogs_match import fit_table
from desktop.ui.i18n import t
from desktop.ui.table_view import TableView
from vision.types import CARD_LABELS, SUITS

SUIT_SIGNS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


class CardPicker(QDialog):
    """Every card as a button: the one clicked is the answer."""

    def __init__(self, current: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(t("Which card is it? (read as {card})").format(card=current))
        self.choice: str | None = None
        grid = QGridLayout(self)
        for row, suit in enumerate(SUITS):
            for col, label in enumerate(c for c in CARD_LABELS if c.endswith(suit) and c != "JK"):
                button = QPushButton(label[:-1] + SUIT_SIGNS[suit])
                button.setObjectName(f"card_{label}")
                button.setFixedWidth(44)
                if suit in "HD":
                    button.setStyleSheet("color: #c62828;")
                button.clicked.connect(lambda _=False, c=label: self._choose(c))
                grid.addWidget(button, row, col)
        joker = QPushButton(t("Joker"))
        joker.setObjectName("card_JK")
        joker.clicked.connect(lambda: self._choose("JK"))
        grid.addWidget(joker, len(SUITS), 0, 1, 3)

    def _choose(self, card: str) -> None:
        self.choice = card
        self.accept()


def pick_card_dialog(parent: QWidget, current: str) -> str | None:
    dialog = CardPicker(current, parent)
    dialog.exec()
    return dialog.choice


class ReviewWindow(QMainWindow):
    match_changed = Signal(int)

    def __init__(
        self,
        live: Session,
        settings: QSettings,
        parent: QWidget | None = None,
        pick_card: Callable[[QWidget, str], str | None] = pick_card_dialog,
    ) -> None:
        super().__init__(parent)
        # a session of its own, so reviewing never changes the live match being played
        self.session = Session(live.store, live.referee, live.app_version, live.model_version)
        self.live = live
        self.settings = settings
        self.pick_card = pick_card
        self.snapshot_id: int | None = None
        self.setWindowTitle(t("Review"))
        self.resize(1300, 760)
        self.tree = QTreeWidget()
        self.tree.setObjectName("matches")
        self.tree.setHeaderLabels([t("Matches and hands")])
        self.tree.currentItemChanged.connect(self._on_item)
        self.view = TableView()
        self.view.card_clicked.connect(self.correct_card)
        self.score = QTableWidget(len(SCORE_PARTS), len(TEAMS))
        self.score.setObjectName("review_score")
        self.score.setVerticalHeaderLabels([t(p) for p in SCORE_PARTS])
        fit_table(self.score)
        self.totals = QLabel()
        self.totals.setObjectName("review_totals")
        self.totals.setWordWrap(True)
        self.events = QListWidget()
        self.replay = QSlider(Qt.Orientation.Horizontal)
        self.replay.valueChanged.connect(self._show_events)
        self.play = QPushButton(t("Replay"))
        self.play.clicked.connect(self._start_replay)
        self.timer = QTimer(self)
        self.timer.setInterval(350)
        self.timer.timeout.connect(self._step_replay)
        self._event_texts: list[str] = []
        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.addWidget(QLabel(t("Score of the hand")))
        side_layout.addWidget(self.score)
        side_layout.addWidget(self.totals)
        side_layout.addWidget(QLabel(t("Events")))
        side_layout.addWidget(self.events, 1)
        row = QHBoxLayout()
        row.addWidget(self.play)
        row.addWidget(self.replay, 1)
        side_layout.addLayout(row)
        buttons = QHBoxLayout()
        for text, slot in (
            (t("Export CSV…"), lambda: self.export_match("csv")),
            (t("Export JSON…"), lambda: self.export_match("json")),
            (t("Import JSON…"), lambda: self.import_match()),
        ):
            button = QPushButton(text)
            button.clicked.connect(lambda _=False, s=slot: s())
            buttons.addWidget(button)
        side_layout.addLayout(buttons)
        self.hint = QLabel(t("Click a card on the picture to correct it."))
        side_layout.addWidget(self.hint)
        splitter = QSplitter()
        splitter.addWidget(self.tree)
        splitter.addWidget(self.view)
        splitter.addWidget(side)
        splitter.setSizes([230, 760, 330])
        self.setCentralWidget(splitter)
        self.reload()

    # -- the list of matches -----------------------------------------------------------------
    def reload(self, select_snapshot: int | None = None) -> None:
        store = self.session.store
        self.tree.clear()
        target_item = None
        for summary in store.matches():
            a, b = summary.setup.team_names
            match_item = QTreeWidgetItem([f"{summary.id}: {a} v {b} ({summary.created_at[:16]})"])
            self.tree.addTopLevelItem(match_item)
            sheet = store.load_sheet(summary.id)
            for record in sheet.hands:
                ids = store.snapshot_ids(hand_id=record.hand_id)
                label = t("Hand {n}: {a} to {b}").format(
                    n=record.number, a=record.score["A"].total, b=record.score["B"].total
                )
                item = QTreeWidgetItem([label])
                item.setData(0, Qt.ItemDataRole.UserRole, (summary.id, ids[-1] if ids else None))
                match_item.addChild(item)
                if ids and ids[-1] == select_snapshot:
                    target_item = item
            match_item.setExpanded(True)
        if target_item is not None:
            self.tree.setCurrentItem(target_item)

    def _on_item(self, item: QTreeWidgetItem | None, _previous: object = None) -> None:
        data = item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None
        if not data:
            return
        match_id, snapshot_id = data
        self.session.open_match(match_id)
        self.show_snapshot(snapshot_id)

    def select_first_hand(self) -> None:
        top = self.tree.topLevelItem(self.tree.topLevelItemCount() - 1)
        first = top.child(0) if top is not None and top.childCount() else None
        if first is not None:
            self.tree.setCurrentItem(first)

    # -- one snapshot ------------------------------------------------------------------------
    def show_snapshot(self, snapshot_id: int | None) -> None:
        self.snapshot_id = snapshot_id
        if snapshot_id is None:
            self.view.show_reading(None, None)
            return
        snap = self.session.store.snapshot(snapshot_id)
        image = QImage.fromData(snap.data.image_jpeg) if snap.data.image_jpeg else None
        self.view.select(None)
        self.view.show_reading(image, snap.data.reading, snap.data.detections)
        sheet = self.session.sheet
        record = (
            next((h for h in sheet.hands if h.hand_id == snap.hand_id), None) if sheet else None
        )
        if sheet is not None and record is not None:
            self.score.setHorizontalHeaderLabels(list(sheet.setup.team_names))
            for col, team in enumerate(TEAMS):
                for row, part in enumerate(SCORE_PARTS):
                    value = str(getattr(record.score[team], part))
                    self.score.setItem(row, col, QTableWidgetItem(value))
            totals = sheet.totals()
            self.totals.setText(
                t("Match after corrections: {a} {ta} · {b} {tb}").format(
                    a=sheet.setup.team_names[0],
                    ta=totals["A"],
                    b=sheet.setup.team_names[1],
                    tb=totals["B"],
                )
            )
        self._event_texts = [str(e.get("text", "")) for e in snap.data.events]
        self.replay.setRange(0, len(self._event_texts))
        self.replay.setValue(len(self._event_texts))
        self._show_events(len(self._event_texts))

    def _show_events(self, count: int) -> None:
        self.events.clear()
        self.events.addItems(self._event_texts[:count])
        self.events.scrollToBottom()

    def _start_replay(self) -> None:
        self.replay.setValue(0)
        self.timer.start()

    def _step_replay(self) -> None:
        if self.replay.value() >= self.replay.maximum():
            self.timer.stop()
        else:
            self.replay.setValue(self.replay.value() + 1)

    def correct_card(self, team: str, meld: int, slot: int) -> None:
        if self.snapshot_id is None or self.session.sheet is None:
            return
        snap = self.session.store.snapshot(self.snapshot_id)
        melds = (snap.data.reading or {}).get("zones", {}).get(team, {}).get("melds", [])
        current = melds[meld]["cards"][slot]
        card = self.pick_card(self, current)
        if card is None or card == current:
            return
        sheet = self.session.correct_card(self.snapshot_id, team, meld, slot, card)
        if sheet.match_id is not None:
            self.match_changed.emit(sheet.match_id)
        self.reload(select_snapshot=self.snapshot_id)
        self.show_snapshot(self.snapshot_id)

    # -- export and import -------------------------------------------------------------------
    def export_match(self, fmt: str, path: Path | None = None) -> Path | None:
        sheet = self.session.sheet
        if sheet is None or sheet.match_id is None:
            return None
        if path is None:
            chosen, _ = QFileDialog.getSaveFileName(
                self, t("Export the match"), f"match-{sheet.match_id}.{fmt}"
            )
            if not chosen:
                return None
            path = Path(chosen)
        store = self.session.store
        text = (
            export_csv_text(store, sheet.match_id)
            if fmt == "csv"
            else export_json_text(store, sheet.match_id, self.session.app_version)
        )
        path.write_text(text, encoding="utf-8")
        return path

    def import_match(self, path: Path | None = None) -> int | None:
        if path is None:
            chosen, _ = QFileDialog.getOpenFileName(self, t("Import a match"), "", "JSON (*.json)")
            if not chosen:
                return None
            path = Path(chosen)
        try:
            match_id = import_match_json(
                self.session.store, path.read_bytes(), self.session.app_version
            )
        except (OSError, StoreError) as exc:
            self.hint.setText(t("This file cannot be imported: {why}").format(why=exc))
            return None
        self.reload()
        return match_id
