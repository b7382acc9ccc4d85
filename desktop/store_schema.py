"""The snapshot database's schema, one numbered step at a time.

``MIGRATIONS[n]`` takes a database at version ``n - 1`` to version ``n``; version 0 is an
empty file. Each step runs in its own transaction together with the new version number, so
a crash leaves the database at a whole version. Never edit a released step: add one.
"""

from __future__ import annotations

SCHEMA_VERSION = 2

MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: (
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        """CREATE TABLE matches (
            id INTEGER PRIMARY KEY,
            created_at TEXT NOT NULL,
            setup TEXT NOT NULL,
            app_version TEXT NOT NULL
        )""",
        """CREATE TABLE hands (
            id INTEGER PRIMARY KEY,
            match_id INTEGER NOT NULL REFERENCES matches(id),
            number INTEGER NOT NULL,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            input TEXT NOT NULL,
            score TEXT NOT NULL,
            UNIQUE (match_id, number)
        )""",
        """CREATE TABLE snapshots (
            id INTEGER PRIMARY KEY,
            match_id INTEGER REFERENCES matches(id),
            hand_id INTEGER REFERENCES hands(id),
            kind TEXT NOT NULL,
            created_at TEXT NOT NULL,
            image_jpeg BLOB,
            image_size_wh TEXT,
            detections TEXT NOT NULL,
            layout TEXT,
            reading TEXT,
            report TEXT,
            app_version TEXT NOT NULL,
            model_version TEXT NOT NULL
        )""",
        """CREATE TABLE corrections (
            id INTEGER PRIMARY KEY,
            hand_id INTEGER NOT NULL REFERENCES hands(id),
            snapshot_id INTEGER REFERENCES snapshots(id),
            created_at TEXT NOT NULL,
            kind TEXT NOT NULL,
            detail TEXT NOT NULL,
            note TEXT NOT NULL DEFAULT ''
        )""",
    ),
    # 2: the event log travels with each snapshot so the review can replay the hand.
    2: (
        "ALTER TABLE snapshots ADD COLUMN events TEXT NOT NULL DEFAULT '[]'",
        "CREATE INDEX snapshots_by_hand ON snapshots (hand_id)",
        "CREATE INDEX corrections_by_hand ON corrections (hand_id)",
    ),
}
