"""The side panel (each team's melds and verdicts, running table points) and the event log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QGroupBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.match import TEAMS
from desktop.session import Event, team_melds
from desktop.ui.i18n import t
from desktop.ui.texts import verdict_text
from desktop.ui.theme import ILLEGAL_COLOR, TEAM_COLORS


class TeamMelds(QGroupBox):
    def __init__(self, team: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.team = team
        self.list = QListWidget()
        self.list.setObjectName(f"melds_{team}")
        self.points = QLabel()
        layout = QVBoxLayout(self)
        layout.addWidget(self.list)
        layout.addWidget(self.points)
        self.setStyleSheet(
            f"QGroupBox {{ border: 2px solid {TEAM_COLORS[team]}; border-radius: 6px;"
            " margin-top: 14px; padding-top: 4px; font-weight: bold; }"
            "QGroupBox::title { subcontrol-origin: margin; left: 8px; }"
        )

    def show_melds(
        self, name: str, melds: Sequence[Mapping[str, Any]], problems: Sequence[str]
    ) -> None:
        self.setTitle(t("Team {name}").format(name=name))
        self.list.clear()
        for meld in melds:
            text = f"{' '.join(meld['cards'])}\n    {verdict_text(meld)}"
            item = QListWidgetItem(text)
            if meld.get("legal") is False:
                item.setForeground(QBrush(QColor(ILLEGAL_COLOR)))
            self.list.addItem(item)
        for problem in problems:
            item = QListWidgetItem("⚠ " + problem)
            item.setForeground(QBrush(QColor(ILLEGAL_COLOR)))
            self.list.addItem(item)
        points = sum(m.get("points") or 0 for m in melds)
        self.points.setText(t("Table points: {points}").format(points=points))


class MeldPanel(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.teams = {team: TeamMelds(team) for team in TEAMS}
        self.totals = QLabel()
        self.totals.setObjectName("match_totals")
        layout = QVBoxLayout(self)
        for box in self.teams.values():
            layout.addWidget(box)
        layout.addWidget(self.totals)

    def show_reading(self, reading: Mapping[str, Any] | None, names: Sequence[str]) -> None:
        reading = reading or {}
        problems = [str(p) for p in reading.get("ledger_problems", reading.get("problems", []))]
        for i, team in enumerate(TEAMS):
            team_problems = problems if team == "A" else []  # shown once, under the first team
            self.teams[team].show_melds(names[i], team_melds(reading, team), team_problems)

    def show_totals(self, text: str) -> None:
        self.totals.setText(text)


class EventLog(QListWidget):
    """The hand's events, newest at the bottom."""

    def add_events(self, events: Sequence[Event]) -> None:
        for event in events:
            minutes, seconds = divmod(int(event.t_seconds), 60)
            self.addItem(f"{minutes:02d}:{seconds:02d}  {event.text}")
        if events:
            self.scrollToBottom()
