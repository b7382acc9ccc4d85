"""Datasets of rendered tables on disk: ``images/``, ``labels/`` (YOLO) and ``truth/`` (JSON).

Sample ``i`` of seed ``s`` depends only on (s, i), never on the worker that drew it, so a
dataset is the same whatever the number of workers.
"""

from __future__ import annotations

import json
import multiprocessing as mp
import sys
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from vision.synth.camera import SQUARE_VIEW_SHARE, sample_camera
from vision.synth.labels import CLASS_NAMES, GENERATOR_VERSION, MIN_VISIBLE_FRAC
from vision.synth.melds import JOKER_WILD_SHARE
from vision.synth.plan import FAN_SHOW, PlanOptions, plan_loose_cards, plan_table
from vision.synth.render import RenderedScene, encode_jpeg, render_table
from vision.synth.styles import (
    get_style,
    jittered_style,
    with_flat_three,
    with_swapped_font,
    with_swapped_suit_shapes,
)

MAX_ATTEMPTS = 3
STYLE_BLOCK = 8
P_LOOSE = 0.1


@dataclass(frozen=True)
class SynthConfig:
    seed: int
    size_wh: tuple[int, int] = (1280, 720)
    styles: tuple[str, ...] = ("classic",)
    framing: str = "auto"  # "auto", "table" or "close" (see camera.sample_camera)
    style_variants: int = 8  # variants of each procedural style (1 = the styles as named)
    square_view_share: float = SQUARE_VIEW_SHARE  # views square to the table, the rest turned
    min_visible_frac: float = MIN_VISIBLE_FRAC  # the label rule's share of an index showing
    joker_share: float = JOKER_WILD_SHARE  # of the melds' wilds, the share that are jokers
    fan_show: tuple[float, float] = FAN_SHOW  # a fan's step, as a share of the card's side
    suit_shape_swap: float = 0.0  # share of blocks whose drawn suits take another shape
    flat_three: float = 0.0  # share of blocks whose 3s are printed flat-topped


def render_sample(
    cfg: SynthConfig, index: int, with_owner: bool = False, attempt: int = 0
) -> RenderedScene:
    """Sample ``index`` of the dataset ``cfg`` describes (``attempt`` > 0: a redraw)."""
    rng = np.random.default_rng([cfg.seed, index] if attempt == 0 else [cfg.seed, index, attempt])
    # mostly tables in play; now and then a few loose cards seen close
    plan = (
        plan_loose_cards(rng)
        if rng.random() < P_LOOSE
        else plan_table(rng, PlanOptions(joker_share=cfg.joker_share, fan_show=cfg.fan_show))
    )
    # one style per block of STYLE_BLOCK samples, so a worker's face cache stays warm
    block_rng = np.random.default_rng([cfg.seed, index // STYLE_BLOCK, 0x5717E])
    style = get_style(cfg.styles[int(block_rng.integers(len(cfg.styles)))])
    if cfg.style_variants > 1:  # the same deck family printed a little differently
        style = jittered_style(style, int(block_rng.integers(cfg.style_variants)))
    style = with_swapped_font(style, block_rng)
    # drawn after the others, so the earlier draws keep their values
    style = with_swapped_suit_shapes(style, block_rng, cfg.suit_shape_swap)
    style = with_flat_three(style, block_rng, cfg.flat_three)
    camera = sample_camera(
        rng, plan, cfg.size_wh, cfg.framing, square_view_share=cfg.square_view_share
    )
    meta = {"seed": cfg.seed, "index": index}
    return render_table(
        plan, style, camera, rng, with_owner=with_owner, meta=meta,
        min_visible_frac=cfg.min_visible_frac,
    )  # fmt: skip


def truth_json(scene: RenderedScene) -> str:
    return json.dumps(scene.truth, sort_keys=True, separators=(",", ":"))


def labels_text(scene: RenderedScene) -> str:
    return "".join(label.line() + "\n" for label in scene.labels)


def write_sample(out_dir: Path, cfg: SynthConfig, index: int) -> int:
    """Render and write sample ``index``; returns its number of labels."""
    for attempt in range(MAX_ATTEMPTS):
        try:
            scene = render_sample(cfg, index, attempt=attempt)
            break
        except Exception as e:  # a rare bad draw must not stop a long run; it is redrawn
            if attempt == MAX_ATTEMPTS - 1:
                raise
            print(f"synth: sample {index} attempt {attempt} failed ({e!r:.200}); redrawing",
                  file=sys.stderr)  # fmt: skip
    name = f"{index:06d}"
    (out_dir / "images" / f"{name}.jpg").write_bytes(encode_jpeg(scene))
    (out_dir / "labels" / f"{name}.txt").write_text(labels_text(scene))
    (out_dir / "truth" / f"{name}.json").write_text(truth_json(scene))
    return len(scene.labels)


def prepare_dir(out_dir: Path, cfg: SynthConfig, count: int) -> None:
    for sub in ("images", "labels", "truth"):
        (out_dir / sub).mkdir(parents=True, exist_ok=True)
    stale = [p for p in (out_dir / "labels").glob("*.txt") if not p.stem.isdigit() or
             int(p.stem) >= count]  # fmt: skip
    if stale:  # files of an earlier, larger run would mix into this dataset
        print(f"synth: warning: {len(stale)} older samples beyond --count remain in {out_dir}",
              file=sys.stderr)  # fmt: skip
    (out_dir / "classes.txt").write_text("".join(n + "\n" for n in CLASS_NAMES))
    info = {"generator": GENERATOR_VERSION, "count": count, **asdict(cfg)}
    (out_dir / "synth.json").write_text(json.dumps(info, indent=1, sort_keys=True) + "\n")


def _work(args: tuple[str, SynthConfig, int]) -> int:
    out, cfg, index = args
    return write_sample(Path(out), cfg, index)


def generate(
    out_dir: Path,
    cfg: SynthConfig,
    count: int,
    workers: int = 2,
    on_done: Callable[[int], None] | None = None,
) -> int:
    """Write ``count`` samples with ``workers`` processes; returns the number of labels."""
    prepare_dir(out_dir, cfg, count)
    jobs = [(str(out_dir), cfg, i) for i in range(count)]
    total = 0
    results: Iterator[int]
    if workers <= 1:
        results = map(_work, jobs)
        for n in results:
            total += n
            if on_done:
                on_done(n)
        return total
    with mp.get_context("spawn").Pool(workers) as pool:
        for n in pool.imap_unordered(_work, jobs, chunksize=STYLE_BLOCK // 2):
            total += n
            if on_done:
                on_done(n)
    return total
