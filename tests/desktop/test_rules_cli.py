"""``arbitro rules``: every vector through the command line, bad input, and a fast start."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from desktop.cli import main
from tests.engine.vectors_file import load_vectors

REPO = Path(__file__).resolve().parents[2]
VECTORS = load_vectors()
HEAVY_MODULES = ("numpy", "cv2", "torch", "PySide6", "ultralytics", "onnxruntime", "openvino")
COMMAND = {"extend": "play", "close": "close", "score": "score"}


def run_cli(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    stdin: str = "",
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    try:
        code = main(argv)
    except SystemExit as stop:  # argparse usage errors
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("vector", VECTORS)
def test_every_vector_through_the_command_line(
    vector: dict[str, Any],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    data = vector["input"]
    if vector["kind"] == "meld":
        flags = ["--any-order"] if data["unordered"] else []
        code, out, err = run_cli(capsys, monkeypatch, ["rules", "check", *flags, *data["cards"]])
    else:
        path = tmp_path / "input.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        code, out, err = run_cli(capsys, monkeypatch, ["rules", COMMAND[vector["kind"]], str(path)])
    if vector["expected"].get("reason") == "impossible_card_count":
        assert code == 2 and len(err.splitlines()) == 1
        return
    assert (code, err) == (0, "")
    got = json.loads(out)
    expected = vector["expected"]
    assert {key: got.get(key) for key in expected} == expected
    if vector["kind"] in ("meld", "extend", "close"):
        assert (got["faults"][0] if got["faults"] else None) == got["reason"]


def test_check_prints_every_key(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run_cli(capsys, monkeypatch, ["rules", "check", "5H", "6D", "9H", "JK", "JK"])
    assert code == 0
    assert json.loads(out) == {
        "legal": False,
        "type": None,
        "clean": None,
        "burraco": None,
        "points": None,
        "reason": "two_wilds",
        "faults": ["two_wilds", "mixed_suits", "not_consecutive"],
    }


def test_check_any_order_and_preset(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    laid = ["3H", "4H", "5H", "6H", "7H", "8H", "2H"]
    assert json.loads(run_cli(capsys, monkeypatch, ["rules", "check", *laid])[1])["clean"] is False
    best = run_cli(capsys, monkeypatch, ["rules", "check", "--any-order", *laid])[1]
    assert json.loads(best)["burraco"] == "clean"
    sevens = ["rules", "check", "--preset", "fibur-international", "7H", "7S", "7D"]
    assert json.loads(run_cli(capsys, monkeypatch, sevens)[1])["reason"] == "set_rank_not_allowed"


def test_score_reads_stdin_and_custom_rules(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    match = json.dumps({"matchBefore": {"A": 1960, "B": 0}, "handTotals": {"A": 40, "B": 0}})
    code, out, _ = run_cli(capsys, monkeypatch, ["rules", "score", "-"], stdin=match)
    assert code == 0 and json.loads(out)["winner"] == "A"  # Pagat target 2000
    rules = tmp_path / "club.json"
    rules.write_text(json.dumps({"name": "club", "target": 2005}), encoding="utf-8")
    argv = ["rules", "score", "--rules-file", str(rules), "-"]
    code, out, _ = run_cli(capsys, monkeypatch, argv, stdin=match)
    assert code == 0 and json.loads(out)["winner"] is None


@pytest.mark.parametrize(
    ("argv", "stdin", "named"),
    [
        (["rules", "check", "7H", "7S", "ZZ"], "", "ZZ"),
        (["rules", "check", "QH", "QH", "QH"], "", "QH"),
        (["rules", "score", "-"], "{not json", "JSON"),
        (["rules", "score", "-"], "[1, 2]", "object"),
        (["rules", "play", "-"], '{"before": [], "added": ["QX"], "after": []}', "QX"),
        (["rules", "play", "-"], '{"before": [], "added": [], "after": [["QH"]]}', "QH"),
        (["rules", "close", "-"], '{"teamPozzettoTaken": 1}', "teamPozzettoTaken"),
        (
            ["rules", "score", "-"],
            json.dumps(
                {
                    "teams": {
                        "A": {"melds": [["QH", "QH", "QS"]], "hands": [["QH"]], "pozzetto": "taken"}
                    },
                    "closedBy": "A",
                }
            ),
            "QH",
        ),
        (["rules", "score", "/no/such/file.json"], "", "file.json"),
        (["rules", "check", "--preset", "nope", "7H"], "", "nope"),
        (["rules", "check"], "", "CARD"),
        (["rules", "frob"], "", "frob"),
        (["rules", "score", "--rules-file", "-", "-"], '{"targte": 1}', "targte"),
    ],
)
def test_bad_input_exits_2_with_one_line_naming_the_problem(
    argv: list[str],
    stdin: str,
    named: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, out, err = run_cli(capsys, monkeypatch, argv, stdin)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert named in err and "Traceback" not in err


def test_the_real_command_starts_without_heavy_imports() -> None:
    argv = [
        sys.executable,
        "-X",
        "importtime",
        "-m",
        "desktop.cli",
        "rules",
        "check",
        "2H",
        "3H",
        "4H",
    ]
    done = subprocess.run(argv, cwd=REPO, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["clean"] is True
    imported = {line.rsplit("|", 1)[-1].strip().split(".")[0] for line in done.stderr.splitlines()}
    assert "engine" in imported
    assert not imported & set(HEAVY_MODULES)


def test_the_real_command_reports_bad_input_in_one_line() -> None:
    argv = [sys.executable, "-m", "desktop.cli", "rules", "score", "-"]
    done = subprocess.run(
        argv, cwd=REPO, input="{", capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1
