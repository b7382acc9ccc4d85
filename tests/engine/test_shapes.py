"""rules.md §11: the JSON shapes the engine reads and writes (the vectors' input/expected)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import (
    PAGAT,
    CardNotationError,
    CloseSituation,
    HandInput,
    InputShapeError,
    MatchInput,
    Play,
    Rank,
    judge_meld,
)
from tests.engine.vectors_file import load_vectors


def parser_for(vector: dict[str, Any]) -> Any:
    if vector["kind"] == "score":
        return MatchInput if "matchBefore" in vector["input"] else HandInput
    return {"extend": Play, "close": CloseSituation}[vector["kind"]]


NON_MELD = [
    param
    for param in load_vectors()
    if param.values[0] is None or param.values[0]["kind"] != "meld"
]


@pytest.mark.parametrize("vector", NON_MELD)
def test_11_inputs_round_trip(vector: dict[str, Any]) -> None:
    parser = parser_for(vector)
    value = parser.from_json(vector["input"])
    assert parser.from_json(value.to_json()) == value


def test_11_close_situation_keeps_every_optional_field() -> None:
    data = {
        "teamPozzettoTaken": True,
        "pozzettoTakenBy": "partner",
        "teamMelds": [["6D", "7D", "8D"]],
        "meldedThisTurn": {"laidOffOnto": ["6D", "7D"], "card": "8D"},
        "handAfterMelding": ["KC", "QS"],
        "discard": "KC",
        "variant": "base",
        "pickedUpSingle": "QS",
    }
    assert CloseSituation.from_json(data).to_json() == data


CLOSE = {"teamPozzettoTaken": True, "teamMelds": [], "handAfterMelding": [], "discard": None}


@pytest.mark.parametrize(
    ("parser", "data", "named"),
    [
        (Play, {"before": [], "added": ["QX"], "after": []}, "added"),
        (Play, {"before": "QH", "added": [], "after": []}, "before"),
        (Play, {"added": [], "after": []}, "before"),
        (CloseSituation, {**CLOSE, "discard": 7}, "discard"),
        (CloseSituation, {**CLOSE, "discard": "1C"}, "discard"),
        (CloseSituation, {**CLOSE, "meldedThisTurn": {"laidOffOnto": [], "card": None}}, "card"),
        (CloseSituation, {**CLOSE, "variant": 3}, "variant"),
        (HandInput, {"teams": {}}, "teams"),
        (MatchInput, {"matchBefore": {"A": 0}, "handTotals": {"A": 0}, "target": "20"}, "target"),
    ],
)
def test_11_bad_shapes_name_the_field(parser: Any, data: Any, named: str) -> None:
    with pytest.raises((InputShapeError, CardNotationError), match=named):
        parser.from_json(data)


def test_11_meld_verdict_json_and_roles() -> None:
    verdict = judge_meld(["5H", "JK", "7H"])
    assert verdict.wild is not None and str(verdict.wild) == "JK=6H"
    assert judge_meld(["5H", "6H", "7H"]).wild is None
    assert set(verdict.to_json()) == {
        "legal",
        "type",
        "clean",
        "burraco",
        "points",
        "reason",
        "faults",
    }


def test_2_card_values_by_rank() -> None:
    values = PAGAT.card_values()
    assert (
        values[Rank.JOKER],
        values[Rank.TWO],
        values[Rank.ACE],
        values[Rank.EIGHT],
        values[Rank.SEVEN],
    ) == (30, 20, 15, 10, 5)
