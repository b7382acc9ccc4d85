"""Render a planned table through a camera into an image, its labels and its ground truth.

Composition keeps an *owner map*: for every pixel, the uid of the card on top there, or
BACKGROUND / HIDDEN_BY_OBJECT / HIDDEN_BY_GLARE. Labels come from that map (see labels.py),
never from guesses about geometry.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.synth.camera import Camera
from vision.synth.clutter import SPRITE_PX_PER_MM, make_sprite
from vision.synth.effects import Effects, apply_camera, apply_lighting, sample_effects
from vision.synth.faces import CARD_H, CARD_W, CardFace, get_face
from vision.synth.glyphs import iround
from vision.synth.labels import MIN_VISIBLE_FRAC, YoloLabel, scene_labels
from vision.synth.plan import PlacedCard, TablePlan
from vision.synth.styles import DeckStyle
from vision.synth.surfaces import make_surface

BACKGROUND = -1
HIDDEN_BY_OBJECT = -2


@dataclass(frozen=True, eq=False)
class RenderedScene:
    image_bgr: np.ndarray  # uint8, before JPEG; write it with ``jpeg_quality``
    labels: tuple[YoloLabel, ...]
    truth: dict  # JSON-ready ground truth (see docs/synth.md)
    jpeg_quality: int
    owner: np.ndarray | None = None  # int32 owner map, only when asked for


def card_to_table(card: PlacedCard, size_mm: tuple[float, float]) -> np.ndarray:
    """Homography from face pixels (corner convention, face spans [0,W]x[0,H]) to mm."""
    w, h = size_mm
    t = np.deg2rad(card.angle_deg)
    c, s = np.cos(t), np.sin(t)
    scale = np.diag([w / CARD_W, h / CARD_H, 1.0])
    centre = np.array([[1, 0, -CARD_W / 2], [0, 1, -CARD_H / 2], [0, 0, 1]], np.float64)
    rot = np.array([[c, s, 0], [-s, c, 0], [0, 0, 1]], np.float64)  # ccw in the view
    move = np.array([[1, 0, card.center_mm[0]], [0, 1, card.center_mm[1]], [0, 0, 1]])
    return move @ rot @ scale @ centre


def _project(m: np.ndarray, pts: np.ndarray) -> np.ndarray:
    p = cv2.perspectiveTransform(np.asarray(pts, np.float64).reshape(-1, 1, 2), m)
    return p.reshape(-1, 2)


def _paste(
    img: np.ndarray,
    owner: np.ndarray,
    levels: tuple[tuple[np.ndarray, np.ndarray], ...],
    src_wh: tuple[int, int],
    m: np.ndarray,
    owner_id: int,
    shadow: float,
    tint: float = 1.0,
) -> None:
    """Warp a sprite (given as a mip pyramid) through ``m`` into ``img``, with a soft shadow."""
    H, W = owner.shape
    sw, sh = src_wh
    quad = _project(m, np.array([[0, 0], [sw, 0], [sw, sh], [0, sh]], np.float64))
    pad = 6
    x0 = max(0, int(np.floor(quad[:, 0].min())) - pad)
    y0 = max(0, int(np.floor(quad[:, 1].min())) - pad)
    x1 = min(W, int(np.ceil(quad[:, 0].max())) + pad + 1)
    y1 = min(H, int(np.ceil(quad[:, 1].max())) + pad + 1)
    if x0 >= x1 or y0 >= y1:
        return
    area = abs(cv2.contourArea(quad.astype(np.float32)))
    scale = np.sqrt(max(area, 1e-6) / (sw * sh))
    k = int(np.clip(np.floor(-np.log2(max(scale, 1e-6))), 0, len(levels) - 1))
    f = 2.0**k
    # level-k pixel centre j sits at face coordinate j*f + f/2 (corner convention)
    lvl = np.array([[f, 0, f / 2], [0, f, f / 2], [0, 0, 1]], np.float64)
    roi = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], np.float64)
    mw = roi @ m @ lvl
    # warpPerspective samples at output pixel centres: output pixel i is image coord i
    src_img, src_a = levels[k]
    size = (x1 - x0, y1 - y0)
    warped = cv2.warpPerspective(src_img, mw, size, flags=cv2.INTER_LINEAR)
    a = cv2.warpPerspective(src_a, mw, size, flags=cv2.INTER_LINEAR).astype(np.float32)
    if src_a.dtype == np.uint8:
        a *= 1.0 / 255.0
    region = img[y0:y1, x0:x1]
    if shadow > 0:
        s = max(1.0, 0.012 * np.sqrt(area))
        sa = cv2.GaussianBlur(a, (0, 0), s)
        off = max(1, iround(s))
        sa = np.roll(sa, (off, off), axis=(0, 1))
        region *= (1.0 - shadow * sa * (1.0 - a))[..., None]
    a3 = a[..., None]
    region *= 1.0 - a3
    region += a3 * warped.astype(np.float32) * tint
    owner[y0:y1, x0:x1][a >= 0.5] = owner_id


def tilted_surface(rng: np.random.Generator, camera: Camera) -> np.ndarray:
    """A table top seen through the camera's tilt, so its texture recedes like the cards."""
    w, h = camera.size_wh
    tilt = np.array(camera.tilt, np.float64).reshape(3, 3)
    if np.allclose(tilt, np.eye(3)):
        return make_surface(rng, (w, h))
    # the overhead area the tilted view sees, a little larger than the frame
    corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64)
    seen = _project(np.linalg.inv(tilt), corners)
    x0, y0 = np.floor(seen.min(0)).astype(int) - 2
    x1, y1 = np.ceil(seen.max(0)).astype(int) + 2
    sw, sh = min(int(x1 - x0), 2 * w), min(int(y1 - y0), 2 * h)
    big = make_surface(rng, (sw, sh))
    shift = np.array([[1, 0, x0], [0, 1, y0], [0, 0, 1]], np.float64)
    return cv2.warpPerspective(big, tilt @ shift, (w, h), borderMode=cv2.BORDER_REFLECT_101)


