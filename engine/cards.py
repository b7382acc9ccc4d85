"""Cards, their notation, and the 108-card double deck.

The enum value *is* the notation: ``Rank("10")``, ``Suit("H")``; a card prints as rank +
suit (``"QH"``, ``"10S"``) and the joker as ``"JK"``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum

from engine.errors import CardCountError, CardNotationError


class Suit(StrEnum):
    """A suit, written with its initial.

    >>> Suit("H")
    <Suit.HEARTS: 'H'>
    """

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"


class Rank(StrEnum):
    """A rank as written on the card; ``JK`` is the joker.

    >>> Rank("10").number, Rank("A").number, Rank("K").number
    (10, 1, 13)
    """

    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    JOKER = "JK"

    @property
    def number(self) -> int:
        """Position in a sequence with the ace low: A=1 ... K=13; the joker is 0."""
        return _RANK_NUMBER[self]

    @classmethod
    def from_number(cls, number: int) -> Rank:
        """The rank of sequence slot ``number`` (1..14; 14 is the high ace)."""
        return _NUMBER_RANK[1 if number == 14 else number]


_RANK_NUMBER: dict[Rank, int] = {rank: index for index, rank in enumerate(Rank, start=1)}
_RANK_NUMBER[Rank.JOKER] = 0
_NUMBER_RANK: dict[int, Rank] = {number: rank for rank, number in _RANK_NUMBER.items()}


@dataclass(frozen=True, slots=True)
class Card:
    """One card. Jokers have no suit.

    >>> card = Card.parse("10S")
    >>> card, str(card), card.rank, card.suit
    (Card.parse('10S'), '10S', <Rank.TEN: '10'>, <Suit.SPADES: 'S'>)
    >>> str(Card.parse("jk"))
    'JK'
    >>> Card.parse("1H")
    Traceback (most recent call last):
    ...
    engine.errors.CardNotationError: '1H' is not a card (rank A,2..10,J,Q,K + suit C,D,H,S; or JK)
    """

    rank: Rank
    suit: Suit | None = None
    # derived once, for the engine's inner loops
    rank_number: int = field(init=False, repr=False, compare=False)
    """Slot of the rank with the ace low (A=1 ... K=13); 0 for the joker."""
    is_joker: bool = field(init=False, repr=False, compare=False)
    is_two: bool = field(init=False, repr=False, compare=False)
    is_wild: bool = field(init=False, repr=False, compare=False)
    """A joker or any 2: the cards that may act as wilds (a 2 can also be natural)."""
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.rank, Rank) or not isinstance(self.suit, Suit | None):
            raise CardNotationError(f"Card({self.rank!r}, {self.suit!r}) is not a card")
        if (self.rank is Rank.JOKER) != (self.suit is None):
            raise CardNotationError(f"a {self.rank} with suit {self.suit} is not a card")
        number = _RANK_NUMBER[self.rank]
        object.__setattr__(self, "rank_number", number)
        object.__setattr__(self, "is_joker", number == 0)
        object.__setattr__(self, "is_two", number == 2)
        object.__setattr__(self, "is_wild", number in (0, 2))
        object.__setattr__(self, "_hash", hash((self.rank.value, self.suit and self.suit.value)))

    def __hash__(self) -> int:
        return self._hash

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``"QH"``, ``"10S"``, ``"JK"`` (case-insensitive, surrounding blanks ignored)."""
        card = _PARSED.get(text.strip().upper()) if isinstance(text, str) else None
        if card is None:
            raise CardNotationError(
                f"{text!r} is not a card (rank A,2..10,J,Q,K + suit C,D,H,S; or JK)"
            )
        return card

    def __str__(self) -> str:
        return "JK" if self.suit is None else f"{self.rank.value}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


def _all_distinct_cards() -> tuple[Card, ...]:
    cards = [Card(rank, suit) for suit in Suit for rank in Rank if rank is not Rank.JOKER]
    return (*cards, Card(Rank.JOKER))


DISTINCT_CARDS: tuple[Card, ...] = _all_distinct_cards()
"""The 53 different cards: C, D, H, S x A..K, then the joker."""

JOKER = Card(Rank.JOKER)
_PARSED: dict[str, Card] = {str(card): card for card in DISTINCT_CARDS}


def parse_cards(texts: Iterable[str | Card]) -> tuple[Card, ...]:
    """Parse many cards; :class:`Card` values pass through.

    >>> parse_cards(["QH", "10S", "JK"])
    (Card.parse('QH'), Card.parse('10S'), Card.parse('JK'))
    """
    if isinstance(texts, str) or not isinstance(texts, Iterable):
        raise CardNotationError(f"{texts!r}: expected a list of cards such as ['QH', '10S']")
    return tuple(text if isinstance(text, Card) else Card.parse(text) for text in texts)


def deck(decks: int = 2, jokers: int = 4) -> tuple[Card, ...]:
    """The full deck: ``decks`` copies of the 52 cards plus ``jokers`` jokers.

    >>> len(deck())
    108
    """
    plain = [card for card in DISTINCT_CARDS if not card.is_joker]
    return tuple(plain * decks) + (JOKER,) * jokers


def over_count(cards: Iterable[Card], decks: int = 2, jokers: int = 4) -> tuple[Card, ...]:
    """The cards seen more often than the deck holds them (each named once)."""
    counts = Counter(cards)
    return tuple(
        card for card, count in counts.items() if count > (jokers if card.is_joker else decks)
    )


def check_card_count(cards: Iterable[Card], decks: int = 2, jokers: int = 4) -> None:
    """Raise :class:`CardCountError` when a card appears more often than the deck holds it.

    >>> check_card_count(parse_cards(["QH", "QH", "QH"]))
    Traceback (most recent call last):
    ...
    engine.errors.CardCountError: more copies than the deck holds: QH (the deck has 2)
    """
    extra = over_count(cards, decks, jokers)
    if extra:
        names = ", ".join(
            f"{card} (the deck has {jokers if card.is_joker else decks})" for card in extra
        )
        raise CardCountError(f"more copies than the deck holds: {names}")
