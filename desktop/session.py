"""The Qt-free orchestration that the window drives.

A :class:`Session` holds the current match, the latest table reading and the event log. At
the end of a hand it prefills what the players confirm, has the rules score it, puts the hand
on the match sheet and saves hand + snapshot in one transaction. Corrections rescore a hand
and the sheet's totals follow. The rules and the table reading come in through two small
protocols, so tests and the demo can pass their own.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from desktop.match import (
    TEAMS,
    HandInput,
    HandRecord,
    HandScore,
    MatchSetup,
    MatchSheet,
    TeamHand,
    hand_score_to_json,
)
from desktop.store import SnapshotData, Store
from vision.types import CardDetection


class Referee(Protocol):
    """The rules as the session needs them (see :mod:`desktop.referee_engine`)."""

    def judge_meld(self, cards: Sequence[str], preset: str) -> dict[str, Any]:
        """The meld's verdict as JSON: legal, type, clean, burraco, points, faults, reason."""
        ...

    def score_hand(self, hand: HandInput, preset: str) -> HandScore: ...


@dataclass(frozen=True)
class TableReading:
    """One frame read: the picture, its detections and the rules' view of the table.

    ``reading`` is the ``arbitro read`` JSON: ``zones.A/B.melds[]`` with ``cards``, verdict
    fields and optional ``boxes_xyxy``; optional ``shown`` (cards each player shows at the end),
    ``pozzetti`` (team -> still on the table) and ``events``.
    """

    frame_index: int
    image_bgr: Any
    detections: tuple[CardDetection, ...] = ()
    reading: Mapping[str, Any] = field(default_factory=dict)
    layout: Mapping[str, Any] | None = None
    model_status: str = ""


@dataclass(frozen=True)
class Event:
    t_seconds: float
    kind: str
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"t": round(self.t_seconds, 3), "kind": self.kind, "text": self.text}


@dataclass(frozen=True)
class HandResult:
    record: HandRecord
    sheet: MatchSheet
    snapshot_id: int | None


def team_melds(reading: Mapping[str, Any], team: str) -> list[Any]:
    """The melds of ``team`` in a reading, as dicts with at least ``cards``."""
    zone = (reading.get("zones") or {}).get(team) or {}
    return [m for m in zone.get("melds", []) if isinstance(m, Mapping) and "cards" in m]


def prefill_hand(reading: Mapping[str, Any] | None) -> HandInput:
    """What the end-of-hand dialog starts from: the table as last read.

    A team whose pozzetto is no longer on the table has taken it; who closed cannot be seen,
    so the guess is the one team with a player showing no cards (players confirm or correct).
    """
    reading = reading or {}
    shown = reading.get("shown") or {}
    pozzetti = reading.get("pozzetti") or {}
    teams = {}
    for team in TEAMS:
        melds = tuple(tuple(m["cards"]) for m in team_melds(reading, team))
        hands_shown = shown.get(team) or [[], []]
        hands = (tuple(hands_shown[0]), tuple(hands_shown[1]) if len(hands_shown) > 1 else ())
        on_table = pozzetti.get(team)
        state = "not_taken" if on_table is True else "taken"
        teams[team] = TeamHand(melds, hands, state)
    # the closer holds nothing: a team with an empty-handed player and its pozzetto taken
    empty = [t for t in TEAMS if teams[t].pozzetto == "taken" and not all(teams[t].hands)]
    closed_by = empty[0] if len(empty) == 1 else TEAMS[0]
    return HandInput(teams, closed_by, "close")


# The engine's fault codes, in words (rules-vectors conventions); the UI translates them.
FAULT_WORDS: dict[str, str] = {
    "too_few_cards": "fewer than three cards",
    "only_wilds": "only wild cards",
    "two_wilds": "two wild cards",
    "mixed_suits": "suits mixed in a sequence",
    "not_consecutive": "not consecutive",
    "duplicate_rank": "a rank repeated in a sequence",
    "wrap_around": "runs past the ace",
    "ace_both_ends": "an ace at both ends",
    "not_set_or_sequence": "neither a set nor a sequence",
    "impossible_card_count": "more copies of a card than the decks hold",
    "duplicate_set_rank": "a second set of the same rank",
    "set_rank_not_allowed": "sets of this rank are not allowed",
}


def fault_words(codes: Sequence[str]) -> str:
    """Fault codes as the players read them: ``not_consecutive`` -> ``not consecutive``."""
    return ", ".join(FAULT_WORDS.get(c, c.replace("_", " ")) for c in codes)


