"""The card classifier: a small plain CNN sized for many crops per frame on a CPU.

About 40 million multiply-adds per 40x40 crop: the 60 crops of a busy frame take about
15 ms in OpenVINO here.
"""

from __future__ import annotations

import torch
from torch import nn

from vision.reader.crops import CROP_SIDE_PX
from vision.reader.labels import CLASSIFIER_LABELS


def _block(c_in: int, c_out: int) -> nn.Sequential:
    return nn.Sequential(
        nn.Conv2d(c_in, c_out, 3, padding=1, bias=False),
        nn.BatchNorm2d(c_out),
        nn.ReLU(inplace=True),
        nn.Conv2d(c_out, c_out, 3, padding=1, bias=False),
        nn.BatchNorm2d(c_out),
        nn.ReLU(inplace=True),
    )


class IndexClassifier(nn.Module):
    """uint8-range RGB crops (N, 3, 40, 40) as float -> logits over CLASSIFIER_LABELS."""

    def __init__(self, num_classes: int = len(CLASSIFIER_LABELS), width: int = 24) -> None:
        super().__init__()
        self.features = nn.Sequential(
            _block(3, width),
            nn.MaxPool2d(2),  # 20
            _block(width, width * 2),
            nn.MaxPool2d(2),  # 10
            _block(width * 2, width * 4),
            nn.MaxPool2d(2),  # 5
            nn.Conv2d(width * 4, width * 8, 3, padding=1, bias=False),
            nn.BatchNorm2d(width * 8),
            nn.ReLU(inplace=True),
            nn.AdaptiveAvgPool2d(1),
        )
        self.dropout = nn.Dropout(0.2)
        self.head = nn.Linear(width * 8, num_classes)
        self.input_side_px = CROP_SIDE_PX

    def forward(self, crops: torch.Tensor) -> torch.Tensor:
        # Normalising inside the network keeps the exported model's input plain 0..255 pixels.
        x = (crops - 127.5) / 64.0
        x = self.features(x).flatten(1)
        return self.head(self.dropout(x))


def width_of(state_dict: dict[str, torch.Tensor]) -> int:
    """The ``width`` a saved IndexClassifier was built with (its first convolution's outputs)."""
    return int(state_dict["features.0.0.weight"].shape[0])


def load_classifier(state_dict: dict[str, torch.Tensor]) -> IndexClassifier:
    """An IndexClassifier of whatever width the weights were saved at."""
    model = IndexClassifier(width=width_of(state_dict))
    model.load_state_dict(state_dict)
    return model


def _conv_bn_pairs(model: IndexClassifier) -> list[tuple[nn.Conv2d, nn.BatchNorm2d]]:
    """Each convolution with the batch norm that follows it, in the order they run."""
    convs = [m for m in model.features.modules() if isinstance(m, nn.Conv2d)]
    norms = [m for m in model.features.modules() if isinstance(m, nn.BatchNorm2d)]
    return list(zip(convs, norms, strict=True))


def widened(
    model: IndexClassifier, factor: int, noise: float = 0.01, seed: int = 0
) -> IndexClassifier:
    """The same classifier with ``factor`` times the channels, computing the same function.

    Each channel is copied ``factor`` times and the next layer's weights on the copies are
    divided by ``factor`` (function-preserving widening, as in Net2Net), so training a wider
    network starts from what the shipped one already reads instead of from nothing. A little
    noise on the copies lets them drift apart as training goes on.
    """
    generator = torch.Generator().manual_seed(seed)
    wide = IndexClassifier(model.head.out_features, width=width_of(model.state_dict()) * factor)
    with torch.no_grad():
        previous_copies = 1
        for (old_conv, old_bn), (new_conv, new_bn) in zip(
            _conv_bn_pairs(model), _conv_bn_pairs(wide), strict=True
        ):
            weight = old_conv.weight.repeat_interleave(factor, dim=0)
            weight = weight.repeat_interleave(previous_copies, dim=1) / previous_copies
            jitter = torch.randn(weight.shape, generator=generator) * noise * weight.std()
            new_conv.weight.copy_(weight + jitter)
            for name in ("weight", "bias", "running_mean", "running_var"):
                getattr(new_bn, name).copy_(getattr(old_bn, name).repeat_interleave(factor))
            previous_copies = factor
        wide.head.weight.copy_(model.head.weight.repeat_interleave(factor, dim=1) / factor)
        wide.head.bias.copy_(model.head.bias)
    return wide
