"""The values that cross the vision boundary.

Names carry their format and units: ``box_xyxy`` is (x1, y1, x2, y2) in pixels of the
original frame, ``image_bgr`` is an OpenCV-style uint8 array, ``t_monotonic`` is seconds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

# Class names are the engine's card notation, so crossing to the rules is one parse.
RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("C", "D", "H", "S")
CARD_LABELS: tuple[str, ...] = (*tuple(r + s for s in SUITS for r in RANKS), "JK")

BoxXYXY = tuple[float, float, float, float]


def rank_of(label: str) -> str:
    """ "10H" -> "10"; a label without a suit ("JK", a bare rank "10") is its own rank."""
    return label[:-1] if label[-1] in SUITS else label


@dataclass(frozen=True)
class Frame:
    """One picture from a source, with its place in the stream."""

    index: int
    t_monotonic: float
    image_bgr: np.ndarray


@dataclass(frozen=True)
class CardDetection:
    """One visible corner index, read as a card.

    ``confidence`` is the product of the index detector's and the card classifier's scores,
    so it answers "is this index there, and is it this card".

    A reading whose rank is sure but whose suit is not (a fan's next card over the suit) is
    *suit-open*: ``rank_confidence`` answers "is this index there, and is it this rank",
    ``card`` is the likeliest suit and ``other_suits`` the other cards of that rank the
    classifier weighed. Only the layout asks for such readings, to settle the suit from the
    meld around it (``vision.layout.suits``).

    A plain reading made for the layout may name ``rivals``: the other cards the classifier
    weighed nearly as much as this one (``vision.reader.ranks.RIVAL_RATIO``), and a still's
    reading its ``far_rivals`` too: cards weighed less, but not nothing (``FAR_RIVAL_RATIO``).
    """

    card: str
    confidence: float
    box_xyxy: BoxXYXY
    rank_confidence: float | None = None
    other_suits: tuple[str, ...] = ()
    rivals: tuple[str, ...] = ()
    far_rivals: tuple[str, ...] = ()

    @property
    def suit_open(self) -> bool:
        return self.rank_confidence is not None

    @property
    def best_confidence(self) -> float:
        """How sure the reading is of what it can tell: the card, or the rank when open."""
        return self.confidence if self.rank_confidence is None else self.rank_confidence

    @property
    def center_xy(self) -> tuple[float, float]:
        x1, y1, x2, y2 = self.box_xyxy
        return ((x1 + x2) / 2.0, (y1 + y2) / 2.0)

    @property
    def size_wh(self) -> tuple[float, float]:
        x1, y1, x2, y2 = self.box_xyxy
        return (x2 - x1, y2 - y1)
