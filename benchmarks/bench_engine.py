"""Benchmark: judge every meld of a full 108-card table, then score the hand.

Not a test. Run ``python benchmarks/bench_engine.py`` and read the median; the target on
a development machine is under 1 ms per table.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from engine import (
    PAGAT,
    Card,
    HandInput,
    HandReport,
    PozzettoState,
    Rank,
    Suit,
    TeamHand,
    check_card_count,
    judge_meld,
    score_hand,
)

RUN_LOW = ("A", "2", "3", "4", "5", "6", "7")
RUN_HIGH = ("8", "9", "10", "J", "Q", "K")
SET_RANKS = ("A", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def full_table() -> tuple[tuple[Card, ...], ...]:
    """20 melds holding all 108 cards: 8 runs (A..7 with its natural 2; 8..K + a joker)
    from one deck and the jokers, 12 sets of four from the other deck, four of them
    with a 2 as their wild."""
    joker = Card(Rank.JOKER)
    melds: list[tuple[Card, ...]] = []
    for suit in Suit:
        melds.append(tuple(Card(Rank(rank), suit) for rank in RUN_LOW))
        melds.append((*(Card(Rank(rank), suit) for rank in RUN_HIGH), joker))
    twos = [Card(Rank.TWO, suit) for suit in Suit]
    for index, rank in enumerate(SET_RANKS):
        cards = tuple(Card(Rank(rank), suit) for suit in Suit)
        melds.append((*cards, twos[index]) if index < len(twos) else cards)
    check_card_count(card for meld in melds for card in meld)
    assert sum(len(meld) for meld in melds) == 108
    return tuple(melds)


def score_table(melds: tuple[tuple[Card, ...], ...]) -> HandReport:
    """Score the hand: this judges every meld (the report carries the 20 verdicts)."""
    half = len(melds) // 2
    teams = {
        "A": TeamHand(melds[:half], ((), ()), PozzettoState.TAKEN),
        "B": TeamHand(melds[half:], ((), ()), PozzettoState.TAKEN),
    }
    return score_hand(HandInput(teams, closed_by="A"), PAGAT)


def judge_table(melds: tuple[tuple[Card, ...], ...]) -> None:
    for meld in melds:
        judge_meld(meld, PAGAT)


def median_ms(work: Callable[[], object], repeat: int) -> float:
    for _ in range(20):  # warm-up
        work()
    timings_ms = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        timings_ms.append((time.perf_counter() - start) * 1000)
    return statistics.median(timings_ms)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=500, help="timed tables (default 500)")
    args = parser.parse_args()
    melds = full_table()
    report = score_table(melds)
    verdicts = [v for team in report.teams.values() for v in team.verdicts]
    assert len(verdicts) == len(melds) and all(v.legal for v in verdicts)
    scored = median_ms(lambda: score_table(melds), args.repeat)
    judged = median_ms(lambda: judge_table(melds), args.repeat)
    print(
        f"full 108-card table, {len(melds)} melds: judge every meld and score the hand "
        f"(score_hand) median {scored:.3f} ms; judge_meld alone x{len(melds)} "
        f"median {judged:.3f} ms ({args.repeat} runs each; target < 1 ms)"
    )


if __name__ == "__main__":
    main()
