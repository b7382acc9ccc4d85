"""Card-level scoring of the reader against labelled images.

One rule serves both kinds of ground truth: a card owns one or more regions (its whole-card
box in the real photo sets; its visible index boxes in rendered tables). A prediction whose
centre lies in a region of a card with the same label is a hit; a card is found when at
least one hit lands on it; a prediction that lands only on other cards is a misread; one
that lands on no card at all is a false alarm. A rendered card may also own regions that
show only in part (an index a fan partly covers): a prediction there is judged the same
way, but those regions do not make a card one the reader must find.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from vision.types import BoxXYXY, CardDetection, rank_of

# Resamples for the intervals: enough that a second seed moves their ends by well under
# the third decimal reported.
BOOTSTRAP_RESAMPLES = 2000


@dataclass(frozen=True)
class TruthCard:
    card: str
    regions_xyxy: tuple[BoxXYXY, ...]  # finding the card means a hit in one of these
    partial_regions_xyxy: tuple[BoxXYXY, ...] = ()  # a reading here is judged, not required

    @property
    def required(self) -> bool:
        return bool(self.regions_xyxy)


@dataclass(frozen=True)
class ImageCounts:
    """One image's share of a tally: what the intervals resample."""

    cards: int
    found: int
    predictions: int
    misreads: int


@dataclass
class Tally:
    images: int = 0
    cards: int = 0
    found: int = 0
    predictions: int = 0
    hits: int = 0
    misreads: int = 0
    false_alarms: int = 0
    confusions: dict[str, int] = field(default_factory=dict)
    per_image: list[ImageCounts] = field(default_factory=list)

    @property
    def recall(self) -> float:
        return self.found / self.cards if self.cards else 0.0

    @property
    def precision(self) -> float:
        return self.hits / self.predictions if self.predictions else 0.0

    @property
    def misread_rate(self) -> float:
        return self.misreads / self.predictions if self.predictions else 0.0

    # The intervals draw images, not cards: the cards of one photograph share its light,
    # its deck and its angle, so they are not independent, and counting them as such would
    # give a narrower interval than the set supports.
    def recall_interval(self) -> tuple[float, float] | None:
        """95% interval of the recall, the images resampled."""
        return resampled_interval(
            [c.found for c in self.per_image], [c.cards for c in self.per_image]
        )

    def misread_interval(self) -> tuple[float, float] | None:
        """95% interval of the misread rate, the images resampled."""
        return resampled_interval(
            [c.misreads for c in self.per_image], [c.predictions for c in self.per_image]
        )

    def as_dict(self) -> dict[str, object]:
        top = sorted(self.confusions.items(), key=lambda kv: -kv[1])[:10]
        return {
            "images": self.images,
            "cards": self.cards,
            "found": self.found,
            "predictions": self.predictions,
            "hits": self.hits,
            "misreads": self.misreads,
            "false_alarms": self.false_alarms,
            "recall": round(self.recall, 4),
            "precision": round(self.precision, 4),
            "misread_rate": round(self.misread_rate, 4),
            "recall_ci95": _rounded(self.recall_interval()),
            "misread_rate_ci95": _rounded(self.misread_interval()),
            "top_confusions": dict(top),
        }


def resampled_interval(
    parts: Sequence[int],
    wholes: Sequence[int],
    resamples: int = BOOTSTRAP_RESAMPLES,
    seed: int = 0,
) -> tuple[float, float] | None:
    """95% interval of sum(parts) / sum(wholes) when the units (images, clips) are drawn
    with replacement: the 2.5th and 97.5th percentiles over ``resamples`` draws (a fixed
    ``seed``, so a report reads the same twice). None with no units or nothing to divide
    by."""
    tops = np.asarray(parts, dtype=np.float64)
    bottoms = np.asarray(wholes, dtype=np.float64)
    if not len(bottoms) or bottoms.sum() == 0:
        return None
    draws = np.random.default_rng(seed).integers(0, len(bottoms), (resamples, len(bottoms)))
    picked = bottoms[draws].sum(axis=1)
    ratios = tops[draws].sum(axis=1)[picked > 0] / picked[picked > 0]
    low, high = np.percentile(ratios, [2.5, 97.5])
    return float(low), float(high)


def paired_difference_interval(
    before: Sequence[int],
    after: Sequence[int],
    resamples: int = BOOTSTRAP_RESAMPLES,
    seed: int = 0,
) -> tuple[float, float]:
    """95% interval of sum(after) - sum(before) when the same units (clips, stills) were
    read both ways and the units are drawn with replacement. Usually much narrower than
    either reader's own interval: a hard clip is hard for both."""
    if len(before) != len(after):
        raise ValueError("the two readings must cover the same units")
    if not len(before):
        return 0.0, 0.0
    gains = np.asarray(after, dtype=np.float64) - np.asarray(before, dtype=np.float64)
    draws = np.random.default_rng(seed).integers(0, len(gains), (resamples, len(gains)))
    low, high = np.percentile(gains[draws].sum(axis=1), [2.5, 97.5])
    return float(low), float(high)


def interval_text(
    interval: tuple[float, float] | None, spec: str = ".1%", inside: bool = False
) -> str:
    """' (95%: a-b)' for a report line, or '; 95%: a-b' ``inside`` a bracket the line
    already opened; nothing when there is no interval."""
    if interval is None:
        return ""
    text = f"95%: {format(interval[0], spec)}-{format(interval[1], spec)}"
    return f"; {text}" if inside else f" ({text})"


def _rounded(interval: tuple[float, float] | None) -> list[float] | None:
    return None if interval is None else [round(interval[0], 4), round(interval[1], 4)]


def _inside(point: tuple[float, float], box: BoxXYXY) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def same_card(a: str, b: str) -> bool:
    return a == b


def same_rank(a: str, b: str) -> bool:
    """Compare the rank part only ("10H" vs "10S" or "10" agree); a joker has no rank."""
    return a != "JK" and b != "JK" and rank_of(a) == rank_of(b)


def score_image(
    tally: Tally,
    predictions: Sequence[CardDetection],
    truth: Iterable[TruthCard],
    agree: Callable[[str, str], bool] = same_card,
) -> None:
    truth = list(truth)
    found = [False] * len(truth)
    misreads = 0
    for prediction in predictions:
        centre = prediction.center_xy
        landed = [
            i
            for i, t in enumerate(truth)
            if any(_inside(centre, r) for r in (*t.regions_xyxy, *t.partial_regions_xyxy))
        ]
        matching = [i for i in landed if agree(prediction.card, truth[i].card)]
        if matching:
            tally.hits += 1
            for i in matching:
                found[i] = found[i] or any(_inside(centre, r) for r in truth[i].regions_xyxy)
        elif landed:
            misreads += 1
            key = f"{truth[landed[0]].card}->{prediction.card}"
            tally.confusions[key] = tally.confusions.get(key, 0) + 1
        else:
            tally.false_alarms += 1
    counts = ImageCounts(sum(t.required for t in truth), sum(found), len(predictions), misreads)
    tally.images += 1
    tally.cards += counts.cards
    tally.found += counts.found
    tally.predictions += counts.predictions
    tally.misreads += counts.misreads
    tally.per_image.append(counts)
