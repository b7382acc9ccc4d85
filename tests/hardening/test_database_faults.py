"""A corrupt database, an unreadable one, a read-only data folder: a clear message, exit 2
from the command line where the database cannot be used, and a corrupt file set aside with
a backup that is never overwritten."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from desktop.match import HandInput, MatchSetup, TeamScore
from desktop.store import Store, StoreError
from tests.hardening.cli_runner import (
    NOBODY,
    can_drop_privileges,
    error_lines,
    is_root,
    run_arbitro,
    shared_folder,
)

SMOKE = ["--source", "demo", "--quit-after-hand", "--lang", "en"]
needs_permissions = pytest.mark.skipif(
    is_root() and not can_drop_privileges(),
    reason="running as root that cannot switch to an unprivileged user",
)


def good_database(path: Path, hands: int = 3) -> bytes:
    with Store.open(path, "test") as store:
        match_id = store.create_match(MatchSetup())
        for number in range(1, hands + 1):
            score = {t: TeamScore(melds=10 * number, total=10 * number) for t in ("A", "B")}
            store.save_hand(match_id, number, HandInput(closed_by="A"), score)
    return path.read_bytes()


def hands_in(path: Path) -> int:
    with Store.open(path) as store:
        return store.count("hands")


def test_a_truncated_database_is_set_aside_byte_for_byte(tmp_path: Path) -> None:
    path = tmp_path / "arbitro.db"
    whole = good_database(path, hands=40)
    cut = whole[: len(whole) // 2]  # a copy interrupted half way, header intact
    path.write_bytes(cut)
    with pytest.raises(StoreError, match="unreadable") as caught:
        Store.open(path)
    backup = caught.value.backup_path
    assert backup is not None and backup.read_bytes() == cut
    assert hands_in(path) == 0  # a fresh database where the broken one was
    assert backup.read_bytes() == cut


def test_corrupt_database_from_the_command_line_is_set_aside_twice_never_overwritten(
    tmp_path: Path,
) -> None:
    db_path = tmp_path / "data" / "arbitro.db"
    db_path.parent.mkdir()
    backups: dict[Path, bytes] = {}
    for attempt in range(2):
        garbage = f"run {attempt}: not an SQLite file ".encode() * 300
        db_path.write_bytes(garbage)
        done = run_arbitro(["--db", str(db_path), *SMOKE], tmp_path)
        [line] = error_lines(done.stderr)
        assert "unreadable" in line and "moved to" in line, line
        new = [p for p in db_path.parent.glob("arbitro.db.corrupt-*") if p not in backups]
        assert len(new) == 1 and str(new[0]) in line
        backups[new[0]] = garbage
        # the app goes on with a new file beside the backup (the smoke-mode contract)
        assert done.returncode == 0, done.stderr
        assert hands_in(db_path) == 1
    for backup, content in backups.items():  # the second run left the first backup alone
        assert backup.read_bytes() == content


def test_a_database_path_that_is_a_folder_exits_2(tmp_path: Path) -> None:
    folder = tmp_path / "arbitro.db"
    folder.mkdir()
    done = run_arbitro(["--db", str(folder), *SMOKE], tmp_path)
    assert done.returncode == 2
    [line] = error_lines(done.stderr)
    assert "not a file" in line and "Traceback" not in done.stderr
    assert folder.is_dir() and not list(tmp_path.glob("*.corrupt-*"))


@needs_permissions
def test_an_unreadable_database_exits_2_and_is_left_alone() -> None:
    with shared_folder() as folder:
        db_path = folder / "arbitro.db"
        content = good_database(db_path)
        if is_root():  # the player's own folder and file
            for path in (folder, db_path):
                os.chown(path, NOBODY, NOBODY)
        db_path.chmod(0o200)  # the owner may write but not read it
        done = run_arbitro(["--db", str(db_path), *SMOKE], folder, unprivileged=is_root())
        assert done.returncode == 2, done.stderr
        [line] = error_lines(done.stderr)
        assert "cannot open the database" in line and "Permission denied" in line
        assert "Traceback" not in done.stderr
        db_path.chmod(0o644)
        assert db_path.read_bytes() == content, "an unreadable file is not corrupt: untouched"
        assert not list(folder.glob("*.corrupt-*"))


@needs_permissions
@pytest.mark.parametrize("with_database", [True, False], ids=["existing-db", "new-db"])
def test_a_read_only_data_folder_exits_2_and_changes_nothing(with_database: bool) -> None:
    with shared_folder() as home:
        folder = home / "data"
        folder.mkdir()
        db_path = folder / "arbitro.db"
        content = good_database(db_path) if with_database else None
        if is_root():
            for path in (folder, *folder.iterdir()):
                # the database is the player's own file; only the folder is locked
                os.chown(path, NOBODY if path != folder else 0, NOBODY)
        folder.chmod(stat.S_IRUSR | stat.S_IXUSR | stat.S_IRGRP | stat.S_IXGRP | 0o005)
        done = run_arbitro(["--db", str(db_path), *SMOKE], home, unprivileged=is_root())
        assert done.returncode == 2, done.stderr
        [line] = error_lines(done.stderr)
        assert "read-only" in line and str(folder) in line
        assert "Traceback" not in done.stderr
        assert sorted(p.name for p in folder.iterdir()) == (["arbitro.db"] if content else [])
        if content is not None:
            assert db_path.read_bytes() == content
