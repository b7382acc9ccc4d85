"""Train the card classifier on index crops; resumes from the shipped weights."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch
from torch import nn

from vision.reader.labels import CLASSIFIER_LABELS
from vision.train.classifier_net import IndexClassifier, load_classifier, widened


@dataclass(frozen=True)
class ClassifierRun:
    epochs: int
    seconds: float
    val_top1: float
    val_card_misread: float
    val_none_recall: float


def _load(npz_path: Path) -> tuple[torch.Tensor, torch.Tensor]:
    data = np.load(npz_path)
    crops = torch.from_numpy(data["crops"]).permute(0, 3, 1, 2).contiguous()
    return crops, torch.from_numpy(data["labels"])


# Share of training crops turned to any angle rather than a few degrees. The renders mostly
# show indices square to the frame (a camera square to the table, fans laid straight), but
# cards on a real table lie at every angle, and a corner index keeps its meaning when turned:
# which way up it is shows in where the suit sits against the rank.
FREE_TURN_SHARE = 0.4
# Share of training crops drained of most of their colour. Colour alone tells clubs from
# spades on a four-colour deck (green clubs), so a classifier that never has to read the
# shape misreads the same club printed black on another deck as a spade.
DESATURATE_SHARE = 0.25
# With ``other_faces`` (``arbitro train --classifier-faces``), the share of training crops
# printed in another face's proportions: stretched or condensed across the index (up to 20%
# either way) and slanted a little, since decks letter their indices in faces of many widths...
RESHAPE_SHARE = 0.5
# ...and the share made a little bolder or lighter (about half a pixel of stroke at the crop's
# scale). Measured once (run G in the model card): it read no better, so it is off by default.
WEIGHT_SHARE = 0.25


def _augment(
    batch: torch.Tensor,
    generator: torch.Generator,
    free_turn_share: float = FREE_TURN_SHARE,
    desaturate_share: float = DESATURATE_SHARE,
    reshape_share: float = 0.0,
    weight_share: float = 0.0,
) -> torch.Tensor:
    """Geometric, resolution and photometric changes on uint8 crops (N, 3, H, W) -> float.

    The renders are cleaner than a webcam: this turns each crop (a few degrees as a fan's
    cards sit, or any angle for ``free_turn_share`` of them), moves and scales it (a
    detector's box is never exact), softens a third of them (defocus, a small index
    upscaled), drains the colour of ``desaturate_share`` of them (the shape must tell the
    suit), prints ``reshape_share`` of them wider, narrower or slanted and ``weight_share``
    bolder or lighter (other faces), and varies light, colour and noise.
    """
    x = batch.float()
    n = x.shape[0]

    def uniform(low: float, high: float, *shape: int) -> torch.Tensor:
        return torch.empty(n, *shape).uniform_(low, high, generator=generator)

    free = torch.rand(n, generator=generator) < free_turn_share
    angle = torch.deg2rad(torch.where(free, uniform(-180.0, 180.0), uniform(-8.0, 8.0)))
    zoom = uniform(0.9, 1.12)
    turn = torch.stack(
        [
            torch.stack([torch.cos(angle) / zoom, -torch.sin(angle) / zoom], 1),
            torch.stack([torch.sin(angle) / zoom, torch.cos(angle) / zoom], 1),
        ],
        1,
    )
    # The face's own proportions, in the index's frame before it is turned: a sampling map
    # diag(1 / width, 1) prints the index `width` times as wide, the shear slants it.
    reshaped = torch.rand(n, generator=generator) < reshape_share
    width = torch.where(reshaped, torch.exp(uniform(-0.22, 0.18)), torch.ones(n))
    slant = torch.where(reshaped, uniform(-0.12, 0.12), torch.zeros(n))
    face = torch.zeros(n, 2, 2)
    face[:, 0, 0], face[:, 0, 1], face[:, 1, 1] = 1.0 / width, slant, 1.0
    shift = uniform(-0.08, 0.08, 2, 1)
    theta = torch.cat([face @ turn, shift], 2)
    grid = nn.functional.affine_grid(theta, list(x.shape), align_corners=False)
    x = nn.functional.grid_sample(x, grid, padding_mode="border", align_corners=False)
    reweighted = torch.rand(n, generator=generator) < weight_share
    if reweighted.any():
        x[reweighted] = _reweight(x[reweighted], generator)
    soften = torch.rand(n, generator=generator) < 0.33
    if soften.any():
        side = x.shape[-1]
        low = int(side * float(torch.empty(1).uniform_(0.45, 0.8, generator=generator)))
        small = nn.functional.interpolate(x[soften], size=(low, low), mode="area")
        x[soften] = nn.functional.interpolate(
            small, size=(side, side), mode="bilinear", align_corners=False
        )
    drained = torch.rand(n, generator=generator) < desaturate_share
    if drained.any():
        gray = x[drained].mean(dim=1, keepdim=True)
        kept_colour = torch.empty(int(drained.sum()), 1, 1, 1).uniform_(
            0.0, 0.3, generator=generator
        )
        x[drained] = gray + (x[drained] - gray) * kept_colour
    mean = x.mean(dim=(1, 2, 3), keepdim=True)
    contrast = uniform(0.6, 1.2, 1, 1, 1)
    gain = uniform(0.7, 1.3, 1, 1, 1)
    bias = uniform(-30, 30, 1, 1, 1)
    channel = uniform(0.88, 1.12, 3, 1, 1)
    noise = torch.randn(x.shape, generator=generator) * uniform(0, 10, 1, 1, 1)
    x = (mean + (x - mean) * contrast) * gain * channel + bias + noise
    return x.clamp(0, 255)


def _reweight(x: torch.Tensor, generator: torch.Generator) -> torch.Tensor:
    """Make dark ink on light stock bolder (half the crops) or lighter (the others).

    At twice the crop's resolution a 3x3 minimum spreads the darkest pixels by one pixel
    (bolder) and a maximum shrinks them (lighter); back at the crop's size that is about half
    a pixel of stroke on each side.
    """
    side = x.shape[-1]
    big = nn.functional.interpolate(x, scale_factor=2, mode="bilinear", align_corners=False)
    bolder = torch.rand(x.shape[0], generator=generator) < 0.5
    spread = -nn.functional.max_pool2d(-big, 3, stride=1, padding=1)
    shrunk = nn.functional.max_pool2d(big, 3, stride=1, padding=1)
    big = torch.where(bolder[:, None, None, None], spread, shrunk)
    return nn.functional.interpolate(big, size=(side, side), mode="area")


def evaluate(
    model: nn.Module, crops: torch.Tensor, labels: torch.Tensor
) -> tuple[float, float, float]:
    """(top-1, share of card crops read as another card, recall of "not an index")."""
    model.eval()
    predictions = []
    with torch.no_grad():
        for start in range(0, len(crops), 1024):
            predictions.append(model(crops[start : start + 1024].float()).argmax(1))
    predicted = torch.cat(predictions)
    none_id = len(CLASSIFIER_LABELS) - 1
    cards = labels != none_id
    top1 = float((predicted == labels).float().mean())
    misread = float(
        ((predicted != labels) & (predicted != none_id) & cards).sum() / max(int(cards.sum()), 1)
    )
    none_recall = float((predicted[~cards] == none_id).float().mean()) if (~cards).any() else 1.0
    return top1, misread, none_recall


def train_classifier(
    train_npz: Path,
    val_npz: Path,
    weights_path: Path,
    epochs: int,
    seed: int = 0,
    resume: bool = True,
    batch_size: int = 256,
    lr: float = 3e-3,
    threads: int | None = None,
    samples_per_epoch: int | None = None,
    widen_factor: int = 1,
    other_faces: bool = False,
) -> ClassifierRun:
    torch.manual_seed(seed)
    if threads:
        torch.set_num_threads(threads)
    generator = torch.Generator().manual_seed(seed)
    train_x, train_y = _load(train_npz)
    val_x, val_y = _load(val_npz)
    if resume and weights_path.exists():
        checkpoint = torch.load(weights_path, map_location="cpu", weights_only=True)
        model = load_classifier(checkpoint["state_dict"])
        print(f"resumed from {weights_path}")
    else:
        model = IndexClassifier()
    if widen_factor > 1:
        model = widened(model, widen_factor, seed=seed)
        print(f"widened {widen_factor}x to {sum(p.numel() for p in model.parameters())} parameters")
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=1e-4)
    per_epoch = min(samples_per_epoch or len(train_x), len(train_x))
    steps = epochs * ((per_epoch + batch_size - 1) // batch_size)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=lr, total_steps=steps)
    loss_fn = nn.CrossEntropyLoss(label_smoothing=0.05)
    faces = {"reshape_share": RESHAPE_SHARE, "weight_share": WEIGHT_SHARE} if other_faces else {}
    started = time.monotonic()
    for epoch in range(epochs):
        model.train()
        # A fresh random subset each epoch: every crop is seen over the run, and an epoch
        # stays short enough to fit beside the detector's training on two cores.
        order = torch.randperm(len(train_x), generator=generator)[:per_epoch]
        total_loss = 0.0
        for start in range(0, len(order), batch_size):
            idx = order[start : start + batch_size]
            logits = model(_augment(train_x[idx], generator, **faces))
            loss = loss_fn(logits, train_y[idx])
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            schedule.step()
            total_loss += loss.item() * len(idx)
        top1, misread, none_recall = evaluate(model, val_x, val_y)
        print(
            f"epoch {epoch + 1}/{epochs} loss {total_loss / len(order):.4f} val top1 {top1:.4f} "
            f"misread {misread:.4f} none-recall {none_recall:.4f} "
            f"({time.monotonic() - started:.0f} s)",
            flush=True,
        )
        _save(model, weights_path, {"epoch": epoch + 1, "val_top1": top1})
    top1, misread, none_recall = evaluate(model, val_x, val_y)
    return ClassifierRun(epochs, time.monotonic() - started, top1, misread, none_recall)


def _save(model: nn.Module, weights_path: Path, meta: dict[str, float]) -> None:
    weights_path.parent.mkdir(parents=True, exist_ok=True)
    tmp = weights_path.with_suffix(".tmp")
    torch.save({"state_dict": model.state_dict(), "labels": list(CLASSIFIER_LABELS), **meta}, tmp)
    tmp.replace(weights_path)


def export_classifier_onnx(weights_path: Path, onnx_path: Path) -> Path:
    """Export with a dynamic batch so one call classifies every crop of a frame."""
    checkpoint = torch.load(weights_path, map_location="cpu", weights_only=True)
    model = load_classifier(checkpoint["state_dict"])
    model.eval()
    dummy = torch.zeros(2, 3, model.input_side_px, model.input_side_px)
    torch.onnx.export(
        model,
        (dummy,),
        str(onnx_path),
        input_names=["crops"],
        output_names=["logits"],
        dynamic_axes={"crops": {0: "n"}, "logits": {0: "n"}},
        opset_version=17,
        dynamo=False,
    )
    onnx_path.with_suffix(".json").write_text(json.dumps({"labels": list(CLASSIFIER_LABELS)}))
    return onnx_path
