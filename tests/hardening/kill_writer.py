"""A process that saves hands with snapshots in a loop until it is killed.

    python -m tests.hardening.kill_writer DB_PATH

It opens the store the way the app does, continues the first match after its last hand,
and after each hand's transaction has committed prints the hand's number and flushes, so
the killer knows which hands were committed before the kill. Every hand's content is a
pure function of its number (:func:`expected_hand`), so a reader can check it byte for
byte.
"""

from __future__ import annotations

import hashlib
import random
import sys
from pathlib import Path
from typing import Any

SNAPSHOT_BYTES = 96_000  # big enough that a kill often lands inside a write


def expected_hand(number: int) -> dict[str, Any]:
    """Input, score and snapshot bytes of hand ``number`` (JSON shapes of desktop.match)."""
    rng = random.Random(number)
    kings = ["KH", "KS", "KD", "KC", "KH", "KS", "KD"][: 3 + number % 5]
    melds = [kings, ["4H", "5H", "6H"]]
    a_melds, b_hand = 10 * number, -5 * (number % 7)
    return {
        "input": {
            "teams": {
                "A": {"melds": melds, "hands": [[], ["AS"]], "pozzetto": "taken"},
                "B": {"melds": [], "hands": [["JK"], []], "pozzetto": "not_taken"},
            },
            "closedBy": "A",
            "handEnd": "close",
        },
        "score": {
            "A": {
                "melds": a_melds,
                "bonuses": 0,
                "closing": 100,
                "hand": 0,
                "pozzetto": 0,
                "total": a_melds + 100,
            },
            "B": {
                "melds": 0,
                "bonuses": 0,
                "closing": 0,
                "hand": b_hand,
                "pozzetto": -100,
                "total": b_hand - 100,
            },
        },
        "image": rng.randbytes(SNAPSHOT_BYTES),
    }


def image_digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def write_forever(db_path: Path) -> None:
    from desktop.match import HandInput, MatchSetup, hand_score_from_json
    from desktop.store import SnapshotData, Store

    store = Store.open(db_path, "kill-writer")
    matches = store.matches()
    match_id = matches[0].id if matches else store.create_match(MatchSetup(), "kill-writer")
    number = len(store.load_sheet(match_id).hands) + 1
    while True:
        hand = expected_hand(number)
        snapshot = SnapshotData(
            kind="end_of_hand", image_jpeg=hand["image"], report={"hand": number}
        )
        store.save_hand(
            match_id,
            number,
            HandInput.from_json(hand["input"]),
            hand_score_from_json(hand["score"]),
            snapshot,
        )
        print(number, flush=True)  # only after the commit: the hand is on disk
        number += 1


if __name__ == "__main__":
    write_forever(Path(sys.argv[1]))
