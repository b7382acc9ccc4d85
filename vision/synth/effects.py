"""Light and camera effects applied to a composed table image.

Lighting (uneven light, a soft shadow band, glare on the glossy cards) comes first and may
hide parts of cards: glare strong enough to wash an index out marks those pixels hidden in
the occlusion map. Camera effects (blur, noise, white balance, JPEG) come last.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.synth.glyphs import iround
from vision.synth.surfaces import smooth_noise

HIDDEN_BY_GLARE = -3


@dataclass(frozen=True)
class Effects:
    light_gain: float  # overall exposure
    light_gradient: float  # strength of a linear light falloff across the frame
    light_angle_deg: float
    vignette: float
    shadow_band: float  # darkness of a soft band (a person or a lamp arm)
    light_patch: float  # gain inside a hard-edged patch (sun through a window), 1 = none
    glare_spots: int
    glare_strength: float
    wb_gains_bgr: tuple[float, float, float]
    gamma: float
    blur_sigma_px: float
    defocus_px: int
    motion_px: int
    motion_angle_deg: float
    noise_sigma: float
    jpeg_quality: int
    seed: int  # for the random parts (noise, glare positions)


def sample_effects(rng: np.random.Generator) -> Effects:
    blur_kind = rng.random()
    return Effects(
        light_gain=float(rng.uniform(0.7, 1.15)),
        light_gradient=float(rng.uniform(0, 0.45)),
        light_angle_deg=float(rng.uniform(0, 360)),
        vignette=float(rng.uniform(0, 0.35)),
        shadow_band=float(rng.uniform(0.15, 0.45)) if rng.random() < 0.2 else 0.0,
        light_patch=float(rng.choice([rng.uniform(1.2, 1.6), rng.uniform(0.55, 0.8)]))
        if rng.random() < 0.1
        else 1.0,
        glare_spots=int(rng.integers(1, 4)) if rng.random() < 0.35 else 0,
        glare_strength=float(rng.uniform(0.3, 0.95)),
        wb_gains_bgr=tuple(float(g) for g in rng.uniform(0.85, 1.15, 3)),  # type: ignore[arg-type]
        gamma=float(rng.uniform(0.8, 1.25)),
        blur_sigma_px=float(rng.uniform(0.3, 1.3)) if blur_kind < 0.55 else 0.0,
        defocus_px=int(rng.integers(2, 4)) if 0.55 <= blur_kind < 0.65 else 0,
        motion_px=int(rng.integers(3, 8)) if 0.65 <= blur_kind < 0.73 else 0,
        motion_angle_deg=float(rng.uniform(0, 180)),
        noise_sigma=float(rng.uniform(1, 7)),
        jpeg_quality=int(rng.integers(40, 96)),
        seed=int(rng.integers(0, 2**31)),
    )


def plain_effects(jpeg_quality: int = 95) -> Effects:
    """No light or camera effects at all: for tests and for looking at labels."""
    return Effects(
        light_gain=1.0,
        light_gradient=0.0,
        light_angle_deg=0.0,
        vignette=0.0,
        shadow_band=0.0,
        light_patch=1.0,
        glare_spots=0,
        glare_strength=0.0,
        wb_gains_bgr=(1.0, 1.0, 1.0),
        gamma=1.0,
        blur_sigma_px=0.0,
        defocus_px=0,
        motion_px=0,
        motion_angle_deg=0.0,
        noise_sigma=0.0,
        jpeg_quality=jpeg_quality,
        seed=0,
    )


def _grid(w: int, h: int, step: int) -> tuple[np.ndarray, np.ndarray, int, int]:
    """Pixel coordinates of a coarse grid (light varies slowly: compute it small, then
    upscale)."""
    gw, gh = w // step + 2, h // step + 2
    yy, xx = np.mgrid[0:gh, 0:gw].astype(np.float32)
    return xx * step, yy * step, gw, gh


def _up(field: np.ndarray, w: int, h: int, step: int) -> np.ndarray:
    gh, gw = field.shape
    big = cv2.resize(field, (gw * step, gh * step), interpolation=cv2.INTER_LINEAR)
    off = step // 2  # align coarse sample (i*step) with the pixel it stands for
    return big[off : off + h, off : off + w]


def apply_lighting(img: np.ndarray, owner: np.ndarray, fx: Effects) -> None:
    """Light the scene in place; glare that washes cards out marks ``owner`` hidden."""
    h, w = img.shape[:2]
    rng = np.random.default_rng(fx.seed)
    xx, yy, _, _ = _grid(w, h, 8)
    t = np.deg2rad(fx.light_angle_deg)
    g = ((xx - w / 2) * np.cos(t) + (yy - h / 2) * np.sin(t)) / max(w, h)
    light = fx.light_gain * (1 + fx.light_gradient * g)
    if fx.vignette:
        r2 = ((xx - w / 2) ** 2 + (yy - h / 2) ** 2) / ((w / 2) ** 2 + (h / 2) ** 2)
        light = light * (1 - fx.vignette * r2)
    if fx.shadow_band:
        d = (xx * np.cos(t + 1.3) + yy * np.sin(t + 1.3)) - rng.uniform(0, max(w, h))
        band = np.exp(-((d / (0.12 * max(w, h))) ** 2))
        light = light * (1 - fx.shadow_band * band)
    full_light = _up(light.astype(np.float32), w, h, 8)
    warm = rng.random() < 0.3  # a lamp on one side, daylight on the other: colour varies
    if warm:
        cast = rng.uniform(-0.12, 0.12, 3).astype(np.float32)
        ramp = _up((g / max(1e-6, float(np.abs(g).max()))).astype(np.float32), w, h, 8)
        img *= 1 + ramp[..., None] * cast[None, None, :]
    if fx.light_patch != 1.0:  # a sharp-edged patch of sun (or of shade)
        patch = np.zeros((h, w), np.float32)
        c = rng.uniform(0, 1, 2) * (w, h)
        pts = c + rng.normal(0, 0.3 * max(w, h), (5, 2))
        hull = cv2.convexHull(pts.astype(np.float32)).astype(np.int32)  # a window's shape
        cv2.fillPoly(patch, [hull], 1.0, cv2.LINE_AA)
        patch = cv2.GaussianBlur(patch, (0, 0), 3.0)
        full_light *= 1 + (fx.light_patch - 1) * patch
    img *= full_light[..., None]
    if fx.glare_spots:
        xx, yy, _, _ = _grid(w, h, 4)
        glare = np.zeros(xx.shape, np.float32)
        on_cards = np.flatnonzero(owner.ravel() >= 0)
        for _ in range(fx.glare_spots):
            if len(on_cards):  # gloss shows on the cards, not on cloth
                k = int(on_cards[int(rng.integers(len(on_cards)))])
                cx, cy = float(k % w), float(k // w)
            else:
                cx, cy = rng.uniform(0, w), rng.uniform(0, h)
            rx, ry = rng.uniform(0.03, 0.12) * w, rng.uniform(0.03, 0.12) * h
            glare += np.exp(-(((xx - cx) / rx) ** 2 + ((yy - cy) / ry) ** 2))
        glare = np.minimum(glare, 1.0) * fx.glare_strength
        glare *= 1 + 0.15 * smooth_noise(rng, glare.shape[1], glare.shape[0], 3)
        full = _up(glare.astype(np.float32), w, h, 4) * (owner >= 0)
        img += (255.0 - img) * full[..., None]
        owner[full > 0.7] = HIDDEN_BY_GLARE  # too washed out to read


def _defocus_kernel(r: int) -> np.ndarray:
    k = np.zeros((2 * r + 1, 2 * r + 1), np.float32)
    cv2.circle(k, (r, r), r, 1.0, -1, cv2.LINE_AA)
    return k / k.sum()


def _motion_kernel(n: int, angle_deg: float) -> np.ndarray:
    k = np.zeros((n, n), np.float32)
    c = (n - 1) / 2
    t = np.deg2rad(angle_deg)
    dx, dy = np.cos(t) * c, np.sin(t) * c
    p1, p2 = (iround(c - dx), iround(c - dy)), (iround(c + dx), iround(c + dy))
    cv2.line(k, p1, p2, 1.0, 1)
    return k / k.sum()


def apply_camera(img: np.ndarray, fx: Effects) -> np.ndarray:
    """Optics and sensor: blur, white balance, gamma, noise; returns uint8 BGR."""
    rng = np.random.default_rng(fx.seed + 1)
    if fx.blur_sigma_px > 0:
        img = cv2.GaussianBlur(img, (0, 0), fx.blur_sigma_px)
    if fx.defocus_px:
        img = cv2.filter2D(img, -1, _defocus_kernel(fx.defocus_px))
    if fx.motion_px:
        img = cv2.filter2D(img, -1, _motion_kernel(fx.motion_px, fx.motion_angle_deg))
    img = img * np.asarray(fx.wb_gains_bgr, np.float32)[None, None, :]
    u8 = np.clip(img + 0.5, 0, 255).astype(np.uint8)
    lut = np.clip(255.0 * (np.arange(256) / 255.0) ** fx.gamma + 0.5, 0, 255).astype(np.uint8)
    u8 = cv2.LUT(u8, lut)
    if not fx.noise_sigma:
        return u8
    h, w = u8.shape[:2]
    # sensor noise: mostly shared by the channels (luma), a little per channel (chroma)
    luma = rng.standard_normal((h // 2 + 1, w // 2 + 1), dtype=np.float32) * fx.noise_sigma
    luma = cv2.resize(luma, (w, h), interpolation=cv2.INTER_NEAREST)
    chroma = rng.standard_normal((h, w, 3), dtype=np.float32) * (fx.noise_sigma * 0.4)
    out = u8.astype(np.float32) + chroma
    out += luma[..., None]
    return np.clip(out + 0.5, 0, 255).astype(np.uint8)
