"""Camera setup: which camera, what resolution, the table's corners, and a health check."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop.session_frames import camera_names, check_health
from desktop.ui.i18n import t
from desktop.ui.table_view import TableView, qimage_from_bgr
from vision.types import CardDetection

# The first is the default (vision.sources.CameraSource says why it is not 1920x1080).
RESOLUTIONS = ("1280x720", "1920x1080", "640x480")


class CornerView(TableView):
    """A still frame where the user clicks the table's four corners."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.corners: list[tuple[float, float]] = []

    def mousePressEvent(self, event: QMouseEvent) -> None:
        scale, offset = self._scale_and_offset()
        point = event.position()
        if len(self.corners) == 4:
            self.corners = []
        self.corners.append(((point.x() - offset.x()) / scale, (point.y() - offset.y()) / scale))
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self.corners:
            return
        scale, offset = self._scale_and_offset()
        painter = QPainter(self)
        painter.setPen(QPen(QColor("#ff2bd6"), 2))
        points = [QPointF(offset.x() + x * scale, offset.y() + y * scale) for x, y in self.corners]
        for i, p in enumerate(points):
            painter.drawEllipse(p, 5, 5)
            if i:
                painter.drawLine(points[i - 1], p)
        if len(points) == 4:
            painter.drawLine(points[3], points[0])
        painter.end()


class CameraSetupDialog(QDialog):
    def __init__(
        self,
        settings: QSettings,
        still_bgr: Any,
        parent: QWidget | None = None,
        cameras: list[tuple[int, str]] | None = None,
        detections: Sequence[CardDetection] = (),
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(t("Camera setup"))
        self.settings = settings
        self.still = still_bgr
        self.detections = tuple(detections)
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.camera = QComboBox()
        self.camera.setObjectName("camera")
        for index, name in camera_names() if cameras is None else cameras:
            self.camera.addItem(name, str(index))
        self.camera.addItem(t("Demo hand"), "demo")
        saved = str(settings.value("camera/source", ""))
        found = self.camera.findData(saved)
        self.camera.setCurrentIndex(found if found >= 0 else 0)
        self.resolution = QComboBox()
        self.resolution.addItems(list(RESOLUTIONS))
        self.resolution.setCurrentText(str(settings.value("camera/resolution", RESOLUTIONS[0])))
        form.addRow(t("Camera"), self.camera)
        form.addRow(t("Resolution"), self.resolution)
        layout.addLayout(form)
        hint = t(
            "Click the table's four corners: top-left, top-right, bottom-right, "
            "bottom-left (team A sits at the bottom)."
        )
        layout.addWidget(QLabel(hint))
        self.corners = CornerView()
        self.corners.setMinimumSize(480, 270)
        if still_bgr is not None:
            self.corners.show_reading(qimage_from_bgr(still_bgr), None)
        layout.addWidget(self.corners, 1)
        check = QPushButton(t("Check the picture"))
        check.clicked.connect(self.run_health_check)
        layout.addWidget(check)
        self.advice = QLabel()
        self.advice.setObjectName("advice")
        self.advice.setWordWrap(True)
        layout.addWidget(self.advice)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.corners.setCursor(Qt.CursorShape.CrossCursor)

    def run_health_check(self) -> list[str]:
        if self.still is None:
            self.advice.setText(t("No picture yet: start the camera first."))
            return []
        report = check_health(self.still, self.detections)
        lines = [t(a) for a in report.advice] or [t("The picture looks good.")]
        self.advice.setText("\n".join(lines))
        return lines

    def accept(self) -> None:
        self.settings.setValue("camera/source", self.camera.currentData())
        self.settings.setValue("camera/resolution", self.resolution.currentText())
        if len(self.corners.corners) == 4 and self.still is not None:
            from vision.layout.zones import from_corners

            height, width = self.still.shape[:2]
            zones = from_corners((width, height), tuple(self.corners.corners))
            self.settings.setValue("camera/zones", json.dumps(zones.to_json()))
        super().accept()
