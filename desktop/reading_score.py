"""What the camera cannot see, from the command line, and the hand's score from it.

``--closed-by A|B|none`` (none: the stock ran out), ``--pozzetto A=taken,B=not_taken``
(also ``taken_unseen``), ``--hand A=4D,JK`` once per partner (or ``--hand A=photo.jpg``:
the cards are read from the image). Cards a team shows in its calibrated ``shown`` zone
count as its hand when ``--hand`` does not name it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from desktop.table_reading import TableReading
from engine import HandInput, Rules, RulesError, parse_cards, score_hand
from vision.layout.types import TEAM_ZONES

POZZETTO_STATES = ("taken", "not_taken", "taken_unseen")


def parse_team_values(text: str, option: str, choices: Sequence[str]) -> dict[str, str]:
    """``A=taken,B=not_taken`` -> {"A": "taken", "B": "not_taken"}; ValueError if bad."""
    out: dict[str, str] = {}
    for part in (p.strip() for p in text.split(",") if p.strip()):
        team, sep, value = part.partition("=")
        team, value = team.strip().upper(), value.strip()
        if not sep or team not in TEAM_ZONES:
            raise ValueError(f"{option}: expected A=... or B=..., got {part!r}")
        if value not in choices:
            raise ValueError(f"{option}: {value!r} is not one of {', '.join(choices)}")
        out[team] = value
    return out


def parse_hand(text: str) -> tuple[str, str]:
    """``A=4D,JK`` -> ("A", "4D,JK"); the value is cards or an image path."""
    team, sep, value = text.partition("=")
    team = team.strip().upper()
    if not sep or team not in TEAM_ZONES or not value.strip():
        raise ValueError(f"--hand: expected A=CARDS or A=IMAGE, got {text!r}")
    return team, value.strip()


def hand_cards(value: str) -> list[str]:
    """Cards written out (``4D,JK`` or ``4D JK``); ValueError naming a bad card."""
    cards = [c for c in value.replace(",", " ").split() if c]
    try:
        return [str(c) for c in parse_cards(cards)]
    except RulesError as error:
        raise ValueError(f"--hand: {error}") from error


def cards_in_hand_photo(card_reader: Any, image_bgr: Any, way: str = "detect") -> list[str]:
    """Every card in a photo of a player's hand, each physical card once
    (``vision.layout.hand``). ``detect``: the model's plain readings at its still
    threshold, which score more rendered hands right than the table's still reading
    (``python -m desktop.hand_measure``); or a reader's own way (``read_still``)."""
    from desktop.session_frames import readings_by
    from vision.layout.hand import hand_slots

    h, w = image_bgr.shape[:2]
    readings = (
        list(card_reader.detect(image_bgr))
        if way == "detect"
        else readings_by(card_reader, way, image_bgr)
    )
    return [slot.card for slot in hand_slots(readings, (w, h))]


def read_hand_photo(card_reader: Any, path: Path) -> list[str]:
    """The cards in the photo of a player's hand at ``path``; ``vision.sources.SourceError``
    with one line for the user when the file is missing or not an image."""
    from vision.sources import ImageSource

    with ImageSource(path) as source:
        frame = next(iter(source))
    return cards_in_hand_photo(card_reader, frame.image_bgr)


def score_reading(
    reading: TableReading,
    rules: Rules,
    closed_by: str | None,
    pozzetto: Mapping[str, str],
    hands: Mapping[str, list[list[str]]],
) -> tuple[dict[str, Any] | None, list[str]]:
    """The engine's hand breakdown, and flags on what was assumed."""
    flags: list[str] = []
    teams: dict[str, Any] = {}
    for team in TEAM_ZONES:
        team_hands = hands.get(team)
        if team_hands is None:
            shown = list(reading.shown.get(team, ()))
            team_hands = [shown]
            if not shown:
                flags.append(f"no hand given for team {team}: counted as empty")
        state = pozzetto.get(team)
        if state is None:
            state = "taken"
            flags.append(f"pozzetto of team {team} not given: counted as taken")
        teams[team] = {
            "melds": [list(m.cards) for m in reading.melds.get(team, ())],
            "hands": team_hands,
            "pozzetto": state,
        }
    data = {
        "teams": teams,
        "closedBy": closed_by,
        "handEnd": "close" if closed_by else "stock",
    }
    try:
        report = score_hand(HandInput.from_json(data), rules)
    except RulesError as error:
        return None, [*flags, f"cannot score the hand: {error}"]
    return report.to_json(), flags
