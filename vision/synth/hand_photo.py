"""Photos of a player's hand shown at the end of a hand: the cards fanned on the table,
photographed from above so that they fill much of the frame, as a player would take the
photo that ``arbitro read --hand A=photo.jpg`` reads. For measuring that reading only."""

from __future__ import annotations

import numpy as np

from vision.synth.camera import top_down_camera
from vision.synth.plan import plan_shown_hand
from vision.synth.render import RenderedScene, render_table
from vision.synth.styles import get_style, jittered_style

# the hand's longer side spans this share of the frame's matching side
FILL = (0.45, 0.85)


def render_hand_photo(
    seed: int, index: int, style_name: str, size_wh: tuple[int, int] = (1280, 720)
) -> RenderedScene:
    """Photo ``index`` of ``seed``: a random hand in a variant of ``style_name``, turned any
    way, with the camera effects of the training renders."""
    rng = np.random.default_rng([seed, index, 0x4A2D])
    plan = plan_shown_hand(rng)
    style = jittered_style(get_style(style_name), int(rng.integers(8)))
    x1, y1, x2, y2 = plan.extent_mm
    angle = float(rng.uniform(-180.0, 180.0))
    # fit the hand's turned extent into the frame at a random share of it
    t = np.deg2rad(angle)
    ew = abs(np.cos(t)) * (x2 - x1) + abs(np.sin(t)) * (y2 - y1)
    eh = abs(np.sin(t)) * (x2 - x1) + abs(np.cos(t)) * (y2 - y1)
    w, h = size_wh
    px_per_mm = min(w / ew, h / eh) * float(rng.uniform(*FILL))
    camera = top_down_camera(((x1 + x2) / 2, (y1 + y2) / 2), px_per_mm, size_wh, angle)
    meta = {"seed": seed, "index": index}
    return render_table(plan, style, camera, rng, meta=meta)
