"""Snapshot storage: matches, hands, snapshots and corrections in one SQLite file.

Opened through sqlite-utils in WAL mode. Every write that belongs together (a hand and its
snapshot; a corrected hand and its correction) is one transaction, so a crash never leaves
half a hand. A file that SQLite cannot read is moved aside under a ``.corrupt-...`` name,
never overwritten, and reported by a :class:`StoreError` that names both paths.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlite_utils

from desktop.match import (
    HandInput,
    HandRecord,
    MatchSetup,
    MatchSheet,
    hand_score_from_json,
    hand_score_to_json,
)
from desktop.match import HandScore as HandScore
from desktop.store_schema import MIGRATIONS, SCHEMA_VERSION

SNAPSHOT_KINDS: tuple[str, ...] = ("end_of_hand", "manual")


class StoreError(Exception):
    """The database cannot be used; ``backup_path`` is where an unreadable file was moved."""

    def __init__(self, message: str, backup_path: Path | None = None) -> None:
        super().__init__(message)
        self.backup_path = backup_path


def _utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True)
class SnapshotData:
    """What a snapshot holds; the JSON parts are stored as they are given."""

    kind: str = "manual"
    image_jpeg: bytes | None = None
    image_size_wh: tuple[int, int] | None = None
    detections: list[dict[str, Any]] = field(default_factory=list)
    layout: dict[str, Any] | None = None
    reading: dict[str, Any] | None = None
    report: dict[str, Any] | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    app_version: str = ""
    model_version: str = ""

    def __post_init__(self) -> None:
        if self.kind not in SNAPSHOT_KINDS:
            raise ValueError(f"snapshot kind must be one of {SNAPSHOT_KINDS}, got {self.kind!r}")


@dataclass(frozen=True)
class SnapshotRecord:
    id: int
    match_id: int | None
    hand_id: int | None
    created_at: str
    data: SnapshotData


@dataclass(frozen=True)
class CorrectionRecord:
    id: int
    hand_id: int
    snapshot_id: int | None
    created_at: str
    kind: str
    detail: dict[str, Any]
    note: str


@dataclass(frozen=True)
class MatchSummary:
    id: int
    created_at: str
    setup: MatchSetup
    hands: int


def _backup_name(path: Path, stamp: str) -> Path:
    candidate = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while candidate.exists():
        n += 1
        candidate = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    return candidate


def _set_aside(path: Path) -> Path:
    """Move an unreadable database (and its WAL files) aside; return the new path."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    backup = _backup_name(path, stamp)
    path.rename(backup)  # an OSError here leaves every byte where it was
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            side.rename(backup.with_name(backup.name + suffix))
    return backup


def check_database_access(path: Path) -> None:
    """Raise :class:`StoreError` unless ``path`` can be read and written and its folder
    written (WAL mode keeps two files beside it). Changes nothing but an absent file, which
    is created empty, as opening would; safe to call before the window opens."""
    if path.exists() and not path.is_file():
        raise StoreError(f"the database path {path} is not a file")
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"cannot create the data folder {folder}: {exc.strerror}") from exc
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".arbitro-write-check-"):
            pass
    except OSError as exc:
        raise StoreError(
            f"the data folder {folder} is read-only ({exc.strerror}); Arbitro keeps its "
            "database and journal there: make it writable or choose another file with --db"
        ) from exc
    try:
        with path.open("r+b" if path.exists() else "ab"):  # read and write, no byte changed
            pass
    except OSError as exc:
        raise StoreError(f"cannot open the database {path}: {exc.strerror}") from exc


