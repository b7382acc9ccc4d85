"""`arbitro train` hands its options to the training plan."""

import pytest

pytest.importorskip("torch")


@pytest.fixture
def train_args(tmp_path, monkeypatch):
    """The command's required folders, and the plans it hands on (none is run)."""
    from vision.train import pipeline

    for folder in ("train", "val"):
        (tmp_path / folder / "images").mkdir(parents=True)
    plans = []
    monkeypatch.setattr(pipeline, "run_plan", plans.append)
    args = ["train", "--data", str(tmp_path / "train"), "--val", str(tmp_path / "val")]
    return args, plans


def test_the_train_command_passes_the_widening_to_the_plan(train_args):
    from desktop import cli

    args, plans = train_args
    code = cli.main([*args, "--stages", "classifier", "--classifier-widen", "2"])
    assert code == 0
    assert [plan.classifier_widen for plan in plans] == [2]


def test_the_train_command_refuses_a_widening_under_one(train_args, capsys):
    from desktop import cli

    args, plans = train_args
    assert cli.main([*args, "--classifier-widen", "0"]) == 2
    assert plans == []
    assert "--classifier-widen" in capsys.readouterr().err


def test_the_train_command_passes_other_faces_to_the_plan_only_when_asked(train_args):
    from desktop import cli

    args, plans = train_args
    assert cli.main([*args, "--stages", "classifier"]) == 0
    assert cli.main([*args, "--stages", "classifier", "--classifier-faces"]) == 0
    assert [plan.classifier_faces for plan in plans] == [False, True]


def test_the_train_command_trains_the_detector_on_the_cpu_unless_told_otherwise(train_args):
    from desktop import cli

    args, plans = train_args
    assert cli.main([*args, "--stages", "detector"]) == 0
    told = [*args, "--stages", "detector", "--detector-device", "0", "--detector-workers", "12"]
    assert cli.main(told) == 0
    assert [(plan.detector_device, plan.detector_workers) for plan in plans] == [
        ("cpu", 2),
        ("0", 12),
    ]
