"""Light and camera effects applied to a composed table image.

Lighting (uneven light, a soft shadow band, glare on the glossy cards) comes first and may
hide parts of cards: glare strong enough to wash an index out marks those pixels hidden in
the occlusion map. Camera effects (blur, noise, white balance, JPEG) come last.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.synth.surfaces import smooth_noise

HIDDEN_BY_GLARE = -3


@dataclass(frozen=True)
class Effects:
    light_gain: float  # overall exposure
    light_gradient: float  # strength of a linear light falloff across the frame
    light_angle_deg: float
    vignette: float
    shadow_band: float  # darkness of a soft band (a person or a lamp arm)
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
    return Effects(1.0, 0.0, 0.0, 0.0, 0.0, 0, 0.0, (1.0, 1.0, 1.0), 1.0, 0.0, 0, 0, 0.0, 0.0,
                   jpeg_quality, 0)  # fmt: skip


def apply_lighting(img: np.ndarray, owner: np.ndarray, fx: Effects) -> None:
    """Light the scene in place; glare that washes cards out marks ``owner`` hidden."""
    h, w = img.shape[:2]
    rng = np.random.default_rng(fx.seed)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
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
    img *= light[..., None]
    if fx.glare_spots:
        glare = np.zeros((h, w), np.float32)
        for _ in range(fx.glare_spots):
            cx, cy = rng.uniform(0, w), rng.uniform(0, h)
            rx, ry = rng.uniform(0.03, 0.12) * w, rng.uniform(0.03, 0.12) * h
            glare += np.exp(-(((xx - cx) / rx) ** 2 + ((yy - cy) / ry) ** 2))
        glare = np.minimum(glare, 1.0) * fx.glare_strength * (owner >= 0)
        glare *= 1 + 0.15 * smooth_noise(rng, w, h, 12)
        img += (255.0 - img) * glare[..., None]
        owner[glare > 0.7] = HIDDEN_BY_GLARE  # too washed out to read


def _defocus_kernel(r: int) -> np.ndarray:
    k = np.zeros((2 * r + 1, 2 * r + 1), np.float32)
    cv2.circle(k, (r, r), r, 1.0, -1, cv2.LINE_AA)
    return k / k.sum()


def _motion_kernel(n: int, angle_deg: float) -> np.ndarray:
    k = np.zeros((n, n), np.float32)
    c = (n - 1) / 2
    t = np.deg2rad(angle_deg)
    dx, dy = np.cos(t) * c, np.sin(t) * c
    cv2.line(k, (round(c - dx), round(c - dy)), (round(c + dx), round(c + dy)), 1.0, 1)
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
    img = 255.0 * (np.clip(img, 0, 255) / 255.0) ** fx.gamma
    if fx.noise_sigma:
        h, w = img.shape[:2]
        img = img + rng.normal(0, fx.noise_sigma, (h, w, 1)).astype(np.float32)
        img = img + rng.normal(0, fx.noise_sigma * 0.4, (h, w, 3)).astype(np.float32)
    return np.clip(img + 0.5, 0, 255).astype(np.uint8)
