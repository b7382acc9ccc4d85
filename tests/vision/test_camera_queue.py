"""A camera read by a reader slower than the camera: it is handed the newest frame, not the
oldest one its driver queued (``vision.sources.newest_grab``)."""

from __future__ import annotations

import time

import numpy as np
import pytest

from vision import sources
from vision.sources import SourceError, newest_grab

FRAME_S = 1 / 30  # the camera's frame interval
QUEUE = 4  # frames a V4L2 driver typically keeps queued
READ_S = 0.22  # one frame read by the shipped reader on two cores without AVX-512 (0.2-0.4 s)


class VirtualClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class QueuingCamera:
    """Stands in for cv2.VideoCapture over a driver that captures a frame every FRAME_S
    into a queue of QUEUE and drops frames while the queue is full. ``grab`` dequeues at
    once when a frame waits, else waits (on the virtual clock) for the next capture."""

    def __init__(self, clock: VirtualClock, unplug_after: int | None = None) -> None:
        self.clock = clock
        self.next_capture = 0  # number of the next frame the sensor takes
        self.queue: list[float] = []  # capture times of the queued frames
        self.grabbed: float | None = None
        self.grabs = 0
        self.unplug_after = unplug_after

    def _capture_until_now(self) -> None:
        while self.next_capture * FRAME_S <= self.clock.now:
            if len(self.queue) < QUEUE:
                self.queue.append(self.next_capture * FRAME_S)
            self.next_capture += 1

    def grab(self) -> bool:
        self.grabs += 1
        if self.unplug_after is not None and self.grabs > self.unplug_after:
            return False
        self._capture_until_now()
        if not self.queue:
            self.clock.now = self.next_capture * FRAME_S + 0.001  # wait for the sensor
            self._capture_until_now()
        self.grabbed = self.queue.pop(0)
        return True

    def retrieve(self) -> tuple[bool, np.ndarray | None]:
        if self.grabbed is None:
            return False, None
        image = np.full((2, 2, 3), 0, np.uint8)
        return True, image

    def read_age(self, grab) -> float:
        """How old the frame a reader gets is when it gets it."""
        assert grab(self)
        return self.clock.now - self.grabbed


def _steady_age(grab, read_s: float) -> float:
    """The age of the frame handed over, once the queue has filled: 20 reads of read_s."""
    clock = VirtualClock()
    camera = QueuingCamera(clock)
    ages = []
    for _ in range(20):
        ages.append(camera.read_age(grab))
        clock.now += read_s  # the reader at work
    return max(ages[5:])


def _plain_grab(camera: QueuingCamera) -> bool:
    return camera.grab()  # what cv2.VideoCapture.read() does before it decodes


def _newest(camera: QueuingCamera) -> bool:
    return newest_grab(camera, clock=camera.clock)


def test_a_slow_reader_gets_the_newest_frame_not_the_oldest_queued():
    # Without passing over the queue, each frame handed over is several reads old.
    assert _steady_age(_plain_grab, READ_S) > (QUEUE - 1) * READ_S
    # With it, a frame is never older than one frame interval when the reader gets it.
    assert _steady_age(_newest, READ_S) <= FRAME_S


def test_a_reader_as_fast_as_the_camera_skips_no_frame():
    clock = VirtualClock()
    camera = QueuingCamera(clock)
    taken = []
    for _ in range(30):
        assert newest_grab(camera, clock=clock)
        taken.append(round(camera.grabbed / FRAME_S))
        clock.now += FRAME_S / 2  # reads in half a frame interval: the queue stays empty
    # The first call finds the frame taken as the camera started queued, and passes over
    # it; from then on every frame the camera takes is handed over, in order.
    assert taken == list(range(1, 31))


def test_a_failed_grab_is_reported():
    clock = VirtualClock()
    camera = QueuingCamera(clock, unplug_after=3)
    assert newest_grab(camera, clock=clock)
    clock.now += READ_S  # frames queue up, then the cable is pulled while they are passed over
    assert not newest_grab(camera, clock=clock)


class _FakeCapture(QueuingCamera):
    """QueuingCamera behind cv2.VideoCapture's constructor: waiting for the sensor takes real
    time too, since CameraSource times its grabs on the real clock."""

    def __init__(self, index: int) -> None:
        super().__init__(VirtualClock(), unplug_after=5)

    def grab(self) -> bool:
        self._capture_until_now()
        if not self.queue:
            time.sleep(2 * sources.QUEUED_GRAB_S)
        return super().grab()

    def isOpened(self) -> bool:  # OpenCV's name
        return True

    def set(self, prop: int, value: float) -> bool:
        return True

    def release(self) -> None:
        pass


def test_a_camera_source_hands_over_frames_then_says_it_was_unplugged(monkeypatch):
    import cv2

    monkeypatch.setattr(cv2, "VideoCapture", _FakeCapture)
    camera = sources.CameraSource(0)
    got = []
    with pytest.raises(SourceError, match="stopped sending frames"), camera:
        got.extend(frame.index for frame in camera)
    # grabs 1-2 give frame 0 (the queued first frame passed over), grabs 3-5 one frame each
    assert got == [0, 1, 2, 3]
