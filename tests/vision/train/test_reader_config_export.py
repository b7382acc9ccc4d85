"""A new export keeps the thresholds chosen for the previous model until they are re-chosen."""

from __future__ import annotations

import json
from pathlib import Path

from vision.detector import ReaderConfig
from vision.train.pipeline import write_reader_config


def test_an_export_keeps_the_chosen_thresholds(tmp_path: Path) -> None:
    (tmp_path / "reader.json").write_text(
        json.dumps(
            {
                "min_confidence": 0.4,
                "tracking_min_confidence": 0.3,
                "second_look_below": 0.75,
                "version": "old",
            }
        )
    )
    config = ReaderConfig.load(write_reader_config(tmp_path, (544, 960)))
    assert (config.min_confidence, config.tracking_threshold) == (0.4, 0.3)
    assert config.second_look_below == 0.75
    assert config.version != "old" and config.input_hw == (544, 960)


def test_a_first_export_reads_video_at_the_still_threshold(tmp_path: Path) -> None:
    path = write_reader_config(tmp_path, (544, 960))
    written = json.loads(path.read_text())
    assert "tracking_min_confidence" not in written and "second_look_below" not in written
    config = ReaderConfig.load(path)
    assert config.tracking_threshold == config.min_confidence == 0.25
