"""Importing a match from JSON: generated files either become a new match that loads and
exports again, or are refused with ``ImportValidationError`` leaving the database as it
was. Never another exception, never half a match."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

import engine
from desktop.match import HandInput, MatchSetup, TeamHand, TeamScore
from desktop.store import Store
from desktop.store_export import (
    ImportValidationError,
    export_json_text,
    import_match_json,
    parse_match_json,
)
from tests.hardening.fuzz_profile import fuzz_settings
from tests.hardening.json_mutations import any_json, mutated


@pytest.fixture(scope="module")
def store() -> Iterator[Store]:
    with tempfile.TemporaryDirectory() as folder, Store.open(Path(folder) / "f.db") as store:
        yield store


def exported_match() -> dict[str, Any]:
    """A match as the app exports it: two hands, one corrected, an unseen pozzetto."""
    with (
        tempfile.TemporaryDirectory() as folder,
        Store.open(Path(folder) / "x.db", now=lambda: "2025-12-24T21:30:00+00:00") as store,
    ):
        setup = MatchSetup(("Noi", "Voi"), (("Anna", "Bruno"), ("Carla", "Dario")), "pagat", 2000)
        match_id = store.create_match(setup)
        kings = ("KH", "KS", "KD", "KC", "KH", "KS", "KD")
        first = HandInput(
            {
                "A": TeamHand((kings,), ((), ("AS",)), "taken"),
                "B": TeamHand((("QH", "QS", "QD"),), (("JK",), ()), "taken_unseen", ("4C", "5C")),
            },
            "A",
        )
        score = {"A": TeamScore(315, 200, 100, -15, 0, 600), "B": TeamScore(30, 0, 0, -30, 0, 0)}
        hand_id, _ = store.save_hand(match_id, 1, first, score)
        store.correct_hand(hand_id, first, score, "card", {"was": "KC", "now": "KD"}, "misread")
        store.save_hand(match_id, 2, HandInput(hand_end="stock"), {t: TeamScore() for t in "AB"})
        exported: dict[str, Any] = json.loads(export_json_text(store, match_id, "test"))
        return exported


BASE = exported_match()


@st.composite
def import_text(draw: st.DrawFn) -> str | bytes:
    choice = draw(st.integers(0, 19))
    if choice < 15:
        return json.dumps(draw(mutated(BASE, 4)))
    if choice < 17:
        return json.dumps(draw(any_json(("format", "version", "match", "hands"))))
    if choice < 19:
        return draw(st.text(max_size=200))
    return draw(st.binary(max_size=200))


def counts(store: Store) -> tuple[int, ...]:
    return tuple(store.count(t) for t in ("matches", "hands", "snapshots", "corrections"))


def test_the_unmutated_export_imports() -> None:
    with tempfile.TemporaryDirectory() as folder, Store.open(Path(folder) / "x.db") as store:
        match_id = import_match_json(store, json.dumps(BASE))
        # byte for byte, corrections' times included (an import keeps them)
        assert json.loads(export_json_text(store, match_id, "test")) == BASE


@fuzz_settings(3000)
@given(text=import_text())
def test_import_only_declared_errors_and_all_or_nothing(store: Store, text: str | bytes) -> None:
    before = counts(store)
    try:
        match_id = import_match_json(store, text)
    except ImportValidationError as error:
        event("refused")
        assert str(error) and "\n" not in str(error)[:200]
        assert counts(store) == before, "a refused file changed the database"
        return
    event("imported")
    sheet = store.load_sheet(match_id)
    engine.get_preset(sheet.setup.preset)  # the app rescores corrections with it
    assert counts(store)[1] == before[1] + len(sheet.hands)
    again = export_json_text(store, match_id)
    parse_match_json(again)  # what was let in exports as a valid file
