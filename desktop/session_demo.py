"""A built-in demo hand: synthetic table frames and the truth of what lies on the table.

Used when the recorded demo (``vision/assets/demo_hand.mp4``) is not installed, and by tests.
The hand is the worked example of the rules (§13): team A closes with seven kings (clean) and
six nines with a joker (dirty) while A's partner still holds AS 7C; team B has a clean run
4H…10H and three queens, never took its pozzetto and holds JK AH and 4C. Expected: A 540,
B 130. On the way B lays its run with a gap for a few frames, so an illegal meld shows.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from vision.types import BoxXYXY, CardDetection, Frame

SIZE_WH = (960, 540)
CARD_WH = (54, 76)
FAN_STEP_PX = 22
INDEX_WH = (20, 34)


@dataclass(frozen=True)
class DemoStep:
    """The table for ``frames`` frames: melds per team, cards shown, pozzetti still there."""

    frames: int
    melds: dict[str, tuple[tuple[str, ...], ...]]
    shown: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] | None = None
    pozzetti: tuple[str, ...] = ("A", "B")


_KINGS = ("KH", "KS", "KD", "KC", "KH", "KS", "KD")
_NINES = ("9C", "9D", "9H", "9S", "9C", "9D", "JK")
_RUN = ("4H", "5H", "6H", "7H", "8H", "9H", "10H")
_QUEENS = ("QH", "QS", "QD")

# Each step lasts longer than the table memory needs to accept a change (0.8 s at 10 fps).
DEMO_STEPS: tuple[DemoStep, ...] = (
    DemoStep(9, {"A": (), "B": ()}),
    DemoStep(9, {"A": (_KINGS[:3],), "B": ()}),
    DemoStep(9, {"A": (_KINGS[:3],), "B": (("4H", "5H", "7H"),)}),  # a gap: illegal
    DemoStep(9, {"A": (_KINGS[:3],), "B": (_RUN[:4],)}),
    DemoStep(9, {"A": (_KINGS[:3], _NINES[:3]), "B": (_RUN[:4], _QUEENS)}),
    DemoStep(9, {"A": (_KINGS[:5], _NINES[:5]), "B": (_RUN[:6], _QUEENS)}, pozzetti=("B",)),
    DemoStep(9, {"A": (_KINGS, _NINES), "B": (_RUN, _QUEENS)}, pozzetti=("B",)),
    DemoStep(
        12,
        {"A": (_KINGS, _NINES), "B": (_RUN, _QUEENS)},
        shown={"A": ((), ("AS", "7C")), "B": (("JK", "AH"), ("4C",))},
        pozzetti=("B",),
    ),
)
DEMO_FRAME_COUNT = sum(step.frames for step in DEMO_STEPS)
EXPECTED_TOTALS = {"A": 540, "B": 130}

_RED = (40, 40, 200)
_BLACK = (20, 20, 20)


def _meld_origin(team: str, index: int) -> tuple[int, int]:
    # team A sits at the near (lower) half, team B at the far (upper) half
    y = 300 if team == "A" else 60
    return 40 + index * 230, y + (index % 2) * 10


def _shown_origin(team: str, player: int) -> tuple[int, int]:
    return 560 + player * 180, 430 if team == "A" else 180


def _card_boxes(origin: tuple[int, int], count: int) -> list[BoxXYXY]:
    x0, y0 = origin
    boxes = []
    for i in range(count):
        x = x0 + i * FAN_STEP_PX
        boxes.append(
            (float(x + 2), float(y0 + 2), float(x + 2 + INDEX_WH[0]), float(y0 + 2 + INDEX_WH[1]))
        )
    return boxes


def _draw_suit(image: np.ndarray, suit: str, center: tuple[int, int], size: int) -> None:
    import cv2

    x, y = center
    color = _RED if suit in "HD" else _BLACK
    r = max(size // 3, 2)
    if suit == "D":
        pts = np.array([(x, y - size // 2), (x + r, y), (x, y + size // 2), (x - r, y)], np.int32)
        cv2.fillPoly(image, [pts], color)
    elif suit == "H":
        cv2.circle(image, (x - r // 2 - 1, y - r // 3), r // 2 + 1, color, -1)
        cv2.circle(image, (x + r // 2 + 1, y - r // 3), r // 2 + 1, color, -1)
        pts = np.array(
            [(x - r - 1, y - r // 4), (x + r + 1, y - r // 4), (x, y + size // 2)], np.int32
        )
        cv2.fillPoly(image, [pts], color)
    else:  # S and C: a black head over a stem
        if suit == "S":
            pts = np.array(
                [(x, y - size // 2), (x + r + 1, y + r // 3), (x - r - 1, y + r // 3)], np.int32
            )
            cv2.fillPoly(image, [pts], color)
        else:
            for dx, dy in ((0, -r // 2 - 1), (-r // 2 - 1, r // 3), (r // 2 + 1, r // 3)):
                cv2.circle(image, (x + dx, y + dy), r // 2 + 1, color, -1)
        cv2.line(image, (x, y), (x, y + size // 2), color, 2)


def _draw_card(image: np.ndarray, card: str, x: int, y: int) -> None:
    import cv2

    w, h = CARD_WH
    cv2.rectangle(image, (x + 2, y + 3), (x + w + 2, y + h + 3), (30, 70, 30), -1)  # shadow
    cv2.rectangle(image, (x, y), (x + w, y + h), (245, 245, 245), -1)
    cv2.rectangle(image, (x, y), (x + w, y + h), (120, 120, 120), 1)
    if card == "JK":
        cv2.putText(image, "J", (x + 4, y + 18), cv2.FONT_HERSHEY_SIMPLEX, 0.55, _RED, 2)
        cv2.putText(image, "K", (x + 4, y + 36), cv2.FONT_HERSHEY_SIMPLEX, 0.55, _RED, 2)
        cv2.circle(image, (x + w // 2 + 6, y + h // 2), 10, _RED, 2)
        return
    rank, suit = card[:-1], card[-1]
    color = _RED if suit in "HD" else _BLACK
    scale = 0.42 if rank == "10" else 0.55
    cv2.putText(image, rank, (x + 3, y + 18), cv2.FONT_HERSHEY_SIMPLEX, scale, color, 2)
    _draw_suit(image, suit, (x + 11, y + 28), 11)
    _draw_suit(image, suit, (x + w // 2 + 8, y + h // 2 + 4), 22)


def _draw_back(image: np.ndarray, x: int, y: int) -> None:
    import cv2

    w, h = CARD_WH
    cv2.rectangle(image, (x, y), (x + w, y + h), (120, 40, 30), -1)
    cv2.rectangle(image, (x + 4, y + 4), (x + w - 4, y + h - 4), (200, 180, 170), 1)


def table_truth(step: DemoStep) -> dict[str, Any]:
    """What lies on the table at ``step``: melds with their index boxes, shown cards, pozzetti."""
    zones: dict[str, Any] = {}
    for team in ("A", "B"):
        melds = []
        for i, cards in enumerate(step.melds.get(team, ())):
            boxes = _card_boxes(_meld_origin(team, i), len(cards))
            melds.append({"cards": list(cards), "boxes_xyxy": [list(b) for b in boxes]})
        zones[team] = {"melds": melds}
    truth: dict[str, Any] = {
        "zones": zones,
        "pozzetti": {t: t in step.pozzetti for t in ("A", "B")},
    }
    if step.shown is not None:
        truth["shown"] = {t: [list(h) for h in hands] for t, hands in step.shown.items()}
    return truth


def render_step(step: DemoStep) -> np.ndarray:
    import cv2

    w, h = SIZE_WH
    image = np.zeros((h, w, 3), np.uint8)
    image[:] = (60, 120, 50)  # felt green (BGR)
    noise = np.random.default_rng(7).integers(-6, 7, size=image.shape, dtype=np.int16)
    image = np.asarray(np.clip(image.astype(np.int16) + noise, 0, 255), dtype=np.uint8)
    cv2.line(image, (0, h // 2), (w, h // 2), (70, 135, 60), 1)
    for team in ("A", "B"):
        for i, cards in enumerate(step.melds.get(team, ())):
            x0, y0 = _meld_origin(team, i)
            for j, card in enumerate(cards):
                _draw_card(image, card, x0 + j * FAN_STEP_PX, y0)
        for player, cards in enumerate((step.shown or {}).get(team, ())):
            x0, y0 = _shown_origin(team, player)
            for j, card in enumerate(cards):
                _draw_card(image, card, x0 + j * FAN_STEP_PX, y0)
    for k, team in enumerate(("A", "B")):  # the pozzetti, face down, at the right edge
        if team in step.pozzetti:
            _draw_back(image, w - 150 + k * 70, h // 2 - CARD_WH[1] // 2)
    return image


def truth_detections(truth: dict[str, Any]) -> tuple[CardDetection, ...]:
    """The detections a perfect reader would give for the melds of ``truth``."""
    out = []
    for zone in truth["zones"].values():
        for meld in zone["melds"]:
            for card, box in zip(meld["cards"], meld["boxes_xyxy"], strict=True):
                x1, y1, x2, y2 = (float(v) for v in box)
                out.append(CardDetection(card, 1.0, (x1, y1, x2, y2)))
    return tuple(out)


def demo_frames() -> Iterator[tuple[Frame, dict[str, Any]]]:
    """Every frame of the demo hand with the table's truth."""
    index = 0
    for step in DEMO_STEPS:
        image = render_step(step)
        truth = table_truth(step)
        for _ in range(step.frames):
            yield Frame(index, index / 10.0, image.copy()), truth
            index += 1
