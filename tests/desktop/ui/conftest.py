"""UI tests run offscreen, each with its own settings file and database, and fail if a
worker thread is left running."""

from __future__ import annotations

import os

os.environ["QT_QPA_PLATFORM"] = "offscreen"  # before Qt is imported anywhere

import contextlib
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QThread

import desktop.ui.worker as worker_module
from desktop.session import Session
from desktop.session_demo import demo_frames
from desktop.session_frames import TruthReader
from desktop.session_rules import EngineReferee
from desktop.store import Store
from desktop.ui.i18n import install_language
from desktop.ui.main_window import LiveConfig
from desktop.ui.theme import apply_theme


class RecordedThread(QThread):
    """A QThread that remembers itself, so a test can check none is left running."""

    made: list[QThread] = []  # noqa: RUF012 (test bookkeeping, reset per test)

    def __init__(self, *args: object) -> None:
        super().__init__(*args)
        RecordedThread.made.append(self)


# OpenVINO starts one pool thread of its own when imported: not a leak of ours.
with contextlib.suppress(ImportError):
    import openvino  # noqa: F401


@pytest.fixture(autouse=True)
def no_thread_left(monkeypatch: pytest.MonkeyPatch, qapp) -> Iterator[None]:
    RecordedThread.made = []
    before = {t.ident for t in threading.enumerate()}
    monkeypatch.setattr(worker_module, "QThread", RecordedThread)
    yield
    running = [t for t in RecordedThread.made if t.isRunning()]
    for thread in running:  # clean up so one failure does not spill into the next test
        thread.requestInterruption()
        thread.quit()
        thread.wait(5000)
    assert not running, f"{len(running)} worker thread(s) left running"
    # A QThread that ran Python shows up as a _DummyThread, which Python never marks ended;
    # the QThreads themselves are checked above.
    leaked = [
        t
        for t in threading.enumerate()
        if t.ident not in before and t.is_alive() and not isinstance(t, threading._DummyThread)
    ]
    assert not leaked, f"threads left running: {leaked}"


@pytest.fixture(autouse=True)
def isolated_settings(tmp_path: Path, qapp) -> Iterator[QSettings]:
    """Every QSettings the app makes lands in this test's own folder."""
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "cfg"))
    settings = QSettings("Arbitro", "Arbitro")
    settings.clear()
    yield settings
    settings.clear()
    settings.sync()
    install_language("en")
    apply_theme(qapp, "light")


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "arbitro.db"


@pytest.fixture
def session(db_path: Path) -> Iterator[Session]:
    with Store.open(db_path, "test") as store:
        yield Session(store, EngineReferee(), "test", "truth")


def demo_live(preset: str = "pagat", frames_limit: int | None = None) -> LiveConfig:
    """The built-in demo hand read from its known table (no model needed)."""
    frames = list(demo_frames())
    if frames_limit is not None:
        frames = frames[:frames_limit]
    truths = {frame.index: truth for frame, truth in frames}

    @contextlib.contextmanager
    def open_frames() -> Iterator[Iterator]:
        yield iter(frame for frame, _ in frames)

    return LiveConfig(
        open_frames=open_frames,
        make_reader=lambda: TruthReader(lambda f: truths[f.index], EngineReferee(), preset),
        source_label="demo (test)",
        pace_fps=0.0,
    )