def table_surface(rng: np.random.Generator, plan: TablePlan, camera: Camera) -> np.ndarray:
    """The table top through the camera; now and then the table's edge and the floor beyond
    it show, where the view reaches past the table."""
    img = tilted_surface(rng, camera)
    if rng.random() > 0.35:
        return img
    x1, y1, x2, y2 = plan.extent_mm
    m = rng.uniform(20, 220, 4)
    table = np.array([[x1 - m[0], y1 - m[1]], [x2 + m[2], y1 - m[1]], [x2 + m[2], y2 + m[3]],
                      [x1 - m[0], y2 + m[3]]], np.float64)  # fmt: skip
    hom = np.c_[table, np.ones(4)] @ camera.matrix.T
    if (hom[:, 2] <= 1e-6).any():
        return img
    quad = hom[:, :2] / hom[:, 2:]
    w, h = camera.size_wh
    inside = np.zeros((h, w), np.uint8)
    cv2.fillPoly(inside, [np.round(quad * 16).astype(np.int32)], 255, cv2.LINE_AA, shift=4)
    if inside.min() == 255:
        return img
    floor = make_surface(rng, (w, h), str(rng.choice(["plain", "wood", "cloth"])))
    floor *= float(rng.uniform(0.3, 0.7))
    a = (inside.astype(np.float32) / 255.0)[..., None]
    rim = cv2.GaussianBlur(inside, (0, 0), 2.0).astype(np.float32) / 255.0
    edge = (rim * (1 - rim) * 4)[..., None]  # a darker band along the table's edge
    return (img * a + floor * (1 - a)) * (1 - 0.35 * edge)


