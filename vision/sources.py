"""Frame sources: a webcam (by index or name), a video file, an image, a folder of images,
and ``demo`` (the bundled recording of a rendered hand).

``open_source(spec)`` picks one from a string; every source is a context manager that
releases its camera or file on exit and yields ``Frame`` values while iterated. Problems
a user can fix (no such file, camera missing or unplugged) raise ``SourceError`` with a
one-line message.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

from vision.types import Frame

if TYPE_CHECKING:
    import numpy as np

DEMO_PATH = Path(__file__).resolve().parent / "assets" / "demo_hand.mp4"
IMAGE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".bmp", ".webp", ".tif", ".tiff"})
SYSFS_VIDEO = Path("/sys/class/video4linux")


class SourceError(RuntimeError):
    """A source that cannot be opened or stopped delivering; the message is for the user."""


class _Source:
    name = "source"

    def __enter__(self) -> _Source:
        self.open()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def open(self) -> None:
        """Acquire the camera or file (idempotent)."""

    def close(self) -> None:
        """Release whatever ``open`` acquired (idempotent)."""

    def __iter__(self) -> Iterator[Frame]:
        raise NotImplementedError


def _read_image(path: Path) -> np.ndarray:
    import cv2

    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if image is None:
        raise SourceError(f"cannot read image {path}")
    return image


class ImageSource(_Source):
    """One still image, one frame."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.name = str(path)

    def __iter__(self) -> Iterator[Frame]:
        yield Frame(0, 0.0, _read_image(self.path))


