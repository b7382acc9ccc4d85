"""One index's reading from the classifier's probabilities: the card, or only its rank.

A fan laid tight covers the suit under a rank that still reads plainly, and the classifier
then splits its belief between the suits of one rank (7H 0.45, 7D 0.45). No single card
passes the reporting threshold, yet the rank is sure. Such a reading is reported as
*suit-open* only where asked (the layout, which can settle the suit from the meld around
it); a plain reading stays the card the classifier is sure of.

Where asked, a plain reading also names its *rivals*: the other cards the classifier
weighed nearly as much. The held-out deck's clubs, drawn like spades, come out as 9S 0.55 /
9C 0.40. The layout may read such a card in its run's suit, and says so; it never changes a
reading to a card that is not among its options.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vision.reader.labels import NOT_AN_INDEX
from vision.types import rank_of

# A suit given less than this share of the probability is not among a reading's options.
OTHER_SUIT_FLOOR = 0.02
# A plain reading keeps as *rivals* the other cards the classifier gave at least this
# fraction of the card's own probability. Chosen on the still sets read through the model
# (docs/table-reading.md, contested suits): of the held-out deck's cards read in the wrong
# suit of the right rank, three in four give the true suit this much, against one right
# reading in twenty-four.
RIVAL_RATIO = 0.2
# A still's plain reading also keeps as *far rivals* the cards given at least this fraction
# (and under RIVAL_RATIO): a photo has no other frame to make up for a misread, and an
# illegal meld that no near rival mends is often mended by one of these (val23 still
# 000120: the 5S of a spades run 2S-9S read 8S, 5S weighed under a fifth of 8S). Only a
# meld that is illegal as read and that one such card alone makes legal takes it, and
# says so (``desktop.meld_repairs.rival_that_fits``).
FAR_RIVAL_RATIO = 0.05


@dataclass(frozen=True)
class IndexReading:
    card: str
    confidence: float  # detector score x the card's probability
    rank_confidence: float | None = None  # detector score x the rank's; set when suit-open
    other_suits: tuple[str, ...] = ()
    rivals: tuple[str, ...] = ()  # a plain reading's near rivals (RIVAL_RATIO)
    far_rivals: tuple[str, ...] = ()  # and, where asked, its far ones (FAR_RIVAL_RATIO)


class RankTable:
    """Sums the classifier's card probabilities by rank ("not an index" is a rank of its own)."""

    def __init__(self, labels: tuple[str, ...]) -> None:
        self.labels = labels
        # rank_of leaves "none" whole: not an index is a rank of its own
        self.ranks = tuple(dict.fromkeys(rank_of(label) for label in labels))
        self._rank_ids = np.array([self.ranks.index(rank_of(label)) for label in labels])
        self._not_an_index = self.ranks.index(NOT_AN_INDEX) if NOT_AN_INDEX in labels else -1

    def rank_probabilities(self, probabilities: np.ndarray) -> np.ndarray:
        out = np.zeros(len(self.ranks), dtype=np.float64)
        np.add.at(out, self._rank_ids, probabilities)
        return out

    def read(
        self,
        probabilities: np.ndarray,
        detector_score: float,
        threshold: float,
        open_suits: bool,
        far_rivals: bool = False,
    ) -> IndexReading | None:
        """The reading to report for one box, or None when there is nothing to report.
        ``far_rivals``: a plain reading names its far rivals too (only with ``open_suits``)."""
        best = int(probabilities.argmax())
        card = self.labels[best]
        confidence = detector_score * float(probabilities[best])
        if card != NOT_AN_INDEX and confidence >= threshold:
            if not open_suits:
                return IndexReading(card, confidence)
            near, far = self._rivals(probabilities, best, far_rivals)
            return IndexReading(card, confidence, rivals=near, far_rivals=far)
        if not open_suits:
            return None
        by_rank = self.rank_probabilities(probabilities)
        rank = int(by_rank.argmax())
        rank_confidence = detector_score * float(by_rank[rank])
        if rank == self._not_an_index or rank_confidence < threshold:
            return None
        members = np.flatnonzero(self._rank_ids == rank)
        members = members[np.argsort(-probabilities[members])]
        top = int(members[0])
        others = tuple(
            self.labels[int(i)] for i in members[1:] if probabilities[i] >= OTHER_SUIT_FLOOR
        )
        return IndexReading(
            self.labels[top],
            detector_score * float(probabilities[top]),
            rank_confidence,
            others,
        )

    def _rivals(
        self, probabilities: np.ndarray, best: int, far_too: bool
    ) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The other cards the classifier gave at least ``RIVAL_RATIO`` of the best one's
        probability, likeliest first (a plain reading's options, for the layout), and with
        ``far_too`` those given ``FAR_RIVAL_RATIO`` to ``RIVAL_RATIO`` of it, found in the
        same pass."""
        top = float(probabilities[best])
        near_floor = max(RIVAL_RATIO * top, OTHER_SUIT_FLOOR)
        floor = max(FAR_RIVAL_RATIO * top, OTHER_SUIT_FLOOR) if far_too else near_floor
        # Only the few cards over the floor are sorted: this runs for every index of every
        # frame the memory reads.
        weighed = np.flatnonzero(probabilities >= floor)
        weighed = weighed[np.argsort(-probabilities[weighed], kind="stable")]
        options = [i for i in weighed if i != best and self.labels[int(i)] != NOT_AN_INDEX]
        near = tuple(self.labels[int(i)] for i in options if probabilities[i] >= near_floor)
        far = tuple(self.labels[int(i)] for i in options if probabilities[i] < near_floor)
        return near, far
