"""A clip's model readings kept on disk: written once, replayed exactly, never replayed for
another model."""

from __future__ import annotations

import json

import pytest

from desktop.clip_readings import (
    FrameReading,
    clip_readings,
    load_readings,
    model_fingerprint,
    readings_path,
    save_readings,
)
from desktop.video_measure import exact_readings, read_clip
from vision.detector import Reading
from vision.types import CardDetection


class LabelReader:
    """Reads each frame as its rendered labels say, in turn: a model that never errs, and
    counts how many frames it was asked to read."""

    def __init__(self, truth: dict, size_wh: tuple[int, int]) -> None:
        self.truth, self.size_wh, self.calls = truth, size_wh, 0

    def read_for_memory(self, image_bgr: object) -> Reading:
        labels = self.truth["frames"][self.calls]["labels"]
        self.calls += 1
        cards, backs = exact_readings(labels, self.size_wh)
        return Reading(tuple(cards), tuple(backs))


class NoReader:
    def read_for_memory(self, image_bgr: object) -> Reading:
        raise AssertionError("the readings on disk should have been replayed")


@pytest.fixture(scope="module")
def clip(tmp_path_factory):
    from vision.synth.video import VideoSpec, render_video

    video = tmp_path_factory.mktemp("clip") / "clip.mp4"
    truth = render_video(VideoSpec(seed=5, size_wh=(960, 540), frames_per_card=3), video)
    video.with_suffix(".json").write_text(json.dumps(truth))
    return video, truth


def test_a_frames_readings_come_back_as_they_were_saved(tmp_path):
    frame = FrameReading(
        7,
        0.7,
        (1280, 720),
        (
            CardDetection(
                "10H", 0.81, (1.5, 2.0, 11.5, 22.25), rivals=("10D",), far_rivals=("10S",)
            ),
            CardDetection("QS", 0.22, (40.0, 2.0, 50.0, 22.0), 0.64, ("QC",)),
        ),
        ((100.0, 100.0, 180.0, 210.0),),
    )
    path = tmp_path / "clip.abc.json.gz"
    save_readings(path, [frame])
    assert load_readings(path) == [frame]
    assert load_readings(path)[0].detections[1].suit_open


def test_readings_kept_before_far_rivals_come_back_with_none(tmp_path):
    import gzip

    old = {
        "index": 0,
        "t": 0.0,
        "size_wh": [1280, 720],
        "detections": [
            {
                "card": "9S",
                "confidence": 0.7,
                "box_xyxy": [1.0, 2.0, 11.0, 22.0],
                "rank_confidence": None,
                "other_suits": [],
                "rivals": ["9C"],
            }
        ],
        "backs_xyxy": [],
    }
    path = tmp_path / "clip.abc.json.gz"
    with gzip.open(path, "wt", encoding="utf-8") as f:
        json.dump([old], f)
    (detection,) = load_readings(path)[0].detections
    assert (detection.rivals, detection.far_rivals) == (("9C",), ())


def test_a_clip_is_read_once_then_replayed_and_read_again_for_another_model(tmp_path, clip):
    video, truth = clip
    reader = LabelReader(truth, (960, 540))
    first = clip_readings(reader, video, tmp_path, "model-a")
    assert reader.calls == len(truth["frames"]) == len(first)
    assert readings_path(tmp_path, video, "model-a").exists()
    assert clip_readings(NoReader(), video, tmp_path, "model-a") == first
    other = LabelReader(truth, (960, 540))
    clip_readings(other, video, tmp_path, "model-b")
    assert other.calls == len(truth["frames"])


def test_a_replayed_clip_is_read_as_when_its_frames_were_read(tmp_path, clip):
    video, truth = clip
    read_now = read_clip(LabelReader(truth, (960, 540)), video)
    clip_readings(LabelReader(truth, (960, 540)), video, tmp_path, "m")
    replayed = read_clip(NoReader(), video, readings_dir=tmp_path, fingerprint="m")
    assert replayed.melds == read_now.melds == read_clip(None, video).melds
    assert replayed.events == read_now.events
    photos = read_clip(NoReader(), video, photos=True, readings_dir=tmp_path, fingerprint="m")
    assert photos.melds == read_clip(None, video, photos=True).melds


def test_the_fingerprint_changes_with_either_network(tmp_path):
    (tmp_path / "reader.json").write_text(
        json.dumps({"detector_onnx": "d.onnx", "classifier_onnx": "c.onnx"})
    )
    (tmp_path / "d.onnx").write_bytes(b"detector")
    (tmp_path / "c.onnx").write_bytes(b"classifier")
    before = model_fingerprint(tmp_path)
    (tmp_path / "c.onnx").write_bytes(b"classifier, trained again")
    assert model_fingerprint(tmp_path) != before


