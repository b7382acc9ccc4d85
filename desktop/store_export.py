"""A match out of the database as CSV or JSON, and back in from JSON.

Import reads plain JSON with :func:`json.loads` and checks every field against what the
app itself writes (format tag, version, team and player names, card labels, score parts
that add up); nothing in the file is ever run, and a bad file changes nothing.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping
from datetime import datetime
from typing import Any

import engine
from desktop.match import (
    SCORE_PARTS,
    TEAMS,
    HandInput,
    MatchError,
    MatchSetup,
    hand_score_from_json,
    hand_score_to_json,
)
from desktop.store import Store, StoreError
from vision.types import CARD_LABELS

EXPORT_FORMAT = "arbitro-match"
EXPORT_VERSION = 1
MAX_IMPORT_BYTES = 5_000_000
MAX_HANDS = 500
_CARDS = frozenset(CARD_LABELS)


class ImportValidationError(StoreError):
    """An import file that is not a match this app wrote; says which field is wrong."""


def export_match(store: Store, match_id: int, app_version: str = "") -> dict[str, Any]:
    sheet = store.load_sheet(match_id)
    hands = []
    for record in sheet.hands:
        fixes = store.corrections(record.hand_id) if record.hand_id is not None else []
        corrections = [
            {"created_at": c.created_at, "kind": c.kind, "detail": c.detail, "note": c.note}
            for c in fixes
        ]
        hands.append(
            {
                "number": record.number,
                "input": record.hand_input.to_json(),
                "score": hand_score_to_json(record.score),
                "corrections": corrections,
            }
        )
    return {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "app_version": app_version,
        "match": sheet.setup.to_json(),
        "hands": hands,
        "totals": sheet.totals(),
        "winner": sheet.winner(),
    }


def export_json_text(store: Store, match_id: int, app_version: str = "") -> str:
    return json.dumps(export_match(store, match_id, app_version), ensure_ascii=False, indent=2)


def export_csv_text(store: Store, match_id: int) -> str:
    """One row per hand: each team's breakdown, the running totals, how the hand ended."""
    sheet = store.load_sheet(match_id)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    header = ["hand"]
    for team in TEAMS:
        header += [f"{team}_{part}" for part in SCORE_PARTS]
    header += [f"{team}_running" for team in TEAMS] + ["closed_by", "hand_end", "corrections"]
    writer.writerow(header)
    for record, row in zip(sheet.hands, sheet.rows(), strict=True):
        line: list[Any] = [record.number]
        for team in TEAMS:
            line += [getattr(record.score[team], part) for part in SCORE_PARTS]
        line += [row.running[team] for team in TEAMS]
        line += [record.hand_input.closed_by or "", record.hand_input.hand_end]
        writer.writerow([*line, record.corrections])
    return out.getvalue()


def _check_cards(hand: HandInput, where: str) -> None:
    for team in TEAMS:
        team_hand = hand.teams[team]
        groups = [*team_hand.melds, *team_hand.hands, team_hand.pozzetto_unseen_cards]
        for cards in groups:
            bad = [c for c in cards if c not in _CARDS]
            if bad:
                raise ImportValidationError(f"{where}.teams.{team}: unknown card labels {bad!r}")


def parse_match_json(text: str | bytes) -> dict[str, Any]:
    """Validate an export file; returns the checked parts or raises ImportValidationError."""
    if len(text) > MAX_IMPORT_BYTES:
        raise ImportValidationError(f"the file is larger than {MAX_IMPORT_BYTES} bytes")
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as exc:
        raise ImportValidationError(f"not JSON: {exc}") from exc
    if not isinstance(data, Mapping) or data.get("format") != EXPORT_FORMAT:
        raise ImportValidationError(f"not an Arbitro match file (format must be {EXPORT_FORMAT!r})")
    if data.get("version") != EXPORT_VERSION:
        raise ImportValidationError(f"unsupported version {data.get('version')!r}")
    raw_hands = data.get("hands")
    if not isinstance(raw_hands, list) or len(raw_hands) > MAX_HANDS:
        raise ImportValidationError(f"'hands' must be a list of at most {MAX_HANDS} hands")
    try:
        setup = MatchSetup.from_json(data.get("match") or {})
        engine.get_preset(setup.preset)  # the app rescores with it: an unknown one cannot be
    except (MatchError, engine.RulesError) as exc:
        raise ImportValidationError(f"match: {exc}") from exc
    hands: list[dict[str, Any]] = []
    for i, raw in enumerate(raw_hands):
        where = f"hands[{i}]"
        if not isinstance(raw, Mapping):
            raise ImportValidationError(f"{where}: expected an object")
        number = raw.get("number")
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise ImportValidationError(f"{where}.number must be a positive whole number")
        try:
            hand_input = HandInput.from_json(raw.get("input"))  # type: ignore[arg-type]
            score = hand_score_from_json(raw.get("score"))  # type: ignore[arg-type]
        except MatchError as exc:
            raise ImportValidationError(f"{where}: {exc}") from exc
        except (TypeError, AttributeError) as exc:  # a list or null where an object belongs
            raise ImportValidationError(f"{where}: malformed hand ({exc})") from exc
        _check_cards(hand_input, f"{where}.input")
        corrections = raw.get("corrections", [])
        if not isinstance(corrections, list) or not all(
            isinstance(c, Mapping) and isinstance(c.get("kind"), str) for c in corrections
        ):
            raise ImportValidationError(f"{where}.corrections must be a list of objects")
        hands.append({"number": number, "input": hand_input, "score": score, "fixes": corrections})
    numbers = [h["number"] for h in hands]
    if len(set(numbers)) != len(numbers):
        raise ImportValidationError(f"hand numbers repeat: {numbers!r}")
    return {"setup": setup, "hands": hands}


def import_match_json(store: Store, text: str | bytes, app_version: str = "") -> int:
    """Add the match in ``text`` as a new match; returns its id. All or nothing."""
    checked = parse_match_json(text)
    with store.transaction():
        match_id = store.create_match(checked["setup"], app_version)
        for hand in checked["hands"]:
            hand_id, _ = store.save_hand(match_id, hand["number"], hand["input"], hand["score"])
            for fix in hand["fixes"]:
                detail = fix.get("detail") if isinstance(fix.get("detail"), dict) else {}
                note = fix.get("note") if isinstance(fix.get("note"), str) else ""
                store.correct_hand(
                    hand_id,
                    hand["input"],
                    hand["score"],
                    fix["kind"],
                    detail,
                    f"{note}",
                    created_at=_timestamp(fix.get("created_at")),
                )
    return match_id


def _timestamp(value: Any) -> str | None:
    """A correction's own time from the file, if it is one; None: the time of the import."""
    if not isinstance(value, str):
        return None
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return None
    return value
