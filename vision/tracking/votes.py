"""Persistence by votes: a proposed change counts the frames that show it; frames that do
not show it (a drop-out, a hand over it, one misread) neither count nor erase it, and a
proposal not seen for a while is forgotten."""

from __future__ import annotations

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

    def expire(self, t: float, ttl_s: float) -> None:
        for key in [k for k, v in self.entries.items() if t - v.last_seen > ttl_s]:
            del self.entries[key]

    def clear(self) -> None:
        self.entries.clear()
