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
