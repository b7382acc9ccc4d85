"""Two melds laid end to end on one line, the second's first index closer to the first
meld's last index than to its own next card. Its only link was back to the first meld (each
index links to the cards nearest it), so the line cut it off as a loose card and the second
meld was read a card short (clip 8098: 7H JK 9H, then 4S 4H 4S). One frame reads the two
as one fan; the hand's memory parts it between the meld it remembers and the new one."""

from __future__ import annotations

from dataclasses import replace

from tests.vision.layout.fans import fan
from vision.layout import build_layout
from vision.layout.build import LayoutParams

SIZE = (1280, 720)
S = 27.0


def end_to_end() -> list:
    first = fan(["7H", "JK", "9H"], 400, 500, s=S, step=0.85, second_index=False)
    # the second meld starts 0.4 index heights past the first's last index; its own
    # steps are a full index height, the last a little shorter
    x0 = 400 + 2 * 0.85 * S + 0.4 * S
    second = fan(["4S", "4H"], x0, 500, s=S, step=1.0, second_index=False)
    second += fan(["4D"], x0 + 1.95 * S, 500, s=S, second_index=False)
    return first + second


def read(layout) -> set[tuple[str, ...]]:
    return {min(m.cards, m.cards[::-1]) for m in layout.zone("A").melds}


ALL_SIX = ("4D", "4H", "4S", "9H", "JK", "7H")


def test_a_meld_laid_against_another_keeps_its_first_card():
    layout = build_layout(end_to_end(), SIZE)
    assert read(layout) == {ALL_SIX}


def test_without_the_sure_link_the_first_card_is_cut_off():
    # The same table with indices a step apart no longer linked for their distance alone:
    # shows that the case above needs the rule, so the test above can fail.
    params = LayoutParams()
    params = replace(params, grouping=replace(params.grouping, sure_link=0.0))
    layout = build_layout(end_to_end(), SIZE, params=params)
    assert ALL_SIX not in read(layout)
