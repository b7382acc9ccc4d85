"""Rendered photos of a player's hand, for measuring ``arbitro read --hand A=photo.jpg``."""

from __future__ import annotations

import numpy as np

from vision.synth.hand_photo import render_hand_photo


def test_a_hand_photo_is_the_same_from_the_same_seed_and_index() -> None:
    a, b = render_hand_photo(9100, 4, "classic"), render_hand_photo(9100, 4, "classic")
    assert np.array_equal(a.image_bgr, b.image_bgr) and a.truth == b.truth
    other = render_hand_photo(9100, 5, "classic")
    assert not np.array_equal(a.image_bgr, other.image_bgr)


def test_a_hand_photo_shows_one_hand_whole_and_large() -> None:
    for index in range(6):
        scene = render_hand_photo(9100, index, "bold")
        cards = scene.truth["cards"]
        assert 3 <= len(cards) <= 9
        assert all(c["zone"] == "shown" and c["face_up"] for c in cards)
        quads = np.array([c["quad_px"] for c in cards]).reshape(-1, 2)
        w, h = scene.truth["image_size_wh"]
        assert quads.min() >= 0 and quads[:, 0].max() <= w and quads[:, 1].max() <= h
        # the hand spans much of the frame: a photo taken to be read
        span = quads.max(axis=0) - quads.min(axis=0)
        assert max(span[0] / w, span[1] / h) >= 0.4
