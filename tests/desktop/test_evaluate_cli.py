"""`arbitro evaluate` on a tiny rendered fixture."""

import json

import pytest

from desktop.cli import main

pytestmark = pytest.mark.model


def test_evaluate_reports_card_level_figures(tmp_path, capsys):
    out = tmp_path / "heldout"
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
    capsys.readouterr()
    assert main(["evaluate", "--synth", str(out), "--real", "--json"]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    figures = report["synth:heldout"]
    assert figures["images"] == 2 and figures["cards"] > 0
    for key in ("recall", "precision", "misread_rate"):
        assert 0.0 <= figures[key] <= 1.0
    assert figures["hits"] + figures["misreads"] + figures["false_alarms"] == figures["predictions"]


def test_evaluate_without_anything_to_measure_exits_2(capsys):
    assert main(["evaluate", "--real"]) == 2
    assert "nothing to evaluate" in capsys.readouterr().err
