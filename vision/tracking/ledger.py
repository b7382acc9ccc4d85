"""The 108-card ledger: two copies of every card and four jokers, no more.

A third copy on the table is a misread. The reading to doubt is the one with the least
support (the smallest share of its slot's accumulated confidence); it is corrected when
its slot's history holds another reading of a card that still has a free copy, and
flagged when nothing says what it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

COPIES = 2
JOKER_COPIES = 4


def copies_of(card: str) -> int:
    return JOKER_COPIES if card == "JK" else COPIES


@dataclass(frozen=True)
class Reading:
    """One card on the table: where it lies (a readable place such as ``"A meld 2 slot 3"``),
    and its readings so far as label -> summed confidence."""

    place: str
    votes: Mapping[str, float]

    @property
    def card(self) -> str:
        return max(self.votes.items(), key=lambda kv: kv[1])[0]

    @property
    def share(self) -> float:
        total = sum(self.votes.values())
        return self.votes[self.card] / total if total > 0 else 0.0


@dataclass(frozen=True)
class LedgerProblem:
    card: str
    count: int
    places: tuple[str, ...]
    suspect: str  # the place whose reading is doubted
    resolved_as: str | None  # the card the suspect was corrected to, None if unresolved

    def to_json(self) -> dict[str, object]:
        return {
            "card": self.card,
            "count": self.count,
            "limit": copies_of(self.card),
            "places": list(self.places),
            "suspect": self.suspect,
            "resolved_as": self.resolved_as,
        }

    def message(self) -> str:
        head = f"{self.count} copies of {self.card} on the table (at most {copies_of(self.card)})"
        if self.resolved_as:
            return f"{head}: {self.suspect} read as {self.resolved_as} from its history"
        return f"{head}: cannot tell which is misread; least sure at {self.suspect}"


def check_ledger(readings: Sequence[Reading]) -> tuple[list[LedgerProblem], dict[str, str]]:
    """Problems found, and the corrections made (place -> card)."""
    current = {r.place: r.card for r in readings}
    counts: dict[str, int] = {}
    for card in current.values():
        counts[card] = counts.get(card, 0) + 1
    problems: list[LedgerProblem] = []
    corrections: dict[str, str] = {}
    for card in sorted(c for c, n in counts.items() if n > copies_of(c)):
        holders = [r for r in readings if current[r.place] == card]
        places = tuple(r.place for r in holders)
        count = len(holders)
        # Least supported first: small share of its slot's history, then small total.
        holders.sort(key=lambda r: (r.share, r.votes.get(card, 0.0)))
        for suspect in holders[: count - copies_of(card)]:
            others = sorted(
                ((lab, v) for lab, v in suspect.votes.items() if lab != card),
                key=lambda kv: -kv[1],
            )
            fix = next((lab for lab, _ in others if counts.get(lab, 0) < copies_of(lab)), None)
            if fix is not None:
                corrections[suspect.place] = fix
                counts[fix] = counts.get(fix, 0) + 1
                counts[card] -= 1
            problems.append(LedgerProblem(card, count, places, suspect.place, fix))
    return problems, corrections
