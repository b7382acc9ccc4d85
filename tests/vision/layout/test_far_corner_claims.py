"""A reading that could be a top card's far corner, and the evidence that says it is not:
the fan's steps, the deck's kind, and a nearer copy of the card."""

from __future__ import annotations

from tests.vision.layout.fans import det, fan
from tests.vision.layout.fans import line_slot as slot
from vision.layout import build_layout
from vision.layout.dedup import pair_second_indices
from vision.layout.far_ends import resolve_far_ends
from vision.layout.grouping import Chain

S = 20.0
Y = 400.0
CARD = 2.4 * S  # a card's near index to its far corner on the line


def test_the_facing_card_a_fan_step_on_from_its_fan_is_that_fans_card():
    # 3S 4S 5S 6S at one index height a card, then 6S's far corner a card on; further on a
    # lone QC read at its near and far corner (the cards under it hidden). The facing 6S
    # carries the spades on at their step; the QC chain's cards lie too far apart for a
    # fan, so nothing makes its head a card of its own (held-out still 000031).
    spades = Chain(
        tuple(slot(card, 100 + k * S) for k, card in enumerate(["3S", "4S", "5S", "6S"])),
        (1.0, 0.0),
    )
    six_far = 100 + 3 * S + CARD
    clubs = Chain(
        (slot("6S", six_far), slot("QC", six_far + 3.5 * S), slot("QC", six_far + 3.5 * S + CARD)),
        (1.0, 0.0),
    )
    # a fan elsewhere whose top card is its first: the guide a guess would follow
    row = Y + 120
    hearts = Chain(
        (
            slot("8H", 100, 100 - CARD, y=row),
            slot("9H", 100 + S, y=row),
            slot("10H", 100 + 2 * S, y=row),
        ),
        (1.0, 0.0),
    )
    chains, lone = resolve_far_ends([spades, clubs, hearts])
    cards = [[s.card for s in c.slots] for c in chains]
    assert cards[:2] == [["3S", "4S", "5S", "6S"], ["QC", "QC"]]
    six = chains[0].slots[-1]
    assert len(six.detections) == 2
    assert six.center_xy[0] == 100 + 3 * S  # the card keeps its place, not its corner's
    assert lone == []


def test_a_copy_on_a_two_index_fans_line_is_no_far_corner():
    # A set laid leftwards, its top card AS first (its far corner out beyond it), in a
    # deck printing two indices a card: such a card's far corner lies diagonally across
    # it, never on its fan's line. Further along the line lie another AH and a 3C (the
    # discard pile): that AH is a card of its own, and the set keeps its AH (validation
    # still 000008 of val23).
    dets = fan(["AH", "AD", "AS"], 300, Y, s=S, angle_deg=180)
    line_y = dets[0].center_xy[1]
    ah_x = max(d.center_xy[0] for d in dets if d.card == "AH")
    dets += [det("AH", ah_x + 5 * S, line_y, S), det("3C", ah_x + 6.7 * S, line_y, S)]
    layout = build_layout(dets, (1280, 720))
    melds = [m.cards for z in layout.zones.values() for m in z.melds]
    assert ("AS", "AD", "AH") in melds
    loose = sorted(s.card for z in layout.zones.values() for s in z.loose)
    assert loose == ["3C", "AH"]


def test_a_loose_card_read_at_both_corners_keeps_them_from_a_fans_end():
    # JC QC KC down a column, KC last; a loose KC above and to the left, read at its two
    # corners. Its nearer corner lies back across the fan's end, where a far corner of a
    # card lying back across a fan would touch it; but its own other corner lies nearer
    # still: the two are that loose card, and the column keeps its KC (validation still
    # 000006 of val40, a jumbo deck whose sideways indices made the reach too long).
    dets = fan(["JC", "QC", "KC"], 400, 300, s=S, vertical=True, second_index=False)
    kc_x, kc_y = dets[-1].center_xy
    near = (kc_x - 4.0 * S, kc_y - 5.5 * S)
    dets += [det("KC", *near, S), det("KC", near[0] - 3.0 * S, near[1] - 3.5 * S, S)]
    layout = build_layout(dets, (1280, 720))
    melds = [m.cards for z in layout.zones.values() for m in z.melds]
    assert ("JC", "QC", "KC") in melds
    loose = [s for z in layout.zones.values() for s in z.loose]
    assert [(s.card, len(s.detections)) for s in loose] == [("KC", 2)]


