"""The table picture with the referee's overlay; click a card to pick it.

Drawing never decides: the view paints the image and what the reading says (meld outlines
in the team's colour, a verdict badge, doubtful cards marked) and maps clicks back to
(team, meld, slot). Used live in the main window and on snapshots in the review window.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QImage, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from desktop.session import team_melds
from desktop.ui.i18n import t
from desktop.ui.texts import verdict_text
from desktop.ui.theme import DOUBT_COLOR, ILLEGAL_COLOR, LEGAL_COLOR, TEAM_COLORS

LOW_CONFIDENCE = 0.6
PAD_PX = 4.0


def qimage_from_bgr(image_bgr: np.ndarray) -> QImage:
    """A QImage that owns a copy of ``image_bgr`` (H×W×3 uint8, BGR)."""
    rgb = np.ascontiguousarray(image_bgr[:, :, ::-1])
    height, width = rgb.shape[:2]
    return QImage(rgb.data, width, height, 3 * width, QImage.Format.Format_RGB888).copy()


# A card is about this many index widths wide and index heights tall: the outline of a
# meld, seen only through its corner indices, is stretched to take in the last card's face.
CARD_PER_INDEX_WH = (2.7, 2.2)


def meld_rect(meld: Mapping[str, Any]) -> QRectF | None:
    boxes = meld.get("boxes_xyxy") or []
    if not boxes:
        return None
    index_w = sum(b[2] - b[0] for b in boxes) / len(boxes)
    index_h = sum(b[3] - b[1] for b in boxes) / len(boxes)
    x1 = min(b[0] for b in boxes) - PAD_PX
    y1 = min(b[1] for b in boxes) - PAD_PX
    x2 = max(b[0] for b in boxes) + index_w * CARD_PER_INDEX_WH[0] + PAD_PX
    y2 = min(b[1] for b in boxes) + index_h * CARD_PER_INDEX_WH[1] + PAD_PX
    return QRectF(QPointF(x1, y1), QPointF(x2, y2))


class TableView(QWidget):
    card_clicked = Signal(str, int, int)  # team, meld index, slot

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._image: QImage | None = None
        self._reading: Mapping[str, Any] = {}
        self._detections: Sequence[Mapping[str, Any]] = []
        self._selected: tuple[str, int, int] | None = None
        self.placeholder = ""
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(320, 180)

    def sizeHint(self) -> QSize:
        return QSize(960, 540)

    def show_reading(
        self,
        image: QImage | None,
        reading: Mapping[str, Any] | None,
        detections: Sequence[Mapping[str, Any]] | None = None,
    ) -> None:
        self._image = image
        self._reading = reading or {}
        self._detections = detections or []
        self.update()

    def select(self, pick: tuple[str, int, int] | None) -> None:
        self._selected = pick
        self.update()

    # -- geometry --------------------------------------------------------------------------
    def _scale_and_offset(self) -> tuple[float, QPointF]:
        if self._image is None or self._image.width() == 0:
            return 1.0, QPointF(0, 0)
        scale = min(self.width() / self._image.width(), self.height() / self._image.height())
        dx = (self.width() - self._image.width() * scale) / 2
        dy = (self.height() - self._image.height() * scale) / 2
        return scale, QPointF(dx, dy)

    def card_at(self, point: QPointF) -> tuple[str, int, int] | None:
        """The (team, meld, slot) whose index box holds ``point`` (widget pixels)."""
        scale, offset = self._scale_and_offset()
        x = (point.x() - offset.x()) / scale
        y = (point.y() - offset.y()) / scale
        for team in ("A", "B"):
            for m, meld in enumerate(team_melds(self._reading, team)):
                boxes = meld.get("boxes_xyxy") or []
                # later cards lie on top of earlier ones in a fan: test from the last
                for slot in range(len(boxes) - 1, -1, -1):
                    x1, y1, x2, y2 = boxes[slot]
                    if x1 <= x <= x2 and y1 <= y <= y2:
                        return team, m, slot
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        pick = self.card_at(event.position())
        if pick is not None:
            self.select(pick)
            self.card_clicked.emit(*pick)

    # -- painting --------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor("#1b1d20"))
        if self._image is None:
            painter.setPen(QColor("#c8c8c8"))
            painter.drawText(
                self.rect(), Qt.AlignmentFlag.AlignCenter, self.placeholder or t("No picture yet")
            )
            painter.end()
            return
        scale, offset = self._scale_and_offset()
        painter.translate(offset)
        painter.scale(scale, scale)
        painter.drawImage(QPointF(0, 0), self._image)
        self._paint_doubts(painter, scale)
        for team in ("A", "B"):
            for meld in team_melds(self._reading, team):
                self._paint_meld(painter, team, meld, scale)
        if self._selected is not None:
            self._paint_selected(painter, scale)
        painter.end()

    def _paint_doubts(self, painter: QPainter, scale: float) -> None:
        pen = QPen(QColor(DOUBT_COLOR), 2.0 / scale, Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for det in self._detections:
            if det.get("confidence", 1.0) < LOW_CONFIDENCE:
                x1, y1, x2, y2 = det["box_xyxy"]
                painter.drawRect(QRectF(x1, y1, x2 - x1, y2 - y1))

    def _paint_meld(
        self, painter: QPainter, team: str, meld: Mapping[str, Any], scale: float
    ) -> None:
        rect = meld_rect(meld)
        if rect is None:
            return
        painter.setPen(QPen(QColor(TEAM_COLORS[team]), 3.0 / scale))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(rect, 4 / scale, 4 / scale)
        legal = meld.get("legal") is not False
        text = verdict_text(meld)
        font = QFont(self.font())
        font.setPixelSize(max(int(13 / scale), 6))
        font.setBold(True)
        painter.setFont(font)
        width = painter.fontMetrics().horizontalAdvance(text) + 10 / scale
        height = painter.fontMetrics().height() + 4 / scale
        badge = QRectF(rect.left(), rect.top() - height - 2 / scale, width, height)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(LEGAL_COLOR if legal else ILLEGAL_COLOR))
        painter.drawRoundedRect(badge, 3 / scale, 3 / scale)
        painter.setPen(QColor("white"))
        painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, text)

    def _paint_selected(self, painter: QPainter, scale: float) -> None:
        team, m, slot = self._selected  # type: ignore[misc]
        melds = team_melds(self._reading, team)
        if m < len(melds) and slot < len(melds[m].get("boxes_xyxy") or []):
            x1, y1, x2, y2 = melds[m]["boxes_xyxy"][slot]
            painter.setPen(QPen(QColor("#ff2bd6"), 3.0 / scale))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(QRectF(x1 - 2, y1 - 2, x2 - x1 + 4, y2 - y1 + 4))
