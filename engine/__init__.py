"""The Burraco rules: stdlib only, no I/O.

Judge a meld, a play, the end of a turn; score a hand and a match. Every function takes
one frozen :class:`Rules` value (default :data:`PAGAT`); every error is a
:class:`RulesError` (a ``ValueError``).

>>> from engine import judge_meld
>>> verdict = judge_meld(["3H", "4H", "5H", "6H", "7H", "8H", "JK"])
>>> verdict.legal, verdict.burraco.value, verdict.points, verdict.bonus
(True, 'dirty', 65, 100)
"""

from engine.burraco import BurracoKind, classify_burraco
from engine.cards import (
    DISTINCT_CARDS,
    JOKER,
    Card,
    Rank,
    Suit,
    check_card_count,
    deck,
    parse_cards,
)
from engine.closing import CloseResult, CloseSituation, CloseVerdict, MeldedThisTurn, judge_close
from engine.errors import (
    CardCountError,
    CardNotationError,
    Fault,
    IllegalMeldError,
    InputShapeError,
    RulesError,
)
from engine.match import MatchInput, MatchResult, score_match, score_match_input
from engine.meld import MeldVerdict, is_legal_meld, judge_meld, verify_meld
from engine.play import Play, PlayVerdict, judge_play, judge_play_input
from engine.readings import CardRole, MeldKind
from engine.rules import (
    FIBUR_INTERNATIONAL,
    ITALIAN_CLUB,
    PAGAT,
    PRESETS,
    VARIANT_PRESETS,
    Rules,
    SemiCleanReading,
    get_preset,
)
from engine.scoring import (
    HandEnd,
    HandInput,
    HandReport,
    PozzettoState,
    TeamHand,
    TeamScore,
    score_hand,
)

__all__ = [
    "DISTINCT_CARDS",
    "FIBUR_INTERNATIONAL",
    "ITALIAN_CLUB",
    "JOKER",
    "PAGAT",
    "PRESETS",
    "VARIANT_PRESETS",
    "BurracoKind",
    "Card",
    "CardCountError",
    "CardNotationError",
    "CardRole",
    "CloseResult",
    "CloseSituation",
    "CloseVerdict",
    "Fault",
    "HandEnd",
    "HandInput",
    "HandReport",
    "IllegalMeldError",
    "InputShapeError",
    "MatchInput",
    "MatchResult",
    "MeldKind",
    "MeldVerdict",
    "MeldedThisTurn",
    "Play",
    "PlayVerdict",
    "PozzettoState",
    "Rank",
    "Rules",
    "RulesError",
    "SemiCleanReading",
    "Suit",
    "TeamHand",
    "TeamScore",
    "check_card_count",
    "classify_burraco",
    "deck",
    "get_preset",
    "is_legal_meld",
    "judge_close",
    "judge_meld",
    "judge_play",
    "judge_play_input",
    "parse_cards",
    "score_hand",
    "score_match",
    "score_match_input",
    "verify_meld",
]
