"""Two melds laid back to back on one line, their top cards outermost, then a third meld
further on whose first card reads the same as the second meld's top card."""

from __future__ import annotations

from tests.vision.layout.fans import line_slot as slot
from vision.layout.far_ends import resolve_far_ends
from vision.layout.grouping import Chain

S = 20.0
Y = 400.0


def test_a_facing_card_goes_to_the_chain_holding_a_second_top_card():
    # Chain p: a meld whose top card (8C, far corner shown) is its first, then a meld of
    # 3D 4D 5D whose top card 5D is its last; chain q starts with 5D's far corner and ends
    # in its own top card. Each chain's top card shows at its far end, so the facing 5D is
    # neither's first card: it is p's second meld's top card.
    p = Chain(
        (
            slot("8C", 100, 100 - 2.4 * S),
            slot("9C", 100 + 0.6 * S),
            slot("10C", 100 + 1.2 * S),
            slot("JC", 100 + 1.8 * S),
            slot("3D", 100 + 2.6 * S),
            slot("4D", 100 + 3.6 * S),
            slot("5D", 100 + 4.6 * S),
        ),
        (1.0, 0.0),
    )
    q = Chain(
        (
            slot("5D", 100 + 7.0 * S),
            slot("8S", 100 + 8.0 * S),
            slot("8D", 100 + 9.0 * S),
            slot("2S", 100 + 10.0 * S, 100 + 12.4 * S),
        ),
        (1.0, 0.0),
    )
    chains, lone = resolve_far_ends([p, q])
    assert [[s.card for s in c.slots] for c in chains] == [
        ["8C", "9C", "10C", "JC", "3D", "4D", "5D"],
        ["8S", "8D", "2S"],
    ]
    assert len(chains[0].slots[-1].detections) == 2
    assert lone == []
