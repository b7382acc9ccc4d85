"""Card faces and backs as images in card pixel coordinates, with where their indices are.

A face is drawn once per (style, card, variant) at ``CARD_W`` x ``CARD_H`` and cached per
process with a small mip pyramid, so scenes only warp ready images. Each printed index
comes with the convex hull of its ink, which the renderer transforms to get label boxes
and visibility.
"""

from __future__ import annotations

import json
import zlib
from collections import OrderedDict
from dataclasses import dataclass

import cv2
import numpy as np

from vision.synth.art import draw_back, draw_court, draw_joker_art, draw_pips
from vision.synth.glyphs import fit, flat_top_three, iround, stamp, suit_mask, text_mask
from vision.synth.styles import BGR, DeckStyle

CARD_W, CARD_H = 250, 350  # canonical face size in pixels (63 x 88 mm aspect)
JOKER_COLORS: tuple[BGR, BGR] = ((40, 30, 200), (25, 25, 25))


@dataclass(frozen=True, eq=False)
class IndexInk:
    """One printed corner index: ``corner`` is tl/br/tr/bl; points are in card pixels."""

    corner: str
    hull_xy: np.ndarray  # (N, 2) float32 convex hull of the ink
    top_mid_xy: tuple[float, float]  # ends of its upright axis, to measure its height
    bottom_mid_xy: tuple[float, float]


@dataclass(frozen=True, eq=False)
class CardFace:
    image_bgr: np.ndarray  # (CARD_H, CARD_W, 3) uint8
    alpha: np.ndarray  # (CARD_H, CARD_W) uint8, 0 outside the rounded corners
    indices: tuple[IndexInk, ...]
    levels: tuple[tuple[np.ndarray, np.ndarray], ...]  # halved copies for far cameras


def _seed(*parts: object) -> int:
    return zlib.crc32("|".join(map(str, parts)).encode())


def _rounded_alpha(radius_px: int) -> np.ndarray:
    a = np.zeros((CARD_H * 4, CARD_W * 4), np.uint8)
    r = radius_px * 4
    cv2.rectangle(a, (r, 0), (CARD_W * 4 - r - 1, CARD_H * 4 - 1), 255, -1)
    cv2.rectangle(a, (0, r), (CARD_W * 4 - 1, CARD_H * 4 - r - 1), 255, -1)
    for cx, cy in ((r, r), (CARD_W * 4 - r - 1, r), (r, CARD_H * 4 - r - 1)):
        cv2.circle(a, (cx, cy), r, 255, -1)
    cv2.circle(a, (CARD_W * 4 - r - 1, CARD_H * 4 - r - 1), r, 255, -1)
    return cv2.resize(a, (CARD_W, CARD_H), interpolation=cv2.INTER_AREA).astype(np.float32) / 255


def _index_patch(style: DeckStyle, card: str, variant: int) -> tuple[np.ndarray, BGR]:
    """The index ink (rank over suit, or the joker mark) as one mask, with its colour."""
    rh = style.rank_h_frac * CARD_H
    if card == "JK":
        color = JOKER_COLORS[variant % 2]
        if style.joker_design == "letters":
            letters = [text_mask(ch, style.font) for ch in "JOKER"]
            lh = rh * 0.55
            parts = [fit(m, lh * m.shape[1] / m.shape[0], lh) for m in letters]
            return _stack(parts, gap=lh * 0.15), color
        star = text_mask("\u2605", "sans_regular")
        if style.joker_design == "star":
            return fit(star, rh * 1.1 * star.shape[1] / star.shape[0], rh * 1.1), color
        j = text_mask("J", style.font)
        parts = [fit(j, rh * j.shape[1] / j.shape[0], rh), fit(star, rh * 0.8, rh * 0.8)]
        return _stack(parts, gap=rh * 0.15), color
    rank, suit = card[:-1], card[-1]
    glyph = flat_top_three(style.font) if rank == "3" and style.flat_three else None
    rm = _weighted(text_mask(rank, style.font) if glyph is None else glyph, style.rank_weight)
    rw = rh * rm.shape[1] / rm.shape[0] * (style.ten_squeeze if rank == "10" else 1.0)
    rw *= style.rank_w_scale
    sm = suit_mask(suit, style.suit_kind, style.suit_variant)
    sh = rh * style.suit_h_ratio
    parts = [fit(rm, rw, rh), fit(sm, sh * sm.shape[1] / sm.shape[0], sh)]
    return _stack(parts, gap=rh * style.gap_ratio), style.colors[suit]


