"""The match dialogs: a new match, the end of a hand, and the match sheet."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.match import (
    POZZETTO_STATES,
    SCORE_PARTS,
    TEAMS,
    HandInput,
    HandScore,
    MatchError,
    MatchSetup,
    MatchSheet,
    TeamHand,
    cards_from_text,
)
from desktop.ui.i18n import t
from desktop.ui.texts import pozzetto_text
from desktop.ui.theme import ILLEGAL_COLOR, TEAM_COLORS
from vision.sources import IMAGE_SUFFIXES


def fit_table(table: QTableWidget) -> None:
    """Columns share the width and every row shows without a scroll bar."""
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    table.verticalHeader().setDefaultSectionSize(24)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    rows = table.rowCount() * 24 + table.horizontalHeader().sizeHint().height() + 4
    table.setFixedHeight(rows)


class NewMatchDialog(QDialog):
    def __init__(
        self,
        presets: Sequence[str],
        target_of: Callable[[str], int],
        initial: MatchSetup | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(t("New match"))
        self._target_of = target_of
        initial = initial or MatchSetup()
        form = QFormLayout(self)
        self.team_names = [QLineEdit(n) for n in initial.team_names]
        self.players = [[QLineEdit(p) for p in pair] for pair in initial.players]
        for i, team in enumerate(TEAMS):
            self.team_names[i].setObjectName(f"team_name_{team}")
            form.addRow(t("Team {team} name").format(team=team), self.team_names[i])
            row = QHBoxLayout()
            for k, edit in enumerate(self.players[i]):
                edit.setPlaceholderText(t("Player {n}").format(n=k + 1))
                row.addWidget(edit)
            form.addRow(t("Players"), row)
        self.preset = QComboBox()
        self.preset.addItems(list(presets))
        self.preset.setCurrentText(initial.preset)
        self.target = QSpinBox()
        self.target.setRange(100, 100_000)
        self.target.setSingleStep(5)
        self.target.setValue(initial.target)
        self.preset.currentTextChanged.connect(lambda name: self.target.setValue(target_of(name)))
        form.addRow(t("Rules"), self.preset)
        form.addRow(t("Target"), self.target)
        self.error = QLabel()
        self.error.setStyleSheet(f"color: {ILLEGAL_COLOR}")
        form.addRow(self.error)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def setup(self) -> MatchSetup:
        return MatchSetup(
            tuple(e.text().strip() for e in self.team_names),  # type: ignore[arg-type]
            tuple(tuple(e.text().strip() for e in pair) for pair in self.players),  # type: ignore[arg-type]
            self.preset.currentText(),
            self.target.value(),
        )

    def accept(self) -> None:
        try:
            self.setup()
        except MatchError as exc:
            self.error.setText(str(exc))
            return
        super().accept()


# Reads the cards in the photo of a player's hand (the card model); raises with a message
PhotoReader = Callable[[Path], list[str]]
PHOTO_SUFFIXES = " ".join(f"*{suffix}" for suffix in sorted(IMAGE_SUFFIXES))


class TeamEndBox(QGroupBox):
    """One team's end of hand: melds (one per line), each player's cards (typed, or read
    from a photo of the hand when ``read_photo`` is given), the pozzetto."""

    def __init__(
        self,
        team: str,
        name: str,
        players: Sequence[str],
        hand: TeamHand,
        read_photo: PhotoReader | None = None,
        tell: Callable[[str], None] = lambda message: None,
    ) -> None:
        super().__init__(t("Team {name}").format(name=name))
        self._read_photo = read_photo
        self._tell = tell
        self.setStyleSheet(f"QGroupBox {{ font-weight: bold; color: {TEAM_COLORS[team]}; }}")
        grid = QGridLayout(self)
        self.melds = QPlainTextEdit("\n".join(" ".join(m) for m in hand.melds))
        self.melds.setObjectName(f"melds_{team}")
        self.melds.setMinimumHeight(90)
        grid.addWidget(QLabel(t("Melds (one per line)")), 0, 0)
        grid.addWidget(self.melds, 1, 0, 1, 3 if read_photo is not None else 2)
        self.hands = []
        for k in range(2):
            edit = QLineEdit(" ".join(hand.hands[k]))
            edit.setObjectName(f"hand_{team}_{k}")
            label = players[k] or t("Player {n}").format(n=k + 1)
            grid.addWidget(QLabel(t("{player} holds").format(player=label)), 2 + k, 0)
            grid.addWidget(edit, 2 + k, 1)
            self.hands.append(edit)
            if read_photo is not None:
                button = QPushButton(t("Photo…"))
                button.setObjectName(f"photo_{team}_{k}")
                button.setToolTip(t("Read this player's cards from a photo of the hand"))
                button.clicked.connect(lambda _checked=False, k=k: self.fill_from_photo(k))
                grid.addWidget(button, 2 + k, 2)
        self.pozzetto = QComboBox()
        self.pozzetto.setObjectName(f"pozzetto_{team}")
        for state in POZZETTO_STATES:
            self.pozzetto.addItem(pozzetto_text(state), state)
        self.pozzetto.setCurrentIndex(POZZETTO_STATES.index(hand.pozzetto))
        self.unseen = QLineEdit(" ".join(hand.pozzetto_unseen_cards))
        self.unseen.setPlaceholderText(t("cards of the unseen pozzetto"))
        grid.addWidget(QLabel(t("Pozzetto")), 4, 0)
        grid.addWidget(self.pozzetto, 4, 1)
        grid.addWidget(self.unseen, 5, 1)
        self.pozzetto.currentIndexChanged.connect(self._sync)
        self._sync()

    def _sync(self) -> None:
        self.unseen.setEnabled(self.pozzetto.currentData() == "taken_unseen")

    def choose_photo(self) -> str:
        """The photo the player picks, or "" when they cancel."""
        filter_text = f"{t('Images')} ({PHOTO_SUFFIXES})"
        return QFileDialog.getOpenFileName(self, t("Photo of the hand"), "", filter_text)[0]

    def fill_from_photo(self, k: int) -> None:
        """Player ``k``'s cards read from a photo; the players check them before OK."""
        path = self.choose_photo()
        if not path or self._read_photo is None:
            return
        try:
            cards = self._read_photo(Path(path))
        except Exception as exc:  # a corrupt file, a missing model: say so, change nothing
            self._tell(t("Could not read the photo: {error}").format(error=exc))
            return
        self.hands[k].setText(" ".join(cards))
        self._tell(
            t("{count} cards read from {file}: check them before OK").format(
                count=len(cards), file=Path(path).name
            )
        )

    def team_hand(self) -> TeamHand:
        lines = [ln for ln in self.melds.toPlainText().splitlines() if ln.strip()]
        melds = tuple(cards_from_text(ln) for ln in lines)
        hands = (cards_from_text(self.hands[0].text()), cards_from_text(self.hands[1].text()))
        state = str(self.pozzetto.currentData())
        unseen = cards_from_text(self.unseen.text()) if state == "taken_unseen" else ()
        return TeamHand(melds, hands, state, unseen)


