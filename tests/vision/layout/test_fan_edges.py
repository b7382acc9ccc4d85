"""A four-index deck's fan shows two edges, and its top card's far corners lie on them: a
reading of an end card's label off both edges is another card, not that card's corner."""

from __future__ import annotations

from tests.vision.layout.fans import det, fan
from vision.layout import build_layout

SIZE = (1280, 720)
S = 20.0


def test_a_same_label_card_beside_a_four_index_fan_is_not_its_far_corner():
    cards = ["5S", "6S", "7S", "8S", "9S"]
    meld = fan(cards, 300, 420, s=S, four_corner=True)
    first_mid_y = 420 + S * 2.75  # halfway between the first card's two indices
    # another 5S lying diagonally off the fan's head, as a two-index far corner would
    stranger = det("5S", 300 + S * (0.45 - 2.0), first_mid_y + S * 4.0, S)
    layout = build_layout([*meld, stranger], SIZE)
    assert [list(m.cards) for m in layout.zone("A").melds] == [cards]
    assert [s.card for s in layout.zone("A").loose] == ["5S"]