def event_text(event: Mapping[str, Any]) -> str:
    """One line for an event of the referee over frames (``desktop.reading_referee``)."""
    team = event.get("team", "")
    cards = " ".join(event.get("cards", []))
    kind = event.get("type")
    if kind == "meld_laid":
        return f"{team} laid {cards}"
    if kind == "card_added":
        return f"{team} added {cards} to {' '.join(event.get('meld_cards', []))}"
    if kind == "burraco_completed":
        return f"{team} completed a {event.get('kind')} burraco: {cards}"
    if kind == "burraco_changed":
        return f"{team} burraco {cards} is now {event.get('kind')} (was {event.get('was')})"
    if kind == "meld_illegal":
        return f"{team} meld {cards} is illegal: {fault_words(event.get('faults', []))}"
    if kind in ("wild_moved", "card_moved"):
        return f"{team} moved {event.get('card')} in {' '.join(event.get('meld_cards', []))}"
    if kind == "card_reread":
        return f"{team} {event.get('was')} re-read as {event.get('card')}"
    if kind == "pozzetto_taken":
        return "a pozzetto was taken"
    return ", ".join(f"{k}={v}" for k, v in event.items() if k != "t")


def detections_json(detections: Sequence[CardDetection]) -> list[dict[str, Any]]:
    return [
        {"card": d.card, "confidence": round(d.confidence, 4), "box_xyxy": list(d.box_xyxy)}
        for d in detections
    ]


