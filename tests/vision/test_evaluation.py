"""Containment scoring, as the real photo sets' README defines it."""

import pytest

from vision.evaluation import (
    ImageCounts,
    Tally,
    TruthCard,
    paired_difference_interval,
    same_rank,
    score_image,
)
from vision.types import CardDetection


def det(card, cx, cy):
    return CardDetection(card, 0.9, (cx - 2, cy - 3, cx + 2, cy + 3))


TRUTH = [TruthCard("QH", ((0, 0, 100, 150),)), TruthCard("5S", ((200, 0, 300, 150),))]


@pytest.mark.parametrize(
    ("predictions", "found", "hits", "misreads", "false_alarms"),
    [
        ([det("QH", 10, 10), det("5S", 210, 10)], 2, 2, 0, 0),
        ([det("QH", 10, 10), det("QH", 90, 140)], 1, 2, 0, 0),  # two corners of one card
        ([det("QD", 10, 10)], 0, 0, 1, 0),  # right place, wrong card
        ([det("QH", 150, 10)], 0, 0, 0, 1),  # on the cloth between the cards
        ([det("QH", 210, 10)], 0, 0, 1, 0),  # a QH read on the 5S
    ],
)
def test_containment_scoring(predictions, found, hits, misreads, false_alarms):
    tally = Tally()
    score_image(tally, predictions, TRUTH)
    assert (tally.found, tally.hits, tally.misreads, tally.false_alarms) == (
        found,
        hits,
        misreads,
        false_alarms,
    )
    assert tally.cards == 2 and tally.predictions == len(predictions)


def test_overlapping_cards_a_hit_on_either_counts():
    truth = [TruthCard("9C", ((0, 0, 100, 150),)), TruthCard("10C", ((50, 0, 150, 150),))]
    tally = Tally()
    score_image(tally, [det("10C", 60, 10)], truth)
    assert tally.found == 1 and tally.misreads == 0


def test_rank_only_sets_compare_the_rank():
    tally = Tally()
    score_image(tally, [det("10H", 10, 10)], [TruthCard("10S", ((0, 0, 100, 150),))], same_rank)
    assert tally.found == 1
    assert not same_rank("JK", "JK")


def test_a_rank_only_truth_label_matches_a_full_card_of_that_rank():
    # the real-edje-ranks set labels cards "9".."A" without suits
    assert same_rank("AD", "A") and same_rank("10H", "10")
    assert not same_rank("AD", "K") and not same_rank("10H", "1")


def test_rates():
    tally = Tally(cards=4, found=3, predictions=5, hits=4, misreads=1)
    assert (tally.recall, tally.precision, tally.misread_rate) == (0.75, 0.8, 0.2)


# A rendered 7D whose labelled index is at the left, and a partly covered 6D (no labelled
# index: a fan's next card lies over its suit).
PARTLY = [
    TruthCard("7D", ((0, 0, 10, 20),), ((100, 0, 110, 20),)),
    TruthCard("6D", (), ((50, 0, 60, 20),)),
]


@pytest.mark.parametrize(
    ("predictions", "found", "hits", "misreads", "false_alarms"),
    [
        ([det("6D", 55, 10)], 0, 1, 0, 0),  # read right where it partly shows: not required
        ([det("6S", 55, 10)], 0, 0, 1, 0),  # read wrong there: a misread all the same
        ([det("7D", 105, 10)], 0, 1, 0, 0),  # a partial region alone does not find the card
        ([det("7D", 5, 10), det("7D", 105, 10)], 1, 2, 0, 0),
    ],
)
def test_partly_visible_indices_are_judged_but_not_required(
    predictions, found, hits, misreads, false_alarms
):
    tally = Tally()
    score_image(tally, predictions, PARTLY)
    assert tally.cards == 1  # the 6D shows no index fully enough to be asked for
    assert (tally.found, tally.hits, tally.misreads, tally.false_alarms) == (
        found,
        hits,
        misreads,
        false_alarms,
    )


