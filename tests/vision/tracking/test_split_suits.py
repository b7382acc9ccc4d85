"""A remembered card whose frames disagree on its suit is settled by its run, and marked
(``vision.tracking.split_suits``); a card read in one suit only is never changed."""

from __future__ import annotations

from tests.vision.layout.fans import fan
from tests.vision.tracking.test_memory import play
from vision.layout.types import Slot
from vision.tracking import EventKind, MemoryParams, TableMemory
from vision.tracking.split_suits import settle_split_suits


def slots(cards: list[str]) -> list[Slot]:
    return [Slot(card, 0.9, (100.0 + 30 * k, 400.0), 20.0) for k, card in enumerate(cards)]


def votes(*tallies: dict[str, float]) -> list[dict[str, float]]:
    return list(tallies)


def test_a_card_read_in_two_suits_takes_the_runs_when_enough_frames_read_it_so():
    run = slots(["3C", "4S", "5S", "6S"])
    settled = settle_split_suits(
        run, votes({"3C": 6.9, "3S": 3.1}, {"4S": 9}, {"5S": 9}, {"6S": 9})
    )
    assert [s.card for s in settled] == ["3S", "4S", "5S", "6S"]
    assert [s.read_otherwise for s in settled] == ["3C", None, None, None]


def test_a_card_read_in_one_suit_only_stays_a_fault():
    run = slots(["3C", "4S", "5S", "6S"])
    assert settle_split_suits(run, votes({"3C": 10}, {"4S": 9}, {"5S": 9}, {"6S": 9})) == run


def test_a_misread_now_and_then_is_no_disagreement():
    run = slots(["3C", "4S", "5S", "6S"])
    assert (
        settle_split_suits(run, votes({"3C": 9, "3S": 1}, {"4S": 9}, {"5S": 9}, {"6S": 9})) == run
    )


def test_a_sixth_of_the_votes_in_the_runs_suit_is_a_disagreement():
    # A 10D of a diamond run read 10H in most frames, 10D in a sixth of the votes.
    run = slots(["8D", "9D", "10H", "JD"])
    settled = settle_split_suits(
        run, votes({"8D": 9}, {"9D": 9}, {"10H": 13.9, "10D": 2.9}, {"JD": 9})
    )
    assert [s.card for s in settled] == ["8D", "9D", "10D", "JD"]
    assert settled[2].read_otherwise == "10H"


def test_one_natural_card_beside_a_wild_tells_the_runs_suit():
    # A-2-3 with a wild two: the three alone says spades; a two never says a suit
    run = slots(["AC", "2D", "3S"])
    settled = settle_split_suits(run, votes({"AC": 5.4, "AS": 4.6}, {"2D": 9}, {"3S": 9}))
    assert [s.card for s in settled] == ["AS", "2D", "3S"]


def test_a_set_is_left_alone():
    # 7C 7S 7H: a set of sevens may hold any suits, so there is no run to settle from
    meld = slots(["7C", "7S", "7H"])
    assert settle_split_suits(meld, votes({"7C": 6, "7S": 4}, {"7S": 9}, {"7H": 9})) == meld


def test_the_memory_settles_a_card_its_frames_read_in_two_suits():
    memory = TableMemory(MemoryParams())
    clubs = fan(["3C", "4S", "5S", "6S"], 400, 450)
    spades = fan(["3S", "4S", "5S", "6S"], 400, 450)
    play(memory, [clubs, clubs, spades] * 4)  # the three read as a club two times in three
    (meld,) = memory.state().zone("A").melds
    assert meld.cards == ("3S", "4S", "5S", "6S")
    assert [s.read_otherwise for s in meld.slots] == ["3C", None, None, None]


def test_a_card_shown_in_its_runs_suit_is_not_told_re_read_while_its_frames_swing():
    # Frames read the three a club and a spade in turn, the spade a little surer: the
    # votes' leader swings every frame, while the meld shows 3S from the frame its share
    # of spades is enough (``SPLIT_SHARE``). The players hear of that one change only.
    memory = TableMemory(MemoryParams())
    clubs = fan(["3C", "4S", "5S", "6S"], 400, 450)
    spades = fan(["3S", "4S", "5S", "6S"], 400, 450, conf=[0.95, 0.9, 0.9, 0.9])
    events = play(memory, [clubs, spades] * 8)
    (meld,) = memory.state().zone("A").melds
    assert meld.cards == ("3S", "4S", "5S", "6S")
    rereads = [e for e in events if e.kind is EventKind.CARD_REREAD]
    assert len(rereads) <= 1, rereads  # once, from the reading it was laid with
