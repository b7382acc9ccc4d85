"""Legal-looking Burraco melds drawn from the two decks (108 cards) of one table.

Runs are listed from the low slot to the high slot, the wild in the slot it stands for;
sets list their cards as laid, the wild (if any) last, as players lay it nearest the edge.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vision.types import RANKS, SUITS

_VALUE_RANK = {1: "A", 11: "J", 12: "Q", 13: "K", 14: "A"}
_RUN_LENGTHS = np.arange(3, 12)
_RUN_WEIGHTS = np.array([25, 20, 15, 10, 12, 8, 5, 3, 2], float)
_SET_RANKS = tuple(r for r in RANKS if r != "2")
# Of the wilds laid, the share that are jokers: the deck holds 4 jokers and 8 twos. A
# training set may ask for more, to show the detector more of the jokers' many designs.
JOKER_WILD_SHARE = 0.35


def rank_of(value: int) -> str:
    return _VALUE_RANK.get(value, str(value))


@dataclass(frozen=True)
class MeldSpec:
    kind: str  # "run" or "set"
    cards: tuple[str, ...]  # table order
    variants: tuple[int, ...]  # which physical copy: back colour, joker colour


class Shoe:
    """The copies left of each card: two of each card, four jokers."""

    def __init__(self, counts: dict[str, int]) -> None:
        self.counts = counts

    @classmethod
    def full(cls) -> Shoe:
        counts = {r + s: 2 for s in SUITS for r in RANKS}
        counts["JK"] = 4
        return cls(counts)

    def has(self, cards: list[str]) -> bool:
        need: dict[str, int] = {}
        for c in cards:
            need[c] = need.get(c, 0) + 1
        return all(self.counts.get(c, 0) >= n for c, n in need.items())

    def take(self, card: str) -> int:
        """Remove one copy and return its variant (0/1: which deck, or joker colour)."""
        left = self.counts[card]
        if left <= 0:
            raise ValueError(f"no {card} left")
        self.counts[card] = left - 1
        return left % 2

    def draw_any(self, rng: np.random.Generator) -> tuple[str, int]:
        names = [c for c, n in self.counts.items() if n > 0]
        card = names[int(rng.integers(len(names)))]
        return card, self.take(card)


def _wild(rng: np.random.Generator, joker_share: float) -> str:
    if rng.random() < joker_share:
        return "JK"
    return "2" + SUITS[int(rng.integers(4))]


def _run(rng: np.random.Generator, joker_share: float) -> list[str]:
    n = int(rng.choice(_RUN_LENGTHS, p=_RUN_WEIGHTS / _RUN_WEIGHTS.sum()))
    suit = SUITS[int(rng.integers(4))]
    start = int(rng.integers(1, 14 - n + 2))  # values 1..14; 1 = low ace, 14 = high ace
    cards = [rank_of(v) + suit for v in range(start, start + n)]
    if rng.random() < 0.4:
        cards[int(rng.integers(n))] = _wild(rng, joker_share)
    return cards


def _set(rng: np.random.Generator, joker_share: float) -> list[str]:
    rank = _SET_RANKS[int(rng.integers(len(_SET_RANKS)))]
    n = int(rng.integers(3, 7))
    cards = [rank + SUITS[int(rng.integers(4))] for _ in range(n)]
    if rng.random() < 0.3:
        cards[-1] = _wild(rng, joker_share)
    return cards


def random_meld(
    rng: np.random.Generator,
    shoe: Shoe,
    tries: int = 12,
    joker_share: float = JOKER_WILD_SHARE,
) -> MeldSpec | None:
    """A run (60%) or a set, with at most one wild (a joker ``joker_share`` of the time,
    else a two), taken from ``shoe``; None if none fits."""
    for _ in range(tries):
        kind = "run" if rng.random() < 0.6 else "set"
        cards = _run(rng, joker_share) if kind == "run" else _set(rng, joker_share)
        if shoe.has(cards):
            variants = tuple(shoe.take(c) for c in cards)
            return MeldSpec(kind, tuple(cards), variants)
    return None
