"""Grouping, de-duplication, slot order and zones on synthetic detections."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tests.vision.layout.fans import det, fan
from vision.layout import build_layout
from vision.layout.zones import ZoneMap, default_zones, from_corners

SIZE = (1280, 720)


def melds_of(dets, zone="A", zones=None):
    layout = build_layout(dets, SIZE, zones)
    return [list(m.cards) for m in layout.zone(zone).melds]


@pytest.mark.parametrize(
    ("name", "kwargs"),
    [
        ("horizontal", {}),
        ("vertical fan", {"vertical": True}),
        ("rotated 90", {"angle_deg": 90.0}),
        ("rotated -90", {"angle_deg": -90.0}),
        ("upside down (seen from the other team)", {"angle_deg": 180.0}),
        ("tilted 12 degrees", {"angle_deg": 12.0}),
        ("vertical fan rotated 90", {"vertical": True, "angle_deg": 90.0}),
        ("tight fan", {"step": 0.8}),
        ("open fan", {"step": 1.9}),
        ("small indices", {"s": 11.0}),
    ],
)
def test_one_meld_is_read_whole_in_axis_order(name, kwargs):
    cards = ["3H", "4H", "5H", "6H", "7H"]
    got = melds_of(fan(cards, 600, 500, **kwargs))
    assert len(got) == 1, name
    # Geometric order along the axis: forwards, or backwards for a fan pointing left/up.
    assert got[0] in (cards, cards[::-1]), name


def test_second_index_of_the_last_card_is_not_a_card():
    layout = build_layout(fan(["9S", "10S", "JS"], 500, 450), SIZE)
    (meld,) = layout.zone("A").melds
    assert meld.cards == ("9S", "10S", "JS")
    assert len(meld.slots[-1].detections) == 2
    assert layout.zone("A").loose == ()


def test_two_identical_cards_side_by_side_stay_two():
    # A set with both copies of the seven of hearts next to each other.
    got = melds_of(fan(["7H", "7H", "7S", "7C"], 500, 450))
    assert got == [["7H", "7H", "7S", "7C"]]


def test_a_wide_index_read_twice_by_halves_is_one_card():
    # A bold "10" draws a box over each half beside the whole one: the halves overlap the
    # whole index by IoU ~0.45. The fan must stay 9D 10D JD.
    dets = fan(["9D", "10D", "JD"], 500, 450, second_index=False)
    whole = dets[1]
    x1, y1, x2, y2 = whole.box_xyxy
    shift = 0.35 * (x2 - x1)
    dets.append(replace(whole, confidence=0.7, box_xyxy=(x1 + shift, y1, x2 + shift, y2)))
    assert melds_of(dets) == [["9D", "10D", "JD"]]


def test_one_index_read_twice_a_fraction_of_a_step_apart_is_one_card():
    # The halves of a wide "10" boxed apart (overlapping too little to be one firing),
    # under half a fan step from each other; copies in a set lie a whole step apart.
    dets = fan(["9D", "10D", "JD", "QD"], 500, 450, second_index=False)
    x1, y1, x2, y2 = dets[1].box_xyxy
    shift = 0.4 * 20.0  # 0.4 index heights against the fan's 1.2
    dets.append(replace(dets[1], confidence=0.6, box_xyxy=(x1 + shift, y1, x2 + shift, y2)))
    assert melds_of(dets) == [["9D", "10D", "JD", "QD"]]


def test_one_index_read_twice_across_the_fan_does_not_cut_it():
    # The second box lies beside the first, across the fan (a turned "10" boxed twice):
    # nine pixels from the first reading, it must not make the fan's real neighbours, a
    # whole step away, look too far to link.
    cards = ["KD", "QD", "JD", "10D", "9D", "8D", "7D"]
    dets = fan(cards, 400, 450, second_index=False)
    # The 9D laid a little further on than the fan's step (3 px of 24), as hands lay them.
    dets[4:] = [replace(d, box_xyxy=(d.box_xyxy[0] + 3, d.box_xyxy[1], d.box_xyxy[2] + 3,
                                     d.box_xyxy[3])) for d in dets[4:]]  # fmt: skip
    x1, y1, x2, y2 = dets[3].box_xyxy
    shift = 0.45 * 20.0  # boxes overlapping by IoU 0.38: too little to be one firing
    dets.append(replace(dets[3], confidence=0.5, box_xyxy=(x1, y1 + shift, x2, y2 + shift)))
    assert melds_of(dets) == [cards]


def test_a_top_card_beside_another_cards_far_corner_stays_in_its_fan():
    # A column fan whose top card's index has a neighbouring card's far corner lying just
    # beside it, across the fan and nearer than the fan's step: the two pair up apart
    # from the column unless the top card goes back to the fan it carries on.
    column = fan(
        ["6C", "5C", "4C", "3C", "2C"], 500, 420, vertical=True, step=2.0, second_index=False
    )
    # The top card lies a little further on than the fan's step (a card laid by hand).
    x, y = column[-1].center_xy
    column[-1] = det("2C", x, y + 4.0)
    corner = det("10H", x - 18.0, y + 4.0)
    layout = build_layout([*column, corner], SIZE)
    assert [list(m.cards) for m in layout.zone("A").melds] == [["6C", "5C", "4C", "3C", "2C"]]
    assert [s.card for s in layout.zone("A").loose] == ["10H"]


def test_a_top_cards_far_corner_wins_over_a_copy_lying_back_across_the_fan():
    # The top card's far corner shows, and the other copy of that card lies loose beside
    # the fan, read more surely, where a card whose far corner were the fan's end would
    # lie. The far corner is placed first: the fan keeps its top card.
    run = fan(["5S", "6S", "7S", "8S", "9S", "10S"], 300, 420, s=20.0)
    x, y = run[5].center_xy
    copy = det("10S", x - 2.5 * 20.0, y + 2.0 * 20.0, conf=0.95)
    layout = build_layout([*run, copy], SIZE)
    assert [list(m.cards) for m in layout.zone("A").melds] == [
        ["5S", "6S", "7S", "8S", "9S", "10S"]
    ]
    assert [s.card for s in layout.zone("A").loose] == ["10S"]


def test_a_copy_just_past_a_fans_end_is_not_its_top_cards_far_corner():
    # A top card reaches past its fan's end by much more than a fan step (it is covered
    # by no card), so a reading of the same card beside the end, a single index height
    # past it, is another copy lying there.
    run = fan(["5C", "6C", "7C", "8C"], 300, 420, s=20.0, step=1.2, second_index=False)
    x, y = run[-1].center_xy
    copy = det("8C", x + 1.0 * 20.0, y + 2.5 * 20.0)
    layout = build_layout([*run, copy], SIZE)
    assert [list(m.cards) for m in layout.zone("A").melds] == [["5C", "6C", "7C", "8C"]]
    assert [s.card for s in layout.zone("A").loose] == ["8C"]


def test_two_copies_in_a_fan_showing_half_their_index_stay_two():
    # Steps of half an index width (0.3 index heights): the tightest fan whose indices
    # still show half; the two 7H boxes overlap by IoU 1/3.
    got = melds_of(fan(["7S", "7H", "7H", "7C"], 500, 450, step=0.3, second_index=False))
    assert got == [["7S", "7H", "7H", "7C"]]


def test_identical_cards_at_the_end_of_a_fan_stay_two():
    got = melds_of(fan(["7S", "7H", "7H"], 500, 450))
    assert got == [["7S", "7H", "7H"]]


def test_a_lone_card_showing_both_indices_is_one_card():
    layout = build_layout(fan(["QD"], 300, 400), SIZE)
    assert [s.card for s in layout.zone("A").loose] == ["QD"]


def test_two_lone_copies_side_by_side_are_two_cards():
    dets = fan(["QD"], 300, 400) + fan(["QD"], 300 + 4.3 * 20, 400)
    layout = build_layout(dets, SIZE)
    assert [s.card for s in layout.zone("A").loose] == ["QD", "QD"]


def test_two_melds_that_touch_end_to_end():
    first = fan(["3C", "4C", "5C"], 300, 450)
    # The next meld starts right where the first one's last card ends.
    x_next = 300 + 2 * 1.2 * 20 + 3.9 * 20
    second = fan(["8D", "8S", "8H"], x_next, 450)
    assert melds_of(first + second) == [["3C", "4C", "5C"], ["8D", "8S", "8H"]]


def test_two_rows_of_melds_that_touch():
    top = fan(["3C", "4C", "5C", "6C"], 300, 400)
    below = fan(["KD", "KS", "KH"], 300, 400 + 5.5 * 20)
    assert melds_of(top + below) == [["3C", "4C", "5C", "6C"], ["KD", "KS", "KH"]]


def test_two_vertical_fans_side_by_side():
    left = fan(["3C", "4C", "5C"], 300, 380, vertical=True)
    right = fan(["9H", "10H", "JH"], 300 + 3.9 * 20 + 4, 380, vertical=True)
    assert melds_of(left + right) == [["3C", "4C", "5C"], ["9H", "10H", "JH"]]


def test_melds_of_a_zone_in_reading_order():
    row1 = fan(["AH", "AS", "AD"], 700, 380) + fan(["3S", "4S", "5S"], 300, 380)
    row2 = fan(["QC", "KC", "AC"], 500, 500)
    assert melds_of(row1 + row2) == [
        ["3S", "4S", "5S"],
        ["AH", "AS", "AD"],
        ["QC", "KC", "AC"],
    ]


def test_default_zones_put_lower_half_to_team_a():
    dets = fan(["3S", "4S", "5S"], 300, 500) + fan(["9D", "9C", "9H"], 300, 60)
    layout = build_layout(dets, SIZE)
    assert [m.cards for m in layout.zone("A").melds] == [("3S", "4S", "5S")]
    assert [m.cards for m in layout.zone("B").melds] == [("9D", "9C", "9H")]


def test_perspective_shrinks_far_cards_without_breaking_melds():
    # Far (upper) melds are drawn with smaller indices, nearer ones larger.
    dets = fan(["3S", "4S", "5S", "6S"], 300, 60, s=13.0) + fan(
        ["9D", "9C", "9H"], 300, 470, s=27.0
    )
    layout = build_layout(dets, SIZE)
    assert [m.cards for m in layout.zone("B").melds] == [("3S", "4S", "5S", "6S")]
    assert [m.cards for m in layout.zone("A").melds] == [("9D", "9C", "9H")]


def test_double_firing_on_one_index_is_one_card():
    dets = fan(["3S", "4S", "5S"], 300, 500)
    dets.append(det("4S", dets[1].center_xy[0] + 1, dets[1].center_xy[1], conf=0.5))
    assert melds_of(dets) == [["3S", "4S", "5S"]]


def test_low_confidence_readings_are_ignored():
    dets = [*fan(["3S", "4S", "5S"], 300, 500), det("KH", 900, 600, conf=0.1)]
    layout = build_layout(dets, SIZE)
    assert layout.zone("A").loose == ()


def test_jittered_melds_still_group():
    rng = random.Random(4)
    for _ in range(20):
        dets = fan(["3S", "4S", "5S", "6S", "7S", "8S", "9S"], 200, 450, step=1.1)
        dets += fan(["JD", "QD", "KD"], 200 + 6 * 22 + 3.9 * 20 + 10, 450)
        jittered = [
            type(d)(d.card, d.confidence, tuple(v + rng.uniform(-2, 2) for v in d.box_xyxy))
            for d in dets
        ]
        assert melds_of(jittered) == [
            ["3S", "4S", "5S", "6S", "7S", "8S", "9S"],
            ["JD", "QD", "KD"],
        ]


def test_calibrated_discard_zone_wins_over_team_zone(tmp_path):
    zones = ZoneMap(
        SIZE,
        {
            **default_zones(SIZE).polygons,
            "discard": ((550, 300), (800, 300), (800, 420), (550, 420)),
        },
    )
    path = tmp_path / "zones.json"
    zones.save(path)
    loaded = ZoneMap.load(path)
    assert loaded == zones
    dets = fan(["5D", "KS", "2C"], 580, 310) + fan(["3S", "4S", "5S"], 300, 500)
    layout = build_layout(dets, SIZE, loaded)
    assert [s.card for s in layout.zone("discard").loose] == ["5D", "KS", "2C"]
    assert [m.cards for m in layout.zone("A").melds] == [("3S", "4S", "5S")]


DISCARD_BOX = ((550, 300), (800, 300), (800, 440), (550, 440))


def test_a_fan_running_out_of_the_discard_box_into_a_team_zone_is_that_teams_meld():
    # A meld laid against the discard pile, inside the box the user drew around it: five
    # of its six cards lie in the box, the last in team A's half, all at one fan step.
    zones = ZoneMap(SIZE, {**default_zones(SIZE).polygons, "discard": DISCARD_BOX})
    cards = ["2C", "3C", "4C", "5C", "6C", "7C"]
    layout = build_layout(fan(cards, 600, 330, vertical=True), SIZE, zones)
    assert [list(m.cards) for m in layout.zone("A").melds] == [cards]
    assert layout.zone("discard").loose == ()


def test_a_spread_discard_pile_reaching_a_team_zone_unevenly_stays_the_pile():
    # the pile spread by hand: its cards at uneven gaps, the last one over the box's edge
    zones = ZoneMap(SIZE, {**default_zones(SIZE).polygons, "discard": DISCARD_BOX})
    ys = [343, 360, 395, 412, 445]
    dets = [det(card, 610, y) for card, y in zip(["9H", "KS", "4D", "JC", "6S"], ys, strict=True)]
    layout = build_layout(dets, SIZE, zones)
    assert layout.zone("A").melds == ()
    assert [s.card for s in layout.zone("discard").loose] == ["9H", "KS", "4D", "JC"]


def test_zone_map_scales_to_the_frame_size():
    zones = default_zones((640, 360))
    assert zones.zone_of((100, 600), (1280, 720)) == "A"
    assert zones.zone_of((100, 100), (1280, 720)) == "B"


def test_zones_from_table_corners():
    zones = from_corners(SIZE, ((100, 50), (1180, 50), (1240, 700), (40, 700)))
    assert zones.zone_of((640, 600)) == "A"
    assert zones.zone_of((640, 100)) == "B"
    assert zones.zone_of((5, 5)) == "unassigned"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"format": "x"}, "not a zone calibration"),
        (
            {
                "format": "arbitro-zones/1",
                "size_wh": [10, 10],
                "zones": {"C": [[0, 0], [1, 0], [1, 1]]},
            },
            "unknown zone",
        ),
        (
            {"format": "arbitro-zones/1", "size_wh": [10, 10], "zones": {"A": [[0, 0], [1, 0]]}},
            "at least 3",
        ),
        ({"format": "arbitro-zones/1", "zones": {}}, "bad zone calibration"),
    ],
)
def test_bad_calibration_is_refused(data, message):
    with pytest.raises(ValueError, match=message):
        ZoneMap.from_json(data)


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"vertical": True},
        {"angle_deg": 90.0},
        {"angle_deg": 180.0},
        {"vertical": True, "angle_deg": -90.0},
    ],
)
def test_four_index_deck_reads_each_card_once(kwargs):
    cards = ["3D", "4D", "5D", "6D", "7D"]
    got = melds_of(fan(cards, 600, 460, four_corner=True, **kwargs))
    assert got in ([cards], [cards[::-1]])


def test_four_index_set_with_both_copies_side_by_side():
    got = melds_of(fan(["9C", "9H", "9H", "9S"], 400, 460, four_corner=True))
    assert got == [["9C", "9H", "9H", "9S"]]


def test_two_copies_of_a_top_card_stay_two_where_two_fans_share_a_line():
    # Two four-index melds on one line (held-out still 000048, its index centres): the
    # kings fanned to the right, their top card's far corner last; the aces fanned to the
    # left, their top card, one of two AH, first, its far corner a fan step past the kings'.
    # The step from one far corner to the next is no fan step, so the AH's far corner is
    # its top card's, and the AH beside it is the second copy.
    row = [
        ("2H", 636, 639), ("KD", 655, 659), ("KS", 674, 679), ("KS", 692, 699),
        ("KS", 734, 740), ("AH", 762, 767), ("AH", 805, 809), ("AH", 820, 821),
        ("AD", 832, 839), ("AC", 844, 852),
    ]  # (card, x of its lower index, x of its upper one)
    dets = [d for card, x_low, x_up in row
            for d in (det(card, x_low, 340, 21), det(card, x_up, 272, 21))]  # fmt: skip
    got = melds_of(dets, zone="B")
    assert sorted(got) == [["2H", "KD", "KS", "KS"], ["AH", "AH", "AD", "AC"]]


def test_four_index_melds_that_touch():
    first = fan(["3C", "4C", "5C"], 300, 450, four_corner=True)
    second = fan(["8D", "8S", "8H"], 300 + 2 * 1.2 * 20 + 3.9 * 20 + 3, 450, four_corner=True)
    assert melds_of(first + second) == [["3C", "4C", "5C"], ["8D", "8S", "8H"]]


def test_four_index_fan_with_one_twin_missing():
    dets = fan(["3D", "4D", "5D", "6D"], 500, 460, four_corner=True)
    del dets[3]  # the bottom-left index of the 4D is covered
    assert melds_of(dets) == [["3D", "4D", "5D", "6D"]]


def test_a_neighbouring_corner_at_the_end_of_a_fan_is_let_go():
    dets = fan(["5C", "6C", "7C", "8C", "9C"], 300, 450)
    # Another meld's corner index lies on the fan's line, an odd step past its end.
    dets.append(det("QC", dets[4].center_xy[0] + 2.1 * 20, dets[4].center_xy[1]))
    assert melds_of(dets) == [["5C", "6C", "7C", "8C", "9C"]]


def test_four_index_card_read_two_ways_keeps_the_surer_reading():
    dets = fan(["3D", "4D", "5D", "6D"], 500, 460, four_corner=True)
    # The 4D's bottom-left index is misread as 4H, less surely than its top-left one.
    dets[3] = det("4H", *dets[3].center_xy, conf=0.4)
    layout = build_layout(dets, SIZE)
    assert [m.cards for m in layout.zone("A").melds] == [("3D", "4D", "5D", "6D")]
    assert layout.zone("A").loose == ()  # the misreading is folded into its card


def test_card_sizes_vary_in_one_deck_without_breaking_a_fan():
    dets = fan(["9S", "10S", "JK", "QS", "KS"], 400, 450)
    x, y = dets[2].center_xy
    dets[2] = det("JK", x, y, s=11.0)  # a joker's index printed much smaller
    assert melds_of(dets) == [["9S", "10S", "JK", "QS", "KS"]]


def _fan_below_the_midline_and_a_card_above(steps_off: float):
    # The first two cards of a meld being laid by team A, in a vertical fan just under the
    # default zones' midline (y = 360); one index lies on the fan's line ``steps_off`` fan
    # steps above its first card, in B's half (the demo hand's discard pile does this).
    s, step = 20.0, 1.6
    dets = fan(["4S", "4H"], 300, 362, s=s, step=step, vertical=True)
    first = dets[0]
    x = (first.box_xyxy[0] + first.box_xyxy[2]) / 2
    y = (first.box_xyxy[1] + first.box_xyxy[3]) / 2 - steps_off * step * s
    return [*dets, det("2D", x, y, s)]


@pytest.mark.parametrize("steps_off", [1.5, 1.7])
def test_a_card_of_another_zone_off_the_fan_step_is_not_the_melds_end(steps_off):
    # A meld's cards lie whole fan steps apart: a card of the other zone one and a half
    # steps past the fan's end is that zone's card, and two cards are not yet a meld.
    layout = build_layout(_fan_below_the_midline_and_a_card_above(steps_off), SIZE)
    assert layout.zone("A").melds == ()
    assert [s.card for s in layout.zone("A").loose] == ["4S", "4H"]
    assert [s.card for s in layout.zone("B").loose] == ["2D"]


def test_a_meld_end_across_the_zone_line_stays_in_the_meld():
    # One whole step off: the meld's own end card, the zone line drawn across it.
    layout = build_layout(_fan_below_the_midline_and_a_card_above(1.0), SIZE)
    assert [m.cards for m in layout.zone("A").melds] == [("2D", "4S", "4H")]
