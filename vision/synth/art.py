"""Centre art of a face (pips, court pictures, joker pictures) and card-back patterns.

All drawing is into float32 BGR images in [0, 255]; randomness comes from a seed derived
from the style and card, so a face looks the same in every render and every process.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.synth.glyphs import fit, stamp, suit_mask, text_mask
from vision.synth.styles import BGR, BackDesign, DeckStyle

# Pip centres in the pip box, (x, y) in [0, 1]; pips below the middle print upside down.
_L, _C, _R = 0.0, 0.5, 1.0
PIP_LAYOUTS: dict[str, tuple[tuple[float, float], ...]] = {
    "2": ((_C, 0.0), (_C, 1.0)),
    "3": ((_C, 0.0), (_C, 0.5), (_C, 1.0)),
    "4": ((_L, 0.0), (_R, 0.0), (_L, 1.0), (_R, 1.0)),
    "5": ((_L, 0.0), (_R, 0.0), (_C, 0.5), (_L, 1.0), (_R, 1.0)),
    "6": ((_L, 0.0), (_R, 0.0), (_L, 0.5), (_R, 0.5), (_L, 1.0), (_R, 1.0)),
    "7": ((_L, 0.0), (_R, 0.0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_L, 1.0), (_R, 1.0)),
    "8": (
        (_L, 0.0), (_R, 0.0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_C, 0.75), (_L, 1.0), (_R, 1.0),
    ),
    "9": (
        (_L, 0.0), (_R, 0.0), (_L, 1 / 3), (_R, 1 / 3), (_C, 0.5),
        (_L, 2 / 3), (_R, 2 / 3), (_L, 1.0), (_R, 1.0),
    ),
    "10": (
        (_L, 0.0), (_R, 0.0), (_C, 1 / 6), (_L, 1 / 3), (_R, 1 / 3),
        (_L, 2 / 3), (_R, 2 / 3), (_C, 5 / 6), (_L, 1.0), (_R, 1.0),
    ),
}  # fmt: skip

COURT_PALETTE: tuple[BGR, ...] = (
    (40, 40, 190), (170, 90, 30), (40, 190, 230), (30, 30, 30), (60, 140, 60), (160, 160, 160),
)  # fmt: skip
SKIN: BGR = (170, 200, 235)


def _mask_aspect(m: np.ndarray) -> float:
    return m.shape[1] / max(1, m.shape[0])


def draw_pips(img: np.ndarray, style: DeckStyle, rank: str, suit: str) -> None:
    H, W = img.shape[:2]
    sm = suit_mask(suit, style.suit_kind, style.suit_variant)
    color = style.colors[suit]
    if rank == "A":
        ph = style.ace_h_frac * H
        pw = ph * _mask_aspect(sm)
        big = fit(sm, pw, ph)
        stamp(img, big, (W - pw) / 2, (H - ph) / 2, color)
        if suit == "S" and style.court_variant != 1:  # the ornate ace of spades
            c = (int(W / 2), int(H / 2))
            cv2.ellipse(img, c, (int(pw * 0.75), int(ph * 0.7)), 0, 0, 360, color, 2, cv2.LINE_AA)
        return
    x1, y1, x2, y2 = style.pip_box
    ph = style.pip_h_frac * H
    if rank in ("9", "10"):
        ph *= 0.9
    pw = ph * _mask_aspect(sm)
    up = fit(sm, pw, ph)
    down = up[::-1, ::-1]
    for fx, fy in PIP_LAYOUTS[rank]:
        cx = (x1 + fx * (x2 - x1)) * W
        cy = (y1 + fy * (y2 - y1)) * H + (ph / 2 if fy == 0.0 else -ph / 2 if fy == 1.0 else 0)
        m = down if fy > 0.5 else up
        stamp(img, m, cx - pw / 2, cy - ph / 2, color)


def _frame(style: DeckStyle, W: int, H: int) -> tuple[int, int, int, int]:
    return int(0.2 * W), int(0.12 * H), int(0.8 * W), int(0.88 * H)


def draw_court(img: np.ndarray, style: DeckStyle, rank: str, suit: str, seed: int) -> None:
    """A double-headed figure in a frame: only its look matters, as a hard negative."""
    rng = np.random.default_rng(seed)
    H, W = img.shape[:2]
    fx1, fy1, fx2, fy2 = _frame(style, W, H)
    fw, fh = fx2 - fx1, fy2 - fy1
    half = np.full((fh // 2, fw, 3), 250.0, np.float32)
    hh = half.shape[0]
    pal = [COURT_PALETTE[i] for i in rng.permutation(len(COURT_PALETTE))]
    # body: coloured bands and robes
    for k in range(5):
        pts = np.array(
            [
                [rng.uniform(0, fw), hh],
                [rng.uniform(0, fw), rng.uniform(hh * 0.35, hh)],
                [rng.uniform(0, fw), rng.uniform(hh * 0.35, hh)],
                [rng.uniform(0, fw), hh],
            ],
            np.int32,
        )
        cv2.fillPoly(half, [pts], pal[k % len(pal)], cv2.LINE_AA)
    # head, face features and crown/hat
    hx, hy, hr = int(fw * rng.uniform(0.4, 0.6)), int(hh * 0.38), int(fw * 0.13)
    cv2.circle(half, (hx, hy), hr, SKIN, -1, cv2.LINE_AA)
    cv2.circle(half, (hx, hy), hr, (30, 30, 30), 1, cv2.LINE_AA)
    cv2.line(half, (hx - hr // 2, hy - 2), (hx - hr // 4, hy - 2), (30, 30, 30), 1)
    cv2.line(half, (hx + hr // 4, hy - 2), (hx + hr // 2, hy - 2), (30, 30, 30), 1)
    crown = np.array(
        [
            [hx - hr, hy - hr + 2],
            [hx - hr, hy - 2 * hr],
            [hx - hr // 2, hy - int(1.5 * hr)],
            [hx, hy - 2 * hr - 4],
            [hx + hr // 2, hy - int(1.5 * hr)],
            [hx + hr, hy - 2 * hr],
            [hx + hr, hy - hr + 2],
        ],
        np.int32,
    )
    cv2.fillPoly(half, [crown], pal[0] if rank != "J" else pal[2], cv2.LINE_AA)
    for _ in range(int(rng.integers(6, 14))):  # outline strokes like printed line art
        p1 = (int(rng.uniform(0, fw)), int(rng.uniform(hh * 0.3, hh)))
        p2 = (int(rng.uniform(0, fw)), int(rng.uniform(hh * 0.3, hh)))
        cv2.line(half, p1, p2, (30, 30, 30), 1, cv2.LINE_AA)
    sm = suit_mask(suit, style.suit_kind, style.suit_variant)
    ps = fw * 0.16
    stamp(half, fit(sm, ps * _mask_aspect(sm), ps), fw * 0.72, hh * 0.08, style.colors[suit])
    if style.court_variant == 2:  # modern decks print a big letter in the picture
        lm = text_mask(rank, style.font)
        lh = hh * 0.45
        stamp(half, fit(lm, lh * _mask_aspect(lm), lh), fw * 0.08, hh * 0.05, style.colors[suit])
    full = np.concatenate([half, half[::-1, ::-1]], axis=0)
    img[fy1 : fy1 + full.shape[0], fx1 : fx1 + fw] = full
    color = style.colors[suit] if style.court_variant == 1 else (40, 40, 40)
    cv2.rectangle(img, (fx1, fy1), (fx1 + fw, fy1 + full.shape[0]), color, 2, cv2.LINE_AA)


def draw_joker_art(img: np.ndarray, style: DeckStyle, color: BGR, seed: int) -> None:
    rng = np.random.default_rng(seed)
    H, W = img.shape[:2]
    star = text_mask("\u2605", "sans_regular")
    sh = H * rng.uniform(0.22, 0.32)
    stamp(img, fit(star, sh * _mask_aspect(star), sh), W / 2 - sh / 2, H * 0.22, color)
    # a jester's hat: three drooping points with bells
    base_y, cx = int(H * 0.62), W // 2
    for k, dx in enumerate((-0.28, 0.0, 0.28)):
        tip = (int(cx + dx * W), int(base_y - H * (0.1 if k == 1 else 0.05)))
        pts = np.array([[cx - W * 0.22, base_y], [cx + W * 0.22, base_y], tip], np.int32)
        cv2.fillPoly(img, [pts], COURT_PALETTE[k], cv2.LINE_AA)
        cv2.circle(img, tip, int(W * 0.03), (40, 190, 230), -1, cv2.LINE_AA)
    word = text_mask("JOKER", style.font)
    ww = W * 0.5
    stamp(img, fit(word, ww, ww / _mask_aspect(word)), W * 0.25, H * 0.7, color)


def draw_back(img: np.ndarray, design: BackDesign, corner_radius_px: int) -> None:
    H, W = img.shape[:2]
    img[:] = design.paper_bgr
    m = int(0.06 * W)
    inner = img[m : H - m, m : W - m]
    ih, iw = inner.shape[:2]
    col = np.asarray(design.color_bgr, np.float32)
    light = np.clip(col * 0.55 + 255 * 0.45, 0, 255)
    inner[:] = col
    yy, xx = np.mgrid[0:ih, 0:iw].astype(np.float32)
    if design.pattern == "lattice":
        p = 14.0
        a = (np.abs(((xx + yy) % p) - p / 2) < 1.2) | (np.abs(((xx - yy) % p) - p / 2) < 1.2)
    elif design.pattern == "dots":
        p = 12.0
        a = ((xx % p) - p / 2) ** 2 + ((yy % p) - p / 2) ** 2 < 9
    elif design.pattern == "stripes":
        a = ((xx + 2 * yy) % 10.0) < 3
    elif design.pattern == "checks":
        a = ((xx // 9 + yy // 9) % 2) == 0
    else:  # plain_frame: solid with an inner line frame and a centre ornament
        a = np.zeros_like(xx, bool)
        cv2.rectangle(inner, (6, 6), (iw - 7, ih - 7), light.tolist(), 2, cv2.LINE_AA)
        cv2.ellipse(inner, (iw // 2, ih // 2), (iw // 4, ih // 5), 0, 0, 360, light.tolist(), 3)
    inner[a] = light
    cv2.rectangle(img, (m, m), (W - m - 1, H - m - 1), design.color_bgr, 1, cv2.LINE_AA)