def folder_images(folder: Path) -> list[Path]:
    """The images of ``folder`` in name order; SourceError when it holds none."""
    paths = sorted(p for p in Path(folder).iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
    if not paths:
        raise SourceError(f"no images in folder {folder}")
    return paths


class FolderSource(_Source):
    """The images of a folder in name order, ``period_s`` apart: photos of one hand."""

    def __init__(self, folder: Path, period_s: float = 1.0) -> None:
        self.folder = Path(folder)
        self.period_s = period_s
        self.name = str(folder)
        self.paths = folder_images(self.folder)

    def __iter__(self) -> Iterator[Frame]:
        for i, path in enumerate(self.paths):
            yield Frame(i, i * self.period_s, _read_image(path))


class VideoSource(_Source):
    """A video file; ``sample_fps`` skips frames so that at most that many come per second
    of video. Time is the video's own clock."""

    def __init__(self, path: Path, sample_fps: float | None = None) -> None:
        self.path = Path(path)
        self.sample_fps = sample_fps
        self.name = str(path)
        self._cap: Any = None

    def open(self) -> None:
        if self._cap is not None:
            return
        import cv2

        if not self.path.is_file():
            raise SourceError(f"no such video file: {self.path}")
        cap = cv2.VideoCapture(str(self.path))
        if not cap.isOpened():
            cap.release()
            raise SourceError(f"cannot open video {self.path} (not a video OpenCV can decode)")
        self._cap = cap

    def close(self) -> None:
        if self._cap is not None:
            self._cap.release()
            self._cap = None

    @property
    def fps(self) -> float:
        import cv2

        self.open()
        fps = float(self._cap.get(cv2.CAP_PROP_FPS) or 0.0)
        return fps if fps > 0 else 30.0

    def __iter__(self) -> Iterator[Frame]:
        self.open()
        fps = self.fps
        every = 1 if not self.sample_fps else max(1, round(fps / self.sample_fps))
        index = 0
        while True:
            if index % every:
                if not self._cap.grab():
                    return
            else:
                ok, image = self._cap.read()
                if not ok:
                    return
                yield Frame(index, index / fps, image)
            index += 1


def camera_index_by_name(name: str, sysfs: Path = SYSFS_VIDEO) -> int:
    """The index of the first camera whose name contains ``name`` (Linux only: OpenCV
    cannot list cameras by name; elsewhere use an index, or the app's camera menu)."""
    if not sysfs.is_dir():
        raise SourceError(
            f"cannot look up camera {name!r} by name here; give its index (0, 1, ...)"
        )
    found: list[str] = []
    for dev in sorted(sysfs.iterdir(), key=lambda p: p.name):
        try:
            dev_name = (dev / "name").read_text(encoding="utf-8").strip()
        except OSError:
            continue
        found.append(dev_name)
        if name.lower() in dev_name.lower() and dev.name.startswith("video"):
            return int(dev.name[len("video") :])
    known = ", ".join(sorted(set(found))) or "none"
    raise SourceError(f"no camera named {name!r} (cameras found: {known})")


class CameraSource(_Source):
    """A webcam through OpenCV. Reading stops with ``SourceError`` if it is unplugged."""

    # 1280x720, not 1920x1080: the larger frame reads whole-table photos far better (held-out
    # stills 399 of 448 melds exact against 360 of 445) but not the hand's video, which is
    # what a camera feeds (fuller tables 147 of 198 against 151; docs/table-reading-history.md,
    # "a camera's resolution"). The camera setup offers 1920x1080 too.
    def __init__(self, index: int, size_wh: tuple[int, int] | None = (1280, 720)) -> None:
        self.index = index
        self.size_wh = size_wh
        self.name = f"camera {index}"
        self._cap: Any = None

    def open(self) -> None:
        if self._cap is not None:
            return
        import cv2

        cap = cv2.VideoCapture(self.index)
        if not cap.isOpened():
            cap.release()
            raise SourceError(
                f"camera {self.index} is not connected or is in use by another program"
            )
        if self.size_wh:
            # Over USB 2 most webcams send 1280x720 and larger uncompressed at a few frames a
            # second and as MJPG at their full rate; asked first, a camera without MJPG keeps
            # its own format. (Not tried on a real camera here: the machines have none.)
            cap.set(cv2.CAP_PROP_FOURCC, cv2.VideoWriter_fourcc(*"MJPG"))
            cap.set(cv2.CAP_PROP_FRAME_WIDTH, self.size_wh[0])
            cap.set(cv2.CAP_PROP_FRAME_HEIGHT, self.size_wh[1])
        # Where the backend honours it, a queue of one frame; newest_grab covers the rest.
        cap.set(cv2.CAP_PROP_BUFFERSIZE, 1)
        self._cap = cap

    def close(self) -> None:
        if self._cap is not None:
            self._cap.release()
            self._cap = None

    def __iter__(self) -> Iterator[Frame]:
        self.open()
        index = 0
        failures = 0
        while True:
            ok = newest_grab(self._cap)
            image = self._cap.retrieve()[1] if ok else None
            if image is None:
                # A few dropped reads happen; many in a row mean the camera is gone.
                failures += 1
                if failures >= 10:
                    raise SourceError(f"camera {self.index} stopped sending frames (unplugged?)")
                time.sleep(0.05)
                continue
            failures = 0
            # stamped when grabbed: the memory's timings follow the table, not the decoding
            yield Frame(index, time.monotonic(), image)
            index += 1


# A grab that returns sooner than this took a frame the driver had already queued; a fresh
# frame makes it wait for the sensor (33 ms a frame at 30 frames a second).
QUEUED_GRAB_S = 0.004
# At most this many queued frames are passed over for one read (drivers queue 4-5).
MAX_QUEUED_SKIPPED = 8


def newest_grab(
    cap: Any, clock: Callable[[], float] = time.monotonic, queued_s: float = QUEUED_GRAB_S
) -> bool:
    """Grab the newest frame the camera has, passing over the ones its driver queued while
    the reader was busy; False when a grab fails. A reader slower than the camera (0.2-0.4 s
    a 1280x720 frame on two cores without AVX-512, ``arbitro bench``) would otherwise be
    handed the oldest queued frame each time: the live view and the referee most of a second
    behind the table. A reader as fast as the camera finds the queue empty and skips
    nothing. Grabbing only dequeues; the frame kept is decoded once, by ``retrieve``."""
    for _ in range(MAX_QUEUED_SKIPPED + 1):
        started = clock()
        if not cap.grab():
            return False
        if clock() - started >= queued_s:
            return True
    return True


def demo_source(path: Path = DEMO_PATH, sample_fps: float | None = None) -> VideoSource:
    if not Path(path).is_file():
        raise SourceError(
            f"the demo recording is missing ({path}); reinstall Arbitro or run "
            "`arbitro synth` to make one"
        )
    return VideoSource(path, sample_fps)


def open_source(spec: str, sample_fps: float | None = None) -> _Source:
    """``demo``, a camera (``0``, ``cam:1``, ``cam:Logitech``), an image, a video or a folder."""
    if spec == "demo":
        return demo_source(sample_fps=sample_fps)
    if spec.isdigit():
        return CameraSource(int(spec))
    if spec.startswith("cam:"):
        which = spec[len("cam:") :]
        return CameraSource(int(which) if which.isdigit() else camera_index_by_name(which))
    path = Path(spec)
    if path.is_dir():
        photos = folder_images(path)
        # one photo has no other frames to confirm its cards with: it is read as a still
        return ImageSource(photos[0]) if len(photos) == 1 else FolderSource(path)
    if not path.exists():
        raise SourceError(f"no such file, folder or camera: {spec}")
    if path.suffix.lower() in IMAGE_SUFFIXES:
        return ImageSource(path)
    return VideoSource(path, sample_fps)
