"""A meld that runs off the camera's view is flagged (``desktop.frame_edge``)."""

from __future__ import annotations

from desktop.frame_edge import NEXT_INDEX_CUT, end_off_frame
from desktop.table_reading import read_table
from engine import get_preset
from tests.vision.layout.fans import fan
from vision.layout import build_layout
from vision.layout.types import MeldGroup, Slot

SIZE = (1280, 720)
S = 20.0


def line(*centres: tuple[float, float]) -> MeldGroup:
    return MeldGroup(tuple(Slot(f"{k + 3}H", 0.9, c, S, (), True) for k, c in enumerate(centres)))


def test_a_fan_whose_next_card_would_lie_past_the_frame_is_off_it_at_that_end():
    # a vertical fan stepping 24 px up towards the top edge: the next card past 3H at y=-6
    meld = line((300.0, 18.0), (300.0, 42.0), (300.0, 66.0))
    assert end_off_frame(meld, SIZE) is meld.slots[0]
    # the same fan at the frame's bottom: the next card past its last card
    low = line((300.0, 654.0), (300.0, 678.0), (300.0, 702.0))
    assert end_off_frame(low, SIZE) is low.slots[-1]


def test_a_fan_with_room_for_its_next_card_in_view_is_not():
    assert end_off_frame(line((300.0, 300.0), (324.0, 300.0), (348.0, 300.0)), SIZE) is None


def test_an_index_that_the_edge_would_cut_by_a_quarter_counts_as_off_the_frame():
    # New clip 8171: the run's first card showed half its index at the frame's top and was
    # read as another card. Its next card's centre a fifth of an index inside the edge:
    near = NEXT_INDEX_CUT * S * 0.8
    meld = line((300.0, near + 24.0), (300.0, near + 48.0), (300.0, near + 72.0))
    assert end_off_frame(meld, SIZE) is meld.slots[0]
    clear = NEXT_INDEX_CUT * S * 1.2
    assert end_off_frame(line((300.0, clear + 24.0), (300.0, clear + 48.0)), SIZE) is None


def test_one_card_has_no_step_to_go_by():
    assert end_off_frame(line((2.0, 2.0)), SIZE) is None


def test_the_referee_says_where_a_meld_leaves_the_view():
    rules = get_preset("pagat")
    at_edge = read_table(build_layout(fan(["7C", "8C", "9C"], 1210, 450), SIZE), rules)
    inside = read_table(build_layout(fan(["7C", "8C", "9C"], 600, 450), SIZE), rules)
    (edge_meld,) = at_edge.melds["A"]
    (inside_meld,) = inside.melds["A"]
    said = [f for f in edge_meld.flags if "edge of the camera's view" in f]
    assert said == [
        "team A: meld 7C 8C 9C reaches the edge of the camera's view beyond 9C: a card "
        "there cannot be read; check it"
    ]
    assert said[0] in at_edge.flags
    assert not [f for f in inside_meld.flags if "edge of the camera's view" in f]
    assert edge_meld.to_json()["off_frame_beyond"] == "9C"
    assert "off_frame_beyond" not in inside_meld.to_json()
