"""The camera disappearing mid-hand: a clear message, automatic reconnection when it comes
back, and the hand's state kept (the referee's memory of the table and the match).

The "camera" is a fake live source: it delivers the demo hand's frames, fails the way
``vision.sources.CameraSource`` does when unplugged, cannot be opened for a while, then
delivers the rest. The card model is a fake that reads each frame's known table (the
frame's number is written into its first pixel), so the real referee over frames runs.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from desktop.match import MatchSetup
from desktop.session import Session, TableReading
from desktop.session_demo import DEMO_FRAME_COUNT, demo_frames, truth_detections
from desktop.session_frames import FrameStream, ModelReader
from desktop.session_rules import EngineReferee
from desktop.store import Store
from desktop.ui.worker import LiveFeed, ReadingWorker
from vision.sources import SourceError
from vision.types import CardDetection, Frame

HALF = DEMO_FRAME_COUNT // 2
BEFORE = range(0, HALF)  # frames seen before the cable is pulled: melds are on the table
AFTER = range(HALF + 2, DEMO_FRAME_COUNT)  # seen once it is back; two happen while it is away
GONE_ATTEMPTS = 3  # reopening fails this many times


def marked_demo() -> tuple[dict[int, Frame], dict[int, dict[str, Any]]]:
    frames, truths = {}, {}
    for frame, truth in demo_frames():
        frame.image_bgr[0, 0, 0] = frame.index  # the fake model reads the table from this
        frames[frame.index], truths[frame.index] = frame, truth
    return frames, truths


class TableCardReader:
    """A card model that reads each demo frame's known table."""

    def __init__(self, truths: dict[int, dict[str, Any]]) -> None:
        self._truths = truths
        self.backend_name = "fake"

    def detect(self, image_bgr: Any) -> list[CardDetection]:
        return list(truth_detections(self._truths[int(image_bgr[0, 0, 0])]))


class FlakyCamera:
    """Opens like ``open_frames`` for a camera; unplugged after BEFORE, away for a while."""

    def __init__(self, frames: dict[int, Frame]) -> None:
        self._frames = frames
        self.opened = 0
        self.closed = 0

    @contextlib.contextmanager
    def open(self) -> Iterator[FrameStream]:
        self.opened += 1
        if 1 < self.opened <= 1 + GONE_ATTEMPTS:
            raise SourceError("camera 0 is not connected or is in use by another program")
        try:
            yield FrameStream(self._deliver(self.opened == 1), live=True)
        finally:
            self.closed += 1

    def _deliver(self, first: bool) -> Iterator[Frame]:
        for index in BEFORE if first else AFTER:
            yield self._frames[index]
        if first:
            raise SourceError("camera 0 stopped sending frames (unplugged?)")


class Recorder:
    """The window's side of the worker: every signal, and each reading into the session."""

    def __init__(self, worker: ReadingWorker, session: Session) -> None:
        self.signals: list[tuple[str, Any]] = []
        self.readings: list[TableReading] = []
        self._worker, self._session = worker, session
        worker.reading_ready.connect(self.on_ready)
        for name in ("source_lost", "source_back", "failed", "source_ended"):
            getattr(worker, name).connect(lambda *a, n=name: self.signals.append((n, a)))

    def on_ready(self) -> None:
        reading = self._worker.take()
        if reading is not None:
            self.readings.append(reading)
            self._session.on_reading(reading)

    def names(self) -> list[str]:
        return [name for name, _ in self.signals]


def replay(
    store: Store,
    frames: dict[int, Frame],
    truths: dict[int, Any],
    indices: list[int],
    restart_at: int | None,
) -> Session:
    """A session fed ``indices`` with no gap; the reader is rebuilt at ``restart_at``."""
    session = Session(store, EngineReferee())
    reader = ModelReader(TableCardReader(truths), "pagat")
    for i in indices:
        if i == restart_at:
            reader = ModelReader(TableCardReader(truths), "pagat")
        session.on_reading(reader.read(frames[i]))
    return session


def event_texts(session: Session) -> list[str]:
    return [e.text for e in session.events if e.kind != "match"]


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    with Store.open(tmp_path / "arbitro.db", "test") as store:
        yield Session(store, EngineReferee(), "test", "fake")


def test_a_camera_unplugged_mid_hand_is_reported_reconnected_and_the_hand_kept(
    qapp: Any, session: Session
) -> None:
    frames, truths = marked_demo()
    camera = FlakyCamera(frames)
    sheet_before = session.new_match(MatchSetup(("Noi", "Voi")))
    worker = ReadingWorker(
        camera.open, lambda: ModelReader(TableCardReader(truths), "pagat"), 0.0, 0.01
    )
    seen = Recorder(worker, session)
    worker.run()  # in this thread: every reading reaches the session, in order

    assert seen.names() == ["source_lost", "source_back", "source_ended"]
    assert "stopped sending frames" in seen.signals[0][1][0]  # the camera's own words
    assert camera.opened == 2 + GONE_ATTEMPTS and camera.closed == 2
    assert [r.frame_index for r in seen.readings] == [*BEFORE, *AFTER]

    # the memory of the table survived the gap: the readings and the event log are what a
    # reader that never lost the camera gives for the same frames
    delivered = [*BEFORE, *AFTER]
    kept = replay(session.store, frames, truths, delivered, restart_at=None)
    assert kept.latest is not None
    assert seen.readings[-1].reading["zones"] == kept.latest.reading["zones"]
    assert event_texts(session) == event_texts(kept)
    before_gap = event_texts(replay(session.store, frames, truths, list(BEFORE), None))
    assert any(" laid " in t for t in before_gap)  # melds were on the table when it went
    assert event_texts(session)[: len(before_gap)] == before_gap
    # ...and differ from what losing the reader at the gap would give: the check can fail
    lost = replay(session.store, frames, truths, delivered, restart_at=AFTER[0])
    assert event_texts(lost) != event_texts(session)

    # the match went on: same sheet, and the hand ends with everything read before and after
    assert session.sheet == sheet_before
    assert session.prefill() == kept.prefill()
    result = session.end_hand(session.prefill())
    assert result.record.hand_input.teams["A"].melds  # melds laid before the gap are there
    assert session.store.count("hands") == 1


