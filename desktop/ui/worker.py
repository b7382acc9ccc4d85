"""The worker thread: owns the frame source and the reader, hands over the newest reading.

The worker object is moved to a ``QThread``; it builds its source and reader inside that
thread, checks for interruption on every frame, and releases the source in ``finally``. It
never queues readings: it keeps the newest one in a box and signals only when the box was
empty, so a slow window skips frames instead of falling behind. Stop it with
:meth:`LiveFeed.stop` (``requestInterruption`` + ``wait``), never ``terminate()``.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal, Slot

from desktop.session import TableReading
from desktop.session_frames import FrameReader
from vision.types import Frame

FramesOpener = Callable[[], contextlib.AbstractContextManager[Iterator[Frame]]]


class LatestBox:
    """One slot shared by two threads: put replaces, take empties."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._item: Any = None

    def put(self, item: Any) -> bool:
        """Store ``item``; True when the box was empty (the reader must be told)."""
        with self._lock:
            was_empty = self._item is None
            self._item = item
            return was_empty

    def take(self) -> Any:
        with self._lock:
            item, self._item = self._item, None
            return item


class ReadingWorker(QObject):
    reading_ready = Signal()
    status_changed = Signal(str)
    fps_changed = Signal(float)
    failed = Signal(str)
    source_ended = Signal()
    finished = Signal()

    def __init__(
        self, open_frames: FramesOpener, make_reader: Callable[[], FrameReader], pace_fps: float
    ) -> None:
        super().__init__()
        self._open_frames = open_frames
        self._make_reader = make_reader
        self._pace_s = 1.0 / pace_fps if pace_fps > 0 else 0.0
        self.box = LatestBox()

    def take(self) -> TableReading | None:
        return self.box.take()  # type: ignore[no-any-return]

    def _wait_until(self, deadline: float, thread: QThread) -> None:
        while time.monotonic() < deadline and not thread.isInterruptionRequested():
            QThread.msleep(5)  # the worker's own thread, never the UI's

    @Slot()
    def run(self) -> None:
        thread = QThread.currentThread()
        try:
            reader = self._make_reader()  # built here: one model per thread
            self.status_changed.emit(reader.status)
            with self._open_frames() as frames:
                started = next_due = time.monotonic()
                for count, frame in enumerate(frames, start=1):
                    if thread.isInterruptionRequested():
                        return
                    if self.box.put(reader.read(frame)):
                        self.reading_ready.emit()
                    elapsed = time.monotonic() - started
                    if count % 5 == 0 and elapsed > 0:
                        self.fps_changed.emit(count / elapsed)
                    next_due += self._pace_s
                    self._wait_until(next_due, thread)
                if not thread.isInterruptionRequested():
                    self.source_ended.emit()
        except Exception as exc:  # a camera unplugged, a corrupt file: tell the window
            self.failed.emit(f"{type(exc).__name__}: {exc}")
        finally:
            app = QCoreApplication.instance()
            if app is not None:  # hand the object back so it can be destroyed from the UI thread
                self.moveToThread(app.thread())
            self.finished.emit()


class LiveFeed(QObject):
    """Starts and stops one :class:`ReadingWorker` in its own ``QThread``."""

    def __init__(self, worker: ReadingWorker, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.worker = worker
        self.qthread = QThread()
        self.qthread.setObjectName("arbitro-reading")
        worker.moveToThread(self.qthread)
        self.qthread.started.connect(worker.run)
        worker.finished.connect(self.qthread.quit)

    def start(self) -> None:
        self.qthread.start()

    def stop(self, timeout_ms: int = 5000) -> bool:
        """Ask the worker to stop and wait for its thread; True when it has ended."""
        if not self.qthread.isRunning():
            return True
        self.qthread.requestInterruption()
        self.qthread.quit()
        return bool(self.qthread.wait(timeout_ms))