def test_a_chain_stepping_wider_than_a_fan_gives_its_end_to_a_lone_copy():
    # Three readings on a line 2.5 and 1.9 index heights apart (no fan lays cards that
    # far apart: a loose four-index card's two corners and another card's index), and two
    # lone copies of the first behind it, nearer each other than to it. The chain's end
    # is taken as one of the lone card's corners, as before any nearer copy was weighed
    # (held-out still 000033: one loose 3D read at four corners, none of it a meld).
    readings = (slot("3D", 100), slot("3D", 100 + 2.5 * S), slot("8S", 100 + 4.4 * S))
    chain = Chain(readings, (1.0, 0.0))
    lone = [slot("3D", 100 + 1.5 * S, y=Y + 4 * S), slot("3D", 100 + 4.0 * S, y=Y + 4 * S)]
    chains, singles = pair_second_indices([chain], lone)
    assert [[s.card for s in c.slots] for c in chains] == [["3D", "8S"]]
    assert sorted(len(s.detections) for s in singles if s.card == "3D")[-1] >= 2


def test_lone_copies_in_a_four_index_deck_do_not_hold_a_fans_end_back():
    # The same lone pair beside a fan's end, in a deck printing four corners: a loose
    # card may show any of its four, so two lone readings near each other say nothing of
    # a third, and the fan's end stays claimable as before (held-out clip 7032, whose AD
    # read AH at some corners gained a fourth card otherwise).
    fan_slots = tuple(slot(card, 100 + k * 1.2 * S) for k, card in enumerate(["JC", "QC", "KC"]))
    end_x = 100 + 2.4 * S
    near = slot("KC", end_x - 2.0 * S, y=Y + 4.0 * S)
    other = slot("KC", end_x - 2.0 * S + 2.5 * S, y=Y + 4.0 * S + 1.0 * S)
    for four_index, kept in ((False, 3), (True, 2)):
        fan_chain = Chain(fan_slots, (1.0, 0.0))
        chains, _ = pair_second_indices([fan_chain], [near, other], four_index=four_index)
        assert [len(c.slots) for c in chains] == [kept]


def _facing_runs(far_card: str) -> tuple[Chain, Chain]:
    """QC KC AC and then a reading of ``far_card`` one step on; a card's length further
    along the line, ``far_card`` again heading 4H 3H 2H at the same step. Both chains step
    evenly and no top card shows which end is whose, so only the cards can tell."""
    clubs = Chain(
        tuple(slot(card, 100 + k * S) for k, card in enumerate(["QC", "KC", "AC", far_card])),
        (1.0, 0.0),
    )
    head = 100 + 3 * S + CARD
    hearts = Chain(
        tuple(slot(card, head + k * S) for k, card in enumerate([far_card, "4H", "3H", "2H"])),
        (1.0, 0.0),
    )
    return clubs, hearts


def test_the_facing_card_goes_with_the_fan_its_suit_and_rank_carry_on():
    # The 5H carries 4H 3H 2H on (one suit, the next rank) and not QC KC AC: it is the
    # hearts run's top card, and the reading past the clubs is its far corner (held-out
    # still 000096, where the guess from the fans around gave the 5H to the clubs).
    chains, lone = resolve_far_ends(list(_facing_runs("5H")))
    assert [[s.card for s in c.slots] for c in chains] == [
        ["QC", "KC", "AC"],
        ["5H", "4H", "3H", "2H"],
    ]
    assert len(chains[1].slots[0].detections) == 2
    assert lone == []


def test_a_facing_card_that_carries_neither_fan_on_is_left_to_the_guess():
    # A 9S is of neither fan: the cards say nothing, and the guess decides as before
    # (with no fan around to follow, the first chain's top card is its last).
    chains, _ = resolve_far_ends(list(_facing_runs("9S")))
    assert [[s.card for s in c.slots] for c in chains] == [
        ["QC", "KC", "AC", "9S"],
        ["4H", "3H", "2H"],
    ]