def _face_for(style: DeckStyle, card: PlacedCard) -> CardFace:
    name = card.card if card.face_up and card.card else "BACK"
    return get_face(style, name, card.variant)


def compose(
    plan: TablePlan,
    style: DeckStyle,
    camera: Camera,
    rng: np.random.Generator,
    surface_bgr: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray, dict[int, np.ndarray]]:
    """Cards and occluders over the surface: float image, owner map, card->image homographies."""
    w, h = camera.size_wh
    if surface_bgr is None:
        surface_bgr = table_surface(rng, plan, camera)
    img = surface_bgr.copy()
    owner = np.full((h, w), BACKGROUND, np.int32)
    cam = camera.matrix
    homs: dict[int, np.ndarray] = {}
    shadow = float(rng.uniform(0.15, 0.45))
    tint_seed = int(rng.integers(0, 2**31))
    for c in plan.cards:
        m = cam @ card_to_table(c, plan.card_size_mm)
        homs[c.uid] = m
        face = _face_for(style, c)
        # cards differ a little in brightness (tilt, wear); tied to the card, not to the
        # drawing order, so a card keeps its look while a table grows
        tint = 0.93 + 0.1 * ((c.uid * 2654435761 + tint_seed) % 1000) / 1000.0
        _paste(img, owner, face.levels, (CARD_W, CARD_H), m, c.uid, shadow, tint)
    for occ in plan.occluders:
        sprite, alpha = make_sprite(occ)
        sh, sw = alpha.shape
        t = np.deg2rad(occ.angle_deg)
        c_, s_ = np.cos(t), np.sin(t)
        to_mm = np.array(
            [[c_ / SPRITE_PX_PER_MM, s_ / SPRITE_PX_PER_MM, 0],
             [-s_ / SPRITE_PX_PER_MM, c_ / SPRITE_PX_PER_MM, 0], [0, 0, 1]]
        ) @ np.array([[1, 0, -sw / 2], [0, 1, -sh / 2], [0, 0, 1]])  # fmt: skip
        to_mm[0, 2] += occ.center_mm[0]
        to_mm[1, 2] += occ.center_mm[1]
        lift = 0.6 if occ.kind == "hand" else 0.35  # hands float above the table
        _paste(img, owner, ((sprite, alpha),), (sw, sh), cam @ to_mm, HIDDEN_BY_OBJECT, lift)
    return img, owner, homs


def render_table(
    plan: TablePlan,
    style: DeckStyle,
    camera: Camera,
    rng: np.random.Generator,
    size_wh: tuple[int, int] | None = None,
    effects: Effects | None = None,
    surface_bgr: np.ndarray | None = None,
    with_owner: bool = False,
    meta: dict | None = None,
    min_visible_frac: float = MIN_VISIBLE_FRAC,
) -> RenderedScene:
    """Draw ``plan`` in ``style`` through ``camera``. Pass the same ``camera``, ``effects``
    and ``surface_bgr`` to film a changing table with a steady view."""
    if size_wh is not None and tuple(size_wh) != tuple(camera.size_wh):
        raise ValueError(f"camera is for {camera.size_wh}, asked for {size_wh}")
    fx = effects or sample_effects(rng)
    img, owner, homs = compose(plan, style, camera, rng, surface_bgr)
    apply_lighting(img, owner, fx)
    labels, truth = scene_labels(plan, homs, owner, camera, style, min_visible_frac)
    truth["effects"] = {"jpeg_quality": fx.jpeg_quality}
    if meta:
        truth.update(meta)
    out = apply_camera(img, fx)
    return RenderedScene(out, labels, truth, fx.jpeg_quality, owner if with_owner else None)


def encode_jpeg(scene: RenderedScene) -> bytes:
    ok, buf = cv2.imencode(".jpg", scene.image_bgr, [cv2.IMWRITE_JPEG_QUALITY, scene.jpeg_quality])
    if not ok:
        raise RuntimeError("JPEG encoding failed")
    return buf.tobytes()
