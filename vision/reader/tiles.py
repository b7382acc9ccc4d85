"""Overlapping tiles of a still, for a second detector pass with more pixels per index.

The detector sees every frame scaled to one input size (960x544), so the corner indices of
a table photographed from far off reach it at 4-7 px and many are never boxed. Cut into a
grid of overlapping tiles, each scaled to the same input, the same indices arrive larger.
A box that an inner tile edge cuts through is dropped: the index it half shows lies whole
in the neighbouring tile (the tiles overlap by more than an index) or in the whole frame's
pass, and a half index would be read as a guess.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vision.reader.geometry import RawBoxes

# A box within this many pixels of an inner tile edge counts as cut by it.
EDGE_MARGIN_PX = 2.0


@dataclass(frozen=True)
class Tile:
    """One window of the frame, in frame pixels (left, top inclusive; right, bottom not)."""

    left: int
    top: int
    right: int
    bottom: int

    def cut(self, image: np.ndarray) -> np.ndarray:
        return image[self.top : self.bottom, self.left : self.right]

    def to_frame(self, raw: RawBoxes, frame_wh: tuple[int, int]) -> RawBoxes:
        """The tile's boxes (tile pixels) in frame pixels, less those an inner edge cuts."""
        boxes = raw.boxes_xyxy
        width, height = frame_wh
        keep = np.ones(len(boxes), dtype=bool)
        if self.left > 0:
            keep &= boxes[:, 0] > EDGE_MARGIN_PX
        if self.top > 0:
            keep &= boxes[:, 1] > EDGE_MARGIN_PX
        if self.right < width:
            keep &= boxes[:, 2] < self.right - self.left - EDGE_MARGIN_PX
        if self.bottom < height:
            keep &= boxes[:, 3] < self.bottom - self.top - EDGE_MARGIN_PX
        offset = np.array([self.left, self.top, self.left, self.top], dtype=np.float32)
        return RawBoxes(boxes[keep] + offset, raw.scores[keep], raw.class_ids[keep])


def tiles_of(frame_wh: tuple[int, int], grid: int, share: float) -> tuple[Tile, ...]:
    """A ``grid`` x ``grid`` set of tiles, each ``share`` of the frame's width and height,
    spread evenly from one edge to the other (so neighbours overlap when share > 1/grid)."""
    if grid < 2 or not 1.0 / grid <= share < 1.0:
        raise ValueError(f"tiles must cover the frame and be smaller than it: {grid}, {share}")
    width, height = frame_wh
    tile_w, tile_h = int(width * share), int(height * share)
    tiles = []
    for row in range(grid):
        top = round(row * (height - tile_h) / (grid - 1))
        for column in range(grid):
            left = round(column * (width - tile_w) / (grid - 1))
            tiles.append(Tile(left, top, left + tile_w, top + tile_h))
    return tuple(tiles)


def concatenate(parts: list[RawBoxes]) -> RawBoxes:
    if len(parts) == 1:  # a video frame's one pass: nothing to join, no copy
        return parts[0]
    return RawBoxes(
        np.concatenate([part.boxes_xyxy for part in parts]).astype(np.float32),
        np.concatenate([part.scores for part in parts]),
        np.concatenate([part.class_ids for part in parts]),
    )
