"""An index whose rank is sure and suit is not: reported suit-open only where asked."""

from __future__ import annotations

import numpy as np
import pytest

from vision.reader.labels import CLASSIFIER_LABELS
from vision.reader.ranks import RankTable

TABLE = RankTable(CLASSIFIER_LABELS)


def probabilities(**share: float) -> np.ndarray:
    """The classifier's output: the given cards' probabilities, the rest spread evenly."""
    out = np.zeros(len(CLASSIFIER_LABELS))
    rest = 1.0 - sum(share.values())
    out[:] = rest / (len(CLASSIFIER_LABELS) - len(share))
    for card, p in share.items():
        out[CLASSIFIER_LABELS.index(card.removeprefix("c"))] = p
    return out


def test_a_sure_card_is_read_plainly_either_way() -> None:
    for open_suits in (False, True):
        reading = TABLE.read(probabilities(c7H=0.9), 0.8, 0.4, open_suits)
        assert reading is not None
        assert (reading.card, reading.rank_confidence, reading.other_suits) == ("7H", None, ())
        assert reading.confidence == pytest.approx(0.72)


def test_a_rank_split_between_two_suits_is_open_only_when_asked() -> None:
    split = probabilities(c7D=0.46, c7H=0.44)  # a card's share x 0.8 is under 0.4
    assert TABLE.read(split, 0.8, 0.4, open_suits=False) is None
    reading = TABLE.read(split, 0.8, 0.4, open_suits=True)
    assert reading is not None
    assert reading.card == "7D" and reading.other_suits == ("7H",)
    assert reading.confidence == pytest.approx(0.8 * 0.46)
    assert reading.rank_confidence == pytest.approx(0.8 * 0.9, abs=0.01)


def test_the_likeliest_rank_wins_over_the_likeliest_card() -> None:
    # 8H alone is likelier than either seven, but the rank 7 is likelier than 8.
    reading = TABLE.read(probabilities(c8H=0.38, c7C=0.3, c7S=0.3), 0.9, 0.4, True)
    assert reading is not None and reading.card[:-1] == "7"
    assert set((reading.card, *reading.other_suits)) == {"7C", "7S"}


@pytest.mark.parametrize(
    ("why", "share", "score"),
    [
        ("the rank is not sure either", {"c7D": 0.25, "c7H": 0.2}, 0.8),
        ("the detector is not sure of the box", {"c7D": 0.5, "c7H": 0.5}, 0.38),
        ("not an index outweighs the rank", {"none": 0.5, "c7D": 0.25, "c7H": 0.24}, 0.9),
        ("a joker has one suit only", {"JK": 0.42}, 0.9),
    ],
)
def test_nothing_is_reported_when(why: str, share: dict[str, float], score: float) -> None:
    assert TABLE.read(probabilities(**share), score, 0.4, True) is None, why


def test_a_suit_under_the_floor_is_not_an_option() -> None:
    reading = TABLE.read(probabilities(c9S=0.44, c9C=0.44, c9H=0.01), 0.85, 0.4, True)
    assert reading is not None and "9H" not in reading.other_suits


def test_a_plain_reading_names_a_suit_weighed_nearly_as_much_only_where_asked() -> None:
    # The held-out deck draws clubs like spades: 9S 0.55, 9C 0.40.
    contested = probabilities(c9S=0.55, c9C=0.4)
    plain = TABLE.read(contested, 0.9, 0.4, open_suits=False)
    assert plain is not None and (plain.card, plain.rivals) == ("9S", ())
    reading = TABLE.read(contested, 0.9, 0.4, open_suits=True)
    assert reading is not None
    assert (reading.card, reading.rank_confidence, reading.rivals) == ("9S", None, ("9C",))
    assert reading.confidence == pytest.approx(0.9 * 0.55)


def test_a_suit_weighed_far_less_is_no_option_of_a_plain_reading() -> None:
    reading = TABLE.read(probabilities(c9S=0.85, c9C=0.12), 0.9, 0.4, open_suits=True)
    assert reading is not None and (reading.card, reading.rivals) == ("9S", ())


def test_a_stills_reading_names_a_card_weighed_less_but_not_nothing_as_a_far_rival() -> None:
    # A covered 9S read 8S: 8S 0.70, 9S 0.08 (over a twentieth of 8S, under a fifth), 9C 0.02.
    weighed = probabilities(c8S=0.7, c9S=0.08, c9C=0.02)
    still = TABLE.read(weighed, 0.9, 0.3, open_suits=True, far_rivals=True)
    assert still is not None and (still.card, still.rivals, still.far_rivals) == ("8S", (), ("9S",))
    frame = TABLE.read(weighed, 0.9, 0.3, open_suits=True)
    assert frame is not None and frame.far_rivals == ()


def test_a_near_rival_is_not_named_again_as_a_far_one() -> None:
    reading = TABLE.read(
        probabilities(c9S=0.55, c9C=0.3, c8S=0.05), 0.9, 0.3, open_suits=True, far_rivals=True
    )
    assert reading is not None and (reading.rivals, reading.far_rivals) == (("9C",), ("8S",))
