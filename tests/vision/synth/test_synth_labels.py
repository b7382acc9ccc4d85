"""Labels hold their rendered index, and covered indices are not labelled."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.synth.camera import Camera, top_down_camera
from vision.synth.effects import plain_effects
from vision.synth.faces import CARD_W, get_face
from vision.synth.labels import BACK_CLASS, MIN_VISIBLE_FRAC, YoloLabel
from vision.synth.plan import Occluder, PlacedCard, finish_plan
from vision.synth.render import RenderedScene, render_table
from vision.synth.styles import get_style
from vision.types import CARD_LABELS

SIZE = (640, 480)
CARD_MM = (63.0, 88.0)
PAPER_LEVEL = 200  # the faces' paper is ~246 grey; ink is far darker in some channel


def _tilted(cam: Camera) -> Camera:
    """The same view seen from a camera leaning over one side (a keystone)."""
    w, h = SIZE
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    dst = np.float32([[60, 20], [w - 60, 20], [w, h], [0, h]])
    m = cv2.getPerspectiveTransform(src, dst) @ cam.matrix
    return Camera(tuple(float(v) for v in (m / m[2, 2]).ravel()), SIZE)


def _render(
    cards: list[PlacedCard],
    px_per_mm: float = 3.0,
    angle: float = 0.0,
    occluders: tuple[Occluder, ...] = (),
    style: str = "classic",
    tilt: bool = False,
    min_visible_frac: float = MIN_VISIBLE_FRAC,
) -> RenderedScene:
    plan = finish_plan(CARD_MM, cards, [], occluders)
    cam = top_down_camera((0.0, 0.0), px_per_mm, SIZE, angle)
    cam = _tilted(cam) if tilt else cam
    surface = np.full((SIZE[1], SIZE[0], 3), (60.0, 110.0, 40.0), np.float32)  # green felt
    rng = np.random.default_rng(0)
    return render_table(plan, get_style(style), cam, rng, effects=plain_effects(),
                        surface_bgr=surface, with_owner=True,
                        min_visible_frac=min_visible_frac)  # fmt: skip


def _card(uid: int, card: str, xy: tuple[float, float], angle: float = 0.0) -> PlacedCard:
    return PlacedCard(uid, card, True, xy, angle, "A")


def _ink_box(scene: RenderedScene, box: tuple[float, ...], pad: int) -> tuple[int, ...]:
    """Bounding box of the dark ink blobs found around ``box`` in the image, by pixel values
    alone: blobs mostly inside the box count (the glyphs), not a neighbouring pip or border
    line that reaches into its margin."""
    x1, y1 = int(box[0]) - pad, int(box[1]) - pad
    x2, y2 = int(box[2]) + pad + 1, int(box[3]) + pad + 1
    crop = scene.image_bgr[y1:y2, x1:x2].astype(int)
    assert scene.owner is not None
    # only the card's own pixels, away from its anti-aliased edge
    on_card = cv2.erode((scene.owner[y1:y2, x1:x2] == 0).astype(np.uint8), np.ones((5, 5)))
    ink = ((crop.min(axis=2) < PAPER_LEVEL - 60) & (on_card > 0)).astype(np.uint8)
    n, comp, stats, _ = cv2.connectedComponentsWithStats(ink)
    inside = np.zeros_like(ink, bool)
    inside[
        int(box[1]) - y1 : int(np.ceil(box[3])) - y1, int(box[0]) - x1 : int(np.ceil(box[2])) - x1
    ] = True
    keep = [k for k in range(1, n) if inside[comp == k].mean() > 0.5]
    bx1 = min(stats[k, 0] for k in keep)
    by1 = min(stats[k, 1] for k in keep)
    bx2 = max(stats[k, 0] + stats[k, 2] for k in keep)
    by2 = max(stats[k, 1] + stats[k, 3] for k in keep)
    return (x1 + bx1, y1 + by1, x1 + bx2, y1 + by2)


def _labels_of(scene: RenderedScene, card: str) -> list[YoloLabel]:
    return [lb for lb in scene.labels if lb.class_id == CARD_LABELS.index(card)]


@pytest.mark.parametrize(
    ("angle", "tilt", "style"),
    [
        (0.0, False, "classic"),
        (90.0, False, "casino"),
        (180.0, False, "slim"),
        (33.0, False, "classic"),
        (0.0, True, "fourcolor"),
        (180.0, True, "bold"),
        (200.0, True, "classic"),
    ],
)
def test_label_box_matches_the_ink_seen_in_the_image(angle: float, tilt: bool, style: str) -> None:
    # A single card: each labelled box must be the box of the ink really drawn in that corner.
    scene = _render([_card(0, "7S", (0.0, 0.0))], angle=angle, tilt=tilt, style=style)
    labels = _labels_of(scene, "7S")
    # top-left and bottom-right (and the other two corners on four-index decks)
    assert len(labels) == (4 if get_style(style).four_corner else 2)
    for lb in labels:
        x1, y1, x2, y2 = lb.box_xyxy
        ink = _ink_box(scene, lb.box_xyxy, pad=4)
        # the box is the ink's box (within a pixel of anti-aliasing, a little more when turned)
        tol = 1.6 if angle % 90 == 0 and not tilt else 3.5
        assert np.allclose(ink, (x1, y1, x2, y2), atol=tol), (ink, lb.box_xyxy)


def test_label_box_holds_index_ink_not_pips() -> None:
    # An index box is small and near a card corner; the pips are elsewhere.
    scene = _render([_card(0, "10H", (0.0, 0.0))], px_per_mm=3.0)
    card_w_px, card_h_px = CARD_MM[0] * 3.0, CARD_MM[1] * 3.0
    for lb in _labels_of(scene, "10H"):
        x1, y1, x2, y2 = lb.box_xyxy
        assert (y2 - y1) < 0.3 * card_h_px and (x2 - x1) < 0.2 * card_w_px
        crop = scene.image_bgr[int(y1) : int(y2), int(x1) : int(x2)].astype(int)
        red = (crop[..., 2] - crop[..., 0]) > 80  # hearts ink is red
        assert red.mean() > 0.15


def test_fully_covered_index_is_not_labelled() -> None:
    # the second card lies exactly on the first: none of the first card's indices show
    scene = _render([_card(0, "QH", (0.0, 0.0)), _card(1, "5C", (0.5, 0.3))])
    assert _labels_of(scene, "QH") == []
    assert len(_labels_of(scene, "5C")) == 2


def test_fanned_meld_labels_each_left_strip_and_last_card_twice() -> None:
    step = 0.3 * CARD_MM[0]  # 30% of the card width shows, as in a horizontal fan
    cards = [_card(i, c, (i * step - 40, 0.0)) for i, c in enumerate(["4D", "5D", "6D", "7D"])]
    scene = _render(cards)
    assert [len(_labels_of(scene, c)) for c in ["4D", "5D", "6D", "7D"]] == [1, 1, 1, 2]


def _index_width_mm(card: str) -> tuple[float, float]:
    ink = get_face(get_style("classic"), card).indices[0]
    x1, x2 = ink.hull_xy[:, 0].min(), ink.hull_xy[:, 0].max()
    return (x1 * CARD_MM[0] / CARD_W, x2 * CARD_MM[0] / CARD_W)


@pytest.mark.parametrize(("covered", "labelled"), [(0.0, True), (0.05, True), (0.5, False)])
def test_partly_covered_index_follows_the_visibility_rule(covered: float, labelled: bool) -> None:
    # the card on top slides over the left card's top-left index from the right
    x1, x2 = _index_width_mm("9C")
    # both cards are as wide, so shifting the top card right by d puts its left edge at d
    # from the lower card's left edge, where the index ink spans x1..x2
    top_center_x = x2 - covered * (x2 - x1)
    scene = _render([_card(0, "9C", (0.0, 0.0)), _card(1, "KS", (top_center_x, 0.0))])
    tl = next(e for e in scene.truth["cards"][0]["indices"] if e["corner"] == "tl")
    assert tl["labelled"] is labelled
    assert (tl["visible_frac"] >= MIN_VISIBLE_FRAC) is labelled
    assert abs(tl["visible_frac"] - (1 - covered)) < 0.12


def test_a_training_set_may_label_indices_a_fan_partly_covers() -> None:
    # a quarter of the index is under the next card: out by the default rule, in by 0.7
    x1, x2 = _index_width_mm("9C")
    cards = [_card(0, "9C", (0.0, 0.0)), _card(1, "KS", (x2 - 0.25 * (x2 - x1), 0.0))]
    by_rule = {}
    for rule in (MIN_VISIBLE_FRAC, 0.7):
        scene = _render(cards, min_visible_frac=rule)
        tl = next(e for e in scene.truth["cards"][0]["indices"] if e["corner"] == "tl")
        assert 0.7 <= tl["visible_frac"] < MIN_VISIBLE_FRAC
        by_rule[rule] = (tl["labelled"], len(_labels_of(scene, "9C")))
    # the 9C's other index (bottom right, under the KS) shows under neither rule
    assert by_rule == {MIN_VISIBLE_FRAC: (False, 0), 0.7: (True, 1)}


def test_object_over_an_index_hides_it() -> None:
    # a phone lies over the top-left corner of the card
    corner = (-CARD_MM[0] / 2 + 6, -CARD_MM[1] / 2 + 12)
    phone = Occluder("phone", corner, 0.0, (40.0, 60.0), seed=1)
    scene = _render([_card(0, "8S", (0.0, 0.0))], occluders=(phone,))
    corners = {e["corner"]: e["labelled"] for e in scene.truth["cards"][0]["indices"]}
    assert corners == {"tl": False, "br": True}


def test_index_outside_the_frame_is_not_labelled() -> None:
    # the card's top-left corner hangs out of the top-left of the frame
    w_mm, h_mm = SIZE[0] / 3.0, SIZE[1] / 3.0
    xy = (-w_mm / 2 + CARD_MM[0] / 2 - 8, -h_mm / 2 + CARD_MM[1] / 2 - 10)
    scene = _render([_card(0, "AH", xy)])
    corners = {e["corner"]: e["labelled"] for e in scene.truth["cards"][0]["indices"]}
    assert corners == {"tl": False, "br": True}


def test_tiny_indices_are_not_labelled() -> None:
    scene = _render([_card(0, "JD", (0.0, 0.0))], px_per_mm=0.25)
    assert scene.labels == ()
    assert all(e["height_px"] < 6 for e in scene.truth["cards"][0]["indices"])


def test_face_down_card_gets_the_back_class_with_its_visible_box() -> None:
    back = PlacedCard(0, None, False, (0.0, 0.0), 0.0, "stock")
    scene = _render([back])
    assert [lb.class_id for lb in scene.labels] == [BACK_CLASS]
    x1, y1, x2, y2 = scene.labels[0].box_xyxy
    assert abs((x2 - x1) - CARD_MM[0] * 3) < 3 and abs((y2 - y1) - CARD_MM[1] * 3) < 3


def test_every_label_lies_on_its_own_cards_visible_pixels() -> None:
    from vision.synth.dataset import SynthConfig, render_sample

    cfg = SynthConfig(seed=11, size_wh=(640, 640), styles=("classic", "fourcolor"))
    for index in range(3):
        scene = render_sample(cfg, index, with_owner=True)
        assert scene.owner is not None
        truth_boxes = {
            (c["card"], tuple(e["box_xyxy"])): c["uid"]
            for c in scene.truth["cards"]
            for e in c["indices"]
            if e["labelled"]
        }
        for lb in scene.labels:
            if lb.class_id == BACK_CLASS:
                continue
            key = (CARD_LABELS[lb.class_id], tuple(round(v, 2) for v in lb.box_xyxy))
            uid = truth_boxes[key]
            x1, y1, x2, y2 = (round(v) for v in lb.box_xyxy)
            patch = scene.owner[y1:y2, x1:x2]
            assert (patch == uid).mean() > 0.5
