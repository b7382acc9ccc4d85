"""Starting the window: settings, language, theme, the database, the session, the live feed."""

from __future__ import annotations

import json
import os
import sys
from importlib import metadata
from pathlib import Path
from typing import Any

from PySide6.QtCore import QLocale, QSettings, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from desktop.app_main import AppOptions
from desktop.session import Session
from desktop.session_frames import SourceSpec, list_cameras, load_model_reader, open_frames
from desktop.session_rules import EngineReferee, preset_names, preset_target
from desktop.store import Store, StoreError
from desktop.ui.i18n import install_language
from desktop.ui.main_window import LiveConfig, MainWindow
from desktop.ui.theme import apply_theme

SMOKE_TIMEOUT_MS = 180_000


def app_version() -> str:
    try:
        return metadata.version("arbitro")
    except metadata.PackageNotFoundError:
        return "0.0.0+source"


def default_settings() -> QSettings:
    return QSettings("Arbitro", "Arbitro")


def system_language() -> str:
    return "it" if QLocale.system().language() == QLocale.Language.Italian else "en"


def open_store(path: Path, interactive: bool) -> Store:
    """Open the database; an unreadable one is set aside (the user is told) and a new one begun."""
    try:
        return Store.open(path, app_version())
    except StoreError as exc:
        if exc.backup_path is None:
            raise
        message = str(exc)
    if interactive:
        QMessageBox.warning(None, "Arbitro", message)
    print(f"arbitro: {message}", file=sys.stderr)
    return Store.open(path, app_version())


def zones_from_settings(settings: QSettings) -> Any:
    text = settings.value("camera/zones")
    if not text:
        return None
    from vision.layout.zones import ZoneMap

    try:
        return ZoneMap.from_json(json.loads(str(text)))
    except ValueError:
        return None


def choose_source(options: AppOptions, settings: QSettings) -> SourceSpec:
    if options.source is not None:
        return options.source
    saved = str(settings.value("camera/source", "") or "")
    if saved == "demo":
        return SourceSpec("demo")
    if saved:
        return SourceSpec("camera", saved)
    return SourceSpec("camera", "0") if list_cameras(1) else SourceSpec("demo")


def camera_size(settings: QSettings) -> tuple[int, int] | None:
    text = str(settings.value("camera/resolution", "") or "")
    width, _, height = text.partition("x")
    return (int(width), int(height)) if width.isdigit() and height.isdigit() else None


def _needs_offscreen() -> bool:
    if os.environ.get("QT_QPA_PLATFORM"):
        return False
    return sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    )


def run(options: AppOptions, settings: QSettings | None = None) -> int:
    if options.quit_after_hand and _needs_offscreen():
        os.environ["QT_QPA_PLATFORM"] = "offscreen"  # the smoke test runs without a display
    app = QApplication.instance() or QApplication(["arbitro"])
    settings = settings or default_settings()
    lang = options.lang or str(settings.value("language", "") or system_language())
    settings.setValue("language", lang)
    install_language(lang)
    apply_theme(app, str(settings.value("theme", "light")))  # type: ignore[arg-type]
    interactive = not options.quit_after_hand
    try:
        store = open_store(options.db_path, interactive)
    except StoreError as exc:
        if interactive:
            QMessageBox.critical(None, "Arbitro", str(exc))
        print(f"arbitro: {exc}", file=sys.stderr)
        return 1
    settings.setValue("database/path", str(options.db_path))
    referee = EngineReferee()
    session = Session(store, referee, app_version())
    window = MainWindow(
        session, settings, preset_names(), preset_target, options.preset, options.quit_after_hand
    )
    source = choose_source(options, settings)
    zones = zones_from_settings(settings)
    live = LiveConfig(
        open_frames=lambda: open_frames(source, camera_size(settings)),
        make_reader=lambda: load_model_reader(options.preset, zones),
        source_label=source.describe(),
        # a camera paces itself (and pacing it would only add lag); files play at 10 fps
        pace_fps=0.0 if options.quit_after_hand or source.kind == "camera" else 10.0,
    )
    window.show()
    window.start_live(live)
    if options.quit_after_hand:
        QTimer.singleShot(SMOKE_TIMEOUT_MS, lambda: app.exit(3))  # never hang a CI run
    try:
        code = app.exec()
    finally:
        window.stop_live()
        store.close()
    return code or window.exit_code