def test_the_fingerprint_changes_with_the_precision_asked_of_openvino(tmp_path, monkeypatch):
    (tmp_path / "reader.json").write_text(
        json.dumps({"detector_onnx": "d.onnx", "classifier_onnx": "c.onnx"})
    )
    (tmp_path / "d.onnx").write_bytes(b"detector")
    (tmp_path / "c.onnx").write_bytes(b"classifier")
    monkeypatch.delenv("ARBITRO_OPENVINO_PRECISION", raising=False)
    default = model_fingerprint(tmp_path)
    monkeypatch.setenv("ARBITRO_OPENVINO_PRECISION", "f32")
    assert model_fingerprint(tmp_path) != default


def test_readings_cannot_be_kept_for_a_clip_read_from_its_labels(tmp_path, capsys):
    from desktop.video_measure import main as measure

    with pytest.raises(SystemExit) as exit_info:
        measure(["--exact", "--clips", "0", "--readings", str(tmp_path)])
    assert exit_info.value.code == 2
    assert "--readings" in capsys.readouterr().err


class StillReader:
    """A model for stills that reads one card per call and counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def read_still(self, image_bgr: object) -> Reading:
        self.calls += 1
        card = CardDetection("7C", 0.5, (1.0, 2.0, 3.0, 4.0), 0.9, ("7S",), ("7S",))
        return Reading((card,), ((5.0, 6.0, 7.0, 8.0),))


class NoStillReader:
    def read_still(self, image_bgr: object) -> Reading:
        raise AssertionError("the still's reading on disk should have been replayed")


def _photo(path, value: int):
    import cv2
    import numpy as np

    cv2.imwrite(str(path), np.full((30, 40, 3), value, np.uint8))
    return path


def test_a_still_is_read_once_then_replayed_for_its_pixels_and_model_only(tmp_path):
    from desktop.clip_readings import still_reading

    first_set, second_set = tmp_path / "val23", tmp_path / "val14"
    first_set.mkdir(), second_set.mkdir()
    photo = _photo(first_set / "000001.jpg", 10)
    reader = StillReader()
    read = still_reading(reader, photo, tmp_path / "kept", "model-a")
    assert read.size_wh == (40, 30) and read.detections[0].rivals == ("7S",)
    assert still_reading(NoStillReader(), photo, tmp_path / "kept", "model-a") == read
    # the same name in another still set, other pixels: read afresh
    still_reading(reader, _photo(second_set / "000001.jpg", 200), tmp_path / "kept", "model-a")
    still_reading(reader, photo, tmp_path / "kept", "model-b")  # another model
    assert reader.calls == 3
    assert still_reading(reader, photo, None, "model-a") == read and reader.calls == 4


def test_reading_measure_replays_the_stills_it_kept(tmp_path, capsys, monkeypatch):
    """Through the measure's command line: the second run loads no network at all."""
    import shutil

    from desktop import reading_measure
    from vision.synth.dataset import SynthConfig, prepare_dir, write_sample

    still_set = tmp_path / "stills"
    config = SynthConfig(seed=4, size_wh=(640, 360))
    prepare_dir(still_set, config, 2)
    for i in range(2):
        write_sample(still_set, config, i)
    models = tmp_path / "models"
    models.mkdir()
    (models / "reader.json").write_text(
        json.dumps({"detector_onnx": "d.onnx", "classifier_onnx": "c.onnx"})
    )
    (models / "d.onnx").write_bytes(b"detector")
    (models / "c.onnx").write_bytes(b"classifier")
    loads = []
    monkeypatch.setattr(
        "vision.detector.load_reader", lambda folder: loads.append(folder) or StillReader()
    )
    argv = [str(still_set), "--detector", "--models", str(models)]
    kept = ["--readings", str(tmp_path / "kept")]
    assert reading_measure.main([*argv, *kept]) == 0
    first = capsys.readouterr().out
    assert loads == [models] and len(list((tmp_path / "kept").iterdir())) == 2
    assert reading_measure.main([*argv, *kept]) == 0
    assert capsys.readouterr().out == first and loads == [models]
    shutil.rmtree(tmp_path / "kept")
    with pytest.raises(SystemExit):
        reading_measure.main([str(still_set), *kept])  # no model readings to keep
