"""The classifier's classes: every card in engine notation, then "not an index".

The extra class lets the classifier veto a detector box that landed on a pip, a court
figure or a card edge: the detector proposes, the classifier disposes.
"""

from __future__ import annotations

from vision.types import CARD_LABELS

NOT_AN_INDEX = "none"
CLASSIFIER_LABELS: tuple[str, ...] = (*CARD_LABELS, NOT_AN_INDEX)
NOT_AN_INDEX_ID = len(CARD_LABELS)
# The synthetic labels use 0..52 for cards (CARD_LABELS order) and 53 for a face-down back.
SYNTH_BACK_CLASS = 53
DETECTOR_LABELS: tuple[str, ...] = ("index", "back")