def test_a_rendered_truth_gives_partial_regions_from_half_visible_indices():
    from vision.eval_sets import PARTLY_VISIBLE_FRAC, truth_cards

    def index(frac, labelled, x):
        return {"box_xyxy": [x, 0, x + 10, 20], "visible_frac": frac, "labelled": labelled}

    truth = {
        "cards": [
            {
                "card": "7D",
                "face_up": True,
                "indices": [index(1.0, True, 0), index(0.7, False, 100)],
            },
            {"card": "6D", "face_up": True, "indices": [index(PARTLY_VISIBLE_FRAC, False, 50)]},
            {"card": "5D", "face_up": True, "indices": [index(0.3, False, 70)]},
        ]
    }
    cards = truth_cards(truth)
    assert [(c.card, c.regions_xyxy, c.partial_regions_xyxy) for c in cards] == [
        ("7D", ((0.0, 0.0, 10.0, 20.0),), ((100.0, 0.0, 110.0, 20.0),)),
        ("6D", (), ((50.0, 0.0, 60.0, 20.0),)),
    ]


def test_an_interval_collapses_when_every_image_reads_alike():
    # Each image: 3 of 4 cards found. However the images are drawn, the recall is 0.75.
    tally = Tally(per_image=[ImageCounts(4, 3, 5, 1)] * 30)
    assert tally.recall_interval() == pytest.approx((0.75, 0.75))
    assert tally.misread_interval() == pytest.approx((0.2, 0.2))


def test_an_interval_holds_the_figure_and_narrows_with_more_images():
    mixed = [ImageCounts(10, found, 10, 0) for found in (10, 9, 7, 10, 8, 6, 10, 9)]
    few = Tally(per_image=mixed)
    many = Tally(per_image=mixed * 12)
    low, high = few.recall_interval()
    assert low < 69 / 80 < high
    many_low, many_high = many.recall_interval()
    assert many_high - many_low < (high - low) / 2
    assert few.recall_interval() == few.recall_interval()  # seeded: the same each time


def test_images_not_cards_are_resampled():
    # All 50 cards of one image found, none of the 50 of another: the set's recall of 0.5
    # rests on two images, so its interval spans almost everything. Taken as 100 independent
    # cards it would be about 0.4-0.6.
    two_images = Tally(per_image=[ImageCounts(50, 50, 0, 0), ImageCounts(50, 0, 0, 0)])
    low, high = two_images.recall_interval()
    assert low == 0.0 and high == 1.0


def test_no_images_or_nothing_to_divide_by_gives_no_interval():
    assert Tally().recall_interval() is None
    assert Tally(per_image=[ImageCounts(3, 2, 0, 0)]).misread_interval() is None


def test_scoring_keeps_each_images_counts():
    tally = Tally()
    score_image(tally, [det("QH", 10, 10), det("QD", 210, 10)], TRUTH)
    score_image(tally, [], TRUTH)
    assert tally.per_image == [ImageCounts(2, 1, 2, 1), ImageCounts(2, 0, 0, 0)]
    assert (tally.cards, tally.found, tally.predictions, tally.misreads) == (4, 1, 2, 1)
    assert tally.as_dict()["recall_ci95"] == [0.0, 0.5]


def test_a_paired_difference_is_exact_when_every_unit_moves_alike():
    assert paired_difference_interval([3, 1, 4], [3, 1, 4]) == (0.0, 0.0)
    assert paired_difference_interval([3, 1, 4, 1, 5], [4, 2, 5, 2, 6]) == (5.0, 5.0)


def test_a_paired_difference_holds_the_observed_one_and_ignores_what_both_share():
    # Clips whose difficulty varies widely but whose two readings differ by little: the
    # paired interval stays narrow while each reader's own spread is wide.
    before = [0, 10, 2, 9, 1, 8, 3, 7] * 3
    after = [b + g for b, g in zip(before, [1, 0, 1, 0, 0, 1, 1, 0] * 3, strict=True)]
    low, high = paired_difference_interval(before, after)
    alone_low, alone_high = paired_difference_interval([0] * len(before), before)
    assert low <= 12 <= high and high - low <= 12
    assert alone_high - alone_low > 3 * (high - low)  # one reader's own total spreads widely
    with pytest.raises(ValueError):
        paired_difference_interval([1, 2], [1])
