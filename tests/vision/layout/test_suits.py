"""A covered suit is settled from the run around it and never guessed there; in a set,
whose verdict does not rest on suits, it is read as its likeliest and marked so."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.vision.layout.fans import fan
from vision.layout import build_layout
from vision.types import CardDetection

SIZE = (1280, 720)


def suit_open(d: CardDetection, *others: str, rank_conf: float = 0.8) -> CardDetection:
    """The reading of a card whose rank shows and suit does not (card = likeliest suit)."""
    return replace(d, confidence=0.3, rank_confidence=rank_conf, other_suits=others)


def meld_with_open(cards: list[str], k: int, *others: str) -> list[CardDetection]:
    dets = fan(cards, 500, 500, second_index=False)
    dets[k] = suit_open(dets[k], *others)
    return dets


def melds(dets: list[CardDetection]) -> list[list[str]]:
    return [list(m.cards) for m in build_layout(dets, SIZE).zone("A").melds]


def test_a_covered_suit_in_a_run_takes_the_runs_suit() -> None:
    # The classifier leaned to diamonds; the run's other cards are hearts.
    dets = meld_with_open(["5H", "6H", "7D", "8H"], 2, "7H")
    layout = build_layout(dets, SIZE)
    (meld,) = layout.zone("A").melds
    assert meld.cards == ("5H", "6H", "7H", "8H")
    settled = meld.slots[2]
    assert settled.confidence == 0.8  # as sure as the rank
    assert [s.suit_from_meld for s in meld.slots] == [False, False, True, False]
    assert not any(d.suit_open for s in meld.slots for d in s.detections)


@pytest.mark.parametrize(
    ("why", "cards", "k", "options", "read"),
    [
        # Read as clubs or spades: a heart is not among them, so the card stays unread.
        ("without the option the suit is not made up", ["5H", "6H", "7C", "8H"], 2, ("7S",),
         ["5H", "6H", "8H"]),
        ("a covered card of another rank in a set stays unread", ["7C", "7S", "8D", "7H"], 2,
         ("8H",), ["7C", "7S", "7H"]),
        # A two in a run of spades may be a wild of any suit.
        ("a covered two in a run stays unread", ["AS", "2H", "3S", "4S"], 1, ("2S",),
         ["AS", "3S", "4S"]),
        ("a rank the run already shows is not settled", ["5H", "6H", "6D", "8H"], 2, ("6H",),
         ["5H", "6H", "8H"]),
    ],
)  # fmt: skip
def test_an_open_card_stays_unread_when_the_meld_cannot_tell(
    why: str, cards: list[str], k: int, options: tuple[str, ...], read: list[str]
) -> None:
    assert melds(meld_with_open(cards, k, *options)) == [read], why


def test_a_set_with_covered_suits_is_laid_with_each_card_in_its_likeliest_suit() -> None:
    # A tight vertical fan: the two nines show their rank, the joker over them its whole
    # index. Dropping the nines left no meld at all (§3.2: a set's verdict rests on rank).
    dets = fan(["9C", "9H", "JK"], 500, 500, second_index=False)
    dets[0] = suit_open(dets[0], "9S")
    dets[1] = suit_open(dets[1], "9D", "9C")
    (meld,) = build_layout(dets, SIZE).zone("A").melds
    assert meld.cards == ("9C", "9H", "JK")
    assert [s.suit_from_meld for s in meld.slots] == [True, True, False]
    # Only as sure as the suit's own reading (0.3), not the rank's (0.8).
    assert [s.confidence for s in meld.slots[:2]] == [0.3, 0.3]
    assert not any(d.suit_open for s in meld.slots for d in s.detections)


def test_a_covered_two_in_a_set_is_read_as_its_likeliest() -> None:
    # Every two in a set is a wild (§3.2), whatever its suit.
    dets = meld_with_open(["8D", "8S", "2H"], 2, "2C")
    (meld,) = build_layout(dets, SIZE).zone("A").melds
    assert meld.cards == ("8D", "8S", "2H")
    assert meld.slots[2].suit_from_meld


def test_a_set_never_takes_a_third_copy_for_a_covered_suit() -> None:
    # The set already holds both eights of diamonds: the covered one is read as its next
    # likeliest suit.
    dets = meld_with_open(["8D", "8D", "8D", "8S"], 2, "8H", "8C")
    (meld,) = build_layout(dets, SIZE).zone("A").melds
    assert meld.cards == ("8D", "8D", "8H", "8S")
    assert meld.slots[2].suit_from_meld


def test_a_covered_card_with_no_suit_left_in_the_set_stays_unread() -> None:
    dets = meld_with_open(["8D", "8D", "8D", "8S"], 2)
    assert melds(dets) == [["8D", "8D", "8S"]]


def test_one_sure_natural_is_not_a_run() -> None:
    dets = fan(["JK", "6D", "7H"], 500, 500, second_index=False)
    dets[1] = suit_open(dets[1], "6H")
    dets[2] = suit_open(dets[2], "7D")
    assert melds(dets) == []


def test_a_covered_card_lying_loose_is_not_reported() -> None:
    dets = meld_with_open(["5H", "6H", "7H"], 0, "9S")
    lone = suit_open(fan(["9C"], 1000, 600, second_index=False)[0], "9S")
    layout = build_layout([*dets, lone], SIZE)
    assert all(s.card != "9C" and s.card != "9S" for _, _, s in layout.all_slots())


def test_a_card_read_whole_at_its_other_corner_keeps_that_reading() -> None:
    # The fan's last card shows both indices: the far one whole (7H), the near one open.
    dets = fan(["5H", "6H", "7H"], 500, 500, second_index=True)
    near = next(i for i, d in enumerate(dets) if d.card == "7H")
    dets[near] = suit_open(replace(dets[near], card="7D"), "7H", rank_conf=0.95)
    (meld,) = build_layout(dets, SIZE).zone("A").melds
    assert meld.cards == ("5H", "6H", "7H")


def test_the_memory_says_a_suit_came_from_the_run_until_the_index_shows_whole() -> None:
    from vision.tracking import MemoryParams, TableMemory

    covered = meld_with_open(["5H", "6H", "7D", "8H"], 2, "7H")
    whole = fan(["5H", "6H", "7H", "8H"], 500, 500, second_index=False)
    memory = TableMemory(MemoryParams())
    for k in range(12):
        memory.update(build_layout(covered, SIZE), k / 10)
    (meld,) = memory.state().zone("A").melds
    assert meld.cards == ("5H", "6H", "7H", "8H")
    assert [s.suit_from_meld for s in meld.slots] == [False, False, True, False]
    for k in range(12, 16):  # the fan slides open: the seven's suit shows
        memory.update(build_layout(whole, SIZE), k / 10)
    (meld,) = memory.state().zone("A").melds
    assert not any(s.suit_from_meld for s in meld.slots)


def contested(d: CardDetection, *others: str) -> CardDetection:
    """A plain reading whose other suits the classifier weighed nearly as much."""
    return replace(d, rivals=others)


def meld_with_contested(cards: list[str], k: int, *others: str) -> list[CardDetection]:
    dets = fan(cards, 500, 500, second_index=False)
    dets[k] = contested(dets[k], *others)
    return dets


def test_a_contested_suit_in_a_run_takes_the_runs_suit_and_says_so() -> None:
    # Read 7C, with 7S weighed nearly as much; the run's other cards are spades.
    (meld,) = (
        build_layout(meld_with_contested(["5S", "6S", "7C", "8S"], 2, "7S"), SIZE).zone("A").melds
    )
    assert meld.cards == ("5S", "6S", "7S", "8S")
    assert [s.suit_from_meld for s in meld.slots] == [False, False, True, False]


@pytest.mark.parametrize(
    ("why", "cards", "k", "options"),
    [
        # The classifier weighed hearts, not spades: a card of another suit stays, for the
        # referee to call the fault.
        ("without the option the card stays as read", ["5S", "6S", "7C", "8S"], 2, ("7H",)),
        ("a contested suit in a set stays as read", ["7C", "7S", "7D", "7H"], 2, ("7H",)),
        ("a contested two stays as read", ["AS", "2H", "3S", "4S"], 1, ("2S",)),
        ("a run of one sure natural has no suit to take", ["JK", "6S", "7C"], 2, ("7S",)),
    ],
)  # fmt: skip
def test_a_contested_card_stays_as_read_when_the_meld_cannot_tell(
    why: str, cards: list[str], k: int, options: tuple[str, ...]
) -> None:
    assert melds(meld_with_contested(cards, k, *options)) == [cards], why


def test_a_contested_card_never_outvotes_a_sure_one() -> None:
    # 6H is sure; 7D is contested with 7H and 8D with 8H: the run is hearts.
    dets = fan(["5H", "6H", "7D", "8D"], 500, 500, second_index=False)
    dets[2] = contested(dets[2], "7H")
    dets[3] = contested(dets[3], "8H")
    dets[0] = contested(dets[0], "5D")
    assert melds(dets) == [["5H", "6H", "7H", "8H"]]


def test_a_sure_card_of_another_suit_leaves_the_run_as_read() -> None:
    # 7D is read surely: hearts and diamonds both show, so no suit is taken for the 6.
    dets = meld_with_contested(["5H", "6D", "7D", "8H"], 1, "6H")
    assert melds(dets) == [["5H", "6D", "7D", "8H"]]


def test_a_contested_card_counts_for_the_suit_it_shows() -> None:
    # One sure heart and a contested heart make the run's two naturals: the open 7 settles.
    dets = fan(["5H", "6H", "7D"], 500, 500, second_index=False)
    dets[1] = contested(dets[1], "6D")
    dets[2] = suit_open(dets[2], "7H")
    assert melds(dets) == [["5H", "6H", "7H"]]


def test_the_memory_keeps_a_suit_seen_whole_over_later_guesses_in_a_set() -> None:
    from vision.tracking import MemoryParams, TableMemory

    whole = fan(["9C", "9H", "9S"], 500, 500, second_index=False)
    # A lay-off covers the nine of hearts' suit; the classifier then leans to diamonds.
    covered = list(whole)
    covered[1] = suit_open(replace(covered[1], card="9D"), "9H")
    memory = TableMemory(MemoryParams())
    for k in range(8):
        memory.update(build_layout(whole, SIZE), k / 10)
    for k in range(8, 60):  # five times the frames, each guessing diamonds
        memory.update(build_layout(covered, SIZE), k / 10)
    (meld,) = memory.state().zone("A").melds
    assert meld.cards == ("9C", "9H", "9S")
    assert not any(s.suit_from_meld for s in meld.slots)


def test_a_suit_guessed_in_a_set_yields_when_the_index_shows_whole() -> None:
    from vision.tracking import MemoryParams, TableMemory

    covered = fan(["9C", "9D", "9S"], 500, 500, second_index=False)
    covered[1] = suit_open(covered[1], "9H")
    whole = fan(["9C", "9H", "9S"], 500, 500, second_index=False)
    memory = TableMemory(MemoryParams())
    for k in range(40):
        memory.update(build_layout(covered, SIZE), k / 10)
    (meld,) = memory.state().zone("A").melds
    assert meld.cards == ("9C", "9D", "9S")
    assert [s.suit_from_meld for s in meld.slots] == [False, True, False]
    for k in range(40, 44):  # the fan slides open: the nine of hearts shows
        memory.update(build_layout(whole, SIZE), k / 10)
    (meld,) = memory.state().zone("A").melds
    assert meld.cards == ("9C", "9H", "9S")
    assert not any(s.suit_from_meld for s in meld.slots)


@pytest.mark.parametrize("misread", [0, 1])
def test_a_card_read_in_two_suits_at_two_corners_takes_the_runs_suit(misread: int) -> None:
    # A four-index deck: each card of the fan shows two corners. The 6S's are read 6S and
    # 6C (the classifier misread one); whichever the slot took its card from, the card is
    # contested, and the spades around it settle it (val14 still 000045: 7C and 7S).
    dets = fan(["4S", "5S", "6S", "7S"], 500, 500, four_corner=True, second_index=False)
    six = [k for k, d in enumerate(dets) if d.card == "6S"]
    dets[six[misread]] = replace(dets[six[misread]], card="6C")
    (meld,) = build_layout(dets, SIZE).zone("A").melds
    assert meld.cards == ("4S", "5S", "6S", "7S")
