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


def draw_pips(img: np.ndarray, style: DeckStyle, rank: str, suit: str, clear_x: int = 0) -> None:
    """Pips in their standard layout; the pip columns keep right of ``clear_x`` (and left of
    its mirror) so they never touch the indices."""
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
    lo, hi = x1, x2
    for _ in range(6):  # a wide index leaves less room: smaller pips rather than crowded
        x1 = max(lo, (clear_x + pw / 2) / W)
        x2 = min(hi, 1.0 - x1)
        if (x2 - x1) * W >= 1.7 * pw:
            break
        ph, pw = ph * 0.9, pw * 0.9
    up = fit(sm, pw, ph)
    down = up[::-1, ::-1]
    for fx, fy in PIP_LAYOUTS[rank]:
        cx = (x1 + fx * (x2 - x1)) * W
        cy = (y1 + fy * (y2 - y1)) * H + (ph / 2 if fy == 0.0 else -ph / 2 if fy == 1.0 else 0)
        m = down if fy > 0.5 else up
        stamp(img, m, cx - pw / 2, cy - ph / 2, color)


def _frame(style: DeckStyle, W: int, H: int) -> tuple[int, int, int, int]:
    # big-index decks print smaller pictures, clear of the index
    side = 0.2 + max(0.0, style.rank_h_frac - 0.1) * 1.2
    return int(side * W), int(0.12 * H), int((1 - side) * W), int(0.88 * H)


