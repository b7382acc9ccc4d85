"""Every vector of rules-vectors.json through the Python API (rules.md §11)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import (
    ITALIAN_CLUB,
    PAGAT,
    CloseSituation,
    HandInput,
    MatchInput,
    Play,
    Rules,
    SemiCleanReading,
    get_preset,
    judge_close,
    judge_meld,
    judge_play_input,
    score_hand,
    score_match_input,
)
from tests.engine.vectors_file import VECTORS_PATH, load_vectors, vectors_by_id

VECTORS = load_vectors()
BY_ID = vectors_by_id()
needs_vectors = pytest.mark.skipif(not BY_ID, reason=f"rules vectors not found at {VECTORS_PATH}")


def answer(vector: dict[str, Any], rules: Rules | None = None) -> dict[str, Any]:
    """The engine's answer to a vector's input, in the shape of its ``expected``."""
    data = vector["input"]
    kind = vector["kind"]
    if kind == "meld":
        return judge_meld(data["cards"], rules or PAGAT, any_order=data["unordered"]).to_json()
    if kind == "extend":
        return judge_play_input(Play.from_json(data), rules or PAGAT).to_json()
    if kind == "close":
        return judge_close(CloseSituation.from_json(data), rules).to_json()
    if "matchBefore" in data:
        return score_match_input(MatchInput.from_json(data), rules or PAGAT).to_json()
    return score_hand(HandInput.from_json(data), rules).to_json()


@pytest.mark.parametrize("vector", VECTORS)
def test_vector_expected(vector: dict[str, Any]) -> None:
    got = answer(vector)
    expected = vector["expected"]
    assert {key: got.get(key) for key in expected} == expected, vector["why"]


@pytest.mark.parametrize("vector", VECTORS)
def test_vector_faults_agree_with_reason(vector: dict[str, Any]) -> None:
    got = answer(vector)
    if "faults" in got:
        assert (got["faults"][0] if got["faults"] else None) == got["reason"]
        assert got["legal"] == (not got["faults"])


# variant_expected entries the engine models, with the rule set that stands for each
VARIANT_RULES: dict[tuple[str, str], Rules] = {
    ("M05", "international"): get_preset("fibur-international"),
    ("M11", "semipulito"): ITALIAN_CLUB,
    ("M61", "semipulito"): ITALIAN_CLUB,
    ("M71", "semipulito"): ITALIAN_CLUB,
    ("M75", "semipulito-fibur-text"): ITALIAN_CLUB,
    ("M75", "semipulito-wild-at-end"): ITALIAN_CLUB.replace(
        semi_clean_reading=SemiCleanReading.WILD_AT_END
    ),
    ("M63", "two-aces-allowed (BCOUNTER, GCAP, MFARRONI)"): PAGAT.replace(two_aces_in_run=True),
    ("C09", "base"): PAGAT,
    # the match vector names its target; the variant's rule set supplies 2005 instead
    ("S15", "target-2005 (common Italian; PB default, eburraco)"): PAGAT.replace(target=2005),
}


@needs_vectors
@pytest.mark.parametrize(("vector_id", "variant"), sorted(VARIANT_RULES))
def test_vector_variant_expected(vector_id: str, variant: str) -> None:
    vector = BY_ID[vector_id]
    if vector["kind"] == "score":
        vector = {**vector, "input": {**vector["input"], "target": None}}
    got = answer(vector, VARIANT_RULES[vector_id, variant])
    expected = {
        key: value for key, value in vector["variant_expected"][variant].items() if key != "note"
    }
    assert {key: got.get(key) for key in expected} == expected


@needs_vectors
def test_vector_s09_semipulito_totals() -> None:
    totals = {team: score["total"] for team, score in answer(BY_ID["S09"], ITALIAN_CLUB).items()}
    assert totals == BY_ID["S09"]["variant_expected"]["semipulito"]


@needs_vectors
@pytest.mark.parametrize(
    ("vector_id", "rules_changes", "bonus", "burraco"),
    [
        ("M13", {"super_bonus": 250}, 250, "clean"),
        ("M11", {"super_dirty_bonus": 200}, 200, "dirty"),
        ("M61", {"royal_dirty_bonus": 250}, 250, "dirty"),
    ],
)
def test_vector_royal_and_super_bonuses(
    vector_id: str, rules_changes: dict[str, int], bonus: int, burraco: str
) -> None:
    verdict = judge_meld(BY_ID[vector_id]["input"]["cards"], PAGAT.replace(**rules_changes))
    assert (verdict.bonus, verdict.burraco) == (bonus, burraco)
