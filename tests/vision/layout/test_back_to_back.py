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


def test_a_top_card_at_the_far_end_of_two_melds_in_line_says_nothing_of_the_facing_end():
    # Held-out still 000015: a hearts run whose top card 8H is its first card, then a
    # clubs run laid in line whose top card 4C (far corner shown) ends the chain. The
    # 8H's far corner lies before it, on the line, beside another meld's AD. The 4C says
    # the chain's far end is a top card, not that its head (the 8H) is a bottom card: the
    # chain holds two melds, so the far corner is the 8H's, and the AD is left alone.
    step = 0.6 * S
    p = Chain((slot("AD", 100), slot("8H", 100 + 1.4 * S)), (1.0, 0.0))
    hearts = ["8H", "9H", "10H", "JH", "QH", "KH", "2C"]
    x0 = 100 + 1.4 * S + 2.4 * S
    q = Chain(
        (
            *(slot(card, x0 + k * step) for k, card in enumerate(hearts)),
            *(slot(card, x0 + (7.3 + k) * step) for k, card in enumerate(["7C", "6C", "5C"])),
            slot("4C", x0 + 10.3 * step, x0 + 10.3 * step + 2.4 * S),
        ),
        (1.0, 0.0),
    )
    chains, lone = resolve_far_ends([p, q])
    assert [[s.card for s in c.slots] for c in chains] == [[*hearts, "7C", "6C", "5C", "4C"]]
    assert len(chains[0].slots[0].detections) == 2  # the 8H with its far corner
    assert [s.card for s in lone] == ["AD"]
