"""`arbitro train` hands its options to the training plan."""

import pytest

pytest.importorskip("torch")


def test_the_train_command_passes_the_widening_to_the_plan(tmp_path, monkeypatch):
    from desktop import cli
    from vision.train import pipeline

    for folder in ("train", "val"):
        (tmp_path / folder / "images").mkdir(parents=True)
    plans = []
    monkeypatch.setattr(pipeline, "run_plan", plans.append)
    code = cli.main(
        [
            "train",
            "--data",
            str(tmp_path / "train"),
            "--val",
            str(tmp_path / "val"),
            "--stages",
            "classifier",
            "--classifier-widen",
            "2",
        ]
    )
    assert code == 0
    assert [plan.classifier_widen for plan in plans] == [2]


def test_the_train_command_refuses_a_widening_under_one(tmp_path, monkeypatch, capsys):
    from desktop import cli
    from vision.train import pipeline

    for folder in ("train", "val"):
        (tmp_path / folder / "images").mkdir(parents=True)
    plans = []
    monkeypatch.setattr(pipeline, "run_plan", plans.append)
    args = ["train", "--data", str(tmp_path / "train"), "--val", str(tmp_path / "val")]
    assert cli.main([*args, "--classifier-widen", "0"]) == 2
    assert plans == []
    assert "--classifier-widen" in capsys.readouterr().err