def test_reconnection_works_in_the_worker_thread_and_stops_on_request(
    qtbot: Any, session: Session
) -> None:
    frames, truths = marked_demo()

    class NeverBack(FlakyCamera):
        @contextlib.contextmanager
        def open(self) -> Iterator[FrameStream]:
            self.opened += 1
            if self.opened > 1:
                raise SourceError("camera 0 is not connected")
            yield FrameStream(self._deliver(True), live=True)

    camera = NeverBack(frames)
    worker = ReadingWorker(
        camera.open, lambda: ModelReader(TableCardReader(truths), "pagat"), 0.0, 0.02
    )
    lost: list[str] = []
    worker.source_lost.connect(lost.append)
    failed: list[str] = []
    worker.failed.connect(failed.append)
    feed = LiveFeed(worker)
    feed.start()
    qtbot.waitUntil(lambda: camera.opened >= 4, timeout=10_000)  # still trying
    assert feed.qthread.isRunning()
    assert feed.stop(5000)  # a camera that never returns does not block quitting
    assert lost == ["camera 0 stopped sending frames (unplugged?)"] and not failed


def test_a_file_that_fails_mid_way_still_ends_the_feed(qapp: Any, session: Session) -> None:
    frames, truths = marked_demo()

    @contextlib.contextmanager
    def broken_video() -> Iterator[FrameStream]:
        def frames_then_error() -> Iterator[Frame]:
            yield frames[0]
            raise SourceError("cannot read image table-002.png")

        yield FrameStream(frames_then_error(), live=False)

    worker = ReadingWorker(
        broken_video, lambda: ModelReader(TableCardReader(truths), "pagat"), 0.0, 0.01
    )
    seen = Recorder(worker, session)
    worker.run()
    assert seen.names() == ["failed"]
    assert "cannot read image table-002.png" in seen.signals[0][1][0]


def test_a_camera_missing_from_the_start_is_a_failure_not_a_wait(
    qapp: Any, session: Session
) -> None:
    @contextlib.contextmanager
    def absent() -> Iterator[FrameStream]:
        raise SourceError("camera 3 is not connected or is in use by another program")
        yield  # pragma: no cover

    worker = ReadingWorker(absent, lambda: ModelReader(TableCardReader({}), "pagat"), 0.0, 0.01)
    seen = Recorder(worker, session)
    worker.run()
    assert seen.names() == ["failed"] and "camera 3 is not connected" in seen.signals[0][1][0]


class RecordingReader:
    """A reader that says which of its readings the worker asked for."""

    status = "stand-in"

    def __init__(self) -> None:
        self.calls: list[str] = []

    def read(self, f: Frame) -> TableReading:
        self.calls.append("frame")
        return TableReading(f.index, f.image_bgr, (), {})

    def read_still(self, f: Frame) -> TableReading:
        self.calls.append("still")
        return TableReading(f.index, f.image_bgr, (), {})

    def hold_last_frame(self) -> TableReading:
        self.calls.append("held")
        return TableReading(99, np.zeros((4, 4, 3), np.uint8), (), {})


def test_the_worker_reads_a_photograph_as_a_still(qapp: Any) -> None:
    """A still source (one photograph) goes to the reader's still reading, every other
    source to its frame reading."""
    frame = next(f for f, _ in demo_frames())
    for still, want in ((True, ["still"]), (False, ["frame"])):
        reader = RecordingReader()

        @contextlib.contextmanager
        def one_frame(still: bool = still) -> Iterator[FrameStream]:
            yield FrameStream(iter([frame]), live=False, still=still)

        ReadingWorker(one_frame, lambda reader=reader: reader, 0.0, 0.01).run()
        assert reader.calls == want


def test_the_worker_holds_a_folders_last_photo(qapp: Any) -> None:
    """When a folder's photos end, the reader is asked to hold the last one (its cards
    must be believed) and that reading is the one left to show; a video's end is not held."""
    frame = next(f for f, _ in demo_frames())
    for hold_last, want in ((True, ["frame", "held"]), (False, ["frame"])):
        reader = RecordingReader()

        @contextlib.contextmanager
        def photos(hold_last: bool = hold_last) -> Iterator[FrameStream]:
            yield FrameStream(iter([frame]), live=False, hold_last=hold_last)

        worker = ReadingWorker(photos, lambda reader=reader: reader, 0.0, 0.01)
        worker.run()
        assert reader.calls == want
        assert worker.take().frame_index == (99 if hold_last else frame.index)
