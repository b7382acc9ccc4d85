"""The snapshot store: schema and migrations, WAL, one transaction per hand, corrupt files."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from desktop.match import HandInput, MatchSetup, TeamHand, TeamScore
from desktop.store import SnapshotData, Store, StoreError
from desktop.store_schema import MIGRATIONS, SCHEMA_VERSION

SETUP = MatchSetup(("Nord", "Sud"), (("Anna", "Bruno"), ("Carla", "Dario")), "pagat", 2000)


def hand(closed_by: str = "A") -> HandInput:
    a = TeamHand(melds=(("3H", "4H", "5H"),), hands=((), ()), pozzetto="taken")
    b = TeamHand(melds=(), hands=(("KS",), ()), pozzetto="not_taken")
    return HandInput({"A": a, "B": b}, closed_by, "close")


def score(a: int, b: int) -> dict[str, TeamScore]:
    return {"A": TeamScore(melds=a, total=a), "B": TeamScore(hand=b, total=b)}


def snapshot(kind: str = "end_of_hand") -> SnapshotData:
    return SnapshotData(
        kind=kind,
        image_jpeg=b"\xff\xd8 not really a jpeg \xff\xd9",
        image_size_wh=(640, 360),
        detections=[{"card": "QH", "confidence": 0.91, "box_xyxy": [1.0, 2.0, 3.0, 4.0]}],
        layout={"zones": {"A": []}},
        reading={"zones": {"A": {"melds": [{"cards": ["3H", "4H", "5H"], "legal": True}]}}},
        report={"score": {"A": 12}},
        events=[{"t": 1.5, "kind": "meld", "text": "A meld 1"}],
        app_version="0.1.0",
        model_version="test-model",
    )


@pytest.fixture
def store(tmp_path: Path):
    with Store.open(tmp_path / "arbitro.db", app_version="0.1.0") as opened:
        yield opened


def test_new_database_has_the_current_schema_and_wal(store: Store) -> None:
    assert store.schema_version() == SCHEMA_VERSION
    assert store.journal_mode() == "wal"


def test_snapshot_round_trip(store: Store) -> None:
    match_id = store.create_match(SETUP)
    sent = snapshot("manual")
    snapshot_id = store.save_snapshot(sent, match_id)
    got = store.snapshot(snapshot_id)
    assert got.data == sent
    assert got.match_id == match_id and got.hand_id is None
    assert store.snapshot_ids(match_id=match_id) == [snapshot_id]


def test_hand_and_snapshot_saved_together_and_reloaded_as_a_sheet(tmp_path: Path) -> None:
    path = tmp_path / "a.db"
    with Store.open(path) as first:
        match_id = first.create_match(SETUP)
        hand_id, snap_id = first.save_hand(match_id, 1, hand(), score(345, -40), snapshot())
        first.save_hand(match_id, 2, hand("B"), score(-115, 355))
    with Store.open(path) as again:  # a fresh connection sees what was committed
        sheet = again.load_sheet(match_id)
        assert sheet.setup == SETUP
        assert [h.number for h in sheet.hands] == [1, 2]
        assert sheet.hands[0].hand_input == hand()
        assert sheet.totals() == {"A": 230, "B": 315}
        assert again.snapshot(snap_id).hand_id == hand_id
        [summary] = again.matches()
        assert (summary.id, summary.hands, summary.setup) == (match_id, 2, SETUP)


def test_a_failed_snapshot_leaves_no_half_hand(store: Store, monkeypatch) -> None:
    match_id = store.create_match(SETUP)

    def broken(*args: object) -> int:
        raise sqlite3.IntegrityError("disk said no")

    monkeypatch.setattr(store, "_insert_snapshot", broken)
    with pytest.raises(StoreError, match="could not write"):
        store.save_hand(match_id, 1, hand(), score(10, 0), snapshot())
    assert store.count("hands") == 0
    assert store.count("snapshots") == 0


def test_correction_changes_the_stored_totals_and_is_recorded(store: Store) -> None:
    match_id = store.create_match(SETUP)
    hand_id, _ = store.save_hand(match_id, 1, hand(), score(100, 50))
    store.save_hand(match_id, 2, hand(), score(100, 50))
    assert store.load_sheet(match_id).totals() == {"A": 200, "B": 100}
    store.correct_hand(hand_id, hand("B"), score(-20, 300), "hand", {"why": "misread"}, "note")
    sheet = store.load_sheet(match_id)
    assert sheet.totals() == {"A": 80, "B": 350}
    assert sheet.hands[0].hand_input.closed_by == "B"
    assert sheet.hands[0].corrections == 1
    [fix] = store.corrections(hand_id)
    assert (fix.kind, fix.detail, fix.note) == ("hand", {"why": "misread"}, "note")


def test_correcting_a_missing_hand_writes_nothing(store: Store) -> None:
    with pytest.raises(StoreError, match="no hand 99"):
        store.correct_hand(99, hand(), score(0, 0), "hand", {})
    assert store.count("corrections") == 0


@pytest.mark.parametrize(
    "garbage",
    [b"this is not a database at all" * 100, b"SQLite format 3\x00" + b"\x13" * 4000],
)
def test_corrupt_database_is_set_aside_never_overwritten(tmp_path: Path, garbage: bytes) -> None:
    path = tmp_path / "arbitro.db"
    path.write_bytes(garbage)
    with pytest.raises(StoreError, match="unreadable") as caught:
        Store.open(path)
    backup = caught.value.backup_path
    assert backup is not None and backup != path
    assert backup.read_bytes() == garbage
    assert str(backup) in str(caught.value)
    assert not path.exists()
    with Store.open(path) as fresh:  # the next open starts a new one beside the backup
        assert fresh.count("matches") == 0
    assert backup.read_bytes() == garbage


def test_second_corrupt_file_gets_its_own_backup(tmp_path: Path) -> None:
    path = tmp_path / "x.db"
    backups = set()
    for content in (b"first bad file" * 50, b"second bad file" * 50):
        path.write_bytes(content)
        with pytest.raises(StoreError) as caught:
            Store.open(path)
        backups.add(caught.value.backup_path)
    assert len(backups) == 2
    assert sorted(p.read_bytes()[:5] for p in backups if p) == [b"first", b"secon"]


def test_database_from_a_newer_app_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    with Store.open(path) as store:
        store._db.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
        store._db.conn.commit()
    before = path.read_bytes()
    with pytest.raises(StoreError, match="newer Arbitro") as caught:
        Store.open(path)
    assert caught.value.backup_path is None
    assert path.read_bytes() == before


def test_a_foreign_sqlite_file_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match="not an Arbitro database"):
        Store.open(path)
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT name FROM sqlite_master").fetchall() == [("recipes",)]
    conn.close()


def test_a_directory_is_not_a_database(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="not a file"):
        Store.open(tmp_path)


def test_version_1_database_migrates_and_keeps_its_rows(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    conn = sqlite3.connect(path)
    for statement in MIGRATIONS[1]:
        conn.execute(statement)
    conn.execute("INSERT INTO meta VALUES ('schema_version', '1')")
    conn.execute(
        "INSERT INTO snapshots (kind, created_at, detections, app_version, model_version) "
        "VALUES ('manual', '2026-01-01T00:00:00+00:00', '[]', '0.0.1', 'm0')"
    )
    conn.commit()
    conn.close()
    with Store.open(path) as store:
        assert store.schema_version() == SCHEMA_VERSION == 2
        old = store.snapshot(1)
        assert old.data.events == [] and old.data.app_version == "0.0.1"
        assert old.data.image_jpeg is None and old.data.reading is None


def test_times_come_from_the_injected_clock(tmp_path: Path) -> None:
    with Store.open(tmp_path / "t.db", now=lambda: "2026-11-29T20:00:00+00:00") as store:
        snap_id = store.save_snapshot(snapshot())
        assert store.snapshot(snap_id).created_at == "2026-11-29T20:00:00+00:00"
