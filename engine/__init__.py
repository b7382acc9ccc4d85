"""The Burraco rules: stdlib only, no I/O.

>>> from engine import judge_meld
>>> judge_meld(["QH", "KH", "AH"]).points
35
"""

from engine.cards import DISTINCT_CARDS, JOKER, Card, Rank, Suit, check_card_count, deck, parse_cards
from engine.errors import (
    CardCountError,
    CardNotationError,
    Fault,
    IllegalMeldError,
    InputShapeError,
    RulesError,
)
from engine.meld import MeldVerdict, is_legal_meld, judge_meld, verify_meld
from engine.burraco import BurracoKind
from engine.readings import CardRole, MeldKind
from engine.rules import (
    FIBUR_INTERNATIONAL,
    ITALIAN_CLUB,
    PAGAT,
    PRESETS,
    Rules,
    SemiCleanReading,
    get_preset,
)
