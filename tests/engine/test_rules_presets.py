"""rules.md §15 presets and §2/§5/§8/§9 values as data (custom rules by name)."""

from __future__ import annotations

import json

import pytest

from engine import (
    FIBUR_INTERNATIONAL,
    ITALIAN_CLUB,
    PAGAT,
    PRESETS,
    InputShapeError,
    Rules,
    RulesError,
    SemiCleanReading,
    get_preset,
)


def test_15_presets() -> None:
    assert set(PRESETS) == {"pagat", "italian-club", "fibur-international"}
    assert get_preset("pagat") is PAGAT and Rules() == PAGAT
    assert (PAGAT.target, PAGAT.semi_clean_bonus, PAGAT.clean_burraco_to_close) == (
        2000,
        None,
        False,
    )
    assert (ITALIAN_CLUB.target, ITALIAN_CLUB.semi_clean_bonus) == (2005, 150)
    assert ITALIAN_CLUB.semi_clean_reading is SemiCleanReading.ONE_SIDE
    assert FIBUR_INTERNATIONAL.clean_burraco_to_close
    assert FIBUR_INTERNATIONAL.set_ranks == ("A", "3")


def test_15_unknown_preset_is_a_declared_error() -> None:
    with pytest.raises(RulesError, match="pagat"):
        get_preset("pagatt")


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=list(PRESETS))
def test_15_rules_round_trip_through_json(rules: Rules) -> None:
    assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules


def test_15_custom_rules_saved_by_name() -> None:
    home = PAGAT.replace(name="home", target=1500, royal_bonus=300, jokers=0)
    saved = json.dumps(home.to_dict())
    loaded = Rules.from_dict(json.loads(saved))
    assert loaded == home and loaded.name == "home" and loaded.royal_bonus == 300


@pytest.mark.parametrize(
    "data",
    [
        {"targte": 1500},
        {"target": "2000"},
        {"target": True},
        {"clean_burraco_to_close": 1},
        {"set_ranks": ["2"]},
        {"set_ranks": "A3"},
        {"semi_clean_reading": "middle"},
        {"decks": -1},
        [],
    ],
)
def test_15_bad_custom_rules_are_declared_errors(data: object) -> None:
    with pytest.raises(RulesError):
        Rules.from_dict(data)  # type: ignore[arg-type]


def test_15_missing_keys_keep_the_pagat_value() -> None:
    assert Rules.from_dict({"semi_clean_bonus": 150}).target == 2000
    assert isinstance(InputShapeError("x"), RulesError)


def test_2_card_values_are_data() -> None:
    from engine import Card

    rules = PAGAT.replace(value_joker=50, value_two=25, value_ace=20)
    assert [rules.value_of(Card.parse(t)) for t in ("JK", "2S", "AS", "KS", "3S")] == [
        50,
        25,
        20,
        10,
        5,
    ]
