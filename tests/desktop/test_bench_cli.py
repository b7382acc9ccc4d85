"""`arbitro bench`: the frames it times are the size asked for, and a bad size is refused."""

import json
import os
import subprocess
import sys

import pytest

from desktop.cli import main


def test_a_size_that_is_not_width_by_height_is_refused(capsys):
    assert main(["bench", "--size", "1920by1080"]) == 2
    assert "--size" in capsys.readouterr().err


@pytest.mark.model
def test_the_report_names_the_size_of_the_frames_it_timed(capsys):
    assert main(["bench", "--count", "2", "--size", "640x360"]) == 0
    assert "2 frames of 640x360: shipped " in capsys.readouterr().out


@pytest.mark.model
def test_json_is_the_only_line_on_stdout_even_when_ultralytics_first_runs(tmp_path):
    """A fresh settings folder makes Ultralytics announce the file it creates; that notice
    must not break the one-line contract."""
    env = {**os.environ, "YOLO_OFFLINE": "1", "YOLO_CONFIG_DIR": str(tmp_path)}
    command = [sys.executable, "-m", "desktop.cli", "bench", "--count", "2", "--size", "480x270"]
    done = subprocess.run(
        [*command, "--json"], env=env, capture_output=True, text=True, timeout=240, check=True
    )
    (line,) = done.stdout.splitlines()
    report = json.loads(line)
    assert set(report) == {
        "frames",
        "shipped_ms_median",
        "ultralytics_ms_median",
        "speedup",
        "cpu_precisions",
    }
    assert report["frames"] == 2
    # the machine's kind travels with its times: FP32 on every CPU OpenVINO runs on
    assert "FP32" in report["cpu_precisions"].split(", ")
    assert report["speedup"] == pytest.approx(
        report["ultralytics_ms_median"] / report["shipped_ms_median"], abs=0.01
    )
