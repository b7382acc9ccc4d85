"""The referee over a stream of frames: detections -> layout -> the hand's memory ->
verdicts, and the timestamped events a player cares about.

Vision reports structure (a meld laid, cards added, a card moved, a pile gone); this layer
adds what needs the rules: a burraco completed (clean or dirty), a wild moved, a meld
that became illegal and why.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from desktop.meld_neighbours import hand_over_broken_ends
from desktop.meld_reading import MeldReading, judge_group
from desktop.table_reading import TableReading, read_table
from engine import MeldKind, Rules
from vision.layout.types import TEAM_ZONES, MeldGroup
from vision.layout.zones import ZoneMap
from vision.tracking import EventKind, MemoryParams, TableMemory, TrackEvent
from vision.tracking.piles import PileWatcher
from vision.tracking.slots import WILD_LABELS
from vision.types import BoxXYXY, CardDetection

# A meld must be judged illegal this long before the players are told (see _illegal_events).
ILLEGAL_HOLD_S = 2.0
# A card must read its new way this long before a re-read is told (``_hold_reread``): on the
# validation clips 14 of 16 re-reads were read back within a second (a 2H read 2D for one
# frame), telling the players twice of something that did not happen.
REREAD_HOLD_S = 1.0


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
        self._illegal_since: dict[int, float] = {}  # judged illegal, not yet announced
        self._told_illegal: set[int] = set()  # announced illegal and not legal since
        self._unclear_twos: set[tuple[int, str]] = set()  # (meld, 2) flagged for the players
        self._last_frame: tuple[list[CardDetection], tuple[int, int], float, Any] | None = None
        # re-reads not told yet, by (meld, the card now read): see _hold_reread
        self._pending_rereads: dict[tuple[int, str], dict[str, Any]] = {}

    def update(
        self,
        detections: Sequence[CardDetection],
        size_wh: tuple[int, int],
        t_monotonic: float,
        backs_xyxy: Sequence[BoxXYXY] | None = None,
    ) -> list[dict[str, Any]]:
        """One frame; ``backs_xyxy`` (card backs the reader saw) lets it see a pozzetto go."""
        self._last_frame = (list(detections), size_wh, t_monotonic, backs_xyxy)
        events = self.memory.read_frame(detections, size_wh, t_monotonic, self.zones)
        if backs_xyxy is not None:
            events += self.piles.update(backs_xyxy, size_wh, t_monotonic)
        return self.apply(events, t_monotonic)

    def hold_last_frame(self) -> list[dict[str, Any]]:
        """The source has ended on a view meant to be read (a folder's last photo): its
        frame is seen again as a camera would keep seeing a table left alone, for as long
        as the memory needs to believe a change, so what it shows is read. Its events carry
        the last frame's time. A camera's or a video's last frame is a moment like any
        other and is not held: a hand may be passing over the table, and held, the
        frame's readings outvote the earlier frames' (whole videos read worse)."""
        if self._last_frame is None:
            return []
        detections, size_wh, t_last, backs = self._last_frame
        params = self.memory.params
        # one frame more than the memory needs, so the span is past persist_s, not at it
        step = params.persist_s / max(params.persist_frames - 1, 1)
        out: list[dict[str, Any]] = []
        for k in range(1, params.persist_frames + 1):
            out += self.update(detections, size_wh, t_last + k * step, backs)
        out += self.finish()  # the last photo is the table as it ends
        for event in out:  # the same dicts the event list holds
            event["t"] = round(t_last, 3)
        self._last_frame = None  # held once: a second hold would turn the clock back
        return out

    def apply(self, track_events: Sequence[TrackEvent], t_monotonic: float) -> list[dict[str, Any]]:
        """Turn the memory's structural events at ``t_monotonic`` into the referee's events."""
        state = self.memory.state()
        melds: dict[int, tuple[str, MeldGroup]] = {}
        given: dict[int, list[str]] = {}  # cards read in the next meld on the line
        for zone in TEAM_ZONES:
            remembered = state.zone(zone).melds
            for was, m in zip(
                remembered, hand_over_broken_ends(remembered, self.rules), strict=True
            ):
                if m.meld_id is not None:
                    melds[m.meld_id] = (zone, m)
                    given[m.meld_id] = _without(was.cards, m.cards)
        judged: dict[int, MeldReading] = {}

        def judge(meld_id: int) -> MeldReading:
            # once per meld and frame: the remembered state does not change within a frame
            if meld_id not in judged:
                zone, group = melds[meld_id]
                judged[meld_id] = judge_group(zone, group, self.rules)
            return judged[meld_id]

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
            now = judge(ev.meld_id)
            if ev.kind is EventKind.CARDS_ADDED:  # one event per card, in slot order
                # a card read apart, or read in the next meld on the line, joined nothing
                added = _without(ev.cards, now.set_aside + tuple(given[ev.meld_id]))
                out.extend({**self._structural(ev, now), "cards": [card]} for card in added)
            elif ev.kind is EventKind.CARD_MOVED and not _order_changed(
                self._last.get(ev.meld_id), now
            ):
                pass  # nothing the players could see moved: not told, but judged again below
            elif ev.kind is EventKind.CARD_REREAD:
                self._hold_reread(self._structural(ev, now))
            else:
                out.append(self._structural(ev, now))
            touched[ev.meld_id] = ev.t_monotonic
        moved = {
            (ev.meld_id, ev.cards[0]) for ev in track_events if ev.kind is EventKind.CARD_MOVED
        }
        for meld_id, t in touched.items():
            zone = melds[meld_id][0]
            now = judge(meld_id)
            old = self._last.get(meld_id)
            out.extend(self._verdict_events(t, now, old))
            for two in _twos_that_changed_role(old, now):
                if (meld_id, two) not in moved and (meld_id, two) not in self._unclear_twos:
                    # told once: a 2 read again and again one way and the other is one doubt
                    self._unclear_twos.add((meld_id, two))
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
            self._watch_legality(meld_id, now, t)
        out.extend(self._illegal_events(t_monotonic, set(melds), judge))
        out.extend(self._rereads_held(t_monotonic, set(melds)))
        self.events.extend(out)
        return out

    def finish(self) -> list[dict[str, Any]]:
        """The source has ended (a video's last frame, a camera stopped): every re-read
        still waiting is told, for the melds on the table."""
        melds = {m.meld_id for z in TEAM_ZONES for m in self.memory.state().zone(z).melds}
        told = self._rereads_held(0.0, {m for m in melds if m is not None}, all_now=True)
        self.events.extend(told)
        return told

    def _hold_reread(self, event: dict[str, Any]) -> None:
        """Keep a re-read back until it has held (``_rereads_held``). A card re-read while
        an earlier re-read of it waits is one change from what was told (A read B, then B
        read C: A read C, at the first one's time); read back as it was, nothing is told."""
        meld, card, was = event["meld"], event["card"], event["was"]
        earlier = self._pending_rereads.pop((meld, was), None)
        if earlier is None:
            self._pending_rereads[(meld, card)] = event
        elif earlier["was"] != card:
            self._pending_rereads[(meld, card)] = {**earlier, "card": card}

    def _rereads_held(
        self, t: float, melds: set[int], *, all_now: bool = False
    ) -> list[dict[str, Any]]:
        """The re-reads that have held ``REREAD_HOLD_S`` at ``t`` (every one waiting,
        ``all_now``), for melds still on the table; they carry the time they were read."""
        out = []
        for key, event in list(self._pending_rereads.items()):
            if all_now or t - event["t"] >= REREAD_HOLD_S:
                del self._pending_rereads[key]
                if key[0] in melds:
                    out.append(event)
        return out

    def _watch_legality(self, meld_id: int, now: MeldReading, t: float) -> None:
        if now.verdict.legal:
            self._illegal_since.pop(meld_id, None)
            self._told_illegal.discard(meld_id)
        elif meld_id not in self._told_illegal:
            self._illegal_since.setdefault(meld_id, t)

    def _illegal_events(
        self, t: float, on_table: set[int], judge: Callable[[int], MeldReading]
    ) -> list[dict[str, Any]]:
        """A meld illegal for ILLEGAL_HOLD_S: most melds judged illegal are a card not yet
        read (a joker the reader confirms a moment after the cards around it, a suit misread
        for a few frames) and are legal again within a second or two; a meld players truly
        laid wrong stays on the table, so it is announced a little later, not missed. Each
        waiting meld ``on_table`` is judged as it stands now (``judge``: a meld without an
        event this frame may still be read otherwise by the ledger)."""
        out: list[dict[str, Any]] = []
        for meld_id, since in list(self._illegal_since.items()):
            if meld_id not in on_table:
                del self._illegal_since[meld_id]
                continue
            now = judge(meld_id)
            if now.verdict.legal:
                del self._illegal_since[meld_id]
            elif t - since >= ILLEGAL_HOLD_S:
                del self._illegal_since[meld_id]
                self._told_illegal.add(meld_id)
                out.append({"t": round(t, 3), "type": "meld_illegal", "team": now.zone,
                            "meld": meld_id, "faults": [f.value for f in now.verdict.faults],
                            "cards": list(now.cards), "since": round(since, 3)})  # fmt: skip
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
        was = None if old is None else old.verdict.burraco
        if v.burraco is not None and was is None:
            out.append({**base, "type": "burraco_completed", "kind": v.burraco.value,
                        "cards": list(now.cards)})  # fmt: skip
        elif v.burraco is not None and v.burraco != was:
            # a wild laid on a clean burraco makes it dirty (rules §5, E17), and a 2 moved
            # into its own slot can make it clean: the bonus changes, so the players hear it
            out.append({**base, "type": "burraco_changed", "kind": v.burraco.value,
                        "was": was.value, "cards": list(now.cards)})  # fmt: skip
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
    """2s of a legal meld, in it before and now, whose role (natural or wild) changed: fewer
    copies of the 2 play one role than before. A meld only grows, so a copy laid since
    explains more copies in either role (a second 2D laid as a wild beside a natural 2D
    turned nothing wild: validation clip 8014)."""
    if old is None or not old.verdict.legal or not now.verdict.legal:
        return []
    twos = {c for c in now.cards if c[0] == "2" and c in old.cards}
    return sorted(
        t
        for t in twos
        if any(_copies(now, t, wild) < _copies(old, t, wild) for wild in (False, True))
    )


def _copies(reading: MeldReading, card: str, wild: bool) -> int:
    """How many copies of ``card`` play the role ``wild`` (or natural) in the meld."""
    return sum(1 for r in reading.verdict.roles if str(r.card) == card and r.wild == wild)


def _order_changed(old: MeldReading | None, now: MeldReading) -> bool:
    """Whether a meld's cards changed order as the players see them. A set's cards lie in
    no order and its wild never moves (rules §3.1, §4.6, E11); two copies of one card
    trading places, or a run read the other way round, leave the run as it was."""
    if old is None:
        return True
    if now.verdict.kind is MeldKind.SET and old.verdict.kind is MeldKind.SET:
        return False
    return now.cards not in (old.cards, old.cards[::-1])


def _without(cards: Sequence[str], removed: Sequence[str]) -> list[str]:
    """``cards`` less one copy of each of ``removed``."""
    left = list(cards)
    for card in removed:
        if card in left:
            left.remove(card)
    return left
