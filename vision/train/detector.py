"""Train the one-class corner-index detector (plus a card-back class) with Ultralytics.

Starts from the shipped weights in ``models/`` when they exist, so every session continues
the last one's training; otherwise from the YOLO11n architecture file (never a download).
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("YOLO_OFFLINE", "1")


@dataclass(frozen=True)
class DetectorTraining:
    data_yaml: Path
    weights_out: Path
    runs_dir: Path
    epochs: int
    imgsz: int = 640
    batch: int = 16
    seed: int = 0
    workers: int = 2
    fresh: bool = False
    device: str = "cpu"  # or a CUDA index such as "0", for a machine with a GPU
    hours: float | None = None  # train for this long instead of a fixed epoch count


def _use_every_core(trainer: object) -> None:
    """Ultralytics trains on CPU with cores-1 threads: one thread on a 2-core machine."""
    import torch

    torch.set_num_threads(os.cpu_count() or 1)


def train_detector(cfg: DetectorTraining) -> Path:
    from ultralytics import YOLO

    start = cfg.weights_out if cfg.weights_out.exists() and not cfg.fresh else None
    model = YOLO(str(start)) if start else YOLO("yolo11n.yaml")
    print(f"detector: starting from {start or 'yolo11n.yaml (random weights)'}", flush=True)
    model.add_callback("on_train_start", _use_every_core)
    model.train(
        data=str(cfg.data_yaml),
        epochs=cfg.epochs,
        imgsz=cfg.imgsz,
        batch=cfg.batch,
        workers=cfg.workers,
        seed=cfg.seed,
        device=cfg.device,
        project=str(cfg.runs_dir.resolve()),  # relative paths land under runs/detect/
        name="detector",
        exist_ok=True,
        # With a .pt, Ultralytics trains from its weights only when pretrained is not False
        # (False silently rebuilds the network from scratch).
        pretrained=start is not None,
        # Ultralytics checks mixed precision by downloading a model, which must never
        # happen here; float32 keeps CPU and GPU runs comparable.
        amp=False,
        plots=False,
        cache="ram",
        # The renderer already rotates, tilts and lights the table; a mirrored index is
        # not something a camera ever sees. Turned views come from the renderer too
        # (`arbitro synth --square-views`): Ultralytics boxes a turned label by its turned
        # corners, looser than the ink, and one epoch with mosaics turned by up to 30
        # degrees took validation mAP50-95 from 0.64 to 0.38 (models/MODEL_CARD.md).
        fliplr=0.0,
        degrees=0.0,
        mosaic=1.0,
        close_mosaic=1,
        # Sessions here train for an hour or two: Ultralytics' default three warm-up
        # epochs would be the whole run, at a learning rate too low to learn anything.
        warmup_epochs=0.3,
        # Rendered indices are already 7-63 px; halving them makes unreadable specks.
        scale=0.3,
        patience=100,
        verbose=True,
        **({"time": cfg.hours} if cfg.hours else {}),
    )
    trainer_dir = cfg.runs_dir.resolve() / "detector" / "weights"
    best = trainer_dir / "best.pt"
    chosen = best if best.exists() else trainer_dir / "last.pt"
    cfg.weights_out.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(chosen, cfg.weights_out)
    shrink_checkpoint(cfg.weights_out)
    return cfg.weights_out


def shrink_checkpoint(weights: Path) -> None:
    """Drop the optimizer state (and keep half-precision weights): 26 MB -> about 5 MB."""
    from ultralytics.utils.torch_utils import strip_optimizer

    strip_optimizer(str(weights))


def export_detector_onnx(weights: Path, onnx_out: Path, imgsz_hw: tuple[int, int]) -> Path:
    """A static-shape ONNX graph: OpenVINO and ONNX Runtime both run it fastest that way."""
    from ultralytics import YOLO

    exported = Path(
        YOLO(str(weights)).export(format="onnx", imgsz=list(imgsz_hw), dynamic=False, simplify=True)
    )
    onnx_out.parent.mkdir(parents=True, exist_ok=True)
    shutil.move(str(exported), onnx_out)
    return onnx_out