class EndOfHandDialog(QDialog):
    """Prefilled from the table; players confirm or correct, and see the score before OK."""

    def __init__(
        self,
        hand: HandInput,
        setup: MatchSetup,
        score: Callable[[HandInput], HandScore],
        title: str = "",
        parent: QWidget | None = None,
        read_photo: PhotoReader | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title or t("End of hand"))
        self._score = score
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        self.note = QLabel()  # what a photo gave, or why it gave nothing
        self.note.setObjectName("photo_note")
        self.note.setWordWrap(True)
        self.boxes = {
            team: TeamEndBox(
                team,
                setup.team_names[i],
                setup.players[i],
                hand.teams[team],
                read_photo,
                self.note.setText,
            )
            for i, team in enumerate(TEAMS)
        }
        for box in self.boxes.values():
            row.addWidget(box)
        layout.addLayout(row)
        layout.addWidget(self.note)
        closing = QHBoxLayout()
        closing.addWidget(QLabel(t("Closed by")))
        self.closed_by = QComboBox()
        self.closed_by.setObjectName("closed_by")
        for i, team in enumerate(TEAMS):
            self.closed_by.addItem(setup.team_names[i], team)
        self.closed_by.addItem(t("nobody: the stock ran out"), None)
        self.closed_by.setCurrentIndex(TEAMS.index(hand.closed_by) if hand.closed_by else 2)
        closing.addWidget(self.closed_by)
        closing.addStretch(1)
        layout.addLayout(closing)
        self.table = QTableWidget(len(SCORE_PARTS), len(TEAMS))
        self.table.setObjectName("score_table")
        self.table.setHorizontalHeaderLabels(list(setup.team_names))
        self.table.setVerticalHeaderLabels([t(p) for p in SCORE_PARTS])
        fit_table(self.table)
        layout.addWidget(self.table)
        self.error = QLabel()
        self.error.setObjectName("error")
        self.error.setStyleSheet(f"color: {ILLEGAL_COLOR}")
        layout.addWidget(self.error)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        for box in self.boxes.values():
            box.melds.textChanged.connect(self.refresh)
            box.pozzetto.currentIndexChanged.connect(self.refresh)
            box.unseen.textChanged.connect(self.refresh)
            for edit in box.hands:
                edit.textChanged.connect(self.refresh)
        self.closed_by.currentIndexChanged.connect(self.refresh)
        self.refresh()

    def hand_input(self) -> HandInput:
        closed_by = self.closed_by.currentData()
        teams = {team: box.team_hand() for team, box in self.boxes.items()}
        return HandInput(teams, closed_by, "close" if closed_by else "stock")

    def refresh(self) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        try:
            score = self._score(self.hand_input())
        except ValueError as exc:  # MatchError and the engine's RulesError alike
            self.error.setText(str(exc))
            ok.setEnabled(False)
            return
        self.error.setText("")
        ok.setEnabled(True)
        for col, team in enumerate(TEAMS):
            for row, part in enumerate(SCORE_PARTS):
                item = QTableWidgetItem(str(getattr(score[team], part)))
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if part == "total":
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)
                self.table.setItem(row, col, item)


