"""``arbitro rules`` on generated JSON: an answer (exit 0, one JSON line) or a declared
error (exit 2, one line on stderr), never a traceback or a hang.

The command's ``run`` is called in-process (a process per case would take hours); input
comes from mutated rules vectors, JSON of any shape and text that is not JSON at all.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import tempfile
from pathlib import Path
from typing import Any
from unittest import mock

from hypothesis import event, given
from hypothesis import strategies as st

import engine
from desktop.commands import rules
from tests.hardening.fuzz_profile import fuzz_settings
from tests.hardening.json_mutations import CARDISH, any_json, mutated

VECTORS_FILE = Path("/work/shared/docs/rules-vectors.json")
VECTORS = json.loads(VECTORS_FILE.read_text())["vectors"] if VECTORS_FILE.is_file() else []
KIND_OF = {"play": "extend", "close": "close", "score": "score"}
FALLBACK = {  # where the shared vectors are not installed, one input of each kind
    "play": {"before": [["4H", "5H", "JK", "7H"]], "added": ["6H"], "after": [["JK", "4H"]]},
    "close": {
        "teamPozzettoTaken": True,
        "teamMelds": [["3H", "4H", "5H", "6H", "7H", "8H", "9H"]],
        "handAfterMelding": ["KS"],
        "discard": "KS",
        "variant": "base",
    },
    "score": {
        "teams": {
            "A": {"melds": [["KH", "KS", "KD"]], "hands": [[], []], "pozzetto": "taken"},
            "B": {"melds": [], "hands": [["AS"], []], "pozzetto": "taken"},
        },
        "closedBy": "A",
        "handEnd": "close",
        "variant": "base",
    },
}


def bases(command: str) -> list[Any]:
    found = [v["input"] for v in VECTORS if v.get("kind") == KIND_OF[command]]
    if command == "score":  # a match input too: the score command takes both
        found.append({"matchBefore": {"A": 1900, "B": 1200}, "hand": FALLBACK["score"]})
    return found or [FALLBACK[command]]


def call(args: argparse.Namespace, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with (
        mock.patch("sys.stdin", io.StringIO(stdin)),
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
    ):
        code = rules.run(args)
    return code, out.getvalue(), err.getvalue()


def assert_declared(command: str, code: int, out: str, err: str) -> None:
    """Exit 0 with one JSON object, or exit 2 with one line naming the command."""
    event(f"{command}: exit {code}")  # --hypothesis-show-statistics shows the mix
    if code == 0:
        assert err == "" and out.endswith("\n") and out.count("\n") == 1
        assert isinstance(json.loads(out), dict)
    else:
        assert code == 2, (code, err)
        assert out == "" and err.count("\n") == 1, err
        assert err.startswith(f"arbitro rules {command}: ")


def namespace(command: str, **extra: Any) -> argparse.Namespace:
    values = {"rules_command": command, "preset": None, "rules_file": None, "file": "-"}
    return argparse.Namespace(**{**values, **extra})


PRESET = st.none() | st.sampled_from(sorted(engine.PRESETS))


@st.composite
def json_command(draw: st.DrawFn) -> tuple[str, str]:
    command = draw(st.sampled_from(["play", "close", "score"]))
    choice = draw(st.integers(0, 9))
    if choice < 7:
        doc = draw(mutated(draw(st.sampled_from(bases(command)))))
    elif choice < 9:
        doc = draw(any_json())
    else:
        return command, draw(st.text(max_size=60))  # mostly not JSON at all
    return command, json.dumps(doc)


@fuzz_settings(4000)
@given(case=json_command(), preset=PRESET)
def test_play_close_and_score_json(case: tuple[str, str], preset: str | None) -> None:
    command, text = case
    code, out, err = call(namespace(command, preset=preset), text)
    assert_declared(command, code, out, err)


@fuzz_settings(1500)
@given(
    cards=st.lists(CARDISH | st.text(max_size=5), min_size=1, max_size=40),
    any_order=st.booleans(),
    preset=PRESET,
)
def test_check_any_cards(cards: list[str], any_order: bool, preset: str | None) -> None:
    code, out, err = call(namespace("check", cards=cards, any_order=any_order, preset=preset))
    assert_declared("check", code, out, err)


RULES_BASES = [r.to_dict() for r in engine.PRESETS.values()]


@fuzz_settings(1000)
@given(
    custom=st.sampled_from(RULES_BASES).flatmap(lambda base: mutated(base, 2)),
    command=st.sampled_from(["check", "score"]),
)
def test_custom_rules_files(custom: Any, command: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        rules_file = Path(folder) / "rules.json"
        rules_file.write_text(json.dumps(custom))
        args = namespace(command, rules_file=str(rules_file), cards=["KH", "KS", "KD", "JK"])
        args.any_order = False
        code, out, err = call(args, json.dumps(FALLBACK["score"]))
    assert_declared(command, code, out, err)
