"""The clip events check: what the players should have heard against what they were told."""

from __future__ import annotations

from desktop.clip_events import EventTally, MeldStory, score_events, truth_stories
from engine import get_preset

RULES = get_preset("pagat")
RUN = ["5S", "6S", "7S", "8S", "9S", "10S", "JS"]


def truth_of(melds: list[tuple[str, list[str]]], laid_order: list[int] | None = None) -> dict:
    """A clip truth: melds (zone, cards in table order), cards laid in ``laid_order`` (uids,
    numbered across the melds in table order; default: meld by meld, in table order)."""
    out, uid = [], 0
    for zone, cards in melds:
        uids = list(range(uid, uid + len(cards)))
        out.append({"zone": zone, "cards": cards, "uids": uids, "kind": "run"})
        uid += len(cards)
    order = laid_order if laid_order is not None else list(range(uid))
    events = [{"event": "meld_card_laid", "uid": u} for u in order]
    return {"melds": out, "events": events}


def laid(meld: int, team: str, cards: list[str]) -> dict:
    return {"type": "meld_laid", "meld": meld, "team": team, "cards": cards}


def added(meld: int, team: str, card: str) -> dict:
    return {"type": "card_added", "meld": meld, "team": team, "cards": [card]}


def burraco(meld: int, team: str, kind: str, event: str = "burraco_completed") -> dict:
    return {"type": event, "meld": meld, "team": team, "kind": kind}


def test_a_wild_laid_on_a_clean_burraco_is_in_the_truths_story():
    # rules.md §5, vector E17: the wild turns the clean burraco dirty
    truth = truth_of([("A", [*RUN, "JK"])])
    assert truth_stories(truth, RULES) == [MeldStory("A", (*RUN, "JK"), ("clean", "dirty"), 0)]


def test_a_run_laid_from_both_ends_is_illegal_until_its_middle_card_comes():
    # laid 8D, 9D, JD, then 10D: 8D 9D JD is not a sequence (rules §3), then it is
    truth = truth_of([("B", ["8D", "9D", "10D", "JD"])], laid_order=[0, 1, 3, 2])
    (story,) = truth_stories(truth, RULES)
    assert story.illegal_turns == 1 and story.cards == ("8D", "9D", "JD", "10D")


def score(truth: dict, events: list[dict]) -> EventTally:
    tally = EventTally()
    score_events(tally, truth, events, RULES)
    return tally


def test_every_event_right():
    truth = truth_of([("A", [*RUN, "JK"]), ("B", ["KC", "KD", "KH"])])
    events = [
        laid(1, "A", RUN[:3]),
        *[added(1, "A", c) for c in RUN[3:]],
        burraco(1, "A", "clean"),
        added(1, "A", "JK"),
        burraco(1, "A", "dirty", "burraco_changed"),
        laid(2, "B", ["KD", "KC", "KH"]),  # a set's cards in another order: the same cards
    ]
    tally = score(truth, events)
    assert (tally.clips_right, tally.melds_told_right, tally.melds) == (1, 2, 2)
    assert not tally.wrong


def test_a_kind_passed_between_two_cards_confirmed_together_may_go_untold():
    truth = truth_of([("A", [*RUN, "JK"])])
    events = [laid(1, "A", RUN[:3]), *[added(1, "A", c) for c in [*RUN[3:], "JK"]]]
    told_dirty_only = score(truth, [*events, burraco(1, "A", "dirty")])
    assert told_dirty_only.clips_right == 1
    # but the last kind must be the meld's, and no kind it never had may be told
    told_clean_only = score(truth, [*events, burraco(1, "A", "clean")])
    assert told_clean_only.wrong == {"burraco kinds wrong": 1}
    flapping = [burraco(1, "A", "dirty"), burraco(1, "A", "clean", "burraco_changed"),
                burraco(1, "A", "dirty", "burraco_changed")]  # fmt: skip
    assert score(truth, [*events, *flapping]).wrong == {"burraco kinds wrong": 1}


def test_what_did_not_happen_makes_the_clip_wrong():
    truth = truth_of([("A", ["3H", "4H", "5H"]), ("B", ["KC", "KD", "KH"])])
    right = [laid(1, "A", ["3H", "4H", "5H"]), laid(2, "B", ["KC", "KD", "KH"])]
    assert score(truth, right).clips_right == 1
    reread = {"type": "card_reread", "meld": 1, "team": "A", "card": "4D", "was": "4H"}
    illegal = {"type": "meld_illegal", "meld": 1, "team": "A", "faults": ["mixed_suits"]}
    extra = laid(3, "B", ["7C", "8C", "9C"])
    missing_card = [laid(1, "A", ["3H", "5H"]), right[1]]
    cases = [
        ([*right, reread], {"card_reread": 1}),
        ([*right, illegal], {"meld_illegal wrong": 1}),
        ([*right, extra], {"meld laid beyond the truth's": 1}),
        (right[:1], {"meld never laid": 1}),
        (missing_card, {"cards told wrong": 1}),
    ]
    for events, wrong in cases:
        tally = score(truth, events)
        assert tally.clips_right == 0 and dict(tally.wrong) == wrong, events


def test_a_rendered_clips_stories_tell_each_meld_as_it_ends(tmp_path):
    # On a real rendered clip (vision.synth.video): every team meld has a story, its cards
    # are the meld's, and the last burraco kind it tells is the finished meld's.
    from engine import judge_meld
    from vision.synth.video import VideoSpec, render_video

    truth = render_video(
        VideoSpec(seed=2, size_wh=(192, 108), frames_per_card=2), tmp_path / "a.mp4"
    )
    stories = truth_stories(truth, RULES)
    team_melds = [m for m in truth["melds"] if m["zone"] in ("A", "B")]
    assert len(stories) == len(team_melds) > 0
    for story, meld in zip(stories, team_melds, strict=True):
        assert sorted(story.cards) == sorted(meld["cards"]) and story.zone == meld["zone"]
        burraco = judge_meld(meld["cards"], RULES).burraco
        assert story.burraco_kinds[-1:] == (() if burraco is None else (burraco.value,))
    assert any(story.burraco_kinds for story in stories)  # this clip holds burracos
