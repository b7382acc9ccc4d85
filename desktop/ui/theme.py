"""Light and dark themes: the Fusion style with one of two palettes."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

THEMES = ("light", "dark")
TEAM_COLORS = {"A": "#2f7de1", "B": "#e8871e"}
LEGAL_COLOR = "#2e9e4f"
ILLEGAL_COLOR = "#d7263d"
DOUBT_COLOR = "#f2c12e"


def _dark_palette() -> QPalette:
    palette = QPalette()
    colors = {
        QPalette.ColorRole.Window: "#2b2d31",
        QPalette.ColorRole.WindowText: "#e8e8e8",
        QPalette.ColorRole.Base: "#1f2023",
        QPalette.ColorRole.AlternateBase: "#2b2d31",
        QPalette.ColorRole.ToolTipBase: "#e8e8e8",
        QPalette.ColorRole.ToolTipText: "#1f2023",
        QPalette.ColorRole.Text: "#e8e8e8",
        QPalette.ColorRole.Button: "#35373c",
        QPalette.ColorRole.ButtonText: "#e8e8e8",
        QPalette.ColorRole.BrightText: "#ff6b6b",
        QPalette.ColorRole.Highlight: "#3d7be0",
        QPalette.ColorRole.HighlightedText: "#ffffff",
        QPalette.ColorRole.PlaceholderText: "#8a8d93",
    }
    for role, color in colors.items():
        palette.setColor(role, QColor(color))
    return palette


def apply_theme(app: QApplication, theme: str) -> None:
    if theme not in THEMES:
        raise ValueError(f"theme must be one of {THEMES}, got {theme!r}")
    app.setStyle("Fusion")
    palette = _dark_palette() if theme == "dark" else app.style().standardPalette()
    app.setPalette(palette)
