"""`arbitro evaluate` on a tiny rendered fixture."""

import json

import pytest

from desktop.cli import main

pytestmark = pytest.mark.model


@pytest.fixture(scope="module")
def heldout(tmp_path_factory):
    out = tmp_path_factory.mktemp("eval") / "heldout"
    assert (
        main(
            [
                "synth",
                "--out",
                str(out),
                "--count",
                "2",
                "--seed",
                "5",
                "--size",
                "960x544",
                "--styles",
                "heldout",
                "--workers",
                "1",
            ]
        )
        == 0
    )
    return out


def evaluate_json(capsys, *args):
    capsys.readouterr()
    assert main(["evaluate", *args, "--real", "--json"]) == 0
    return json.loads(capsys.readouterr().out.strip().splitlines()[-1])


def test_evaluate_reports_card_level_figures(heldout, capsys):
    report = evaluate_json(capsys, "--synth", str(heldout))
    figures = report["synth:heldout"]
    assert figures["images"] == 2 and figures["cards"] > 0
    for key in ("recall", "precision", "misread_rate"):
        assert 0.0 <= figures[key] <= 1.0
    assert figures["hits"] + figures["misreads"] + figures["false_alarms"] == figures["predictions"]
    low, high = figures["recall_ci95"]  # the two images resampled
    assert low <= figures["recall"] <= high


def test_the_text_report_gives_each_figure_its_interval(heldout, capsys):
    capsys.readouterr()
    assert main(["evaluate", "--synth", str(heldout), "--real"]) == 0
    line = capsys.readouterr().out.strip().splitlines()[-1]
    assert line.startswith("synth:heldout: 2 images")
    assert line.count("(95%: ") == 2, line


def test_evaluate_without_anything_to_measure_exits_2(capsys):
    assert main(["evaluate", "--real"]) == 2
    assert "nothing to evaluate" in capsys.readouterr().err


def test_a_sweep_scores_each_threshold_as_a_run_at_that_threshold(heldout, capsys):
    sweep = evaluate_json(capsys, "--synth", str(heldout), "--sweep", "0.6,0.1,0.3")
    by_threshold = sweep["synth:heldout"]
    assert list(by_threshold) == ["0.1", "0.3", "0.6"]
    predictions = [by_threshold[t]["predictions"] for t in by_threshold]
    assert predictions == sorted(predictions, reverse=True) and predictions[0] > predictions[-1]
    single = evaluate_json(capsys, "--synth", str(heldout), "--conf", "0.3")
    assert by_threshold["0.3"] == single["synth:heldout"]


def test_a_sweep_needs_thresholds_between_0_and_1(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["evaluate", "--sweep", "0.2,7"])
    assert exit_info.value.code == 2
    assert "between 0 and 1" in capsys.readouterr().err
