"""The hand's memory: a stable table built from many noisy frames.

- A remembered card stays when later frames do not show it (a fan covering it, a hand),
  and its last reading is put back into the frame (``covered_readings``) so the layout
  still finds it in its fan; so is a card of a meld being laid, covered before the meld
  was confirmed.
- A meld only grows; any change to it (a card added, a card moved) and any new meld must be
  seen the same way for ``persist_frames`` frames spanning ``persist_s`` seconds, so a
  hand passing over the table creates nothing. Frames showing the meld whole and unchanged
  count against a change; a new meld is what most of its frames read.
- Each slot keeps every reading it got, weighted by confidence; its card is the best
  supported one, so a covered index misread later does not overwrite a good early read;
  a card seen whole (two corners read alike in one frame, ``whole``) is what it was seen
  as.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from itertools import groupby, pairwise
from statistics import median

from vision.layout.build import LayoutParams, build_layout
from vision.layout.geometry import distance, pointing, principal_axis, project
from vision.layout.order import reading_order
from vision.layout.types import TEAM_ZONES, MeldGroup, Slot, TableLayout, ZoneLayout
from vision.layout.zones import ZoneMap
from vision.tracking.events import EventKind, TrackEvent
from vision.tracking.ledger import LedgerProblem, Reading, check_ledger, copies_of
from vision.tracking.lone import CARD_REACH_S, LoneCards
from vision.tracking.physical import other_indices
from vision.tracking.sightings import Sightings
from vision.tracking.slots import (
    WILD_LABELS,
    MemMeld,
    MemSlot,
    match_slots,
    moved_uids,
    order_along,
)
from vision.tracking.steady_order import SteadyOrder
from vision.tracking.strays import (
    KnownFan,
    LooseCard,
    Strays,
    alone_in_zones,
    loose_cards,
    with_loose_returned,
)
from vision.tracking.votes import Votes, majority_reading
from vision.tracking.whole import WholeSightings, seen_whole
from vision.types import CardDetection

# A set's card is read again within this many of the set's fan steps of where it lies. Its
# other copy, laid two or three cards on, lies further, though in a tight fan still within
# ``MemoryParams.match_radius`` (validation clip 8047: 2.1 index heights, three steps on).
SAME_CARD_STEPS = 1.5
# The frames that must show a four-index fan before a card needs three corners read alike
# to be seen whole. One or two frames of a two-index deck can pass for one (validation clip
# 8007's jumbo deck, new clip 8187), where every four-index deck of the clips shows one in
# 72 frames or more, the third within 2.3 s of the first card.
FOUR_INDEX_FRAMES = 3


@dataclass(frozen=True)
class MemoryParams:
    persist_frames: int = 3  # a change must be seen this many frames in a row...
    persist_s: float = 0.8  # ...over at least this long
    match_radius: float = 2.5  # same card this close (x index height) = same physical card
    min_new_meld_slots: int = 3
    forget_s: float = 1.0  # a proposed change not seen for this long is forgotten


# The layout every frame is read with (``read_frame``).
LAYOUT = LayoutParams()


@dataclass
class _Candidate:
    """Fans seen at one place that match no remembered meld: a meld being laid, or a hand."""

    zone: str
    slots: tuple[Slot, ...]  # as last seen, for matching the next frame
    votes: Votes[tuple[str, ...], tuple[Slot, ...]]
    last_frame: int


@dataclass
class TableMemory:
    params: MemoryParams = MemoryParams()
    size_wh: tuple[int, int] = (0, 0)
    _melds: list[MemMeld] = field(default_factory=list)
    _candidates: list[_Candidate] = field(default_factory=list)
    _loose: dict[str, tuple[Slot, ...]] = field(default_factory=dict)
    _loose_votes: dict[str, Votes[tuple[str, ...], tuple[Slot, ...]]] = field(default_factory=dict)
    # Loose cards outside the team zones as the layout showed them on their own, with the
    # time: a remembered loose card is told in a fan only while it still shows alone.
    _alone: list[tuple[float, LooseCard]] = field(default_factory=list)
    _frame: int = 0
    _next_uid: int = 1
    # Frames whose layout showed a four-index fan. After one, the deck's twin pairs fold
    # on every later frame, even where a hand leaves two of them backing only each other;
    # after FOUR_INDEX_FRAMES, a card needs three corners to be seen whole.
    _four_index_frames: int = 0
    _sightings: Sightings = field(init=False)
    _lone: LoneCards = field(init=False)
    _whole: WholeSightings = field(default_factory=WholeSightings)
    _covered_now: frozenset[CardDetection] = frozenset()
    _order: SteadyOrder = field(init=False)  # the order each zone's melds are shown in

    def __post_init__(self) -> None:
        self._sightings = Sightings(
            self.params.match_radius, self.params.forget_s, self.params.persist_frames
        )
        self._lone = LoneCards(self.params.forget_s)
        self._order = SteadyOrder(self.params.persist_frames, self.params.persist_s)

    # ---- one frame -------------------------------------------------------------------
    def read_frame(
        self,
        detections: Sequence[CardDetection],
        size_wh: tuple[int, int],
        t_monotonic: float,
        zones: ZoneMap | None = None,
    ) -> list[TrackEvent]:
        """One frame's detections: the known cards a fan now covers are put back where
        they were read, the layout is built, and the memory takes it."""
        covered = self.covered_readings(detections)
        known = True if self._four_index_frames else None
        layout = build_layout([*detections, *covered], size_wh, zones, LAYOUT, known)
        self._four_index_frames += layout.four_index_fan
        return self.update(layout, t_monotonic, covered)

    def covered_readings(self, detections: Sequence[CardDetection]) -> list[CardDetection]:
        """Readings to add to this frame's ``detections`` before its layout is built: the
        last readings of known cards (remembered melds' cards, and cards of a meld being
        laid) whose indices a fan or a hand now covers. Pass them to ``update`` as
        ``covered`` (``read_frame`` does both)."""
        # A reading that does not tell the card (under the layout's bar, or its suit open)
        # does not show it: it does not keep a covered card's last reading out (a tight
        # fan's half-hidden index read at 0.2, or its suit unseen, then dropped).
        detections = [
            d for d in detections if not d.suit_open and d.confidence >= LAYOUT.min_confidence
        ]
        out = self._sightings.covered_readings(detections)
        for meld in self._melds:
            reach = self._reach(meld)
            for mem in meld.slots:
                if mem.read.covered(mem.card, mem.scale_px, detections, reach):
                    out += [replace(d, card=mem.card) for d in mem.read.last_read]
        return out

    def update(
        self,
        layout: TableLayout,
        t_monotonic: float,
        covered: Sequence[CardDetection] = (),
    ) -> list[TrackEvent]:
        """One frame's layout; ``covered``: the readings of ``covered_readings`` that were
        added to its detections (their cards count as remembered, not as seen now)."""
        self._frame += 1
        self.size_wh = layout.size_wh
        self._covered_now = frozenset(covered)
        layout = _mark_covered(layout, self._covered_now)
        self._whole.observe(
            (s for z in TEAM_ZONES for s in _zone_slots(layout.zone(z))),
            self._covered_now,
            t_monotonic,
            self._whole_corners(),
        )
        for meld in self._melds:
            for mem in meld.slots:
                mem.visible = False
        events: list[TrackEvent] = []
        seen: dict[int, tuple[MemMeld, list[Slot]]] = {}
        self._alone = [
            *((t, c) for t, c in self._alone if t_monotonic - t <= self.params.forget_s),
            *((t_monotonic, c) for c in alone_in_zones(layout)),
        ]
        # Loose cards of other zones that a fan may take in: the same for both teams' zones.
        loose = tuple(
            loose_cards(self._loose, [c for _, c in self._alone], self.params.match_radius)
        )
        returned: list[LooseCard] = []
        for zone in TEAM_ZONES:
            returned += self._observe_zone(layout.zone(zone), t_monotonic, seen, loose)
        for meld, observed in seen.values():
            self._observe_meld(meld, observed, t_monotonic, events)
        self._commit_candidates(t_monotonic, events)
        held = [mem.frozen() for meld in self._melds for mem in meld.slots]
        self._sightings.forget(t_monotonic, held)
        self._lone.forget(t_monotonic)
        self._update_loose(with_loose_returned(layout, returned), t_monotonic)
        for zone in TEAM_ZONES:
            groups = [m.group() for m in self._melds if m.zone == zone]
            self._order.see(
                zone, [g.meld_id for g in reading_order(groups)], t_monotonic, self._frame
            )
        return events

    def _observe_zone(
        self,
        here: ZoneLayout,
        t: float,
        seen: dict[int, tuple[MemMeld, list[Slot]]],
        loose: tuple[LooseCard, ...],
    ) -> list[LooseCard]:
        """Route a team zone's fans to remembered melds and candidates; the loose cards
        of other zones (``loose``, those a fan may take in) that its fans took in."""
        zone = here.name
        # Each remembered meld's fan as last seen, built once: its top card's far corner
        # claims no card and may head the next fan on its line.
        meld_fans = {
            m.meld_id: KnownFan.of([s.frozen() for s in m.slots])
            for m in self._melds
            if m.zone == zone
        }
        in_fans = [s for g in here.melds for s in g.slots]
        owners = self._claim_slots(zone, meld_fans, [*in_fans, *here.loose], len(in_fans))
        strays = Strays(
            tuple(self._known_fans(zone, meld_fans)),
            loose,
            self.params.match_radius,
            self.params.min_new_meld_slots,
        )
        returned: list[LooseCard] = []
        # Cards of a fan being laid: a lone card's corners do not yet say which one the
        # fan will show, so only cards read in a fan are remembered before their meld. One
        # read in the fan of a remembered meld is a lay-off to it: the fan is known.
        unheld: list[tuple[Slot, bool]] = []
        start = 0
        for group in here.melds:
            end = start + len(group.slots)
            fan_owners = owners[start:end]
            known = any(o is not None for o in fan_owners)
            unheld += [
                (s, known)
                for s, o in zip(group.slots, fan_owners, strict=True)
                if o is None and s.visible
            ]
            group, keep, found = strays.split(group, [o is not None for o in fan_owners])
            returned += found
            self._route(zone, group, [fan_owners[i] for i in keep], t, seen)
            start = end
        # Cards in no fan this frame (a drop-out broke it) still show remembered slots.
        alone: list[Slot] = []
        for slot, owner in zip(here.loose, owners[start:], strict=True):
            if owner is not None:
                seen.setdefault(owner.meld_id, (owner, []))[1].append(slot)
            elif slot.visible and not self._top_cards_far_corner(slot, here, meld_fans):
                alone.append(slot)
        held = [(mem.card, mem.center_xy) for meld in self._melds for mem in meld.slots]
        self._sightings.observe(zone, unheld, t, held)
        # A card read alone (a meld's first card) is known by its showing corners once
        # the next card lies on it.
        now = [d for g in here.melds for s in g.slots if s.visible for d in s.detections]
        now += [d for s in here.loose if s.visible for d in s.detections]
        for sighting in self._lone.update(zone, alone, now, t, self._whole_corners()):
            self._sightings.add(sighting)
        return returned

    def _whole_corners(self) -> int:
        """The corners read alike that show a card whole (``vision.tracking.whole``): three
        once the deck is known to print four indices (``FOUR_INDEX_FRAMES``)."""
        return 3 if self._four_index_frames >= FOUR_INDEX_FRAMES else 2

    def _top_cards_far_corner(
        self, slot: Slot, here: ZoneLayout, meld_fans: dict[int, KnownFan]
    ) -> bool:
        """Whether a loose card is the far corners of a fan's top card, not a card alone:
        a fan of its zone reads its card within its reach, or a remembered meld's top card
        shows its far corner there."""
        reach = CARD_REACH_S * slot.scale_px
        return any(
            s.card == slot.card and distance(s.center_xy, slot.center_xy) <= reach
            for g in here.melds
            for s in g.slots
        ) or any(fan.is_far_corner(slot) for fan in meld_fans.values())

    def _claim_slots(
        self, zone: str, meld_fans: dict[int, KnownFan], observed: list[Slot], in_fans: int
    ) -> list[MemMeld | None]:
        """The remembered meld each observed card shows, or None for a card not remembered.

        One reading per remembered card and frame, the nearest first: the same card read
        again further off (its other corner, a neighbouring fan's end) is not that card.
        Readings in a fan (the first ``in_fans``) go before lone ones: a lone reading of a
        card that a fan shows too is mostly its far corner, however near it lies. A reading
        lying where a meld's top card shows its far corner is never that card: when the
        near corner is hidden, it would take the next fan on the line into the meld.
        """
        pairs = sorted(
            (i >= in_fans, distance(mem.center_xy, obs.center_xy), i, mem.uid, meld)
            for meld in self._melds
            if meld.zone == zone
            for mem in meld.slots
            for i, obs in enumerate(observed)
            if mem.card == obs.card
            and distance(mem.center_xy, obs.center_xy) <= self.params.match_radius * obs.scale_px
            and not meld_fans[meld.meld_id].is_far_corner(obs)
        )
        owners: list[MemMeld | None] = [None] * len(observed)
        claimed: set[int] = set()
        for _, _, i, uid, meld in pairs:
            if owners[i] is None and uid not in claimed:
                owners[i] = meld
                claimed.add(uid)
        return owners

    def _known_fans(self, zone: str, meld_fans: dict[int, KnownFan]) -> list[KnownFan]:
        """Remembered melds (``meld_fans``) and melds being laid (as last seen): their top
        cards' far corners may head the next fan on their line."""
        laying = [KnownFan.of(c.slots) for c in self._candidates if c.zone == zone]
        fans = [*meld_fans.values(), *laying]
        return [f for f in fans if len(f.slots) >= self.params.min_new_meld_slots]

    def _route(
        self,
        zone: str,
        group: MeldGroup,
        owners: list[MemMeld | None],
        t: float,
        seen: dict[int, tuple[MemMeld, list[Slot]]],
    ) -> None:
        """Split an observed fan among the remembered melds it shows; the rest is a candidate."""
        slots = list(group.slots)
        if all(o is None for o in owners):
            self._observe_candidate(zone, group, t)
            return
        # A card not yet remembered belongs to the meld of its nearest neighbour in the fan.
        for i in range(len(slots)):
            if owners[i] is None:
                dist_owner = [
                    (abs(k - i), k > i, owners[k])
                    for k in range(len(slots))
                    if owners[k] is not None
                ]
                owners[i] = min(dist_owner, key=lambda x: (x[0], x[1]))[2]
        for slot, owner in zip(slots, owners, strict=True):
            assert owner is not None
            seen.setdefault(owner.meld_id, (owner, []))[1].append(slot)

    def _reach(self, meld: MemMeld) -> float:
        """How far (x index height) a reading of one of ``meld``'s natural cards may lie
        from it and still be that card: ``match_radius``, but in a set no more than
        ``SAME_CARD_STEPS`` of its fan steps. In a tight fan the other copy of a card, laid
        two or three cards on in a set, lies closer than ``match_radius``; a run never holds
        two copies of a card."""
        ranks = {s.card[:-1] for s in meld.slots if s.card not in WILD_LABELS}
        steps = [
            distance(a.center_xy, b.center_xy) / max(a.scale_px, b.scale_px, 1e-6)
            for a, b in pairwise(meld.slots)
        ]
        if len(ranks) != 1 or not steps:
            return self.params.match_radius
        return min(self.params.match_radius, SAME_CARD_STEPS * median(steps))

    # ---- a remembered meld seen again ------------------------------------------------
    def _observe_meld(
        self, meld: MemMeld, observed: list[Slot], t: float, events: list[TrackEvent]
    ) -> None:
        observed = order_along(observed, meld.axis_xy)
        match = match_slots(meld.slots, observed, self._reach(meld))
        # A re-read is told as the players see the meld: a card whose frames disagree on its
        # suit is shown in its run's suit (``settle_split_suits``), however the votes swing.
        before_cards = meld.group().cards
        corners = self._whole_corners()
        for i, j in list(match.matched.items()) + list(match.reread.items()):
            meld.slots[j].observe(observed[i])
            whole = seen_whole(observed[i], self._covered_now, t, corners)
            if whole is not None:
                meld.slots[j].see_whole(whole.card, whole.confidence, vote=False)
        for idx, (was, card) in enumerate(zip(before_cards, meld.group().cards, strict=True)):
            if card != was:
                events.append(
                    TrackEvent(
                        t,
                        EventKind.CARD_REREAD,
                        meld.zone,
                        meld.meld_id,
                        (card,),
                        (idx,),
                        {"was": was},
                    )
                )
        # The proposed slot order: observed order, remembered-but-unseen slots kept after
        # their remembered predecessor.
        seen = {**match.matched, **match.reread}
        items: list[tuple[str, object]] = []
        for i, obs in enumerate(observed):
            items.append(("s", meld.slots[seen[i]].uid) if i in seen else ("n", obs.card))
        for j, mem in enumerate(meld.slots):
            if ("s", mem.uid) in items:
                continue
            pred = next(
                (
                    items.index(("s", meld.slots[k].uid))
                    for k in range(j - 1, -1, -1)
                    if ("s", meld.slots[k].uid) in items
                ),
                -1,
            )
            items.insert(pred + 1, ("s", mem.uid))
        current = [("s", s.uid) for s in meld.slots]
        meld.pending.expire(t, self.params.forget_s)
        if (
            self._moves_a_natural_card(meld, items)
            or _squeezes_a_card_in(meld, items)
            or _more_copies_than_the_deck(meld, items)
        ):
            return
        if items == current:
            if len(seen) == len(meld.slots):  # the whole meld seen, as remembered
                meld.pending.contradict()
            return
        tally = meld.pending.see(tuple(items), t, None)
        if not self._persisted(tally.count, tally.since, t) or tally.count < tally.against:
            return
        new_obs = iter(observed[i] for i in match.new)
        by_uid = {s.uid: s for s in meld.slots}
        old_order = [s.uid for s in meld.slots]
        slots: list[MemSlot] = []
        added: list[int] = []
        for kind, value in items:
            if kind == "s":
                slots.append(by_uid[value])  # type: ignore[index]
            else:
                slots.append(self._new_slot(next(new_obs)))
                added.append(len(slots) - 1)
        meld.slots = slots
        meld.pending.clear()
        visible = [s.center_xy for s in slots if s.visible]
        if len(visible) >= 2:
            meld.axis_xy = pointing(principal_axis(visible), meld.axis_xy)
        if added:
            shown = meld.group().cards
            events.append(
                TrackEvent(
                    t,
                    EventKind.CARDS_ADDED,
                    meld.zone,
                    meld.meld_id,
                    tuple(shown[k] for k in added),
                    tuple(added),
                )
            )
        new_order = [s.uid for s in slots]
        movable = frozenset(s.uid for s in slots if s.card in WILD_LABELS)
        for uid in moved_uids(old_order, new_order, movable):
            events.append(
                TrackEvent(
                    t,
                    EventKind.CARD_MOVED,
                    meld.zone,
                    meld.meld_id,
                    (by_uid[uid].card,),
                    (new_order.index(uid),),
                    {"from": old_order.index(uid)},
                )
            )

    @staticmethod
    def _moves_a_natural_card(meld: MemMeld, items: list[tuple[str, object]]) -> bool:
        """Whether a proposed slot order puts a remembered natural card elsewhere among the
        others: only a joker or a 2 moves once laid, so the frame misplaced a reading (a
        top card's far corner read apart from its card)."""
        old_order = [s.uid for s in meld.slots]
        new_order = [v for kind, v in items if kind == "s"]
        cards = {s.uid: s.card for s in meld.slots}
        movable = frozenset(u for u, c in cards.items() if c in WILD_LABELS)
        moved = moved_uids(old_order, new_order, movable)  # type: ignore[arg-type]
        return any(cards[u] not in WILD_LABELS for u in moved)

    def _persisted(self, count: int, since: float, t: float) -> bool:
        return count >= self.params.persist_frames and t - since >= self.params.persist_s

    def _new_slot(self, slot: Slot) -> MemSlot:
        mem = MemSlot(self._next_uid, slot.center_xy, slot.scale_px)
        self._next_uid += 1
        mem.observe(replace(slot, visible=True))  # a covered card's last reading counts once
        mem.visible = slot.visible
        # The frames that showed it whole came before its fan was confirmed.
        for sighting in self._whole.at(slot):
            mem.see_whole(sighting.card, sighting.confidence, vote=True)
        return mem

    # ---- candidates for new melds ----------------------------------------------------
    def _observe_candidate(self, zone: str, group: MeldGroup, t: float) -> None:
        # A frame showing none of a fan's cards (every one put back: covered, or taken
        # away by the hand that carried them over the table) does not show the fan.
        if len(group.slots) < self.params.min_new_meld_slots or not any(
            s.visible for s in group.slots
        ):
            return
        key = group.cards
        # A fan holding more copies of a card than the deck has is one card's corners read
        # as several (a set laid as 6H 6H 6H): no such meld can lie on the table.
        if _beyond_the_deck(key):
            return
        for cand in self._candidates:
            if cand.zone != zone or cand.last_frame == self._frame:
                continue
            near = any(
                distance(a.center_xy, b.center_xy) <= self.params.match_radius * b.scale_px
                for a in cand.slots
                for b in group.slots
                if a.card == b.card
            )
            if near:
                cand.votes.expire(t, self.params.forget_s)
                cand.votes.see(key, t, group.slots)
                cand.slots, cand.last_frame = group.slots, self._frame
                return
        votes: Votes[tuple[str, ...], tuple[Slot, ...]] = Votes()
        votes.see(key, t, group.slots)
        self._candidates.append(_Candidate(zone, group.slots, votes, self._frame))

    def _commit_candidates(self, t: float, events: list[TrackEvent]) -> None:
        keep: list[_Candidate] = []
        for cand in self._candidates:
            key = self._candidate_reading(cand, t)
            if cand.last_frame == self._frame and key is not None:
                tally = cand.votes.entries[key]
                meld_id = 1 + max((m.meld_id for m in self._melds), default=0)
                slots = [self._new_slot(s) for s in tally.latest]
                axis = axis_along([s.center_xy for s in tally.latest])
                self._melds.append(MemMeld(meld_id, cand.zone, slots, axis))
                events.append(
                    TrackEvent(
                        t, EventKind.MELD_LAID, cand.zone, meld_id, key, tuple(range(len(key)))
                    )
                )
            elif t - max((v.last_seen for v in cand.votes.entries.values()), default=t) < (
                self.params.forget_s
            ):
                keep.append(cand)
        self._candidates = keep

    def _candidate_reading(self, cand: _Candidate, t: float) -> tuple[str, ...] | None:
        """What a candidate seen long enough shows: a fan read differently from frame to
        frame (a neighbour's corner joining it now and then) is what most frames agree on."""
        first = cand.votes.first_seen()
        if first is None or not self._persisted(cand.votes.frames(), first, t):
            return None
        return majority_reading(cand.votes, self.params.min_new_meld_slots)

    # ---- loose cards (discard pile, cards shown, stray cards) ------------------------
    def _update_loose(self, layout: TableLayout, t: float) -> None:
        names = set(layout.zones) | set(self._loose)
        for name in names:
            slots = layout.zone(name).loose
            # Which cards, not in which order: a card returned from a fan comes last.
            key = tuple(sorted(s.card for s in slots))
            if key == tuple(sorted(s.card for s in self._loose.get(name, ()))):
                self._loose[name] = slots  # same cards: take the fresh positions
                continue
            votes = self._loose_votes.setdefault(name, Votes())
            votes.expire(t, self.params.forget_s)
            tally = votes.see(key, t, slots)
            if self._persisted(tally.count, tally.since, t):
                self._loose[name] = slots
                votes.clear()

    # ---- what is remembered ----------------------------------------------------------
    def _readings(self) -> list[tuple[Reading, int | None]]:
        """The ledger's readings: one per remembered card. A loose reading that is another
        index of a meld's card (a fan's top card's far corner, which the layout left loose)
        is that card, not a copy of it (``vision.tracking.physical``): counted as a copy,
        it made a third one, and the meld's card, whose history held other readings, was
        the one doubted and read otherwise (validation clip 8021: a four-index 6H ending
        its run, read at its far corners too, was read as 5H and dropped from the run)."""
        out: list[tuple[Reading, int | None]] = []
        for meld in self._melds:
            for k, mem in enumerate(meld.slots):
                place = f"{meld.zone} meld {meld.meld_id} slot {k + 1}"
                out.append((Reading(place, dict(mem.votes)), mem.uid))
        loose = [
            (Reading(f"{name} card {k + 1}", {slot.card: slot.confidence}), slot)
            for name, slots in sorted(self._loose.items())
            for k, slot in enumerate(slots)
        ]
        counts = Counter(r.card for r, _ in out) + Counter(slot.card for _, slot in loose)
        if any(n > copies_of(card) for card, n in counts.items()):
            # Only a card over its copies needs its readings grouped into cards (every frame
            # asks for the ledger; most tables hold no third copy).
            seconds = other_indices(self._remembered_layout())
            loose = [(r, slot) for r, slot in loose if (slot.card, slot.center_xy) not in seconds]
        return out + [(r, None) for r, _ in loose]

    def _remembered_layout(self) -> TableLayout:
        """The remembered melds and loose cards, as read, before the ledger's corrections."""
        names = sorted(set(TEAM_ZONES) | set(self._loose))
        return TableLayout(
            self.size_wh,
            {
                name: ZoneLayout(
                    name,
                    tuple(m.group() for m in self._melds if m.zone == name),
                    self._loose.get(name, ()),
                )
                for name in names
            },
        )

    def ledger(self) -> tuple[list[LedgerProblem], dict[int, str]]:
        """Ledger problems, and corrected readings by slot uid."""
        readings = self._readings()
        problems, corrections = check_ledger([r for r, _ in readings])
        by_uid = {
            uid: corrections[r.place]
            for r, uid in readings
            if uid is not None and r.place in corrections
        }
        return problems, by_uid

    def state(self) -> TableLayout:
        _, relabel = self.ledger()
        zones: dict[str, ZoneLayout] = {}
        for name in sorted(set(TEAM_ZONES) | set(self._loose)):
            groups = [m.group(relabel) for m in self._melds if m.zone == name]
            zones[name] = ZoneLayout(
                name, self._shown_order(name, groups), self._loose.get(name, ())
            )
        return TableLayout(self.size_wh, zones)

    def _shown_order(self, zone: str, groups: list[MeldGroup]) -> tuple[MeldGroup, ...]:
        """The zone's melds in table order, held steady (``SteadyOrder``)."""
        by_id = {g.meld_id: g for g in groups}
        shown = self._order.shown.get(zone, ())
        if set(shown) != set(by_id):
            return tuple(reading_order(groups))
        return tuple(by_id[meld_id] for meld_id in shown)


NO_ROOM_STEPS = 1.5  # two cards closer than this many fan steps leave no room for a third


def _squeezes_a_card_in(meld: MemMeld, items: list[tuple[str, object]]) -> bool:
    """Whether a proposed slot order puts new cards between two remembered cards that lie
    too close for them: k new cards need k + 1 fan steps, so two cards under
    ``NO_ROOM_STEPS`` + k - 1 of the meld's other steps apart leave no room. The frame read
    something else there, such as a card's other corners peeping between two cards
    (validation clip 8012: three readings of one card's corners, squeezed in at once)."""
    # the remembered neighbours of each run of new cards that lies between two, and how many
    # new cards the run holds (most frames: none)
    between: list[tuple[object, object, int]] = []
    k = 0
    for is_new, run in groupby(items, key=lambda item: item[0] == "n"):
        n = len(list(run))
        if is_new and k > 0 and k + n < len(items):
            between.append((items[k - 1][1], items[k + n][1], n))
        k += n
    if not between or len(meld.slots) < 3:
        return False
    origin = meld.slots[0].center_xy
    along = {s.uid: project(s.center_xy, origin, meld.axis_xy)[0] for s in meld.slots}
    steps = {(a.uid, b.uid): abs(along[b.uid] - along[a.uid]) for a, b in pairwise(meld.slots)}
    for left, right, new_cards in between:
        usual = median(step for pair, step in steps.items() if pair != (left, right))
        room = NO_ROOM_STEPS + new_cards - 1
        if abs(along[right] - along[left]) < room * usual:  # type: ignore[index]
            return True
    return False


def _more_copies_than_the_deck(meld: MemMeld, items: list[tuple[str, object]]) -> bool:
    """Whether a proposed slot order holds more copies of a card than a double deck has
    (two of each, four jokers): such a meld cannot lie on the table, so the frame read one
    card's corners as several (validation stills played back as hands: a set of queens
    grown to three QD and four QS). A new meld is refused so too (``_observe_candidate``)."""
    if all(kind == "s" for kind, _ in items):
        return False  # the remembered cards alone: a meld was never laid beyond the deck
    by_uid = {s.uid: s.card for s in meld.slots}
    return _beyond_the_deck([by_uid[v] if kind == "s" else v for kind, v in items])  # type: ignore[index]


def _beyond_the_deck(cards: Sequence[str]) -> bool:
    """Whether ``cards`` hold more copies of a card than a double deck has."""
    return any(cards.count(card) > copies_of(card) for card in set(cards))


def _zone_slots(zone: ZoneLayout) -> list[Slot]:
    return [*(s for g in zone.melds for s in g.slots), *zone.loose]


def _mark_covered(layout: TableLayout, covered: frozenset[CardDetection]) -> TableLayout:
    """Cards made only of ``covered`` readings are remembered, not seen: not visible in a
    fan, and left out when they lie alone (a covered card is known only in its fan)."""
    if not covered:
        return layout

    def is_covered(slot: Slot) -> bool:
        return bool(slot.detections) and all(d in covered for d in slot.detections)

    zones: dict[str, ZoneLayout] = {}
    for name, zone in layout.zones.items():
        melds = tuple(
            replace(g, slots=tuple(replace(s, visible=not is_covered(s)) for s in g.slots))
            for g in zone.melds
        )
        loose = tuple(s for s in zone.loose if not is_covered(s))
        zones[name] = replace(zone, melds=melds, loose=loose)
    return replace(layout, zones=zones)


def axis_along(centers: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """The line of a new meld's cards, pointing from its first card to its last. A line's
    own sign is a convention (left to right when nearer horizontal, else top to bottom)
    that flips for a fan lying near 45 degrees, and slots are ordered along the remembered
    axis: an axis pointing against them would read the meld reversed and tell the players
    that its cards moved."""
    (x0, y0), (x1, y1) = centers[0], centers[-1]
    return pointing(principal_axis(centers), (x1 - x0, y1 - y0))
