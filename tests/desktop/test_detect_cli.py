"""The `arbitro detect --json` contract."""

import json

import cv2
import pytest

from desktop.cli import main
from vision.synth.dataset import SynthConfig, render_sample
from vision.synth.styles import default_training_styles
from vision.types import CardDetection

pytestmark = pytest.mark.model


@pytest.fixture(scope="module")
def table_jpg(tmp_path_factory):
    path = tmp_path_factory.mktemp("detect") / "table.jpg"
    config = SynthConfig(
        seed=31, size_wh=(1280, 720), styles=default_training_styles(), framing="table"
    )
    cv2.imwrite(str(path), render_sample(config, 0).image_bgr)
    return path


def test_one_json_line_per_image_with_an_error_for_the_unreadable(table_jpg, tmp_path, capsys):
    corrupt = tmp_path / "corrupt.jpg"
    corrupt.write_bytes(b"\xff\xd8 this is not a jpeg")
    code = main(["detect", "--json", str(table_jpg), str(corrupt)])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 0
    assert [line["image"] for line in lines] == [str(table_jpg), str(corrupt)]
    good, bad = lines
    assert (good["width"], good["height"]) == (1280, 720)
    assert isinstance(good["detections"], list)
    for detection in good["detections"]:  # the shipped model's own reading, whatever it finds
        assert set(detection) == {"card", "confidence", "box_xyxy"}
        assert len(detection["box_xyxy"]) == 4
    assert "error" in bad and "detections" not in bad


def test_detections_are_written_exactly_as_the_reader_gives_them(table_jpg, monkeypatch, capsys):
    import vision.detector

    class FixedReader:
        def detect(self, image_bgr, min_confidence=None):
            return [CardDetection("10S", 0.93, (12.0, 20.5, 30.0, 51.0))]

    monkeypatch.setattr(vision.detector, "load_reader", lambda models_dir=None: FixedReader())
    assert main(["detect", "--json", str(table_jpg)]) == 0
    line = json.loads(capsys.readouterr().out)
    assert line["detections"] == [
        {"card": "10S", "confidence": 0.93, "box_xyxy": [12.0, 20.5, 30.0, 51.0]}
    ]


def test_exit_2_when_no_image_could_be_read(tmp_path, capsys):
    code = main(["detect", "--json", str(tmp_path / "missing.jpg")])
    assert code == 2
    assert json.loads(capsys.readouterr().out)["error"].endswith("no such file")


def test_exit_2_with_one_line_when_the_model_is_missing(table_jpg, tmp_path, capsys):
    code = main(["detect", "--models", str(tmp_path), str(table_jpg)])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and "no card model" in err
