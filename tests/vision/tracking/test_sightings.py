"""Which cards read in the fans of a meld being laid the memory knows well enough to put
back when covered, and which it forgets (``vision.tracking.sightings``)."""

from __future__ import annotations

from tests.vision.layout.fans import det
from tests.vision.tracking.test_lone_cards import lone_slot
from vision.tracking.sightings import Sightings


def test_two_frames_make_a_card_known_beside_a_known_card_and_it_is_not_forgotten():
    # A meld being laid: the 5S seen three frames, then the 6S and 7S two frames each, one
    # step apart along the fan. The 6S lies beside the 5S, the 7S beside the 6S: both are
    # known, put back when covered, and kept past the second after which a card seen too
    # briefly is forgotten. The same two-frame cards with no known card beside them (a
    # fan a hand carries over the table) are neither put back nor kept.
    def play(first_frames: int) -> Sightings:
        sightings = Sightings(match_radius=2.5, forget_s=1.0, min_frames=3)
        cards = [det(card, 400 + 24 * k, 400) for k, card in enumerate(["5S", "6S", "7S"])]
        for frame in range(3):
            seen = [cards[0]] if frame < first_frames else []
            seen += cards[1:] if frame >= 1 else []
            sightings.observe("A", [(lone_slot(d), False) for d in seen], 0.1 * frame)
        return sightings

    laid = play(first_frames=3)
    assert sorted(d.card for d in laid.covered_readings([])) == ["5S", "6S", "7S"]
    laid.forget(2.0, held=[])
    assert sorted(d.card for d in laid.covered_readings([])) == ["5S", "6S", "7S"]

    carried = play(first_frames=0)
    assert carried.covered_readings([]) == []
    carried.forget(2.0, held=[])
    assert carried.items == []


def test_a_card_read_beside_a_remembered_melds_card_is_known():
    # A card read two frames beside a remembered meld's card, in a fan the memory did not
    # match to that meld, is known; read two frames far from it, it is not; and a card
    # read before the meld's card lay beside it (a top card's far corner, read before the
    # next card was laid there) does not become known when it does.
    def known(held_when_read, held_later):
        sightings = Sightings(match_radius=2.5, forget_s=1.0, min_frames=3)
        card = det("9D", 424, 400)
        for frame in range(2):
            sightings.observe("A", [(lone_slot(card), False)], 0.1 * frame, held_when_read)
        sightings.observe("A", [], 0.2, held_later)
        return bool(sightings.covered_readings([]))

    beside, far, itself = (
        [("8D", (400.0, 400.0))],
        [("8D", (400.0, 600.0))],
        [("9D", (400.0, 400.0))],
    )
    assert known(beside, beside)
    assert not known(far, far)
    assert not known([], beside)
    assert not known(itself, itself)  # its own other corner, a card's width off
