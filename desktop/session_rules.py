"""The session's :class:`~desktop.session.Referee` backed by the rules engine."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import engine
from desktop.match import TEAMS, HandInput, TeamScore, hand_score_from_json


def preset_names() -> tuple[str, ...]:
    return tuple(engine.PRESETS)


def preset_target(name: str) -> int:
    return int(engine.get_preset(name).target)


def _illegal(reason: str) -> dict[str, Any]:
    return {
        "legal": False,
        "type": None,
        "clean": None,
        "burraco": None,
        "points": None,
        "bonus": 0,
        "reason": reason,
        "faults": [reason],
    }


class EngineReferee:
    """Judges melds and scores hands with ``engine``, one preset per call."""

    def judge_meld(self, cards: Sequence[str], preset: str) -> dict[str, Any]:
        try:
            verdict = engine.judge_meld(list(cards), engine.get_preset(preset))
        except engine.RulesError as exc:  # a card label the engine cannot read
            return _illegal(str(exc))
        return {**verdict.to_json(), "bonus": verdict.bonus}

    def score_hand(self, hand: HandInput, preset: str) -> dict[str, TeamScore]:
        engine_input = engine.HandInput.from_json(hand.to_json())
        report = engine.score_hand(engine_input, engine.get_preset(preset))
        raw = report.to_json()
        return hand_score_from_json({t: raw[t] for t in TEAMS})