def encode_jpeg(image_bgr: Any, quality: int = 85) -> tuple[bytes | None, tuple[int, int] | None]:
    if image_bgr is None:
        return None, None
    import cv2  # heavy; only when a snapshot is taken

    ok, buffer = cv2.imencode(".jpg", image_bgr, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:
        return None, None
    height, width = image_bgr.shape[:2]
    return buffer.tobytes(), (int(width), int(height))


def rejudge(reading: Mapping[str, Any], referee: Referee, preset: str) -> dict[str, Any]:
    """A copy of ``reading`` whose meld verdicts come from ``referee`` (after a correction)."""
    zones = {}
    for team in TEAMS:
        melds = [{**m, **referee.judge_meld(m["cards"], preset)} for m in team_melds(reading, team)]
        zone = dict((reading.get("zones") or {}).get(team) or {})
        zone["melds"] = melds
        zone["points"] = sum(m.get("points") or 0 for m in melds)
        zones[team] = zone
    return {**reading, "zones": {**(reading.get("zones") or {}), **zones}}


class Session:
    """One app session: the store, the rules, the current match and the latest reading."""

    def __init__(
        self,
        store: Store,
        referee: Referee,
        app_version: str = "",
        model_version: str = "",
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        self.referee = referee
        self.app_version = app_version
        self.model_version = model_version
        self._clock = clock
        self._t0 = clock()
        self.sheet: MatchSheet | None = None
        self.latest: TableReading | None = None
        self.events: list[Event] = []
        self._last_melds: dict[str, list[tuple[str, ...]]] = {t: [] for t in TEAMS}

    # -- the match -------------------------------------------------------------------------
    def new_match(self, setup: MatchSetup) -> MatchSheet:
        match_id = self.store.create_match(setup, self.app_version)
        self.sheet = MatchSheet(setup, (), match_id)
        self.events = []
        self.log("match", f"new match: {setup.team_names[0]} v {setup.team_names[1]}")
        return self.sheet

    def open_match(self, match_id: int) -> MatchSheet:
        self.sheet = self.store.load_sheet(match_id)
        return self.sheet

    def _require_sheet(self) -> MatchSheet:
        if self.sheet is None or self.sheet.match_id is None:
            raise RuntimeError("no match is open: start a new match first")
        return self.sheet

    # -- live reading ----------------------------------------------------------------------
    def log(self, kind: str, text: str) -> Event:
        event = Event(self._clock() - self._t0, kind, text)
        self.events.append(event)
        return event

    def on_reading(self, reading: TableReading) -> list[Event]:
        """Keep the newest reading; log its events, or else the melds that appeared or changed."""
        self.latest = reading
        if "events" in reading.reading:  # the referee over frames says what happened
            return [
                self.log(str(e.get("type", "table")), event_text(e))
                for e in reading.reading["events"]
            ]
        new_events = []
        for team in TEAMS:
            melds = team_melds(reading.reading, team)
            now = [tuple(m["cards"]) for m in melds]
            before = self._last_melds[team]
            for i, meld in enumerate(melds):
                if i < len(before) and before[i] == now[i]:
                    continue
                verdict = "legal"
                if not meld.get("legal", True):
                    reason = meld.get("reason")
                    verdict = f"illegal: {fault_words([reason])}" if reason else "illegal"
                text = f"{team} meld {i + 1}: {' '.join(now[i])} ({verdict})"
                new_events.append(self.log("meld", text))
            self._last_melds[team] = now
        return new_events

    def prefill(self) -> HandInput:
        return prefill_hand(self.latest.reading if self.latest else None)

    def _snapshot(self, kind: str, report: dict[str, Any] | None) -> SnapshotData:
        latest = self.latest
        image, size = encode_jpeg(latest.image_bgr if latest else None)
        return SnapshotData(
            kind=kind,
            image_jpeg=image,
            image_size_wh=size,
            detections=detections_json(latest.detections) if latest else [],
            layout=dict(latest.layout) if latest and latest.layout is not None else None,
            reading=dict(latest.reading) if latest else None,
            report=report,
            events=[e.to_json() for e in self.events],
            app_version=self.app_version,
            model_version=self.model_version,
        )

    def take_snapshot(self) -> int:
        """The snapshot key: save the table as it is now, in or out of a match."""
        match_id = self.sheet.match_id if self.sheet else None
        snapshot_id = self.store.save_snapshot(self._snapshot("manual", None), match_id)
        self.log("snapshot", f"snapshot {snapshot_id} saved")
        return snapshot_id

    # -- end of hand and corrections ---------------------------------------------------------
    def end_hand(self, hand_input: HandInput) -> HandResult:
        sheet = self._require_sheet()
        assert sheet.match_id is not None
        score = self.referee.score_hand(hand_input, sheet.setup.preset)
        number = sheet.next_number()
        report = {"hand": number, "input": hand_input.to_json(), "score": hand_score_to_json(score)}
        snapshot = self._snapshot("end_of_hand", report)
        hand_id, snapshot_id = self.store.save_hand(
            sheet.match_id, number, hand_input, score, snapshot
        )
        record = HandRecord(number, hand_input, score, 0, hand_id)
        self.sheet = sheet.with_hand(record)
        totals = self.sheet.totals()
        self.log("hand", f"hand {number}: A {score['A'].total}, B {score['B'].total}; {totals}")
        winner = self.sheet.winner()
        if winner is not None:
            self.log("match", f"{sheet.setup.team_name(winner)} wins the match")
        self._last_melds = {t: [] for t in TEAMS}
        return HandResult(record, self.sheet, snapshot_id)

    def correct_hand(
        self,
        number: int,
        hand_input: HandInput,
        kind: str = "hand",
        detail: dict[str, Any] | None = None,
        note: str = "",
        snapshot_id: int | None = None,
    ) -> MatchSheet:
        """Rescore hand ``number`` from corrected input; the sheet's totals follow."""
        sheet = self._require_sheet()
        old = sheet.hand(number)
        if old.hand_id is None:
            raise RuntimeError(f"hand {number} was never saved")
        score = self.referee.score_hand(hand_input, sheet.setup.preset)
        detail = dict(detail or {})
        detail.setdefault("before", old.hand_input.to_json())
        detail.setdefault("after", hand_input.to_json())
        self.store.correct_hand(old.hand_id, hand_input, score, kind, detail, note, snapshot_id)
        record = replace(old, hand_input=hand_input, score=score, corrections=old.corrections + 1)
        self.sheet = sheet.with_hand(record)
        self.log(
            "correction", f"hand {number} corrected: A {score['A'].total}, B {score['B'].total}"
        )
        return self.sheet

    def correct_card(
        self, snapshot_id: int, team: str, meld_index: int, slot: int, card: str
    ) -> MatchSheet:
        """Review: one card of a meld in an end-of-hand snapshot was misread; fix and rescore."""
        sheet = self._require_sheet()
        snap = self.store.snapshot(snapshot_id)
        if snap.hand_id is None or snap.match_id != sheet.match_id:
            raise RuntimeError(f"snapshot {snapshot_id} is not a hand of this match")
        record = next(h for h in sheet.hands if h.hand_id == snap.hand_id)
        reading = dict(snap.data.reading or {})
        zone_melds = team_melds(reading, team)
        if meld_index >= len(zone_melds) or slot >= len(zone_melds[meld_index]["cards"]):
            raise RuntimeError(f"no card {slot + 1} in meld {meld_index + 1} of team {team}")
        seen = list(zone_melds[meld_index]["cards"])
        old_card = seen[slot]
        team_hand = record.hand_input.teams[team]
        melds = [list(m) for m in team_hand.melds]
        # the players may have reordered or fixed melds at the end of the hand: correct the
        # confirmed meld that is this one, and only by position when none matches
        target = next((i for i, m in enumerate(melds) if m == seen), meld_index)
        if target < len(melds) and slot < len(melds[target]):
            melds[target][slot] = card
        fixed = replace(team_hand, melds=tuple(tuple(m) for m in melds))
        hand_input = record.hand_input.with_team(team, fixed)
        detail = {"team": team, "meld": meld_index, "slot": slot, "was": old_card, "now": card}
        new_sheet = self.correct_hand(record.number, hand_input, "card", detail, "", snapshot_id)
        zone_melds[meld_index]["cards"] = [*seen[:slot], card, *seen[slot + 1 :]]
        reading = rejudge(reading, self.referee, sheet.setup.preset)
        score = new_sheet.hand(record.number).score
        report = {**(snap.data.report or {}), "input": hand_input.to_json()}
        report["score"] = hand_score_to_json(score)
        self.store.update_snapshot_reading(snapshot_id, reading, report)
        return new_sheet
