"""The worker thread: owns the frame source and the reader, hands over the newest reading.

The worker object is moved to a ``QThread``; it builds its source and reader inside that
thread, checks for interruption on every frame, and releases the source in ``finally``. It
never queues readings: it keeps the newest one in a box and signals only when the box was
empty, so a slow window skips frames instead of falling behind. Stop it with
:meth:`LiveFeed.stop` (``requestInterruption`` + ``wait``), never ``terminate()``.

A live source (a camera: its frame iterator has ``live = True``) that stops delivering is
waited for, not given up: ``source_lost`` says why, the worker reopens it every
``reconnect_s`` seconds, and ``source_back`` says when frames flow again. The reader, and
with it the hand's memory, is kept across the gap. A file that fails still ends the feed
with ``failed``.
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
RECONNECT_S = 1.0


class _SourceLost(Exception):
    """A live source failed to open or to deliver; ``__cause__`` says how."""


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
    source_lost = Signal(str)  # a live source stopped; the worker keeps trying to reopen it
    source_back = Signal()  # frames flow again after source_lost
    finished = Signal()

    def __init__(
        self,
        open_frames: FramesOpener,
        make_reader: Callable[[], FrameReader],
        pace_fps: float,
        reconnect_s: float = RECONNECT_S,
    ) -> None:
        super().__init__()
        self._open_frames = open_frames
        self._make_reader = make_reader
        self._pace_s = 1.0 / pace_fps if pace_fps > 0 else 0.0
        self._reconnect_s = reconnect_s
        self.box = LatestBox()
        self._live = False  # set once the opened source says it is live
        self._lost = False
        self._count = 0

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
            started = time.monotonic()
            while not thread.isInterruptionRequested():
                try:
                    self._play(reader, thread, started)
                    return
                except _SourceLost as lost:  # a camera unplugged: wait for it, keep the reader
                    if not self._lost:
                        self._lost = True
                        self.source_lost.emit(str(lost.__cause__) or type(lost.__cause__).__name__)
                    self._wait_until(time.monotonic() + self._reconnect_s, thread)
        except Exception as exc:  # a corrupt file, a failing reader: tell the window
            self.failed.emit(f"{type(exc).__name__}: {exc}")
        finally:
            app = QCoreApplication.instance()
            if app is not None:  # hand the object back so it can be destroyed from the UI thread
                self.moveToThread(app.thread())
            self.finished.emit()

    def _play(self, reader: FrameReader, thread: QThread, started: float) -> None:
        """Read frames until the source ends; a live source's failure is :class:`_SourceLost`."""
        with contextlib.ExitStack() as stack:
            try:
                frames = stack.enter_context(self._open_frames())
            except Exception as exc:
                if self._live and self._reconnect_s > 0:  # still gone: try again later
                    raise _SourceLost from exc
                raise
            self._live = self._live or bool(getattr(frames, "live", False))
            # a photograph is read on its own, as ``arbitro read IMAGE`` reads it
            still = getattr(frames, "still", False) and hasattr(reader, "read_still")
            read = reader.read_still if still else reader.read
            source = iter(frames)
            next_due = time.monotonic()
            while True:
                try:
                    frame = next(source)
                except StopIteration:
                    break
                except Exception as exc:
                    if self._live and self._reconnect_s > 0:
                        raise _SourceLost from exc
                    raise
                if thread.isInterruptionRequested():
                    return
                if self._lost:
                    self._lost = False
                    self.source_back.emit()
                if self.box.put(read(frame)):
                    self.reading_ready.emit()
                self._count += 1
                elapsed = time.monotonic() - started
                if self._count % 5 == 0 and elapsed > 0:
                    self.fps_changed.emit(self._count / elapsed)
                next_due += self._pace_s
                self._wait_until(next_due, thread)
            if thread.isInterruptionRequested():
                return
            if getattr(frames, "hold_last", False) and hasattr(reader, "hold_last_frame"):
                held = reader.hold_last_frame()  # a folder's last photo: what the hand ends as
                if held is not None and self.box.put(held):
                    self.reading_ready.emit()
            elif hasattr(reader, "finish"):
                told = reader.finish()  # a video's end: the re-reads still waiting
                if told is not None and self.box.put(told):
                    self.reading_ready.emit()
            self.source_ended.emit()


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
