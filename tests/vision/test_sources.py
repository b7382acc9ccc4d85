"""Frame sources: each yields frames, releases its resources, and fails in one clear line."""

from __future__ import annotations

import numpy as np
import pytest

from vision import sources
from vision.sources import ImageSource, SourceError, camera_index_by_name, open_source


def _write_images(folder, n):
    import cv2

    folder.mkdir()
    for i in range(n):
        img = np.full((48, 64, 3), 40 * i, np.uint8)
        cv2.imwrite(str(folder / f"f{i:02d}.png"), img)


def _write_video(path, n, fps=10.0):
    import cv2

    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), fps, (64, 48))
    for i in range(n):
        writer.write(np.full((48, 64, 3), 10 * i, np.uint8))
    writer.release()


def test_image_gives_one_frame(tmp_path):
    _write_images(tmp_path / "d", 1)
    with open_source(str(tmp_path / "d" / "f00.png")) as src:
        frames = list(src)
    assert len(frames) == 1
    assert frames[0].image_bgr.shape == (48, 64, 3)


def test_folder_in_name_order(tmp_path):
    _write_images(tmp_path / "d", 3)
    with open_source(str(tmp_path / "d")) as src:
        frames = list(src)
    assert [f.index for f in frames] == [0, 1, 2]
    assert [int(f.image_bgr[0, 0, 0]) for f in frames] == [0, 40, 80]


def test_a_folder_of_one_image_opens_as_that_image(tmp_path):
    _write_images(tmp_path / "d", 1)
    with open_source(str(tmp_path / "d")) as src:
        assert isinstance(src, ImageSource)
        assert [f.index for f in src] == [0]


def test_video_frames_with_video_time_and_release(tmp_path):
    path = tmp_path / "v.avi"
    _write_video(path, 20)
    src = open_source(str(path))
    with src:
        frames = list(src)
    assert len(frames) == 20
    assert frames[5].t_monotonic == pytest.approx(0.5)
    assert src._cap is None  # released on exit


def test_video_sampling(tmp_path):
    path = tmp_path / "v.avi"
    _write_video(path, 20)
    with open_source(str(path), sample_fps=5.0) as src:
        frames = list(src)
    assert [f.index for f in frames] == list(range(0, 20, 2))


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("nope/missing.mp4", "no such file"),
        ("cam:Nonexistent Cam 3000", "camera"),
    ],
)
def test_bad_sources_say_so(spec, message):
    with pytest.raises(SourceError, match=message):
        open_source(spec)


def test_unreadable_video_is_refused(tmp_path):
    bad = tmp_path / "bad.mp4"
    bad.write_bytes(b"not a video")
    with pytest.raises(SourceError, match="cannot open video"), open_source(str(bad)) as src:
        list(src)


def test_empty_folder_is_refused(tmp_path):
    with pytest.raises(SourceError, match="no images"):
        open_source(str(tmp_path))


def test_missing_camera_is_a_clear_error():
    with pytest.raises(SourceError, match="not connected"), open_source("97") as src:
        next(iter(src))


def test_demo_missing_is_a_clear_error(monkeypatch, tmp_path):
    monkeypatch.setattr(sources, "DEMO_PATH", tmp_path / "demo_hand.mp4")
    with pytest.raises(SourceError, match="demo recording is missing"):
        sources.demo_source(sources.DEMO_PATH)


def test_camera_by_name_from_sysfs(tmp_path):
    for i, name in [(0, "Integrated Camera"), (2, "Logitech BRIO")]:
        (tmp_path / f"video{i}").mkdir()
        (tmp_path / f"video{i}" / "name").write_text(name + "\n")
    assert camera_index_by_name("brio", tmp_path) == 2
    with pytest.raises(SourceError, match="Integrated Camera"):
        camera_index_by_name("Razer", tmp_path)


class _FakeCapture:
    """Stands in for cv2.VideoCapture: records what the source asks of the camera."""

    def __init__(self, index):
        self.index, self.asked = index, {}

    def isOpened(self):  # OpenCV's name
        return True

    def set(self, prop, value):
        self.asked[prop] = value
        return True

    def release(self):
        pass


def test_a_camera_is_asked_for_1280x720_in_mjpg_unless_told_otherwise(monkeypatch):
    import cv2

    monkeypatch.setattr(cv2, "VideoCapture", _FakeCapture)
    default = open_source("0")
    default.open()
    asked = default._cap.asked
    assert (asked[cv2.CAP_PROP_FRAME_WIDTH], asked[cv2.CAP_PROP_FRAME_HEIGHT]) == (1280, 720)
    # compressed frames, or most USB 2 webcams send a few frames a second at this size
    assert asked[cv2.CAP_PROP_FOURCC] == cv2.VideoWriter_fourcc(*"MJPG")
    assert list(asked).index(cv2.CAP_PROP_FOURCC) < list(asked).index(cv2.CAP_PROP_FRAME_WIDTH)
    chosen = sources.CameraSource(0, (1920, 1080))
    chosen.open()
    assert chosen._cap.asked[cv2.CAP_PROP_FRAME_WIDTH] == 1920
