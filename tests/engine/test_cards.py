"""rules.md §2: the 108-card deck, card notation and card values."""

from __future__ import annotations

from collections import Counter

import pytest

from engine import (
    DISTINCT_CARDS,
    PAGAT,
    Card,
    CardCountError,
    CardNotationError,
    Fault,
    Rank,
    RulesError,
    Suit,
    check_card_count,
    deck,
    judge_meld,
    parse_cards,
)


def test_2_deck_has_108_cards_every_card_twice_and_four_jokers() -> None:
    counts = Counter(deck())
    assert sum(counts.values()) == 108
    assert len(counts) == 53
    assert counts[Card.parse("JK")] == 4
    assert {count for card, count in counts.items() if not card.is_joker} == {2}


@pytest.mark.parametrize("card", DISTINCT_CARDS, ids=str)
def test_2_notation_round_trips(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert eval(repr(card), {"Card": Card}) == card  # the repr pastes back


@pytest.mark.parametrize("text", ["1H", "11S", "QX", "", "J", "JKH", "10", "H10", "2 H", "T S"])
def test_2_bad_notation_raises_an_error_naming_the_input(text: str) -> None:
    with pytest.raises(CardNotationError) as caught:
        Card.parse(text)
    assert repr(text) in str(caught.value)
    assert isinstance(caught.value, RulesError)
    assert isinstance(caught.value, ValueError)


def test_2_notation_ignores_case_and_blanks_but_prints_canonically() -> None:
    assert str(Card.parse(" qh ")) == "QH"
    assert str(Card.parse("10s")) == "10S"


def test_2_enum_values_are_the_notation() -> None:
    assert Rank("10") is Rank.TEN and Suit("H") is Suit.HEARTS
    with pytest.raises(ValueError, match="'1' is not a valid Rank"):
        Rank("1")


def test_2_a_joker_has_no_suit_and_other_cards_need_one() -> None:
    with pytest.raises(CardNotationError):
        Card(Rank.JOKER, Suit.HEARTS)
    with pytest.raises(CardNotationError):
        Card(Rank.QUEEN)


def test_2_parse_cards_rejects_a_single_string() -> None:
    with pytest.raises(CardNotationError):
        parse_cards("QH")


@pytest.mark.parametrize(
    ("text", "value"),
    [("JK", 30), ("2C", 20), ("AH", 15), ("KS", 10), ("8D", 10), ("10H", 10), ("7C", 5), ("3S", 5)],
)
def test_2_card_values(text: str, value: int) -> None:
    assert PAGAT.value_of(Card.parse(text)) == value


def test_2_a_wild_counts_its_own_value_whatever_it_stands_for() -> None:
    # §13: the joker stands for a 9 but counts 30
    assert judge_meld(["3H", "4H", "5H", "6H", "7H", "8H", "JK"]).points == 65
    assert judge_meld(["3H", "4H", "5H", "6H", "7H", "8H", "2S"]).points == 55


def test_2_a_third_copy_is_a_misread() -> None:
    with pytest.raises(CardCountError, match="QH"):
        check_card_count(parse_cards(["QH", "QH", "QH"]))
    check_card_count(parse_cards(["JK"] * 4))
    with pytest.raises(CardCountError, match="JK"):
        check_card_count(parse_cards(["JK"] * 5))
    verdict = judge_meld(["QH", "QH", "QH"])
    assert not verdict.legal and verdict.faults == (Fault.IMPOSSIBLE_CARD_COUNT,)


def test_2_deck_size_follows_the_rules() -> None:
    assert len(deck(decks=2, jokers=0)) == 104  # Burraco Reale
    no_jokers = PAGAT.replace(jokers=0)
    assert judge_meld(["QH", "QS", "JK"], no_jokers).faults == (Fault.IMPOSSIBLE_CARD_COUNT,)