class Store:
    """One open snapshot database. Use :meth:`open`; close it (or use ``with``)."""

    def __init__(
        self, db: sqlite_utils.Database, path: Path, now: Callable[[], str] = _utc_now
    ) -> None:
        self._db = db
        self.path = path
        self._now = now

    # -- opening ---------------------------------------------------------------------------
    @classmethod
    def open(
        cls, path: str | Path, app_version: str = "", now: Callable[[], str] = _utc_now
    ) -> Store:
        path = Path(path)
        check_database_access(path)
        db: sqlite_utils.Database | None = None
        try:
            db = sqlite_utils.Database(path, execute_plugins=False)
            store = cls(db, path, now)
            store._check_and_migrate(app_version)
        except sqlite3.DatabaseError as exc:
            if db is not None:
                db.close()
            if isinstance(exc, sqlite3.OperationalError):
                # locked, read-only, cannot open, I/O error: the file may be healthy, so it
                # is left where it is; only a file SQLite calls corrupt is set aside
                if "locked" in str(exc):
                    raise StoreError(f"the database {path} is in use by another program") from exc
                raise StoreError(f"cannot use the database {path}: {exc}") from exc
            try:
                backup = _set_aside(path)
            except OSError as move_error:
                raise StoreError(
                    f"the database {path} is unreadable ({exc}) and could not be moved aside "
                    f"({move_error.strerror}); it was left as it is"
                ) from exc
            raise StoreError(
                f"the database {path} is unreadable ({exc}); it was moved to {backup} "
                "and a new one can be started",
                backup_path=backup,
            ) from exc
        except StoreError:
            if db is not None:
                db.close()
            raise
        return store

    def _check_and_migrate(self, app_version: str) -> None:
        integrity = self._db.execute("PRAGMA quick_check").fetchone()[0]
        if integrity != "ok":
            raise sqlite3.DatabaseError(f"integrity check failed: {integrity}")
        tables = set(self._db.table_names())
        if tables and "meta" not in tables:
            raise StoreError(f"{self.path} is an SQLite file but not an Arbitro database")
        version = self.schema_version() if tables else 0
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path} was written by a newer Arbitro (schema {version}, "
                f"this one knows {SCHEMA_VERSION}); open it with that version"
            )
        self._db.enable_wal()
        self._db.execute("PRAGMA foreign_keys = ON")
        for step in range(version + 1, SCHEMA_VERSION + 1):
            with self._db.atomic():
                for statement in MIGRATIONS[step]:
                    self._db.execute(statement)
                self._db.execute(
                    "INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)",
                    [str(step)],
                )
                if step == 1:
                    self._db.execute(
                        "INSERT INTO meta (key, value) VALUES ('created_by', ?)", [app_version]
                    )

    def schema_version(self) -> int:
        row = self._db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        if row is None:
            raise sqlite3.DatabaseError("the meta table has no schema_version")
        return int(row[0])

    def journal_mode(self) -> str:
        return str(self._db.execute("PRAGMA journal_mode").fetchone()[0])

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        """Group writes: all of them land or none do."""
        try:
            with self._db.atomic():
                yield
        except sqlite3.Error as exc:
            raise StoreError(f"could not write to the database {self.path}: {exc}") from exc

    def _insert(self, table: str, row: dict[str, Any]) -> int:
        return int(self._db.table(table).insert(row).last_pk)  # type: ignore[arg-type]

    # -- matches and hands -----------------------------------------------------------------
    def create_match(self, setup: MatchSetup, app_version: str = "") -> int:
        with self.transaction():
            row = {"created_at": self._now(), "setup": _dumps(setup.to_json())}
            row["app_version"] = app_version
            return self._insert("matches", row)

    def matches(self) -> list[MatchSummary]:
        sql = (
            "SELECT m.id, m.created_at, m.setup, COUNT(h.id) AS n FROM matches m "
            "LEFT JOIN hands h ON h.match_id = m.id GROUP BY m.id ORDER BY m.id"
        )
        return [
            MatchSummary(r[0], r[1], MatchSetup.from_json(json.loads(r[2])), r[3])
            for r in self._db.execute(sql).fetchall()
        ]

    def load_sheet(self, match_id: int) -> MatchSheet:
        row = self._db.execute("SELECT setup FROM matches WHERE id = ?", [match_id]).fetchone()
        if row is None:
            raise StoreError(f"no match {match_id} in {self.path}")
        setup = MatchSetup.from_json(json.loads(row[0]))
        sql = (
            "SELECT h.id, h.number, h.input, h.score, "
            "(SELECT COUNT(*) FROM corrections c WHERE c.hand_id = h.id) "
            "FROM hands h WHERE h.match_id = ? ORDER BY h.number"
        )
        hands = tuple(
            HandRecord(
                number=r[1],
                hand_input=HandInput.from_json(json.loads(r[2])),
                score=hand_score_from_json(json.loads(r[3])),
                corrections=r[4],
                hand_id=r[0],
            )
            for r in self._db.execute(sql, [match_id]).fetchall()
        )
        return MatchSheet(setup, hands, match_id)

    def save_hand(
        self,
        match_id: int,
        number: int,
        hand_input: HandInput,
        score: HandScore,
        snapshot: SnapshotData | None = None,
    ) -> tuple[int, int | None]:
        """Store a finished hand and its snapshot together; returns (hand id, snapshot id)."""
        now = self._now()
        with self.transaction():
            hand_id = self._insert(
                "hands",
                {
                    "match_id": match_id,
                    "number": number,
                    "created_at": now,
                    "updated_at": now,
                    "input": _dumps(hand_input.to_json()),
                    "score": _dumps(hand_score_to_json(score)),
                },
            )
            snapshot_id = self._insert_snapshot(snapshot, match_id, hand_id) if snapshot else None
        return hand_id, snapshot_id

    def correct_hand(
        self,
        hand_id: int,
        hand_input: HandInput,
        score: HandScore,
        kind: str,
        detail: dict[str, Any],
        note: str = "",
        snapshot_id: int | None = None,
        created_at: str | None = None,
    ) -> int:
        """Replace a hand's input and score and record why, in one transaction.

        ``created_at`` keeps an imported correction's own time (default: now)."""
        with self.transaction():
            updated = self._db.execute(
                "UPDATE hands SET input = ?, score = ?, updated_at = ? WHERE id = ?",
                [
                    _dumps(hand_input.to_json()),
                    _dumps(hand_score_to_json(score)),
                    self._now(),
                    hand_id,
                ],
            ).rowcount
            if updated != 1:
                raise StoreError(f"no hand {hand_id} to correct in {self.path}")
            row = {"hand_id": hand_id, "snapshot_id": snapshot_id}
            row["created_at"] = created_at if created_at is not None else self._now()
            row.update({"kind": kind, "detail": _dumps(detail), "note": note})
            return self._insert("corrections", row)

    def corrections(self, hand_id: int) -> list[CorrectionRecord]:
        sql = (
            "SELECT id, hand_id, snapshot_id, created_at, kind, detail, note "
            "FROM corrections WHERE hand_id = ? ORDER BY id"
        )
        return [
            CorrectionRecord(r[0], r[1], r[2], r[3], r[4], json.loads(r[5]), r[6])
            for r in self._db.execute(sql, [hand_id]).fetchall()
        ]

    # -- snapshots -------------------------------------------------------------------------
    def save_snapshot(
        self, snapshot: SnapshotData, match_id: int | None = None, hand_id: int | None = None
    ) -> int:
        with self.transaction():
            return self._insert_snapshot(snapshot, match_id, hand_id)

    def _insert_snapshot(
        self, snapshot: SnapshotData, match_id: int | None, hand_id: int | None
    ) -> int:
        size = list(snapshot.image_size_wh) if snapshot.image_size_wh else None
        row: dict[str, Any] = {
            "match_id": match_id,
            "hand_id": hand_id,
            "kind": snapshot.kind,
            "created_at": self._now(),
            "image_jpeg": snapshot.image_jpeg,
            "image_size_wh": _dumps(size) if size else None,
            "detections": _dumps(snapshot.detections),
            "layout": _dumps(snapshot.layout) if snapshot.layout is not None else None,
            "reading": _dumps(snapshot.reading) if snapshot.reading is not None else None,
            "report": _dumps(snapshot.report) if snapshot.report is not None else None,
            "events": _dumps(snapshot.events),
            "app_version": snapshot.app_version,
            "model_version": snapshot.model_version,
        }
        return self._insert("snapshots", row)

    def snapshot_ids(self, match_id: int | None = None, hand_id: int | None = None) -> list[int]:
        sql, args = "SELECT id FROM snapshots WHERE 1 = 1", list[int]()
        if match_id is not None:
            sql, args = sql + " AND match_id = ?", [*args, match_id]
        if hand_id is not None:
            sql, args = sql + " AND hand_id = ?", [*args, hand_id]
        return [r[0] for r in self._db.execute(sql + " ORDER BY id", args).fetchall()]

    def snapshot(self, snapshot_id: int) -> SnapshotRecord:
        row = self._db.execute(
            "SELECT id, match_id, hand_id, created_at, kind, image_jpeg, image_size_wh, "
            "detections, layout, reading, report, events, app_version, model_version "
            "FROM snapshots WHERE id = ?",
            [snapshot_id],
        ).fetchone()
        if row is None:
            raise StoreError(f"no snapshot {snapshot_id} in {self.path}")

        def load(text: str | None) -> Any:
            return json.loads(text) if text is not None else None

        size = load(row[6])
        data = SnapshotData(
            kind=row[4],
            image_jpeg=row[5],
            image_size_wh=(int(size[0]), int(size[1])) if size else None,
            detections=load(row[7]),
            layout=load(row[8]),
            reading=load(row[9]),
            report=load(row[10]),
            events=load(row[11]),
            app_version=row[12],
            model_version=row[13],
        )
        return SnapshotRecord(row[0], row[1], row[2], row[3], data)

    def update_snapshot_reading(
        self, snapshot_id: int, reading: dict[str, Any], report: dict[str, Any] | None
    ) -> None:
        """After a card correction in review: the snapshot shows the corrected verdicts."""
        with self.transaction():
            self._db.execute(
                "UPDATE snapshots SET reading = ?, report = ? WHERE id = ?",
                [_dumps(reading), _dumps(report) if report is not None else None, snapshot_id],
            )

    def hand_id_for(self, match_id: int, number: int) -> int:
        row = self._db.execute(
            "SELECT id FROM hands WHERE match_id = ? AND number = ?", [match_id, number]
        ).fetchone()
        if row is None:
            raise StoreError(f"no hand {number} in match {match_id}")
        return int(row[0])

    def count(self, table: str) -> int:
        if table not in ("matches", "hands", "snapshots", "corrections"):
            raise ValueError(f"unknown table {table!r}")
        return int(self._db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])
