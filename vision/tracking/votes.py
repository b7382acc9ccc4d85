"""Persistence by votes: a proposed change counts the frames that show it; frames that do
not show it (a drop-out, a hand over it, one misread) neither count nor erase it, and a
proposal not seen for a while is forgotten. Frames that clearly show the table without
the change (the whole meld seen as remembered) count against it: a change seen in fewer
frames than it was clearly not seen is one bad frame now and then, not a change."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


@dataclass
class Tally(Generic[V]):
    count: int
    since: float
    last_seen: float
    latest: V
    against: int = 0  # frames since ``since`` that clearly showed the table without it


@dataclass
class Votes(Generic[K, V]):
    entries: dict[K, Tally[V]] = field(default_factory=dict)

    def see(self, key: K, t: float, latest: V) -> Tally[V]:
        tally = self.entries.get(key)
        if tally is None:
            tally = self.entries[key] = Tally(0, t, t, latest)
        tally.count += 1
        tally.last_seen = t
        tally.latest = latest
        return tally

    def contradict(self) -> None:
        """One frame clearly showed none of the proposals."""
        for tally in self.entries.values():
            tally.against += 1

    def frames(self) -> int:
        return sum(t.count for t in self.entries.values())

    def first_seen(self) -> float | None:
        return min((t.since for t in self.entries.values()), default=None)

    def expire(self, t: float, ttl_s: float) -> None:
        for key in [k for k, v in self.entries.items() if t - v.last_seen > ttl_s]:
            del self.entries[key]

    def clear(self) -> None:
        self.entries.clear()


def majority_reading(votes: Votes[tuple[str, ...], V], min_len: int) -> tuple[str, ...] | None:
    """The longest reading seen (then the most often) whose every card shows in more than
    half of the frames: one frame's extra card (a neighbour's corner, a hand's card) or a
    card lost once does not decide what a fan is. None when no reading of ``min_len``
    cards qualifies."""
    total = votes.frames()
    support: Counter[tuple[str, int]] = Counter()
    for key, tally in votes.entries.items():
        for copy in _copies(key):
            support[copy] += tally.count
    good = [
        key
        for key in votes.entries
        if len(key) >= min_len and all(2 * support[c] > total for c in _copies(key))
    ]
    if not good:
        return None
    return max(good, key=lambda k: (len(k), votes.entries[k].count))


def _copies(cards: Sequence[str]) -> list[tuple[str, int]]:
    """(card, n) for the n-th copy of each card: a set may hold a card twice."""
    seen: Counter[str] = Counter()
    out = []
    for card in cards:
        seen[card] += 1
        out.append((card, seen[card]))
    return out
