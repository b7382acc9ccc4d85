"""Table surfaces: felt, wood, cloth and plain tops, as float32 BGR images."""

from __future__ import annotations

import cv2
import numpy as np

SURFACE_KINDS: tuple[str, ...] = ("felt", "wood", "cloth", "plain", "carpet", "print")
_FELT_BGR = ((40, 100, 30), (90, 60, 20), (40, 40, 130), (50, 70, 40), (60, 50, 50))
_WOOD_BGR = ((90, 140, 190), (70, 110, 160), (120, 170, 210), (50, 80, 120), (140, 180, 215))
_PLAIN_BGR = ((225, 228, 230), (200, 205, 210), (170, 195, 215), (60, 60, 60), (120, 130, 140))


def smooth_noise(rng: np.random.Generator, w: int, h: int, cell_px: float) -> np.ndarray:
    """Zero-mean, unit-ish noise varying over about ``cell_px`` pixels."""
    gw, gh = max(2, int(w / cell_px) + 2), max(2, int(h / cell_px) + 2)
    g = rng.normal(0, 1, (gh, gw)).astype(np.float32)
    return cv2.resize(g, (w, h), interpolation=cv2.INTER_CUBIC)


def _jitter(rng: np.random.Generator, bgr: tuple[int, int, int], amount: float) -> np.ndarray:
    return np.clip(np.asarray(bgr, np.float32) * rng.uniform(1 - amount, 1 + amount, 3), 0, 255)


