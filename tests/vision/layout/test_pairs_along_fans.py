"""A top card's near corner and its far corner lie on its fan's own line; read the same,
they look like twins, and the top card of a meld beside it backs that pairing. They are
no twins when a one-edged fan runs on along their line (``vision.layout.twin_candidates``),
or out from one of them at a slant to it."""

from __future__ import annotations

import pytest

from tests.vision.layout.fans import det
from vision.layout import build_layout
from vision.layout.build import LayoutParams
from vision.layout.twin_candidates import AlongParams
from vision.layout.twins import TwinParams

SIZE = (1280, 720)
S = 20.0
DEFAULT = LayoutParams()
NO_VETO = LayoutParams(twins=TwinParams(along=AlongParams(min_cards=99)))


def melds(dets, params: LayoutParams = DEFAULT, four_index: bool | None = None) -> list[list[str]]:
    layout = build_layout(dets, SIZE, params=params, four_index=four_index)
    return [list(m.cards) for z in ("A", "B") for m in layout.zone(z).melds]


def one_edge_fan_with_a_neighbour_above() -> list:
    """A fan showing one index per card whose top card shows its far corner on the fan's
    line, three index heights on; above it, a neighbouring meld's top card shows two
    corners the same vector apart."""
    fan_dets = [det(c, 300 + k * S, 500, S) for k, c in enumerate(["5C", "6C", "7C", "8C"])]
    top = [det("9C", 380, 500, S), det("9C", 440, 500, S)]
    neighbour = [det("3C", 400, 440, S), det("3C", 460, 440, S)]
    return fan_dets + top + neighbour


# The two pairs back only each other: on a frame of its own that is no four-index fan
# and nothing folds (``fold_twins``). The vetoes matter once a four-index fan has
# been seen on the table, so each case is also read with the deck known to be one.


@pytest.mark.parametrize("four_index", [None, True])
def test_a_top_cards_corners_along_a_one_edge_fan_are_not_twins(four_index):
    got = melds(one_edge_fan_with_a_neighbour_above(), four_index=four_index)
    assert ["5C", "6C", "7C", "8C", "9C"] in got


def test_without_the_veto_the_top_card_falls_off_its_fan():
    assert ["5C", "6C", "7C", "8C", "9C"] not in melds(
        one_edge_fan_with_a_neighbour_above(), NO_VETO, four_index=True
    )


def test_a_frame_of_its_own_folds_no_pairs_that_only_back_each_other():
    got = melds(one_edge_fan_with_a_neighbour_above(), NO_VETO)
    assert ["5C", "6C", "7C", "8C", "9C"] in got


NO_SLANT = LayoutParams(twins=TwinParams(along=AlongParams(slant=2.0)))  # cosine never >= 2


def two_fans_each_card_slid_under_the_last() -> list:
    """Two sets side by side (positions as read in a rendered hand, index height 26 px):
    each new card slid under the last, so the top card shows both corners and the cards
    under it only their far corners, in a line running down from the top card's far
    corner. The two top cards' corners lie the same vector apart, as twins would."""
    s = 26.0
    nines = [det("9D", 596, 496, s), det("9D", 649, 579, s), det("9C", 650, 613, s),
             det("9H", 650, 647, s)]  # fmt: skip
    tens = [det("10C", 687, 482, s), det("10C", 736, 564, s), det("10D", 734, 594, s),
            det("10D", 734, 623, s), det("10S", 733, 651, s)]  # fmt: skip
    return nines + tens


@pytest.mark.parametrize("four_index", [None, True])
def test_a_top_cards_corners_slanting_to_a_one_edge_fan_are_not_twins(four_index):
    got = melds(two_fans_each_card_slid_under_the_last(), four_index=four_index)
    assert ["9D", "9C", "9H"] in got
    assert ["10C", "10D", "10D", "10S"] in got


def test_without_the_slant_veto_both_top_cards_fall_off_their_fans():
    got = melds(two_fans_each_card_slid_under_the_last(), NO_SLANT, four_index=True)
    assert ["9D", "9C", "9H"] not in got
    assert ["10C", "10D", "10D", "10S"] not in got