def _pattern(region: np.ndarray, rng: np.random.Generator, color: BGR) -> None:
    """Fill a robe panel with a printed pattern: stripes, dots, zigzag or checks."""
    h, w = region.shape[:2]
    kind = int(rng.integers(4))
    if h < 2 or w < 2:
        return
    p = int(rng.integers(5, 10))
    if kind == 0:
        for x in range(0, w, p):
            cv2.line(region, (x, 0), (x, h), color, 1, cv2.LINE_AA)
    elif kind == 1:
        for y in range(p // 2, h, p):
            for x in range(p // 2, w, p):
                cv2.circle(region, (x, y), 1, color, -1, cv2.LINE_AA)
    elif kind == 2:
        pts = np.array([[x, (x // p) % 2 * p] for x in range(0, w + p, p)], np.int32)
        for y in range(0, h, 2 * p):
            cv2.polylines(region, [np.add(pts, (0, y)).astype(np.int32)], False, color, 1)
    else:
        region[((np.indices((h, w)).sum(0) // p) % 2) == 0] *= 0.75


def draw_court(
    img: np.ndarray, style: DeckStyle, rank: str, suit: str, seed: int, clear_x: int = 0
) -> None:
    """A double-headed figure in a frame: only its look matters, as a hard negative."""
    rng = np.random.default_rng(seed)
    H, W = img.shape[:2]
    fx1, fy1, fx2, fy2 = _frame(style, W, H)
    fx1, fx2 = max(fx1, clear_x), min(fx2, W - clear_x)
    fw, fh = fx2 - fx1, fy2 - fy1
    half = np.full((fh // 2, fw, 3), 250.0, np.float32)
    hh = half.shape[0]
    ink = (30, 30, 30)
    pal = [COURT_PALETTE[i] for i in rng.permutation(len(COURT_PALETTE))]
    hx, hy, hr = int(fw * rng.uniform(0.42, 0.58)), int(hh * 0.4), int(fw * 0.13)
    # robe: shoulders widening to the fold line, in two or three patterned panels
    neck = hy + hr
    robe = np.array([[hx - hr, neck], [hx + hr, neck], [fw, hh * 0.72], [fw, hh], [0, hh],
                     [0, hh * 0.72]], np.int32)  # fmt: skip
    mask = np.zeros((hh, fw), np.uint8)
    cv2.fillPoly(mask, [robe], 1)
    cuts = sorted(rng.uniform(0.2, 0.8, int(rng.integers(1, 3))) * fw)
    edges = sorted({0, *[int(c) for c in cuts], fw})
    for k in range(len(edges) - 1):
        panel = half[:, edges[k] : edges[k + 1]]
        colour = np.asarray(pal[k % len(pal)], np.float32)
        body = mask[:, edges[k] : edges[k + 1]] > 0
        panel[body] = colour
        patt = panel.copy()
        _pattern(patt, rng, tuple(int(v) for v in colour * 0.5 + 120))  # type: ignore[arg-type]
        panel[body] = patt[body]
        cv2.line(half, (edges[k], neck), (edges[k], hh), ink, 1, cv2.LINE_AA)
    cv2.polylines(half, [robe], True, ink, 1, cv2.LINE_AA)
    cv2.ellipse(half, (hx, neck + 4), (int(hr * 1.6), int(hr * 0.6)), 0, 0, 180, pal[2], -1)
    cv2.ellipse(half, (hx, neck + 4), (int(hr * 1.6), int(hr * 0.6)), 0, 0, 180, ink, 1)
    if rank == "Q":  # long hair
        cv2.ellipse(half, (hx, hy + hr // 2), (int(hr * 1.35), int(hr * 1.7)), 0, 0, 360,
                    (30, 70, 140), -1, cv2.LINE_AA)  # fmt: skip
    cv2.circle(half, (hx, hy), hr, SKIN, -1, cv2.LINE_AA)
    cv2.circle(half, (hx, hy), hr, ink, 1, cv2.LINE_AA)
    for ex in (-1, 1):  # eyes, brows
        cv2.circle(half, (hx + ex * hr // 3, hy - 2), 1, ink, -1)
        cv2.line(half, (hx + ex * hr // 2, hy - 5), (hx + ex * hr // 5, hy - 6), ink, 1)
    cv2.line(half, (hx - hr // 4, hy + hr // 2), (hx + hr // 4, hy + hr // 2), (40, 40, 160), 1)
    if rank == "K":  # beard
        beard = np.array([[hx - hr, hy + 2], [hx + hr, hy + 2], [hx, hy + int(hr * 1.8)]])
        cv2.fillPoly(half, [beard.astype(np.int32)], (200, 200, 210), cv2.LINE_AA)
        cv2.polylines(half, [beard.astype(np.int32)], True, ink, 1, cv2.LINE_AA)
    crown = np.array(
        [[hx - hr, hy - hr + 3], [hx - hr, hy - 2 * hr], [hx - hr // 2, hy - int(1.5 * hr)],
         [hx, hy - 2 * hr - 4], [hx + hr // 2, hy - int(1.5 * hr)], [hx + hr, hy - 2 * hr],
         [hx + hr, hy - hr + 3]],
        np.int32,
    )  # fmt: skip
    if rank == "J":  # a cap instead of a crown
        cap = [[hx - hr - 4, hy - hr + 4], [hx + hr + 6, hy - hr + 2], [hx + hr // 2, hy - 2 * hr]]
        crown = np.array([*cap, [hx - hr, hy - int(1.7 * hr)]], np.int32)
    cv2.fillPoly(half, [crown], (40, 190, 230) if rank != "J" else pal[3], cv2.LINE_AA)
    cv2.polylines(half, [crown], True, ink, 1, cv2.LINE_AA)
    # a held object: sword, sceptre or flower
    side = 1 if rng.random() < 0.5 else -1
    x0 = int(hx + side * fw * 0.3)
    kind = int(rng.integers(3))
    cv2.line(half, (x0, int(hh * 0.15)), (x0 + side * 4, hh - 2), (170, 170, 170) if kind == 0
             else (40, 140, 200), 3, cv2.LINE_AA)  # fmt: skip
    if kind == 0:
        cv2.line(half, (x0 - 8, int(hh * 0.7)), (x0 + 8, int(hh * 0.7)), ink, 3)
    else:
        cv2.circle(half, (x0, int(hh * 0.15)), 6, pal[0] if kind == 1 else (60, 60, 220), -1)
    sm = suit_mask(suit, style.suit_kind, style.suit_variant)
    ps = fw * 0.16
    px = fw * 0.06 if side > 0 else fw * 0.78
    stamp(half, fit(sm, ps * _mask_aspect(sm), ps), px, hh * 0.06, style.colors[suit])
    if style.court_variant == 2:  # modern decks print a big letter in the picture
        lm = text_mask(rank, style.font)
        lh = hh * 0.4
        lx = fw * 0.06 if side < 0 else fw * 0.94 - lh * _mask_aspect(lm)
        stamp(half, fit(lm, lh * _mask_aspect(lm), lh), lx, hh * 0.05, style.colors[suit])
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
