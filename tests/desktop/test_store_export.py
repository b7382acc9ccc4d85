"""Export a match to CSV and JSON; import JSON back, validated, all or nothing."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from desktop.match import HandInput, MatchSetup, TeamHand, TeamScore
from desktop.store import Store
from desktop.store_export import (
    ImportValidationError,
    export_csv_text,
    export_json_text,
    export_match,
    import_match_json,
)

SETUP = MatchSetup(("Nord", "Sud"), (("Anna", "Bruno"), ("Carla", "Dario")), "pagat", 2000)


def hand(closed_by: str = "A") -> HandInput:
    a = TeamHand(melds=(("KH", "KS", "KD"),), hands=((), ("AS",)), pozzetto="taken")
    b = TeamHand(
        melds=(), hands=(("JK",), ()), pozzetto="taken_unseen", pozzetto_unseen_cards=("2C",)
    )
    return HandInput({"A": a, "B": b}, closed_by, "close")


def score(a: int, b: int) -> dict[str, TeamScore]:
    return {
        "A": TeamScore(melds=a + 15, hand=-15, total=a),
        "B": TeamScore(hand=b, total=b),
    }


@pytest.fixture
def filled(tmp_path: Path):
    with Store.open(tmp_path / "arbitro.db") as store:
        match_id = store.create_match(SETUP)
        hand_id, _ = store.save_hand(match_id, 1, hand(), score(1500, -50))
        store.save_hand(match_id, 2, hand("B"), score(600, 100))
        store.correct_hand(hand_id, hand(), score(1450, -50), "hand", {"why": "x"}, "recount")
        yield store, match_id


def test_json_export_then_import_is_the_same_match(filled, tmp_path: Path) -> None:
    store, match_id = filled
    text = export_json_text(store, match_id, "0.1.0")
    data = json.loads(text)
    assert data["totals"] == {"A": 2050, "B": 50} and data["winner"] == "A"
    with Store.open(tmp_path / "other.db") as other:
        new_id = import_match_json(other, text)
        # row ids differ between files; everything else must match
        a, b = store.load_sheet(match_id), other.load_sheet(new_id)
        assert a.setup == b.setup and a.totals() == b.totals() and a.winner() == b.winner()
        assert [(h.number, h.hand_input, h.score, h.corrections) for h in a.hands] == [
            (h.number, h.hand_input, h.score, h.corrections) for h in b.hands
        ]
        assert export_match(other, new_id)["hands"] == data["hands"]


def test_csv_has_one_row_per_hand_with_running_totals(filled) -> None:
    store, match_id = filled
    rows = list(csv.DictReader(io.StringIO(export_csv_text(store, match_id))))
    assert [r["hand"] for r in rows] == ["1", "2"]
    assert (rows[0]["A_total"], rows[0]["A_melds"], rows[0]["A_hand"]) == ("1450", "1465", "-15")
    assert (rows[1]["A_running"], rows[1]["B_running"]) == ("2050", "50")
    assert (rows[0]["corrections"], rows[1]["closed_by"]) == ("1", "B")


def good_file() -> dict:
    return {
        "format": "arbitro-match",
        "version": 1,
        "match": SETUP.to_json(),
        "hands": [
            {
                "number": 1,
                "input": hand().to_json(),
                "score": {k: v.to_json() for k, v in score(10, 20).items()},
            }
        ],
    }


def broken(path: list, value: object) -> str:
    data = good_file()
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not JSON"),
        ("[1, 2]", "not an Arbitro match file"),
        (json.dumps({**good_file(), "format": "other"}), "not an Arbitro match file"),
        (json.dumps({**good_file(), "version": 7}), "unsupported version"),
        (broken(["hands"], "__import__('os').system('echo hi')"), "must be a list"),
        (broken(["match", "target"], "2000; DROP TABLE hands"), "target"),
        (broken(["hands", 0, "number"], 0), "positive whole number"),
        (
            broken(["hands", 0, "input", "teams", "A", "melds"], [["ZZ", "KH", "KS"]]),
            "unknown card",
        ),
        (broken(["hands", 0, "input", "closedBy"], "C"), "closedBy"),
        (broken(["hands", 0, "score", "A", "total"], 15), "do not add up"),
        (broken(["hands", 0, "corrections"], [{"kind": 3}]), "corrections"),
        (json.dumps({**good_file(), "hands": good_file()["hands"] * 2}), "repeat"),
    ],
)
def test_import_rejects_bad_files_and_writes_nothing(
    tmp_path: Path, text: str, message: str
) -> None:
    with Store.open(tmp_path / "i.db") as store:
        with pytest.raises(ImportValidationError, match=message):
            import_match_json(store, text)
        assert (store.count("matches"), store.count("hands")) == (0, 0)


def test_import_of_a_good_file_adds_a_new_match(tmp_path: Path) -> None:
    with Store.open(tmp_path / "i.db") as store:
        first = import_match_json(store, json.dumps(good_file()))
        second = import_match_json(store, json.dumps(good_file()).encode())
        assert first != second
        assert store.load_sheet(second).totals() == {"A": 10, "B": 20}


def test_import_refuses_huge_files(tmp_path: Path) -> None:
    with (
        Store.open(tmp_path / "i.db") as store,
        pytest.raises(ImportValidationError, match="larger"),
    ):
        import_match_json(store, " " * 5_000_001)
