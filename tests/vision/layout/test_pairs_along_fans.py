"""A top card's near corner and its far corner lie on its fan's own line; read the same,
they look like twins, and the top card of a meld beside it backs that pairing. They are
no twins when a one-edged fan runs on along their line (``vision.layout.twin_candidates``)."""

from __future__ import annotations

from tests.vision.layout.fans import det
from vision.layout import build_layout
from vision.layout.build import LayoutParams
from vision.layout.twin_candidates import AlongParams
from vision.layout.twins import TwinParams

SIZE = (1280, 720)
S = 20.0
DEFAULT = LayoutParams()
NO_VETO = LayoutParams(twins=TwinParams(along=AlongParams(min_cards=99)))


def melds(dets, params: LayoutParams = DEFAULT) -> list[list[str]]:
    layout = build_layout(dets, SIZE, params=params)
    return [list(m.cards) for z in ("A", "B") for m in layout.zone(z).melds]


def one_edge_fan_with_a_neighbour_above() -> list:
    """A fan showing one index per card whose top card shows its far corner on the fan's
    line, three index heights on; above it, a neighbouring meld's top card shows two
    corners the same vector apart."""
    fan_dets = [det(c, 300 + k * S, 500, S) for k, c in enumerate(["5C", "6C", "7C", "8C"])]
    top = [det("9C", 380, 500, S), det("9C", 440, 500, S)]
    neighbour = [det("3C", 400, 440, S), det("3C", 460, 440, S)]
    return fan_dets + top + neighbour


def test_a_top_cards_corners_along_a_one_edge_fan_are_not_twins():
    assert ["5C", "6C", "7C", "8C", "9C"] in melds(one_edge_fan_with_a_neighbour_above())


def test_without_the_veto_the_top_card_falls_off_its_fan():
    assert ["5C", "6C", "7C", "8C", "9C"] not in melds(
        one_edge_fan_with_a_neighbour_above(), NO_VETO
    )
