"""Labels and ground truth of a composed scene, read from its owner map.

THE LABEL RULE: a printed corner index is labelled when at least ``MIN_VISIBLE_FRAC`` of
its ink hull's pixels (or the share a dataset asks for, ``min_visible_frac``) show its own
card on top (not another card, a hand, an object, glare, nor outside the frame) and its
upright height is at least ``MIN_INDEX_HEIGHT_PX``. A
face-down card is labelled ``BACK_CLASS`` (box: its visible pixels) when at least
``MIN_BACK_VISIBLE_FRAC`` of it shows.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.synth.camera import Camera
from vision.synth.faces import CARD_H, CARD_W, get_face
from vision.synth.plan import TablePlan
from vision.synth.styles import DeckStyle
from vision.types import CARD_LABELS

MIN_VISIBLE_FRAC = 0.85
# Training sets may label indices partly covered too: a vertical fan's next card often
# covers the lower part of the suit under a rank that reads plainly (20% of a vertical
# fan's cards show no index 85% visible, 6% none 70% visible), and a detector
# trained on the 0.85 rule learns to pass such indices over.
MIN_INDEX_HEIGHT_PX = 6.0
BACK_CLASS = 53
MIN_BACK_VISIBLE_FRAC = 0.5
CLASS_NAMES: tuple[str, ...] = (*CARD_LABELS, "BACK")
GENERATOR_VERSION = "synth-3"


@dataclass(frozen=True)
class YoloLabel:
    class_id: int
    box_xyxy: tuple[float, float, float, float]  # pixels
    size_wh: tuple[int, int]

    def line(self) -> str:
        x1, y1, x2, y2 = self.box_xyxy
        w, h = self.size_wh
        cx, cy = (x1 + x2) / 2 / w, (y1 + y2) / 2 / h
        return f"{self.class_id} {cx:.6f} {cy:.6f} {(x2 - x1) / w:.6f} {(y2 - y1) / h:.6f}"


def _project(m: np.ndarray, pts: np.ndarray) -> np.ndarray:
    p = cv2.perspectiveTransform(np.asarray(pts, np.float64).reshape(-1, 1, 2), m)
    return p.reshape(-1, 2)


def polygon_visibility(
    poly_px: np.ndarray, owner: np.ndarray, uid: int
) -> tuple[float, np.ndarray]:
    """Share of the polygon's pixels owned by ``uid`` (off-frame counts as hidden), and the
    mask of those visible pixels in frame coordinates' bounding box (for boxes)."""
    H, W = owner.shape
    x0, y0 = int(np.floor(poly_px[:, 0].min())), int(np.floor(poly_px[:, 1].min()))
    x1, y1 = int(np.ceil(poly_px[:, 0].max())) + 1, int(np.ceil(poly_px[:, 1].max())) + 1
    if x1 - x0 > 4 * (W + H) or y1 - y0 > 4 * (W + H):  # absurd projection: treat as unseen
        return 0.0, np.zeros((0, 0), bool)
    mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
    pts = np.round((poly_px - [x0, y0]) * 16).astype(np.int32)
    cv2.fillPoly(mask, [pts], 1, cv2.LINE_8, shift=4)
    total = int(mask.sum())
    if total == 0:
        return 0.0, np.zeros((0, 0), bool)
    ox0, oy0, ox1, oy1 = max(0, x0), max(0, y0), min(W, x1), min(H, y1)
    if ox0 >= ox1 or oy0 >= oy1:
        return 0.0, np.zeros((0, 0), bool)
    sub = mask[oy0 - y0 : oy1 - y0, ox0 - x0 : ox1 - x0].astype(bool)
    vis = sub & (owner[oy0:oy1, ox0:ox1] == uid)
    return float(vis.sum()) / total, _offset_mask(vis, ox0, oy0)


def _offset_mask(vis: np.ndarray, ox: int, oy: int) -> np.ndarray:
    ys, xs = np.nonzero(vis)
    if len(xs) == 0:
        return np.zeros((0, 2), np.float64)
    return np.array([[xs.min() + ox, ys.min() + oy], [xs.max() + ox + 1, ys.max() + oy + 1]], float)


def _r(v: float) -> float:
    return round(float(v), 2)


def _clip_box(pts: np.ndarray, w: int, h: int) -> tuple[float, float, float, float]:
    """The points' box clipped to the frame; wholly outside it, the unclipped box (so a
    box is never inverted)."""
    x1, y1 = pts.min(0)
    x2, y2 = pts.max(0)
    cx1, cy1, cx2, cy2 = max(0.0, x1), max(0.0, y1), min(float(w), x2), min(float(h), y2)
    if cx2 <= cx1 or cy2 <= cy1:
        return (float(x1), float(y1), float(x2), float(y2))
    return (float(cx1), float(cy1), float(cx2), float(cy2))