def _weighted(mask: np.ndarray, weight: float) -> np.ndarray:
    """Thicker (weight > 0) or thinner (< 0) strokes, as different printings of one font."""
    r = iround(abs(weight) * 6)  # in pixels of the 160 px master glyph
    if r == 0:
        return mask
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))
    return cv2.dilate(mask, k) if weight > 0 else cv2.erode(mask, k)


def _stack(parts: list[np.ndarray], gap: float) -> np.ndarray:
    w = max(p.shape[1] for p in parts)
    g = iround(gap)
    h = sum(p.shape[0] for p in parts) + g * (len(parts) - 1)
    out = np.zeros((h, w), np.float32)
    y = 0
    for p in parts:
        x = (w - p.shape[1]) // 2
        out[y : y + p.shape[0], x : x + p.shape[1]] = np.maximum(
            out[y : y + p.shape[0], x : x + p.shape[1]], p
        )
        y += p.shape[0] + g
    return out


def _hull(mask: np.ndarray, x0: float, y0: float) -> np.ndarray:
    ys, xs = np.nonzero(mask > 0.3)
    pts = np.stack([xs, ys], 1).astype(np.float32)
    # pixel squares, not centres: take all four corners so the hull covers the ink
    offsets = np.float32([[0, 0], [1, 0], [0, 1], [1, 1]])
    corners = np.concatenate([pts + d for d in offsets]).astype(np.float32)
    hull = cv2.convexHull(corners).reshape(-1, 2)
    return hull + np.float32([x0, y0])


def _index_xy(style: DeckStyle, patch: np.ndarray) -> tuple[int, int]:
    """Top-left of the top-left index: where the style asks, but clear of the card's edge
    and inside its printed border."""
    pw = patch.shape[1]
    mx, my = int(0.035 * CARD_W), int(0.025 * CARD_H)
    if style.border is not None:
        inset, thick, _ = style.border
        inner = int(inset * CARD_W) + thick + 4
        mx, my = max(mx, inner), max(my, inner)
    x = max(mx, iround(style.index_x_frac * CARD_W - pw / 2))
    y = max(my, iround(style.index_y_frac * CARD_H))
    return x, y


def _place_indices(
    img: np.ndarray, style: DeckStyle, patch: np.ndarray, color: BGR
) -> list[IndexInk]:
    ph, pw = patch.shape
    x, y = _index_xy(style, patch)
    spots = [("tl", x, y, False), ("br", CARD_W - x - pw, CARD_H - y - ph, True)]
    if style.four_corner:
        spots += [("tr", CARD_W - x - pw, y, False), ("bl", x, CARD_H - y - ph, True)]
    inks = []
    for corner, px, py, flipped in spots:
        m = patch[::-1, ::-1] if flipped else patch
        stamp(img, m, px, py, color)
        top, bottom = (px + pw / 2, py), (px + pw / 2, py + ph)
        if flipped:
            top, bottom = bottom, top
        inks.append(IndexInk(corner, _hull(m, px, py), top, bottom))
    return inks


def _draw_face(style: DeckStyle, card: str, variant: int) -> tuple[np.ndarray, list[IndexInk]]:
    img = np.empty((CARD_H, CARD_W, 3), np.float32)
    img[:] = style.paper_bgr
    if style.border is not None:
        inset, thick, col = style.border
        m = int(inset * CARD_W)
        cv2.rectangle(img, (m, m), (CARD_W - m, CARD_H - m), col, thick, cv2.LINE_AA)
    seed = _seed(style.name, card, variant)
    patch, color = _index_patch(style, card, variant)
    # pips and pictures keep a gap from the index, as printed cards do
    clear_x = _index_xy(style, patch)[0] + patch.shape[1] + int(0.03 * CARD_W)
    if card == "JK":
        draw_joker_art(img, style, JOKER_COLORS[variant % 2], seed)
    elif card[:-1] in ("J", "Q", "K"):
        draw_court(img, style, card[:-1], card[-1], seed, clear_x)
    else:
        draw_pips(img, style, card[:-1], card[-1], clear_x)
    inks = _place_indices(img, style, patch, color)
    return img, inks


def _levels(img: np.ndarray, alpha: np.ndarray) -> tuple[tuple[np.ndarray, np.ndarray], ...]:
    out = [(img, alpha)]
    for _ in range(3):
        img, alpha = cv2.pyrDown(img), cv2.pyrDown(alpha)
        out.append((img, alpha))
    return tuple(out)


def _finish(img: np.ndarray, alpha: np.ndarray, inks: list[IndexInk]) -> CardFace:
    # a card's cut edge reads as a thin darker rim against the table and other cards
    rim = alpha - cv2.erode(alpha, np.ones((3, 3), np.uint8), iterations=2)
    img = img * (1.0 - 0.22 * np.clip(rim, 0, 1))[..., None]
    u8 = np.clip(img, 0, 255).astype(np.uint8)
    a8 = np.clip(alpha * 255.0 + 0.5, 0, 255).astype(np.uint8)  # a quarter of the memory
    return CardFace(u8, a8, tuple(inks), _levels(u8, a8))


