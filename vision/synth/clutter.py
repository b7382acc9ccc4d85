"""Things that are not cards but lie on or over the table: hands, phones, coins, cups,
pens, score sheets. Each is drawn as a small sprite (colour + alpha) in its own frame,
``SPRITE_PX_PER_MM`` pixels per millimetre, and placed by the renderer like a card.
They cover indices (the occlusion mask hides them) and are hard negatives.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.synth.glyphs import fit, stamp, text_mask
from vision.synth.plan import Occluder

SPRITE_PX_PER_MM = 2.0
SKIN_BGR = ((150, 180, 225), (120, 160, 210), (90, 130, 180), (60, 90, 140), (170, 195, 235))


def _shade(img: np.ndarray, rng: np.random.Generator, amount: float) -> None:
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    t = rng.uniform(0, 2 * np.pi)
    g = (xx * np.cos(t) + yy * np.sin(t)) / max(h, w)
    img *= (1 + amount * (g - g.mean()))[..., None]


def _capsule(a: np.ndarray, p1: tuple[float, float], p2: tuple[float, float], r: float) -> None:
    cv2.line(a, (int(p1[0]), int(p1[1])), (int(p2[0]), int(p2[1])), 1.0, int(2 * r), cv2.LINE_AA)
    for p in (p1, p2):
        cv2.circle(a, (int(p[0]), int(p[1])), int(r), 1.0, -1, cv2.LINE_AA)


def _hand(rng: np.random.Generator, w: int, h: int) -> tuple[np.ndarray, np.ndarray]:
    """A hand seen from above, fingers at the top of the sprite, the forearm running to its
    bottom (the plan points that end away from the table centre, towards a player)."""
    a = np.zeros((h, w), np.float32)
    palm_y = 0.32 * w + w * 0.62  # fingers above, then the palm
    cv2.ellipse(a, (int(w * 0.5), int(palm_y)), (int(w * 0.42), int(w * 0.5)), 0, 0, 360, 1.0,
                -1, cv2.LINE_AA)  # fmt: skip
    arm = np.array([[w * 0.16, palm_y], [w * 0.84, palm_y], [w * 0.92, h], [w * 0.08, h]])
    cv2.fillPoly(a, [arm.astype(np.int32)], 1.0, cv2.LINE_AA)
    curl = rng.uniform(0.45, 1.0)  # curled fingers look shorter from above
    base_y = palm_y - w * 0.4
    for k, fx in enumerate((0.2, 0.4, 0.6, 0.8)):
        length = w * (0.55 + 0.15 * (k in (1, 2))) * curl
        tip = (w * (fx + rng.normal(0, 0.04)), base_y - length)
        _capsule(a, (w * fx, base_y + w * 0.1), tip, w * 0.085)
    side = 0.06 if rng.random() < 0.5 else 0.94
    tip = (w * (side + (0.1 if side < 0.5 else -0.1)), palm_y - w * rng.uniform(0.3, 0.7))
    _capsule(a, (w * side, palm_y + w * 0.1), tip, w * 0.1)
    a = cv2.GaussianBlur(a, (0, 0), 1.2)
    img = np.empty((h, w, 3), np.float32)
    img[:] = np.asarray(SKIN_BGR[int(rng.integers(len(SKIN_BGR)))], np.float32)
    img *= rng.uniform(0.9, 1.1)
    _shade(img, rng, 0.5)
    # knuckle and finger creases
    for fx in (0.3, 0.5, 0.7):
        cv2.line(img, (int(w * fx), int(base_y - w * 0.05)), (int(w * fx), int(base_y - w * 0.3)),
                 (img[0, 0] * 0.8).tolist(), 1, cv2.LINE_AA)  # fmt: skip
    if rng.random() < 0.6:  # a sleeve
        cut = int(palm_y + w * rng.uniform(0.8, 2.0))
        img[cut:] = rng.integers(20, 230, 3).astype(np.float32)
        _shade(img[cut:], rng, 0.4)
    return img, np.clip(a, 0, 1)


def _phone(rng: np.random.Generator, w: int, h: int) -> tuple[np.ndarray, np.ndarray]:
    a = np.zeros((h, w), np.float32)
    r = int(w * 0.12)
    cv2.rectangle(a, (r, 0), (w - r, h), 1.0, -1)
    cv2.rectangle(a, (0, r), (w, h - r), 1.0, -1)
    for cx, cy in ((r, r), (w - r, r), (r, h - r), (w - r, h - r)):
        cv2.circle(a, (cx, cy), r, 1.0, -1, cv2.LINE_AA)
    img = np.empty((h, w, 3), np.float32)
    img[:] = (20, 20, 22) if rng.random() < 0.7 else (200, 200, 205)
    m = int(w * 0.06)
    screen = img[m * 2 : h - m * 2, m : w - m]
    screen[:] = rng.integers(10, 80, 3).astype(np.float32)
    if rng.random() < 0.5:  # a lit screen with blocks of an app
        for _ in range(6):
            x, y = int(rng.integers(0, screen.shape[1])), int(rng.integers(0, screen.shape[0]))
            cv2.rectangle(screen, (x, y), (x + 40, y + 25), rng.integers(60, 255, 3).tolist(), -1)
    _shade(img, rng, 0.4)
    return img, a


def _round(rng: np.random.Generator, w: int, h: int, kind: str) -> tuple[np.ndarray, np.ndarray]:
    a = np.zeros((h, w), np.float32)
    c, r = (w // 2, h // 2), min(w, h) // 2 - 1
    cv2.circle(a, c, r, 1.0, -1, cv2.LINE_AA)
    img = np.empty((h, w, 3), np.float32)
    if kind == "coin":
        img[:] = (60, 160, 200) if rng.random() < 0.5 else (170, 170, 165)
        cv2.circle(img, c, int(r * 0.82), (img[0, 0] * 0.8).tolist(), 2, cv2.LINE_AA)
        _shade(img, rng, 0.8)
    else:  # a cup from above: rim, drink, handle
        img[:] = rng.integers(150, 250, 3).astype(np.float32)
        cv2.circle(img, c, int(r * 0.82), (30, 50, 80) if rng.random() < 0.7 else (200, 200, 200),
                   -1, cv2.LINE_AA)  # fmt: skip
        _shade(img, rng, 0.6)
    return img, a


def _pen(rng: np.random.Generator, w: int, h: int) -> tuple[np.ndarray, np.ndarray]:
    a = np.zeros((h, w), np.float32)
    _capsule(a, (w / 2, w / 2), (w / 2, h * 0.85), w * 0.45)
    tip = np.array([[w * 0.1, h * 0.85], [w * 0.9, h * 0.85], [w / 2, h - 1]], np.int32)
    cv2.fillPoly(a, [tip], 1.0, cv2.LINE_AA)
    img = np.empty((h, w, 3), np.float32)
    img[:] = rng.integers(10, 220, 3).astype(np.float32)
    img[int(h * 0.85) :] = (190, 190, 190)
    _shade(img, rng, 0.3)
    return img, a


def _paper(rng: np.random.Generator, w: int, h: int) -> tuple[np.ndarray, np.ndarray]:
    """A score sheet: ruled lines, team names and numbers, some of them letters A/K/Q."""
    img = np.empty((h, w, 3), np.float32)
    img[:] = rng.uniform(225, 250, 3)
    ink = (120, 40, 20) if rng.random() < 0.6 else (30, 30, 30)
    step = int(rng.uniform(14, 22))
    for y in range(step * 2, h, step):
        cv2.line(img, (0, y), (w, y), (200, 180, 160), 1)
    cv2.line(img, (w // 2, step), (w // 2, h), ink, 1)
    fonts = ("sans", "serif", "condensed")
    for y in range(step * 2 - 2, h - step, step):
        for x0 in (8, w // 2 + 8):
            if rng.random() < 0.25:
                continue
            text = str(int(rng.integers(0, 40)) * 5 * 10 ** int(rng.integers(0, 2)))
            if rng.random() < 0.2:
                text = str(rng.choice(["A", "B", "K", "Q", "NOI", "VOI", "+", "-"]))
            m = text_mask(text, fonts[int(rng.integers(3))])
            th = step * rng.uniform(0.55, 0.8)
            stamp(img, fit(m, th * m.shape[1] / m.shape[0], th), x0 + rng.uniform(0, 12), y - th,
                  ink)  # fmt: skip
    return img, np.ones((h, w), np.float32)


def make_sprite(occ: Occluder) -> tuple[np.ndarray, np.ndarray]:
    """Colour (float32 BGR) and alpha of an occluder, in its own frame, centred."""
    rng = np.random.default_rng(occ.seed)
    w = max(4, int(occ.size_mm[0] * SPRITE_PX_PER_MM))
    h = max(4, int(occ.size_mm[1] * SPRITE_PX_PER_MM))
    if occ.kind == "hand":
        img, alpha = _hand(rng, w, h)
        if rng.random() < 0.4:  # a hand in motion
            n = int(rng.integers(5, 15))
            k = np.zeros((n, n), np.float32)
            k[n // 2, :] = 1.0 / n
            rot = cv2.getRotationMatrix2D((n / 2 - 0.5, n / 2 - 0.5), rng.uniform(0, 180), 1)
            k = cv2.warpAffine(k, rot, (n, n))
            k /= max(k.sum(), 1e-6)
            img, alpha = cv2.filter2D(img, -1, k), cv2.filter2D(alpha, -1, k)
        return img, alpha
    if occ.kind == "phone":
        return _phone(rng, w, h)
    if occ.kind in ("coin", "cup"):
        return _round(rng, w, h, occ.kind)
    if occ.kind == "pen":
        return _pen(rng, w, h)
    return _paper(rng, w, h)
