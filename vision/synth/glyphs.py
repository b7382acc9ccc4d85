"""Ink masks for card printing: suit shapes and text, as float32 alpha in [0, 1].

Everything is drawn large once and cached, then resized into place, so small glyphs stay
anti-aliased. Fonts come only from ``assets/fonts`` so renders never depend on the system.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).parent / "assets" / "fonts"
FONT_FILES: dict[str, str] = {
    "sans": "DejaVuSans-Bold.ttf",
    "serif": "DejaVuSerif-Bold.ttf",
    "condensed": "DejaVuSansCondensed-Bold.ttf",
    "serif_condensed": "DejaVuSerifCondensed-Bold.ttf",
    "sans_regular": "DejaVuSans.ttf",
    "stix_bold": "STIXGeneralBol.ttf",
    # printers' faces of the kinds real decks use for their indices (URW base35, Liberation)
    "century_bold": "C059-Bold.otf",
    "palatino_bold": "P052-Bold.otf",
    "times_bold": "NimbusRoman-Bold.otf",
    "bookman_demi": "URWBookman-Demi.otf",
    "helvetica_bold": "NimbusSans-Bold.otf",
    "helvetica_narrow_bold": "NimbusSansNarrow-Bold.otf",
    "gothic_demi": "URWGothic-Demi.otf",
    "liberation_sans_bold": "LiberationSans-Bold.ttf",
    "liberation_serif_bold": "LiberationSerif-Bold.ttf",
}
_BIG = 256  # side of the master suit masks, in pixels
_SUIT_CHARS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


def _aa_fill(canvas: np.ndarray, polys: list[np.ndarray]) -> None:
    for p in polys:
        cv2.fillPoly(canvas, [np.round(p * 16).astype(np.int32)], 255, cv2.LINE_AA, shift=4)


def _circle(canvas: np.ndarray, cx: float, cy: float, r: float) -> None:
    cv2.circle(
        canvas, (iround(cx * 16), iround(cy * 16)), iround(r * 16), 255, -1, cv2.LINE_AA, shift=4
    )


def _line(canvas: np.ndarray, a: tuple[float, float], b: tuple[float, float], width: float) -> None:
    cv2.line(
        canvas,
        (iround(a[0] * 16), iround(a[1] * 16)),
        (iround(b[0] * 16), iround(b[1] * 16)),
        255,
        max(1, iround(width)),
        cv2.LINE_AA,
        shift=4,
    )


def _heart(c: np.ndarray, lobe: float) -> None:
    r = 64.0 * lobe
    _circle(c, 128 - r * 0.92, 84, r)
    _circle(c, 128 + r * 0.92, 84, r)
    pts = np.array([[128 - r * 1.9, 100], [128 + r * 1.9, 100], [128, 252]], np.float32)
    _aa_fill(c, [pts])


@lru_cache(maxsize=32)
def drawn_suit(suit: str, variant: int = 0) -> np.ndarray:
    """A suit shape drawn from circles and polygons; ``variant`` changes its proportions."""
    c = np.zeros((_BIG, _BIG), np.uint8)
    lobe = (1.0, 0.93, 1.06)[variant % 3]
    if suit == "D":
        w = (100, 88, 110)[variant % 3]
        pts = np.array([[128, 2], [128 + w, 128], [128, 254], [128 - w, 128]], np.float32)
        _aa_fill(c, [pts])
    elif suit == "H":
        _heart(c, lobe)
    elif suit == "S":
        h = np.zeros_like(c)
        _heart(h, lobe)
        h = cv2.resize(h[::-1], (_BIG, 200), interpolation=cv2.INTER_AREA)
        c[0:200] = h
        stem = np.array([[128, 140], [84, 254], [172, 254]], np.float32)
        _aa_fill(c, [stem])
    elif suit == "C":
        r = 54.0 * lobe
        _circle(c, 128, 60, r)
        _circle(c, 128 - r * 1.18, 146, r)
        _circle(c, 128 + r * 1.18, 146, r)
        _circle(c, 128, 120, r * 0.6)
        stem = np.array([[128, 110], [88, 254], [168, 254]], np.float32)
        _aa_fill(c, [stem])
    else:
        raise ValueError(f"unknown suit {suit!r}")
    return c.astype(np.float32) / 255.0


@lru_cache(maxsize=512)
def text_mask(text: str, font: str, size_px: int = 160) -> np.ndarray:
    """Tight ink mask of ``text`` in one of the bundled fonts, cropped to its ink."""
    f = ImageFont.truetype(str(FONT_DIR / FONT_FILES[font]), size_px)
    left, top, right, bottom = f.getbbox(text)
    img = Image.new("L", (right - left + 8, bottom - top + 8), 0)
    ImageDraw.Draw(img).text((4 - left, 4 - top), text, fill=255, font=f)
    a = np.asarray(img, np.float32) / 255.0
    return crop_to_ink(a)


@lru_cache(maxsize=32)
def flat_top_three(font: str) -> np.ndarray:
    """The face's "3" printed with a flat top: a bar along the top and a stroke down to
    the waist over the face's own lower bowl, as some decks print it. The two 3s differ
    most where a 5 differs from a 3 (the top), so a model that knows only the round top
    reads a flat-topped 3 as a 5."""
    base = text_mask("3", font)
    h, w = base.shape
    sw = stroke_width(base)
    ink = base > 0.5
    # The waist (where the two bowls meet): the middle row whose ink reaches furthest left.
    middle = range(int(0.38 * h), int(0.6 * h))
    left = {y: int(np.nonzero(ink[y])[0].min()) if ink[y].any() else w for y in middle}
    waist_y = min(left, key=lambda y: (left[y], abs(y - h / 2)))
    out = np.zeros_like(base)
    out[waist_y:] = base[waist_y:]
    top = np.zeros((h, w), np.uint8)
    x_left, x_right = 0.1 * w, w - 1 - 0.02 * w
    bar = np.array([[x_left, 0], [x_right, 0], [x_right, sw], [x_left, sw]], np.float32)
    _aa_fill(top, [bar])
    _line(top, (x_right - sw * 0.5, sw * 0.5), (left[waist_y] + sw * 0.8, waist_y), sw * 1.05)
    return np.maximum(out, top.astype(np.float32) / 255.0)


def stroke_width(mask: np.ndarray) -> float:
    """A glyph's typical stroke width: twice its ink area over the length of its outline."""
    ink = (mask > 0.5).astype(np.uint8)
    contours, _ = cv2.findContours(ink, cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)
    outline = sum(cv2.arcLength(c, True) for c in contours)
    return 2.0 * float(ink.sum()) / max(outline, 1.0)