_CACHE: OrderedDict[tuple[str, str, int], CardFace] = OrderedDict()
_CACHE_MAX = 240  # about 0.45 MB each: all faces of four styles


def get_face(style: DeckStyle, card: str, variant: int = 0) -> CardFace:
    """The face of ``card`` ("QH", "10S", "JK") or "BACK" in ``style``; cached."""
    variant = variant % 2 if card in ("JK", "BACK") else 0  # only these differ per copy
    key = (style.name, card, variant)
    face = _CACHE.get(key)
    if face is None:
        face = _build(style, card, variant)
        _CACHE[key] = face
        if len(_CACHE) > _CACHE_MAX:
            _CACHE.popitem(last=False)
    else:
        _CACHE.move_to_end(key)
    return face


def _build(style: DeckStyle, card: str, variant: int) -> CardFace:
    radius = int(style.corner_radius_frac * CARD_W)
    if style.image_dir is not None:
        return _image_face(style, card, variant)
    alpha = _rounded_alpha(radius)
    if card == "BACK":
        img = np.empty((CARD_H, CARD_W, 3), np.float32)
        draw_back(img, style.backs[variant], radius)
        return _finish(img, alpha, [])
    img, inks = _draw_face(style, card, variant)
    return _finish(img, alpha, inks)


def _image_face(style: DeckStyle, card: str, variant: int) -> CardFace:
    """A face from the PNG image deck, with index boxes from its ``index_boxes.json``."""
    assert style.image_dir is not None
    name = f"back{variant + 1}" if card == "BACK" else f"JK{variant + 1}" if card == "JK" else card
    rgba = cv2.imread(str(style.image_dir / f"{name}.png"), cv2.IMREAD_UNCHANGED)
    if rgba is None:
        raise FileNotFoundError(style.image_dir / f"{name}.png")
    rgba = cv2.resize(rgba, (CARD_W, CARD_H), interpolation=cv2.INTER_AREA)
    if rgba.ndim == 2:
        rgba = cv2.cvtColor(rgba, cv2.COLOR_GRAY2BGRA)
    if rgba.shape[2] == 4:
        alpha = rgba[:, :, 3].astype(np.float32) / 255.0
        img = rgba[:, :, :3].astype(np.float32)
        img = img * alpha[..., None] + 255.0 * (1 - alpha[..., None])  # no dark fringes
    else:
        alpha = _rounded_alpha(int(0.06 * CARD_W))
        img = rgba.astype(np.float32)
    inks: list[IndexInk] = []
    if card != "BACK":
        for corner, box in _letele_boxes(style, name):
            inks.append(_ink_from_box(img, corner, box))
    return _finish(img, alpha, inks)


def _letele_boxes(style: DeckStyle, name: str) -> list[tuple[str, list[float]]]:
    assert style.image_dir is not None
    data = json.loads((style.image_dir / "index_boxes.json").read_text())
    data = data.get("boxes", data)
    entry = data.get(name, data.get(name.rstrip("12")) if name.startswith("JK") else None)
    if entry is None:
        return []
    if isinstance(entry, dict):
        keys = {"tl": ("tl", "top_left", "topleft"), "br": ("br", "bottom_right", "bottomright")}
        out = []
        for corner, names in keys.items():
            for k in names:
                if entry.get(k) is not None:
                    out.append((corner, list(entry[k])))
                    break
        return out
    return [(c, list(b)) for c, b in zip(("tl", "br"), entry, strict=False) if b is not None]


def _ink_from_box(img: np.ndarray, corner: str, box: list[float]) -> IndexInk:
    x1, y1 = box[0] * CARD_W, box[1] * CARD_H
    x2, y2 = box[2] * CARD_W, box[3] * CARD_H
    xi1, yi1, xi2, yi2 = int(x1), int(y1), int(np.ceil(x2)), int(np.ceil(y2))
    region = img[yi1:yi2, xi1:xi2]
    ink = (255.0 - region.min(axis=2)) / 255.0 if region.size else np.zeros((1, 1), np.float32)
    if region.size and (ink > 0.3).sum() >= 4:
        hull = _hull(ink, xi1, yi1)
    else:
        hull = np.float32([[x1, y1], [x2, y1], [x2, y2], [x1, y2]])
    top, bottom = ((x1 + x2) / 2, y1), ((x1 + x2) / 2, y2)
    if corner == "br":
        top, bottom = bottom, top
    return IndexInk(corner, hull.astype(np.float32), top, bottom)
