"""Deck styles: every style draws every card with its indices; the image deck is optional."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from vision.synth import faces, glyphs, styles
from vision.synth.faces import CARD_H, CARD_W, get_face
from vision.synth.styles import PROCEDURAL_STYLES, get_style, jittered_style, select_styles
from vision.types import CARD_LABELS


@pytest.mark.parametrize("style", [s.name for s in PROCEDURAL_STYLES])
def test_each_face_prints_indices_in_opposite_corners(style: str) -> None:
    st = get_style(style)
    for card in ("AS", "10H", "QC", "JK"):
        face = get_face(st, card)
        corners = {ink.corner: ink for ink in face.indices}
        assert {"tl", "br"} <= set(corners)
        assert len(corners) == (4 if st.four_corner else 2)
        tl, br = corners["tl"].hull_xy, corners["br"].hull_xy
        # top-left ink in the top-left quarter, its 180° copy in the bottom-right quarter
        assert tl[:, 0].max() < CARD_W / 2 and tl[:, 1].max() < CARD_H / 2
        assert br[:, 0].min() > CARD_W / 2 and br[:, 1].min() > CARD_H / 2
        assert np.allclose(np.sort(CARD_W - br[:, 0]), np.sort(tl[:, 0]), atol=1.5)


def test_index_ink_is_really_drawn_inside_its_hull() -> None:
    face = get_face(get_style("classic"), "7C")
    tl = face.indices[0].hull_xy
    x1, y1 = tl.min(0).astype(int)
    x2, y2 = np.ceil(tl.max(0)).astype(int)
    crop = face.image_bgr[y1:y2, x1:x2].astype(int)
    assert (crop.min(axis=2) < 100).mean() > 0.2  # dark ink fills much of its box
    outside = face.image_bgr[y2 + 2 : y2 + 8, x1:x2].astype(int)
    assert (outside.min(axis=2) < 100).mean() < 0.05  # and little just below it


def test_missing_image_deck_is_skipped(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(styles, "LETELE_DIR", tmp_path / "absent")
    assert "letele" not in styles.all_style_names()
    with pytest.raises(KeyError):
        get_style("letele")


def test_image_deck_reads_faces_and_index_boxes(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import cv2

    img = np.full((350, 250, 4), 255, np.uint8)
    img[13:77, 11:34, :3] = 0  # a dark "index" where the box says
    for name in ("AS", "JK1", "back1"):
        cv2.imwrite(str(tmp_path / f"{name}.png"), img)
    boxes = {"AS": {"top_left": [0.04, 0.03, 0.14, 0.23], "bottom_right": None}}
    (tmp_path / "index_boxes.json").write_text(json.dumps({"boxes": boxes}))
    monkeypatch.setattr(styles, "LETELE_DIR", tmp_path)
    faces._CACHE.clear()
    st = get_style("letele")
    face = get_face(st, "AS")
    assert [ink.corner for ink in face.indices] == ["tl"]
    hull = face.indices[0].hull_xy
    assert np.allclose(hull.min(0), (11, 13), atol=1) and np.allclose(hull.max(0), (34, 77), atol=1)
    assert get_face(st, "JK").indices == ()  # no box given: nothing to label
    faces._CACHE.clear()


def test_style_selection() -> None:
    assert "heldout" not in select_styles(None, None)
    assert select_styles(["heldout"], None) == ("heldout",)
    assert "classic" not in select_styles(None, ["classic"])
    with pytest.raises(KeyError):
        select_styles(["nope"], None)
    assert len(CARD_LABELS) == 53


@pytest.mark.parametrize("variant", [0, 3, 6])
@pytest.mark.parametrize("style", [s.name for s in PROCEDURAL_STYLES])
def test_nothing_else_is_printed_right_next_to_an_index(style: str, variant: int) -> None:
    # pips, pictures and borders keep clear of the index, as on real cards, so the index
    # box holds the index alone (in every printing variant of the style)
    import cv2

    st = jittered_style(get_style(style), variant)
    for card in ("AS", "7S", "8H", "10D", "KC", "QH", "JD"):
        face = get_face(st, card)
        for ink in face.indices:
            hull = np.zeros((CARD_H, CARD_W), np.uint8)
            cv2.fillPoly(hull, [np.round(ink.hull_xy).astype(np.int32)], 1)
            ring = cv2.dilate(hull, np.ones((7, 7), np.uint8)) - cv2.dilate(hull, np.ones((3, 3)))
            ring &= face.alpha > 250  # on the card, not past its rounded corner
            dark = face.image_bgr.min(axis=2) < 120
            assert dark[ring > 0].mean() < 0.02, (style, card, ink.corner)


def test_style_variants_are_stable_and_differ() -> None:
    base = get_style("classic")
    a, b = jittered_style(base, 2), jittered_style(base, 2)
    assert a == b and a.name == "classic~2"
    assert jittered_style(base, 0) is base
    assert jittered_style(base, 5).rank_h_frac != a.rank_h_frac


def test_every_swap_font_prints_every_rank() -> None:
    # a face missing a glyph would print a blank or a box where the index should be
    from vision.synth.glyphs import text_mask

    for font in styles.SWAP_FONTS:
        for rank in ("A", "2", "7", "10", "J", "Q", "K"):
            ink = text_mask(rank, font)
            assert ink.shape[0] > 60 and (ink > 0.5).mean() > 0.1, (font, rank)


def test_font_swaps_spare_the_held_out_face() -> None:
    """The held-out style measures a face never trained on (rule of the evaluation set):
    it is never swapped, and no training block is printed in its face."""
    rng = np.random.default_rng(3)
    held = get_style("heldout")
    for k in range(8):
        variant = jittered_style(held, k)
        assert styles.with_swapped_font(variant, rng).font == held.font
    assert held.font not in styles.SWAP_FONTS
    seen = set()
    for name in select_styles(None, None):
        for _ in range(40):
            seen.add(styles.with_swapped_font(get_style(name), rng).font)
    assert held.font not in seen
    assert len(seen & set(styles.SWAP_FONTS)) >= 10  # the swaps do reach most faces


def test_held_out_renders_do_not_change_with_font_swaps(monkeypatch: pytest.MonkeyPatch) -> None:
    # the swap never touches the held-out style, so its renders stay the ones earlier models
    # were measured on; the same switch does change a training style's renders
    from vision.synth.dataset import SynthConfig, render_sample

    def renders(style: str, share: float) -> list[np.ndarray]:
        monkeypatch.setattr(styles, "FONT_SWAP_SHARE", share)
        cfg = SynthConfig(seed=999, size_wh=(320, 180), styles=(style,))
        return [render_sample(cfg, i).image_bgr for i in (0, 8, 16, 24)]

    for a, b in zip(renders("heldout", 0.0), renders("heldout", 1.0), strict=True):
        assert np.array_equal(a, b)
    changed = [
        not np.array_equal(a, b)
        for a, b in zip(renders("classic", 0.0), renders("classic", 1.0), strict=True)
    ]
    assert any(changed)


PrintChange = Callable[[styles.DeckStyle, np.random.Generator, float], styles.DeckStyle]


def _spares_old_datasets_and_the_held_out_style(change: PrintChange, rng_seed: int) -> None:
    """A training-only change of a deck's print: at share 0 (the default) the style as it
    is and nothing drawn, so later draws match and older sets render as before; the
    held-out style never changes, so its print stays one no training render used."""
    rng = np.random.default_rng(rng_seed)
    before = rng.bit_generator.state
    classic = get_style("classic")
    assert change(classic, rng, 0.0) is classic
    assert rng.bit_generator.state == before
    for k in range(8):
        held = jittered_style(get_style("heldout"), k)
        assert change(held, rng, 1.0) is held


def test_suit_shape_swaps_spare_old_datasets_the_held_out_style_and_font_suits() -> None:
    _spares_old_datasets_and_the_held_out_style(styles.with_swapped_suit_shapes, 4)
    rng = np.random.default_rng(4)
    bridge = get_style("bridge")
    assert bridge.suit_kind == "font"
    assert styles.with_swapped_suit_shapes(bridge, rng, 1.0) is bridge


def test_suit_shape_swaps_reach_every_drawn_shape_in_the_decks_own_colours() -> None:
    """A black club of the four-colour deck's shape (green there) is what the swaps add."""
    rng = np.random.default_rng(5)
    seen: dict[str, set[int]] = {}
    for name in ("classic", "fourcolor", "vintage"):
        base = get_style(name)
        for _ in range(30):
            swapped = styles.with_swapped_suit_shapes(base, rng, 0.5)
            seen.setdefault(name, set()).add(swapped.suit_variant)
            assert swapped.colors == base.colors
            if swapped is not base:  # its own name: faces are cached by style name
                assert swapped.name != base.name and swapped.suit_variant != base.suit_variant
    assert all(v == set(range(styles.DRAWN_SUIT_VARIANTS)) for v in seen.values())
    four = get_style("fourcolor")
    classic = get_style("classic")
    swaps = [styles.with_swapped_suit_shapes(classic, rng, 1.0) for _ in range(20)]
    black_club_of_its_shape = [s for s in swaps if s.suit_variant == four.suit_variant]
    assert black_club_of_its_shape and black_club_of_its_shape[0].colors["C"] == styles.BLACK


