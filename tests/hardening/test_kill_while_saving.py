"""SIGKILL while saving: the database stays consistent and every committed hand is intact.

One database, many writer processes in turn (``kill_writer``), each killed at a random
moment: half while still starting (importing, opening, migrating, or at its first writes),
half a few milliseconds after a committed hand, when the next transaction is under way.
After every kill the file must pass ``PRAGMA integrity_check`` and hold every hand the
writer reported committed, byte for byte, each with its snapshot; the next writer opens it
the app's way and carries on.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

from desktop.store import Store
from desktop.store_schema import SCHEMA_VERSION
from tests.hardening.kill_writer import expected_hand, image_digest

ROOT = Path(__file__).resolve().parents[2]
KILLS = int(os.environ.get("ARBITRO_KILL_POINTS", "30"))
SEED = int(os.environ.get("ARBITRO_KILL_SEED", "20261129"))


class Writer:
    """One writer process; its committed hand numbers are collected by a thread."""

    def __init__(self, db_path: Path) -> None:
        self.committed: list[int] = []
        self.first_commit = threading.Event()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.hardening.kill_writer", str(db_path)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self._thread = threading.Thread(target=self._collect, daemon=True)
        self._thread.start()

    def _collect(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.committed.append(int(line))
            self.first_commit.set()

    def kill(self) -> str:
        """SIGKILL; returns the writer's stderr (empty unless it had failed on its own)."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        self._thread.join(timeout=10)
        assert self.process.stderr is not None
        err = self.process.stderr.read()
        self.process.stdout.close()  # type: ignore[union-attr]
        self.process.stderr.close()
        return err


def check_database(db_path: Path, committed: set[int]) -> set[int]:
    """The file is sound and holds every committed hand intact; returns the hands it holds."""
    conn = sqlite3.connect(db_path)  # replays the WAL the way the next opener would
    try:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
        if "hands" not in tables:  # killed before its schema was made: nothing to lose yet
            assert not committed
            return set()
        rows = conn.execute(
            "SELECT h.number, h.input, h.score, s.image_jpeg, s.report FROM hands h "
            "LEFT JOIN snapshots s ON s.hand_id = h.id ORDER BY h.number"
        ).fetchall()
        snapshots = conn.execute("SELECT COUNT(*) FROM snapshots").fetchone()[0]
    finally:
        conn.close()
    held = [row[0] for row in rows]
    assert len(held) == len(set(held)) == snapshots, "each hand has exactly one snapshot"
    assert held == list(range(1, len(held) + 1)), f"hands with gaps: {held}"
    missing = committed - set(held)
    assert not missing, f"committed hands lost: {sorted(missing)}"
    for number, input_json, score_json, image, report in rows:
        want = expected_hand(number)
        assert json.loads(input_json) == want["input"], f"hand {number} input changed"
        assert json.loads(score_json) == want["score"], f"hand {number} score changed"
        assert image is not None and image_digest(image) == image_digest(want["image"])
        assert json.loads(report) == {"hand": number}
    return set(held)


def test_sigkill_at_many_points_never_loses_a_committed_hand(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    db_path = tmp_path / "arbitro.db"
    committed: set[int] = set()
    mid_write_kills = 0
    for kill in range(KILLS):
        writer = Writer(db_path)
        if kill % 2:  # a few milliseconds into the transaction after a committed hand
            assert writer.first_commit.wait(timeout=30), "the writer never committed a hand"
            time.sleep(rng.uniform(0.0, 0.015))
            mid_write_kills += 1
        else:  # anywhere from start-up to the first writes
            time.sleep(rng.uniform(0.0, 0.9))
        err = writer.kill()
        assert writer.process.returncode == -signal.SIGKILL, f"writer failed on its own: {err}"
        committed.update(writer.committed)
        held = check_database(db_path, committed)
        assert held >= committed
    assert mid_write_kills == KILLS // 2
    assert len(committed) >= KILLS // 2, "too few hands committed for the test to mean much"
    with Store.open(db_path) as store:  # the app's way in: quick_check, migrations, sheet
        [match] = store.matches()
        sheet = store.load_sheet(match.id)
        assert {h.number for h in sheet.hands} >= committed
        assert store.count("snapshots") == len(sheet.hands)
    assert not list(tmp_path.glob("*.corrupt-*")), "a killed writer made the file look corrupt"


FRESH_KILLS = int(os.environ.get("ARBITRO_FRESH_KILL_POINTS", "8"))


def test_sigkill_while_a_new_database_is_made_leaves_a_whole_schema_version(
    tmp_path: Path,
) -> None:
    """Killed while creating and migrating a new file: the next open finds it empty or at
    a whole schema version, never half made, and never mistakes it for a corrupt one."""
    rng = random.Random(SEED + 1)
    for kill in range(FRESH_KILLS):
        db_path = tmp_path / f"fresh-{kill}.db"
        writer = Writer(db_path)
        time.sleep(rng.uniform(0.15, 0.4))  # the first commit comes about 0.35 s in
        writer.kill()
        with Store.open(db_path) as store:  # migrates what is missing, or starts afresh
            assert store.schema_version() == SCHEMA_VERSION
            held = {h.number for m in store.matches() for h in store.load_sheet(m.id).hands}
            assert held >= set(writer.committed)
            assert len(held) <= len(writer.committed) + 1  # at most one not yet reported
        assert not list(tmp_path.glob("*.corrupt-*"))
