"""Render the documentation's screenshots offscreen from the built-in demo hand.

    QT_QPA_PLATFORM=offscreen python -m desktop.ui.screenshots docs/screenshots

The table is read from the demo's known layout (no model needed), so the pictures show
what the window does with a good reading: overlays, verdicts, the score and the review.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QWidget

from desktop.match import MatchSetup
from desktop.session import Session
from desktop.session_demo import DEMO_STEPS, demo_frames
from desktop.session_frames import TruthReader
from desktop.session_rules import EngineReferee, preset_names, preset_target
from desktop.store import Store
from desktop.ui.i18n import install_language
from desktop.ui.main_window import MainWindow
from desktop.ui.review import ReviewWindow
from desktop.ui.table_view import qimage_from_bgr
from desktop.ui.theme import apply_theme

SETUP = MatchSetup(("Noi", "Voi"), (("Anna", "Bruno"), ("Carla", "Dario")), "pagat", 2000)


def _save(widget: QWidget, path: Path) -> None:
    QApplication.processEvents()
    widget.grab().save(str(path))
    print(f"wrote {path}")


def _play(window: MainWindow, session: Session, first: int, last: int) -> None:
    """Feed the demo's frames to the window as the worker would, without a thread."""
    frames = list(demo_frames())
    truths = {frame.index: truth for frame, truth in frames}
    reader = TruthReader(lambda f: truths[f.index], session.referee, SETUP.preset)
    for frame, _ in frames[first : last + 1]:
        reading = reader.read(frame)
        window.log.add_events(session.on_reading(reading))
        dets = [{"confidence": d.confidence, "box_xyxy": d.box_xyxy} for d in reading.detections]
        window.view.show_reading(qimage_from_bgr(reading.image_bgr), reading.reading, dets)
    window.refresh_panel()
    window.source_label.setText("Source: demo")
    window.model_label.setText("model: demo truth")
    window.fps_label.setText("10.0 frames/s")


def render(out_dir: Path, lang: str = "en") -> list[Path]:
    app = QApplication.instance() or QApplication(["arbitro-screenshots"])
    out_dir.mkdir(parents=True, exist_ok=True)
    install_language(lang)
    written = []
    with tempfile.TemporaryDirectory() as tmp:
        settings = QSettings(str(Path(tmp) / "settings.ini"), QSettings.Format.IniFormat)
        with Store.open(Path(tmp) / "shots.db", "screenshots") as store:
            session = Session(store, EngineReferee(), "screenshots", "demo truth")
            for theme, step, name in (("light", 5, "main-window"), ("dark", 2, "main-window-dark")):
                apply_theme(app, theme)  # type: ignore[arg-type]
                window = MainWindow(session, settings, preset_names(), preset_target, "pagat", True)
                window.resize(1360, 800)
                window.show()
                window.new_match(SETUP)
                last_frame = sum(s.frames for s in DEMO_STEPS[: step + 1]) - 1
                _play(window, session, 0, last_frame)
                _save(window, out_dir / f"{name}.png")
                written.append(out_dir / f"{name}.png")
                if theme == "light":
                    _play(window, session, last_frame + 1, sum(s.frames for s in DEMO_STEPS) - 1)
                    dialog = window.end_of_hand_dialog()
                    dialog.resize(980, 640)
                    dialog.show()
                    _save(dialog, out_dir / "end-of-hand.png")
                    written.append(out_dir / "end-of-hand.png")
                    window.save_hand(dialog.hand_input())
                    dialog.close()
                    review = ReviewWindow(session, settings, window, pick_card=lambda *_: None)
                    review.resize(1360, 760)
                    review.show()
                    review.select_first_hand()
                    review.view.select(("A", 1, 6))
                    _save(review, out_dir / "review.png")
                    written.append(out_dir / "review.png")
                    window.show_sheet()
                    assert window.sheet_dialog is not None
                    _save(window.sheet_dialog, out_dir / "match-sheet.png")
                    written.append(out_dir / "match-sheet.png")
                    review.close()
                window.close()
        apply_theme(app, "light")  # type: ignore[arg-type]
    return written


if __name__ == "__main__":
    render(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"))