def _top_right_corner_ink(mask: np.ndarray) -> float:
    """Share of the glyph's top-right corner inked: a bar ends there in a square corner, a
    round top curves away from it."""
    h, w = mask.shape
    return float((mask[: max(1, int(0.08 * h)), int(0.88 * w) :] > 0.5).mean())


@pytest.mark.parametrize("font", ["sans", "serif", "times_bold", "helvetica_narrow_bold"])
def test_a_flat_topped_three_has_a_bar_on_top_over_the_faces_own_lower_bowl(font: str) -> None:
    """Many real decks print the 3 with a flat top; every bundled face draws it round."""
    round_three = glyphs.text_mask("3", font)
    flat = glyphs.flat_top_three(font)
    assert flat.shape == round_three.shape
    assert _top_right_corner_ink(flat) > 0.7 and _top_right_corner_ink(round_three) < 0.1
    lower = slice(round_three.shape[0] * 2 // 3, None)
    assert np.array_equal(flat[lower], round_three[lower])


def test_flat_threes_spare_old_datasets_the_held_out_style_and_other_ranks() -> None:
    _spares_old_datasets_and_the_held_out_style(styles.with_flat_three, 6)
    rng = np.random.default_rng(6)
    classic = get_style("classic")
    flat = styles.with_flat_three(classic, rng, 1.0)
    assert flat.flat_three and flat.name != classic.name  # faces are cached by style name
    assert not np.array_equal(get_face(flat, "3S").image_bgr, get_face(classic, "3S").image_bgr)
    for card in ("5S", "8H", "AD"):
        assert np.array_equal(get_face(flat, card).image_bgr, get_face(classic, card).image_bgr)
