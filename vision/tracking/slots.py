"""Remembered slots and melds (mutable, private to the memory), and how an observed fan
is matched to a remembered one."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from vision.layout.geometry import distance, project
from vision.layout.types import MeldGroup, PointXY, Slot
from vision.tracking.sightings import IndexPlaces
from vision.tracking.split_suits import settle_split_suits
from vision.tracking.votes import Votes
from vision.types import rank_of

WILD_LABELS = ("JK", "2C", "2D", "2H", "2S")
# Two indices this close (x the index's size) are one card's: in the tightest fan players
# lay, the next card's index lies about 0.6 of an index further on.
SAME_PLACE = 0.3


@dataclass
class MemSlot:
    uid: int
    center_xy: PointXY
    scale_px: float
    votes: dict[str, float] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)
    visible: bool = True
    read: IndexPlaces = field(default_factory=IndexPlaces)
    read_whole: set[str] = field(default_factory=set)  # cards its own index showed in full
    guessed: set[str] = field(default_factory=set)  # cards only a set's likeliest suit gave
    whole: dict[str, int] = field(default_factory=dict)  # frames it showed two corners alike

    @property
    def card(self) -> str:
        # Seen whole (``vision.tracking.whole``), a card is what its corners read then: its
        # covered corner, read in many more frames, is read worse.
        if self.whole:
            return max(self.whole, key=lambda c: (self.whole[c], self.votes.get(c, 0.0)))
        return max(self.votes.items(), key=lambda kv: kv[1])[0]

    def see_whole(self, card: str, confidence: float, *, vote: bool) -> None:
        """A frame showed this card whole as ``card``; ``vote``: the frame's reading is not
        among the votes yet (a sighting from before the memory knew the card). A sighting
        of another rank than the card is read is another card's: the far corner of a
        neighbouring fan's top card can lie where this card's index now does. A covered
        index loses its suit far more often than its rank."""
        if rank_of(card) != rank_of(max(self.votes.items(), key=lambda kv: kv[1])[0]):
            return
        self.whole[card] = self.whole.get(card, 0) + 1
        if vote:
            self.votes[card] = self.votes.get(card, 0.0) + confidence
            self.counts[card] = self.counts.get(card, 0) + 1
            self.read_whole.add(card)

    @property
    def confidence(self) -> float:
        card = self.card
        total = sum(self.votes.values())
        mean = self.votes[card] / max(self.counts.get(card, 1), 1)
        return mean * (self.votes[card] / total if total > 0 else 0.0)

    def observe(self, slot: Slot) -> None:
        """A reading of this card; a covered card's replayed reading (not visible) only
        confirms where it lies."""
        if slot.visible:
            self._vote(slot)
            self.read.record(slot)
        self.center_xy = slot.center_xy
        self.scale_px = slot.scale_px
        self.visible = self.visible or slot.visible

    def _vote(self, slot: Slot) -> None:
        # A suit guessed in a set (vision.layout.suits) counts only until a frame shows the
        # card's index whole, and then its votes go: a card laid whole and later covered by
        # a lay-off keeps the suit that was seen, however many frames guess another.
        if slot.suit_guessed and self.read_whole:
            return
        if slot.suit_guessed:
            self.guessed.add(slot.card)
        elif not slot.suit_from_meld and not self.read_whole:
            for card in self.guessed - {slot.card}:
                self.votes.pop(card, None)
                self.counts.pop(card, None)
        self.votes[slot.card] = self.votes.get(slot.card, 0.0) + slot.confidence
        self.counts[slot.card] = self.counts.get(slot.card, 0) + 1
        if not slot.suit_from_meld:
            self.read_whole.add(slot.card)

    def frozen(self, card: str | None = None) -> Slot:
        card = card or self.card
        # The suit rests on the run only if no frame ever showed this card's index whole.
        from_meld = card in self.votes and card not in self.read_whole
        return Slot(
            card,
            self.confidence,
            self.center_xy,
            self.scale_px,
            visible=self.visible,
            suit_from_meld=from_meld,
        )


@dataclass
class MemMeld:
    meld_id: int
    zone: str
    slots: list[MemSlot]
    axis_xy: PointXY
    pending: Votes[tuple[object, ...], None] = field(default_factory=Votes)

    def group(self, relabel: dict[int, str] | None = None) -> MeldGroup:
        relabel = relabel or {}
        slots = [s.frozen(relabel.get(s.uid)) for s in self.slots]
        slots = settle_split_suits(slots, [s.votes for s in self.slots])
        return MeldGroup(tuple(slots), self.axis_xy, self.meld_id)


@dataclass(frozen=True)
class Match:
    """How an observation of a meld lines up with the remembered slots."""

    matched: dict[int, int]  # observed index -> remembered index, same card
    reread: dict[int, int]  # observed index -> remembered index, another reading of it
    new: list[int]  # observed indices of cards not remembered


def match_slots(
    remembered: Sequence[MemSlot], observed: Sequence[Slot], reach: float = math.inf
) -> Match:
    """Same card first (nearest copy first: a double deck gives two), then a different
    reading in the same gap between matched cards is a re-reading, the rest is new.

    A natural card never moves once laid, so it is the same card only within ``reach``
    (x index height) of where it lies: the other copy of a card in the next fan, taken
    into the meld with a neighbour's card, is a new card, not this one moved. A joker or a
    2 may move along its meld, and is matched at any distance."""
    matched = _nearest_first(
        (d, i, j)
        for i, o in enumerate(observed)
        for j, r in enumerate(remembered)
        if o.card == r.card
        and (
            (d := distance(o.center_xy, r.center_xy)) <= reach * max(o.scale_px, r.scale_px)
            or o.card in WILD_LABELS
        )
    )
    used = set(matched.values())

    def obs_gap(i: int) -> tuple[int, int]:
        before = [matched[k] for k in range(i - 1, -1, -1) if k in matched][:1]
        after = [matched[k] for k in range(i + 1, len(observed)) if k in matched][:1]
        return (before[0] if before else -1, after[0] if after else len(remembered))

    def mem_gap(j: int) -> tuple[int, int]:
        before = max((k for k in used if k < j), default=-1)
        after = min((k for k in used if k > j), default=len(remembered))
        return (before, after)

    gaps_obs: dict[tuple[int, int], list[int]] = {}
    for i in range(len(observed)):
        if i not in matched:
            gaps_obs.setdefault(obs_gap(i), []).append(i)
    gaps_mem: dict[tuple[int, int], list[int]] = {}
    for j in range(len(remembered)):
        if j not in used:
            gaps_mem.setdefault(mem_gap(j), []).append(j)
    reread: dict[int, int] = {}
    for gap, obs_idx in gaps_obs.items():
        mem_idx = gaps_mem.get(gap, [])
        if len(mem_idx) == len(obs_idx):
            reread.update(zip(obs_idx, mem_idx, strict=True))
        else:
            reread.update(_same_place(observed, remembered, obs_idx, mem_idx))
    new = [i for i in range(len(observed)) if i not in matched and i not in reread]
    return Match(matched, reread, new)


def _same_place(
    observed: Sequence[Slot],
    remembered: Sequence[MemSlot],
    obs_idx: Sequence[int],
    mem_idx: Sequence[int],
) -> dict[int, int]:
    """Within one gap holding more new readings than remembered cards (or fewer): a reading
    lying where a remembered card's index lies is that card read otherwise (a tight fan's
    suit read in another suit now and then), not a card laid beside it."""
    apart = (
        (distance(observed[i].center_xy, remembered[j].center_xy), i, j)
        for i in obs_idx
        for j in mem_idx
    )
    return _nearest_first(
        (d, i, j)
        for d, i, j in apart
        if d <= SAME_PLACE * max(observed[i].scale_px, remembered[j].scale_px)
    )


def _nearest_first(pairs: Iterable[tuple[float, int, int]]) -> dict[int, int]:
    """Observed index -> remembered index from (distance, observed, remembered) candidates,
    the nearest first, each side used once."""
    out: dict[int, int] = {}
    used: set[int] = set()
    for _, i, j in sorted(pairs):
        if i not in out and j not in used:
            out[i] = j
            used.add(j)
    return out


def order_along(slots: Sequence[Slot], axis_xy: PointXY) -> list[Slot]:
    if not slots:
        return []
    origin = slots[0].center_xy
    return sorted(slots, key=lambda s: project(s.center_xy, origin, axis_xy)[0])


def moved_uids(
    before: Sequence[int], after: Sequence[int], movable: frozenset[int] = frozenset()
) -> list[int]:
    """Slots whose place among the others changed: those outside the longest kept order,
    keeping other cards still before ``movable`` ones (jokers and 2s are what moves)."""
    shared = [u for u in after if u in before]
    pos = {u: before.index(u) for u in shared}
    n = len(shared)
    best = [0.0] * n
    prev = [-1] * n
    for i in range(n):
        gain = 0.99 if shared[i] in movable else 1.0
        best[i] = gain
        for k in range(i):
            if pos[shared[k]] < pos[shared[i]] and best[k] + gain > best[i]:
                best[i] = best[k] + gain
                prev[i] = k
    keep: set[int] = set()
    i = max(range(n), key=lambda k: best[k], default=-1)
    while i >= 0:
        keep.add(shared[i])
        i = prev[i]
    return [u for u in shared if u not in keep]
