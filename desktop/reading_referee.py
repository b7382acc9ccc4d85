"""The referee over a stream of frames: detections -> layout -> the hand's memory ->
verdicts, and the timestamped events a player cares about.

Vision reports structure (a meld laid, cards added, a card moved, a pile gone); this layer
adds what needs the rules: a burraco completed (clean or dirty), a wild moved, a meld
that became illegal and why.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from desktop.table_reading import MeldReading, TableReading, judge_group, read_table
from engine import Rules
from vision.layout.types import TEAM_ZONES, MeldGroup
from vision.layout.zones import ZoneMap
from vision.tracking import EventKind, MemoryParams, TableMemory, TrackEvent
from vision.tracking.piles import PileWatcher
from vision.tracking.slots import WILD_LABELS
from vision.types import BoxXYXY, CardDetection


class Referee:
    """Feed it every frame's detections; ask it for the reading at any time."""

    def __init__(
        self, rules: Rules, zones: ZoneMap | None = None, params: MemoryParams | None = None
    ) -> None:
        self.rules = rules
        self.zones = zones
        self.memory = TableMemory(params or MemoryParams())
        self.piles = PileWatcher(zones)
        self.events: list[dict[str, Any]] = []
        self.flags: list[str] = []
        self._last: dict[int, MeldReading] = {}

    def update(
        self,
        detections: Sequence[CardDetection],
        size_wh: tuple[int, int],
        t_monotonic: float,
        backs_xyxy: Sequence[BoxXYXY] | None = None,
    ) -> list[dict[str, Any]]:
        """One frame; ``backs_xyxy`` (card backs the reader saw) lets it see a pozzetto go."""
        events = self.memory.read_frame(detections, size_wh, t_monotonic, self.zones)
        if backs_xyxy is not None:
            events += self.piles.update(backs_xyxy, size_wh, t_monotonic)
        return self.apply(events)

    def apply(self, track_events: Sequence[TrackEvent]) -> list[dict[str, Any]]:
        """Turn the memory's structural events into the referee's events."""
        state = self.memory.state()
        melds: dict[int, tuple[str, MeldGroup]] = {
            m.meld_id: (zone, m)
            for zone in TEAM_ZONES
            for m in state.zone(zone).melds
            if m.meld_id is not None
        }
        out: list[dict[str, Any]] = []
        touched: dict[int, float] = {}
        for ev in track_events:
            if ev.kind is EventKind.PILE_LEFT:
                # which team took it the camera cannot tell: the players say so
                out.append(
                    {"t": round(ev.t_monotonic, 3), "type": "pozzetto_taken", "team": None,
                     **ev.detail}
                )  # fmt: skip
                continue
            if ev.meld_id is None or ev.meld_id not in melds:
                continue
            zone, group = melds[ev.meld_id]
            now = judge_group(zone, group, self.rules)
            if ev.kind is EventKind.CARDS_ADDED:  # one event per card, in slot order
                added = _without(ev.cards, now.set_aside)  # a card read apart joined nothing
                out.extend({**self._structural(ev, now), "cards": [card]} for card in added)
            else:
                out.append(self._structural(ev, now))
            touched[ev.meld_id] = ev.t_monotonic
        moved = {
            (ev.meld_id, ev.cards[0]) for ev in track_events if ev.kind is EventKind.CARD_MOVED
        }
        for meld_id, t in touched.items():
            zone, group = melds[meld_id]
            now = judge_group(zone, group, self.rules)
            old = self._last.get(meld_id)
            out.extend(self._verdict_events(t, now, old))
            for two in _twos_that_changed_role(old, now):
                if (meld_id, two) not in moved:
                    # a 2 becomes natural (or wild) only by moving into (or out of) its slot
                    flag = (
                        f"team {zone} meld {' '.join(now.cards)}: {two} was read as "
                        f"{'wild' if _is_wild(old, two) else 'natural'} and now as "
                        f"{'wild' if _is_wild(now, two) else 'natural'} without moving; check it"
                    )
                    self.flags.append(flag)
                    out.append({"t": round(t, 3), "type": "two_role_unclear", "team": zone,
                                "meld": meld_id, "card": two})  # fmt: skip
            self._last[meld_id] = now
        self.events.extend(out)
        return out

    def _structural(self, ev: TrackEvent, now: MeldReading) -> dict[str, Any]:
        base: dict[str, Any] = {
            "t": round(ev.t_monotonic, 3),
            "team": now.zone,
            "meld": now.meld_id,
        }
        if ev.kind is EventKind.MELD_LAID:
            return {**base, "type": "meld_laid", "cards": list(now.cards)}
        if ev.kind is EventKind.CARDS_ADDED:
            return {
                **base,
                "type": "card_added",
                "cards": list(ev.cards),
                "meld_cards": list(now.cards),
            }
        if ev.kind is EventKind.CARD_MOVED:
            card = ev.cards[0]
            old = self._last.get(now.meld_id or -1)
            was_wild = card == "JK" or (
                old is not None and any(r.wild and str(r.card) == card for r in old.verdict.roles)
            )
            kind = "wild_moved" if card in WILD_LABELS and was_wild else "card_moved"
            return {**base, "type": kind, "card": card, "meld_cards": list(now.cards)}
        return {**base, "type": "card_reread", "card": ev.cards[0], "was": ev.detail.get("was")}

    @staticmethod
    def _verdict_events(
        t: float, now: MeldReading, old: MeldReading | None
    ) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        base: dict[str, Any] = {"t": round(t, 3), "team": now.zone, "meld": now.meld_id}
        v = now.verdict
        if v.burraco is not None and (old is None or old.verdict.burraco is None):
            out.append({**base, "type": "burraco_completed", "kind": v.burraco.value,
                        "cards": list(now.cards)})  # fmt: skip
        if not v.legal and (old is None or old.verdict.legal):
            out.append({**base, "type": "meld_illegal", "faults": [f.value for f in v.faults],
                        "cards": list(now.cards)})  # fmt: skip
        return out

    def reading(self) -> TableReading:
        problems, _ = self.memory.ledger()
        reading = read_table(self.memory.state(), self.rules, problems, self.events)
        return replace(reading, flags=reading.flags + tuple(self.flags))


def _is_wild(reading: MeldReading | None, card: str) -> bool:
    if reading is None:
        return False
    return any(r.wild for r in reading.verdict.roles if str(r.card) == card)


def _twos_that_changed_role(old: MeldReading | None, now: MeldReading) -> list[str]:
    """2s of a legal meld, in it before and now, whose role (natural or wild) changed."""
    if old is None or not old.verdict.legal or not now.verdict.legal:
        return []
    twos = {c for c in now.cards if c[0] == "2" and c in old.cards}
    return sorted(t for t in twos if _is_wild(old, t) != _is_wild(now, t))


def _without(cards: Sequence[str], removed: Sequence[str]) -> list[str]:
    """``cards`` less one copy of each of ``removed``."""
    left = list(cards)
    for card in removed:
        if card in left:
            left.remove(card)
    return left