def _felt(rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    base = _jitter(rng, _FELT_BGR[int(rng.integers(len(_FELT_BGR)))], 0.25)
    low = 1 + 0.06 * smooth_noise(rng, w, h, max(w, h) / 4)
    fine = rng.normal(0, rng.uniform(3, 9), (h, w)).astype(np.float32)
    fine = cv2.GaussianBlur(fine, (0, 0), 0.7)
    return base[None, None, :] * low[..., None] + fine[..., None]


def _wood(rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    """Planks with growth rings and fibres, drawn along x at half resolution, then turned
    to a random angle and scaled up."""
    full = int(np.hypot(w, h)) + 4
    d = full // 2
    tone_bgr = _WOOD_BGR[int(rng.integers(len(_WOOD_BGR)))]
    light = np.asarray(tone_bgr, np.float32) * np.float32(rng.uniform(0.85, 1.15))
    light *= rng.uniform(0.95, 1.05, 3).astype(np.float32)
    dark = light * np.float32(rng.uniform(0.55, 0.75))
    yy = np.arange(d, dtype=np.float32)[:, None] * 2
    warp = 30 * smooth_noise(rng, d, d, 160) + 5 * smooth_noise(rng, d, d, 25)
    period = rng.uniform(14, 45)
    rings = (0.5 + 0.5 * np.sin((2 * np.pi / period) * (yy + warp))) ** 3
    gh, gw = max(2, d), max(2, d // 40)  # fibres: long along x, thin across
    fibres = cv2.resize(rng.normal(0, 1, (gh, gw)).astype(np.float32), (d, d),
                        interpolation=cv2.INTER_LINEAR)  # fmt: skip
    plank = rng.uniform(90, 220)
    board = np.floor(yy / plank)
    tone = 1 + 0.07 * np.sin(board * 2.7 + rng.uniform(0, 6))
    seams = (np.abs((yy % plank) - 1) < 1.6).astype(np.float32)
    t = (1.0 - 0.6 * rings + 0.12 * fibres).clip(0, 1)
    out = (dark + (light - dark) * t[..., None]) * (tone * (1 - 0.45 * seams))[..., None]
    rot = cv2.getRotationMatrix2D((d / 2, d / 2), float(rng.uniform(0, 180)), 2.0)
    rot[:, 2] += (w / 2 - d / 2, h / 2 - d / 2)
    out = cv2.warpAffine(out.astype(np.float32), rot, (w, h), flags=cv2.INTER_LINEAR)
    return out + rng.normal(0, 2, (h, w, 1)).astype(np.float32)


def _cloth(rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    c1 = _jitter(rng, (230, 230, 235), 0.1)
    c2 = _jitter(rng, tuple(int(x) for x in rng.integers(30, 200, 3)), 0.1)  # type: ignore[arg-type]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    t = rng.normal(0, 0.3)
    u = xx * np.cos(t) + yy * np.sin(t)
    v = -xx * np.sin(t) + yy * np.cos(t)
    p = rng.uniform(12, 60)
    kind = int(rng.integers(3))
    if kind == 0:  # gingham
        a = 0.5 * ((u % p) < p / 2) + 0.5 * ((v % p) < p / 2)
    elif kind == 1:  # stripes
        a = ((u % p) < p * rng.uniform(0.2, 0.6)).astype(np.float32)
    else:  # dotted print
        a = (((u % p) - p / 2) ** 2 + ((v % p) - p / 2) ** 2 < (p / 5) ** 2).astype(np.float32)
    a = cv2.GaussianBlur(a.astype(np.float32), (0, 0), 1.0)
    weave = 4 * np.sin(xx * 2.1) * np.sin(yy * 2.1)
    return c1 + (c2 - c1) * a[..., None] + weave[..., None]


def _plain(rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    base = _jitter(rng, _PLAIN_BGR[int(rng.integers(len(_PLAIN_BGR)))], 0.1)
    low = 1 + 0.04 * smooth_noise(rng, w, h, max(w, h) / 3)
    return base[None, None, :] * low[..., None] + rng.normal(0, 2, (h, w, 1)).astype(np.float32)


def _carpet(rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    """Flecked pile: two or three colours mixed at a few pixels' scale."""
    base = _jitter(rng, tuple(int(v) for v in rng.integers(60, 190, 3)), 0.1)  # type: ignore[arg-type]
    base = base * 0.5 + base.mean() * 0.5  # muted, as most carpets and rugs are
    cols = [np.clip(base * k, 0, 255) for k in (0.55, 1.0, 1.3)]
    a = smooth_noise(rng, w, h, 1.6)
    b = smooth_noise(rng, w, h, 2.2)
    t1 = (a > 0.3).astype(np.float32)[..., None]
    t2 = (b > 0.6).astype(np.float32)[..., None]
    out = cols[0] * (1 - t1) + cols[1] * t1
    out = out * (1 - t2) + cols[2] * t2
    return cv2.GaussianBlur(out, (0, 0), 0.6) * (1 + 0.1 * smooth_noise(rng, w, h, 200))[..., None]


def _print(rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    """A busy printed fabric or cluttered desk: large random shapes in strong colours."""
    out = np.empty((h, w, 3), np.float32)
    out[:] = rng.integers(20, 235, 3)
    for _ in range(int(rng.integers(6, 20))):
        col = rng.integers(0, 255, 3).tolist()
        c = (int(rng.uniform(0, w)), int(rng.uniform(0, h)))
        r = int(rng.uniform(0.03, 0.2) * max(w, h))
        if rng.random() < 0.5:
            axes = (r, int(r * rng.uniform(0.2, 1.0)))
            cv2.ellipse(out, c, axes, float(rng.uniform(0, 180)), 0, 360, col, -1, cv2.LINE_AA)
        else:
            pts = np.array(c) + rng.normal(0, r, (int(rng.integers(3, 7)), 2))
            cv2.fillPoly(out, [pts.astype(np.int32)], col, cv2.LINE_AA)
    out += 6 * smooth_noise(rng, w, h, 3)[..., None]
    return out


def make_surface(rng: np.random.Generator, size_wh: tuple[int, int], kind: str | None = None
                 ) -> np.ndarray:  # fmt: skip
    """A table top filling the frame; ``kind`` is one of SURFACE_KINDS or random."""
    w, h = size_wh
    kind = kind or str(rng.choice(SURFACE_KINDS, p=[0.3, 0.22, 0.13, 0.2, 0.07, 0.08]))
    fn = {"felt": _felt, "wood": _wood, "cloth": _cloth, "plain": _plain, "carpet": _carpet,
          "print": _print}[kind]  # fmt: skip
    return np.clip(fn(rng, w, h), 0, 255).astype(np.float32)