class MatchSheetDialog(QDialog):
    """The hands with their totals and running totals; double-click a hand to correct it."""

    correct_requested = Signal(int)

    def __init__(self, sheet: MatchSheet, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(t("Match sheet"))
        self.resize(620, 380)
        layout = QVBoxLayout(self)
        self.header = QLabel()
        layout.addWidget(self.header)
        self.table = QTableWidget(0, 6)
        self.table.setObjectName("sheet_table")
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.cellDoubleClicked.connect(self._double_clicked)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().hide()
        layout.addWidget(self.table)
        self.winner = QLabel()
        self.winner.setObjectName("winner")
        layout.addWidget(self.winner)
        self.correct = QPushButton(t("Correct the selected hand…"))
        self.correct.clicked.connect(lambda: self._double_clicked(self.table.currentRow(), 0))
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        row = QHBoxLayout()
        row.addWidget(self.correct)
        row.addStretch(1)
        row.addWidget(close)
        layout.addLayout(row)
        self.show_sheet(sheet)

    def show_sheet(self, sheet: MatchSheet) -> None:
        self.sheet = sheet
        a, b = sheet.setup.team_names
        self.header.setText(
            t("{a} v {b} · rules {preset} · target {target}").format(
                a=a, b=b, preset=sheet.setup.preset, target=sheet.setup.target
            )
        )
        self.table.setHorizontalHeaderLabels(
            [
                t("Hand"),
                a,
                b,
                t("{team} total").format(team=a),
                t("{team} total").format(team=b),
                t("Corrections"),
            ]
        )
        rows = sheet.rows()
        self.table.setRowCount(len(rows))
        for r, (record, row) in enumerate(zip(sheet.hands, rows, strict=True)):
            values = [
                record.number,
                record.score["A"].total,
                record.score["B"].total,
                row.running["A"],
                row.running["B"],
                record.corrections,
            ]
            for c, value in enumerate(values):
                item = QTableWidgetItem(str(value))
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if c in (3, 4):
                    item.setForeground(QBrush(QColor(TEAM_COLORS[TEAMS[c - 3]])))
                self.table.setItem(r, c, item)
        winner = sheet.winner()
        totals = sheet.totals()
        if winner is not None:
            self.winner.setText(
                t("{team} wins the match, {a} to {b}").format(
                    team=sheet.setup.team_name(winner), a=totals["A"], b=totals["B"]
                )
            )
        else:
            self.winner.setText(
                t("Play on: {a} to {b}, target {target}").format(
                    a=totals["A"], b=totals["B"], target=sheet.setup.target
                )
            )

    def _double_clicked(self, row: int, _column: int) -> None:
        if 0 <= row < len(self.sheet.hands):
            self.correct_requested.emit(self.sheet.hands[row].number)
