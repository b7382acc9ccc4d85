"""Reading the JSON-like inputs of plays, closings and scores (the vectors' ``input``).

Every problem becomes an :class:`InputShapeError` or a :class:`CardNotationError` naming
the field, so a command line can print one line and exit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.cards import Card, parse_cards
from engine.errors import CardNotationError, InputShapeError

Melds = tuple[tuple[Card, ...], ...]


def require_object(data: object, where: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise InputShapeError(f"{where} must be a JSON object")
    return data


def field(data: Mapping[str, Any], key: str, where: str) -> Any:
    if key not in data:
        raise InputShapeError(f"{where} lacks the key {key!r}")
    return data[key]


def cards_of(value: object, where: str) -> tuple[Card, ...]:
    if not isinstance(value, list | tuple) or not all(isinstance(text, str) for text in value):
        raise InputShapeError(f'{where} must be a list of cards such as ["QH", "10S", "JK"]')
    try:
        return parse_cards(value)
    except CardNotationError as error:
        raise CardNotationError(f"{where}: {error}") from None


def melds_of(value: object, where: str) -> Melds:
    if not isinstance(value, list | tuple):
        raise InputShapeError(f"{where} must be a list of melds (lists of cards)")
    return tuple(cards_of(meld, f"{where}[{index}]") for index, meld in enumerate(value))


def card_or_none(value: object, where: str) -> Card | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise InputShapeError(f'{where} must be a card such as "QH" or null')
    try:
        return Card.parse(value)
    except CardNotationError as error:
        raise CardNotationError(f"{where}: {error}") from None


def boolean(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise InputShapeError(f"{where} must be true or false")
    return value


def integer(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputShapeError(f"{where} must be a whole number")
    return value


def optional_text(value: object, where: str) -> str | None:
    if value is not None and not isinstance(value, str):
        raise InputShapeError(f"{where} must be text or null")
    return value


def texts(cards: tuple[Card, ...]) -> list[str]:
    return [str(card) for card in cards]


def melds_texts(melds: Melds) -> list[list[str]]:
    return [texts(meld) for meld in melds]
