"""``arbitro --quit-after-hand``: the demo hand end to end, offscreen, saved, exit 0."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from desktop.app_main import main, parse_options
from desktop.store import Store

ROOT = Path(__file__).resolve().parents[3]


def saved_hands(db_path: Path) -> tuple[int, int]:
    with Store.open(db_path) as store:
        return store.count("hands"), store.count("snapshots")


def test_smoke_mode_in_process_saves_the_hand(db_path: Path, capsys) -> None:
    code = main(["--source", "demo", "--db", str(db_path), "--quit-after-hand", "--lang", "en"])
    assert code == 0
    assert saved_hands(db_path) == (1, 1)
    assert "hand 1 saved as snapshot 1" in capsys.readouterr().out


def test_smoke_mode_sets_a_corrupt_database_aside_and_goes_on(db_path: Path, capsys) -> None:
    db_path.write_bytes(b"definitely not sqlite" * 200)
    assert main(["--db", str(db_path), "--quit-after-hand"]) == 0
    err = capsys.readouterr().err
    assert "unreadable" in err and "moved to" in err
    backups = list(db_path.parent.glob("arbitro.db.corrupt-*"))
    assert len(backups) == 1 and backups[0].read_bytes().startswith(b"definitely not sqlite")
    assert saved_hands(db_path) == (1, 1)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--preset", "nope"], "invalid choice"),
        (["--source", "no/such/file.mp4"], "no such file"),
        (["--lang", "fr"], "invalid choice"),
        (["--frobnicate"], "unknown option"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(argv, message, capsys) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and "\n" not in err and "Traceback" not in err


def test_options_and_their_defaults(tmp_path: Path) -> None:
    options = parse_options(["--quit-after-hand", "--db", str(tmp_path / "x.db")])
    assert options.source is not None and options.source.kind == "demo"
    assert options.preset == "pagat" and options.lang is None
    assert parse_options(["--source", "2"]).source.value == "2"
    with pytest.raises(ValueError, match="--source: no images in folder"):
        parse_options(["--source", str(tmp_path)])
    for name in ("1.png", "2.png"):
        (tmp_path / name).write_bytes(b"")
    assert parse_options(["--source", str(tmp_path)]).source.kind == "folder"
    assert parse_options([]).source is None  # the app picks the first camera or the demo


def test_the_arbitro_command_runs_the_smoke_test_in_a_fresh_process(tmp_path: Path) -> None:
    db_path = tmp_path / "cli.db"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp_path / "cfg")}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "desktop.cli",
            "--source",
            "demo",
            "--db",
            str(db_path),
            "--quit-after-hand",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert saved_hands(db_path) == (1, 1)