def scene_labels(
    plan: TablePlan,
    homs: dict[int, np.ndarray],
    owner: np.ndarray,
    camera: Camera,
    style: DeckStyle,
    min_visible_frac: float = MIN_VISIBLE_FRAC,
) -> tuple[tuple[YoloLabel, ...], dict]:
    """YOLO labels and the JSON ground truth of one composed scene; an index is labelled
    when ``min_visible_frac`` of it shows."""
    w, h = camera.size_wh
    labels: list[YoloLabel] = []
    cards_truth = []
    card_quad = np.array([[0, 0], [CARD_W, 0], [CARD_W, CARD_H], [0, CARD_H]], np.float64)
    for c in plan.cards:
        m = homs[c.uid]
        quad = _project(m, card_quad)
        card_vis, vis_box = polygon_visibility(quad, owner, c.uid)
        entry: dict = {
            "uid": c.uid,
            "card": c.card if c.face_up else None,
            "face_up": c.face_up,
            "zone": c.zone,
            "meld_id": c.meld_id,
            "pile": c.pile,
            "quad_px": [[_r(x), _r(y)] for x, y in quad],
            "visible_frac": round(card_vis, 4),
            "indices": [],
        }
        if not c.face_up:
            if card_vis >= MIN_BACK_VISIBLE_FRAC and len(vis_box) == 2:
                box = (*vis_box[0], *vis_box[1])
                if min(box[2] - box[0], box[3] - box[1]) >= MIN_INDEX_HEIGHT_PX:
                    labels.append(YoloLabel(BACK_CLASS, tuple(map(float, box)), (w, h)))
                    entry["labelled_back"] = True
            cards_truth.append(entry)
            continue
        assert c.card is not None
        class_id = CARD_LABELS.index(c.card)
        face = get_face(style, c.card, c.variant)
        for ink in face.indices:
            hull = _project(m, ink.hull_xy)
            top, bottom = _project(m, np.array([ink.top_mid_xy, ink.bottom_mid_xy]))
            height = float(np.linalg.norm(bottom - top))
            frac, _ = polygon_visibility(hull, owner, c.uid)
            box = _clip_box(hull, w, h)
            ok = frac >= min_visible_frac and height >= MIN_INDEX_HEIGHT_PX
            if ok:
                labels.append(YoloLabel(class_id, box, (w, h)))
            entry["indices"].append(
                {
                    "corner": ink.corner,
                    "box_xyxy": [_r(v) for v in box],
                    "visible_frac": round(frac, 4),
                    "height_px": _r(height),
                    "labelled": ok,
                }
            )
        cards_truth.append(entry)
    truth = {
        "generator": GENERATOR_VERSION,
        "image_size_wh": [w, h],
        "style": style.name,
        "card_size_mm": list(plan.card_size_mm),
        "camera_table_to_image": [round(v, 8) for v in camera.table_to_image],
        "cards": cards_truth,
        "melds": [
            {
                "meld_id": md.meld_id,
                "zone": md.zone,
                "kind": md.kind,
                "cards": list(md.cards),
                "uids": list(md.uids),
                "fan": md.fan,
                "shown_frac": md.shown_frac,
            }
            for md in plan.melds
        ],
        "zones": _zones(plan),
        "occluders": [
            {"kind": o.kind, "center_mm": [_r(v) for v in o.center_mm]} for o in plan.occluders
        ],
        "label_count": len(labels),
    }
    return tuple(labels), truth


def _zones(plan: TablePlan) -> dict:
    piles: dict[int, list[int]] = {}
    for c in plan.cards:
        if c.zone == "pozzetto" and c.pile is not None:
            piles.setdefault(c.pile, []).append(c.uid)
    return {
        "A": [md.meld_id for md in plan.melds if md.zone == "A"],
        "B": [md.meld_id for md in plan.melds if md.zone == "B"],
        "discard": [c.uid for c in plan.cards if c.zone == "discard"],
        "stock": [c.uid for c in plan.cards if c.zone == "stock"],
        "pozzetti": [piles[k] for k in sorted(piles)],
        "shown": [c.uid for c in plan.cards if c.zone == "shown"],
        "loose": [c.uid for c in plan.cards if c.zone == "loose"],
    }
