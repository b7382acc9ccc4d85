"""``arbitro synth`` writes the expected files and refuses bad input cleanly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desktop.cli import main
from vision.synth.labels import CLASS_NAMES
from vision.synth.styles import HELDOUT, default_training_styles


def test_cli_writes_images_labels_and_truth(tmp_path: Path) -> None:
    out = tmp_path / "ds"
    code = main(["synth", "--out", str(out), "--count", "3", "--seed", "5", "--size",
                 "320x240", "--workers", "1", "--styles", "classic,slim"])  # fmt: skip
    assert code == 0
    for i in range(3):
        name = f"{i:06d}"
        assert (out / "images" / f"{name}.jpg").read_bytes()[:2] == b"\xff\xd8"
        truth = json.loads((out / "truth" / f"{name}.json").read_text())
        assert truth["image_size_wh"] == [320, 240]
        assert truth["style"].split("~")[0] in ("classic", "slim")  # a variant of either
        assert truth["seed"] == 5 and truth["index"] == i
        lines = (out / "labels" / f"{name}.txt").read_text().splitlines()
        assert len(lines) == truth["label_count"]
        for line in lines:
            k, *box = line.split()
            assert 0 <= int(k) < len(CLASS_NAMES)
            assert all(0.0 <= float(v) <= 1.0 for v in box)
    assert (out / "classes.txt").read_text().split() == list(CLASS_NAMES)


def test_cli_with_two_workers_matches_one_worker(tmp_path: Path) -> None:
    args = ["--count", "4", "--seed", "9", "--size", "256x256", "--styles", "bridge"]
    assert main(["synth", "--out", str(tmp_path / "a"), "--workers", "2", *args]) == 0
    assert main(["synth", "--out", str(tmp_path / "b"), "--workers", "1", *args]) == 0
    for sub in ("labels", "truth", "images"):
        for f in sorted((tmp_path / "a" / sub).iterdir()):
            assert f.read_bytes() == (tmp_path / "b" / sub / f.name).read_bytes()


@pytest.mark.parametrize(
    "bad",
    [
        ["--size", "big"],
        ["--count", "0"],
        ["--styles", "nosuchdeck"],
        ["--exclude-styles", "nosuchdeck"],
        ["--square-views", "1.5"],
        ["--min-visible", "0"],
        ["--joker-share", "-0.1"],
        ["--fan-show", "0.3"],
        ["--fan-show", "0.3,0.1"],
        ["--fan-show", "a,b"],
        ["--suit-shape-swap", "1.5"],
        ["--flat-three", "-0.5"],
    ],
)
def test_cli_bad_input_exits_2_with_one_line(
    tmp_path: Path, bad: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["synth", "--out", str(tmp_path / "x"), *bad]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("arbitro synth:") and "\n" not in err


def test_heldout_style_is_off_by_default() -> None:
    assert HELDOUT not in default_training_styles()
    assert "classic" in default_training_styles()


def test_cli_lists_styles_and_marks_the_held_out_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["synth", "--list-styles"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith(HELDOUT) and "held out" in line for line in lines)
    assert any(line.strip() == "classic" for line in lines)


def test_cli_without_out_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["synth", "--count", "1"]) == 2
    assert "--out" in capsys.readouterr().err
