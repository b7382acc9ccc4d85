"""A still's detector pass in overlapping tiles: the tiles cover the frame, a box an inner
tile edge cuts is dropped, and an index too small for the whole frame's pass is found once."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.detector import CardReader, ReaderConfig
from vision.reader.geometry import RawBoxes
from vision.reader.tiles import Tile, tiles_of

FRAME_WH = (1280, 720)


def test_two_by_two_tiles_cover_the_frame_and_overlap() -> None:
    tiles = tiles_of(FRAME_WH, 2, 0.6)
    covered = np.zeros((720, 1280), dtype=int)
    for tile in tiles:
        assert (tile.right - tile.left, tile.bottom - tile.top) == (768, 432)
        covered[tile.top : tile.bottom, tile.left : tile.right] += 1
    assert covered.min() >= 1
    # the middle of the frame lies in all four
    assert covered[360, 640] == 4


@pytest.mark.parametrize(("grid", "share"), [(1, 0.6), (2, 0.4), (2, 1.0)])
def test_tiles_that_would_leave_a_gap_or_be_the_frame_are_refused(grid, share) -> None:
    with pytest.raises(ValueError):
        tiles_of(FRAME_WH, grid, share)


def test_a_box_an_inner_tile_edge_cuts_is_dropped_and_the_rest_moved_to_the_frame() -> None:
    tile = Tile(left=512, top=0, right=1280, bottom=432)  # the top right tile
    boxes = np.array(
        [
            [0.0, 100.0, 10.0, 120.0],  # cut by the tile's left edge (inside the frame)
            [100.0, 420.0, 110.0, 432.0],  # cut by its bottom edge
            [758.0, 0.0, 768.0, 12.0],  # at the frame's right and top edges: whole
            [300.0, 200.0, 312.0, 216.0],  # well inside
        ],
        np.float32,
    )
    raw = RawBoxes(boxes, np.array([0.9, 0.8, 0.7, 0.6]), np.zeros(4, int))
    moved = tile.to_frame(raw, FRAME_WH)
    assert moved.scores.tolist() == pytest.approx([0.7, 0.6])
    assert moved.boxes_xyxy.tolist() == [[1270, 0, 1280, 12], [812, 200, 824, 216]]


class BlobDetector:
    """A stand-in for the index detector: every white blob at least ``MIN_SIDE`` px on a
    side in its input is one index, scored 0.9. Counts its calls."""

    MIN_SIDE = 6
    name = "blobs"

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, canvas: np.ndarray) -> np.ndarray:
        self.calls += 1
        white = (canvas.min(axis=2) > 200).astype(np.uint8)
        count, _, stats, _ = cv2.connectedComponentsWithStats(white)
        rows = [
            (x + w / 2, y + h / 2, w, h, 0.9, 0.0)
            for x, y, w, h, _ in stats[1:count]
            if min(w, h) >= self.MIN_SIDE
        ]
        return np.array(rows or np.zeros((0, 6)), np.float32).T[None]


def reader() -> tuple[CardReader, BlobDetector]:
    config = ReaderConfig(
        detector_onnx="d.onnx", classifier_onnx="c.onnx", input_hw=(544, 960), labels=("AC",)
    )
    detector = BlobDetector()
    return CardReader(config, detector, classifier=None), detector  # type: ignore[arg-type]


def test_an_index_too_small_for_the_whole_frame_is_found_once_in_the_tiles() -> None:
    frame = np.zeros((720, 1280, 3), np.uint8)
    frame[357:363, 637:643] = 255  # 6 px: 4.5 px at the whole frame's scale (0.75), 7.5 in a tile
    frame[100:140, 100:130] = 255  # large: every pass that holds it sees it
    one_pass, detector = reader()
    found = one_pass.locate(frame).index_boxes_xyxy
    assert detector.calls == 1
    assert len(found) == 1 and found[0][0] == pytest.approx(100, abs=2)

    tiled, detector = reader()
    found = tiled.locate(frame, tiled=True).index_boxes_xyxy
    assert detector.calls == 5  # the whole frame and four tiles
    # the small index lies in all four tiles and the large one in the whole frame and one
    # tile: each is boxed once
    assert len(found) == 2
    small = found[np.argmin(found[:, 2] - found[:, 0])]
    assert small.tolist() == pytest.approx([637, 357, 643, 363], abs=1)
