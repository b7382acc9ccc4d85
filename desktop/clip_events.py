"""Were a rendered hand's events right? The referee's event list against the clip's truth.

A clip lays its melds one card at a time (``vision.synth.video``: the truth lists each card
as it is laid), and never moves, takes back or re-reads a card. So, meld by meld, the
truth says what the players should have heard: the meld laid once, every card of it told
once, each burraco kind it passed through (judged by the engine on the cards laid so far,
in table order: clean, then dirty when a wild is laid on it), and an illegal meld only when
the cards laid so far are one (a kind the meld had only between two cards the referee
confirmed together may go untold). Every other event (a card re-read, moved or a wild moved, a
2 whose role is unclear, a pozzetto taken) tells the players something that did not happen.

A clip's events are right when each truth meld is paired with one told meld of its zone
(paired by the cards they share) whose story is the truth's, no meld is told beyond the
truth's, and no event of the other kinds was sent.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from desktop.reading_measure import pair_by_shared_cards
from engine import Rules, RulesError, judge_meld

TEAM_ZONES = ("A", "B")
# The clips never move, re-read or take a card: any of these is something that did not happen.
NEVER_IN_A_CLIP = ("card_reread", "card_moved", "wild_moved", "two_role_unclear", "pozzetto_taken")


@dataclass(frozen=True)
class MeldStory:
    """What the events say (or should say) about one meld."""

    zone: str
    cards: tuple[str, ...]  # every card told, in the order told
    burraco_kinds: tuple[str, ...] = ()  # each kind the meld's burraco had, in turn
    illegal_turns: int = 0  # times the meld turned illegal


@dataclass
class EventTally:
    clips: int = 0
    clips_right: int = 0
    melds: int = 0
    melds_told_right: int = 0  # laid once, every card told once, burraco kinds and legality right
    melds_missing: int = 0  # truth melds no told meld shares a card with
    melds_extra: int = 0  # told melds beyond the truth's
    wrong: Counter[str] = field(default_factory=Counter)  # what was wrong, by kind

    def line(self) -> str:
        wrong = ", ".join(f"{k} {n}" for k, n in sorted(self.wrong.items())) or "none"
        return (
            f"events: clips with every event right {self.clips_right}/{self.clips}; melds told "
            f"right {self.melds_told_right}/{self.melds}; wrong: {wrong}"
        )


def truth_stories(truth: Mapping[str, Any], rules: Rules) -> list[MeldStory]:
    """Each team meld's story as the players should hear it, from the order it was laid."""
    laid_order = [e["uid"] for e in truth.get("events", []) if e.get("event") == "meld_card_laid"]
    position = {uid: k for k, uid in enumerate(laid_order)}
    stories = []
    for meld in truth["melds"]:
        if meld["zone"] not in TEAM_ZONES:
            continue
        card_of = dict(zip(meld["uids"], meld["cards"], strict=True))
        laid = sorted(meld["uids"], key=lambda uid: position.get(uid, len(position)))
        kinds: list[str] = []
        illegal_turns, was_legal = 0, True
        for k in range(3, len(laid) + 1):  # a meld is laid with three cards at least
            so_far = set(laid[:k])
            cards = [card_of[uid] for uid in meld["uids"] if uid in so_far]  # table order
            legal, kind = _judge(cards, rules)
            illegal_turns += was_legal and not legal
            was_legal = legal
            if kind is not None and (not kinds or kinds[-1] != kind):
                kinds.append(kind)
        told = tuple(card_of[uid] for uid in laid)
        stories.append(MeldStory(meld["zone"], told, tuple(kinds), illegal_turns))
    return stories


def told_stories(events: Iterable[Mapping[str, Any]]) -> tuple[list[MeldStory], Counter[str]]:
    """Each meld's story as the referee's events told it, and the count of events of the
    kinds a clip never has."""
    cards: dict[int, list[str]] = {}
    zones: dict[int, str] = {}
    kinds: dict[int, list[str]] = {}
    illegal: Counter[int] = Counter()
    others: Counter[str] = Counter()
    for event in events:
        kind, meld = event.get("type"), event.get("meld")
        if kind in NEVER_IN_A_CLIP:
            others[str(kind)] += 1
        if meld is None:
            continue
        meld = int(meld)
        zones.setdefault(meld, str(event.get("team")))
        if kind in ("meld_laid", "card_added"):
            cards.setdefault(meld, []).extend(event.get("cards", []))
        elif kind in ("burraco_completed", "burraco_changed"):
            kinds.setdefault(meld, []).append(str(event["kind"]))
        elif kind == "meld_illegal":
            illegal[meld] += 1
    stories = [
        MeldStory(zones[m], tuple(told), tuple(kinds.get(m, ())), illegal[m])
        for m, told in cards.items()
    ]
    return stories, others


def score_events(
    tally: EventTally, truth: Mapping[str, Any], events: Sequence[Mapping[str, Any]], rules: Rules
) -> None:
    """Add one clip's events to ``tally``."""
    told, others = told_stories(events)
    truth_all = truth_stories(truth, rules)
    tally.clips += 1
    tally.wrong.update(others)
    all_right = not others
    for zone in TEAM_ZONES:
        want = [s for s in truth_all if s.zone == zone]
        have = [s for s in told if s.zone == zone]
        pairs = pair_by_shared_cards([s.cards for s in want], [s.cards for s in have])
        tally.melds += len(want)
        for i, story in enumerate(want):
            problems = _story_problems(story, have[pairs[i]] if i in pairs else None)
            tally.wrong.update(problems)
            tally.melds_told_right += not problems
            tally.melds_missing += i not in pairs
            all_right = all_right and not problems
        extra = len(have) - len(pairs)
        tally.melds_extra += extra
        if extra:
            tally.wrong["meld laid beyond the truth's"] += extra
        all_right = all_right and extra == 0
    tally.clips_right += all_right


def _story_problems(want: MeldStory, have: MeldStory | None) -> list[str]:
    if have is None:
        return ["meld never laid"]
    problems = []
    if Counter(have.cards) != Counter(want.cards):
        problems.append("cards told wrong")
    if not _told_in_turn(have.burraco_kinds, want.burraco_kinds):
        problems.append("burraco kinds wrong")
    if have.illegal_turns != want.illegal_turns:
        problems.append("meld_illegal wrong")
    return problems


def _told_in_turn(told: Sequence[str], kinds: Sequence[str]) -> bool:
    """The burraco kinds told are kinds the meld had, in turn, ending with its last one.
    A kind it had only between two cards the referee confirmed together may go untold: the
    memory confirms a card over several frames, and players lay several cards in a turn."""
    if not kinds:
        return not told
    if not told or told[-1] != kinds[-1]:
        return False
    left = iter(kinds)
    return all(kind in left for kind in told)  # a subsequence: each found after the last


def _judge(cards: Sequence[str], rules: Rules) -> tuple[bool, str | None]:
    try:
        verdict = judge_meld(list(cards), rules)
    except RulesError:
        return False, None
    return verdict.legal, None if verdict.burraco is None else verdict.burraco.value