def crop_to_ink(a: np.ndarray, thr: float = 0.05) -> np.ndarray:
    ys, xs = np.nonzero(a > thr)
    if len(xs) == 0:
        return a
    return a[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]


def suit_mask(suit: str, kind: str, variant: int = 0) -> np.ndarray:
    """The suit ink: ``kind`` is "drawn" (procedural shape) or "font" (DejaVu glyph)."""
    if kind == "font":
        return text_mask(_SUIT_CHARS[suit], "sans_regular", 200)
    return drawn_suit(suit, variant)


def iround(v: float) -> int:
    """Nearest integer for Python and numpy numbers alike."""
    return int(np.floor(float(v) + 0.5))


def fit(mask: np.ndarray, w: float, h: float) -> np.ndarray:
    """Resize a mask to ``w`` x ``h`` with area filtering when shrinking."""
    w, h = max(1, iround(w)), max(1, iround(h))
    interp = cv2.INTER_AREA if w < mask.shape[1] else cv2.INTER_LINEAR
    return cv2.resize(mask, (w, h), interpolation=interp)


def stamp(
    img: np.ndarray, mask: np.ndarray, x: float, y: float, color_bgr: tuple[int, int, int]
) -> None:
    """Blend ``color_bgr`` through ``mask`` into float image ``img`` at top-left (x, y)."""
    x0, y0 = iround(x), iround(y)
    h, w = mask.shape
    H, W = img.shape[:2]
    xa, ya, xb, yb = max(0, x0), max(0, y0), min(W, x0 + w), min(H, y0 + h)
    if xa >= xb or ya >= yb:
        return
    m = mask[ya - y0 : yb - y0, xa - x0 : xb - x0, None]
    region = img[ya:yb, xa:xb]
    region *= 1.0 - m
    region += m * np.asarray(color_bgr, np.float32)
