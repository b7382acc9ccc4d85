"""Rasterise the letele SVG cards to PNG and measure their corner-index boxes.

Usage (after ``node to_svg.mjs SVG_DIR``)::

    python to_png.py SVG_DIR OUT_DIR [--height 350] [--debug DEBUG.png] [--sheet SHEET.png]

Writes ``OUT_DIR/<card>.png`` (RGBA, transparent outside the rounded corners) and
``OUT_DIR/index_boxes.json``. Needs cairosvg, numpy, opencv and Pillow.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["C", "D", "H", "S"]
FACES = [r + s for s in SUITS for r in RANKS] + ["JK1", "JK2"]
BACKS = ["back1", "back2"]

# Search window for the top-left index, as fractions of the card width/height. The index
# of this deck sits well inside it; pips and court frames start further in.
CORNER_W_FRAC = 0.22
CORNER_H_FRAC = 0.30
# Pixels this close to the card outline belong to the printed border, not to the index.
BORDER_PX = 4.0
# Side by side parts of one rank (the "1" and "0" of a 10) are closer than this.
ROW_GAP_FRAC = 0.02
# The suit symbol sits under the rank glyph, overlapping it horizontally, within this gap.
COLUMN_GAP_FRAC = 0.06
# Any single index part is smaller than this; larger blobs are court frames or art.
MAX_PART_FRAC = 0.12


@dataclass(frozen=True)
class Box:
    """Pixel box, x2/y2 exclusive."""

    x1: int
    y1: int
    x2: int
    y2: int

    def union(self, other: Box) -> Box:
        return Box(
            min(self.x1, other.x1),
            min(self.y1, other.y1),
            max(self.x2, other.x2),
            max(self.y2, other.y2),
        )

    def belongs_with(self, other: Box, row_gap_px: float, column_gap_px: float) -> bool:
        """Same row and close (digits of "10"), or same column and close (rank over suit)."""
        dx = max(other.x1 - self.x2, self.x1 - other.x2)  # negative when overlapping
        dy = max(other.y1 - self.y2, self.y1 - other.y2)
        return (dy < 0 and dx <= row_gap_px) or (dx < 0 and dy <= column_gap_px)


def svg_size_wh(svg_text: str) -> tuple[float, float]:
    head = svg_text[: svg_text.index(">")]
    width = re.search(r'\swidth="([\d.]+)"', head)
    height = re.search(r'\sheight="([\d.]+)"', head)
    if not (width and height):
        raise ValueError("svg root has no width/height")
    return float(width.group(1)), float(height.group(1))


def rasterise(svg_path: Path, height_px: int) -> Any:
    """SVG file -> RGBA PIL image of the given height, keeping the card's aspect ratio."""
    import cairosvg
    from PIL import Image

    svg_text = svg_path.read_text(encoding="utf-8")
    w, h = svg_size_wh(svg_text)
    width_px = round(height_px * w / h)
    png = cairosvg.svg2png(
        bytestring=svg_text.encode("utf-8"), output_width=width_px, output_height=height_px
    )
    return Image.open(io.BytesIO(png)).convert("RGBA")


def top_left_index_box(rgba: Any) -> Box | None:
    """Box around the rank glyph and suit symbol nearest the top-left corner, or None."""
    import cv2
    import numpy as np

    height, width = rgba.shape[:2]
    alpha = rgba[:, :, 3]
    # Distance from the card outline: ink right at the outline is the printed border.
    inside_px = cv2.distanceTransform((alpha > 127).astype(np.uint8), cv2.DIST_L2, 3)
    ink = (alpha > 127) & (rgba[:, :, :3].min(axis=2) < 192) & (inside_px > BORDER_PX)
    win_h, win_w = int(height * CORNER_H_FRAC), int(width * CORNER_W_FRAC)
    window = ink[:win_h, :win_w].astype(np.uint8)
    count, _, stats, _ = cv2.connectedComponentsWithStats(window, connectivity=8)
    max_part = MAX_PART_FRAC * height
    parts = [
        Box(int(x), int(y), int(x + w), int(y + h))
        for x, y, w, h, _area in stats[1:count]
        if w < max_part and h < max_part and x + w < win_w and y + h < win_h
    ]
    if not parts:
        return None
    # Seed: the part closest to the corner; then absorb neighbours until nothing is near.
    seed = min(parts, key=lambda b: b.x1 + b.y1)
    box, rest = seed, [p for p in parts if p is not seed]
    row_gap_px, column_gap_px = ROW_GAP_FRAC * height, COLUMN_GAP_FRAC * height
    grew = True
    while grew:
        grew = False
        for part in list(rest):
            if box.belongs_with(part, row_gap_px, column_gap_px):
                box, grew = box.union(part), True
                rest.remove(part)
    return box


def index_boxes(image: Any) -> dict[str, list[float] | None]:
    """Top-left and bottom-right (rotated) index boxes as fractions [x1, y1, x2, y2]."""
    import numpy as np

    rgba = np.asarray(image)
    height, width = rgba.shape[:2]

    def frac(b: Box) -> list[float]:
        fracs = (b.x1 / width, b.y1 / height, b.x2 / width, b.y2 / height)
        return [round(f, 4) for f in fracs]

    top = top_left_index_box(rgba)
    turned = top_left_index_box(np.ascontiguousarray(rgba[::-1, ::-1]))
    bottom = (
        None
        if turned is None
        else Box(width - turned.x2, height - turned.y2, width - turned.x1, height - turned.y1)
    )
    return {
        "top_left": None if top is None else frac(top),
        "bottom_right": None if bottom is None else frac(bottom),
    }


def save_png(image: Any, path: Path) -> None:
    """Lossless optimised RGBA PNG (anti-aliased edges give too many colours for a palette)."""
    image.save(path, optimize=True)


def draw_sheet(images: dict[str, Any], boxes: dict[str, Any], path: Path) -> None:
    """Contact sheet of all cards on green, with the measured index boxes outlined."""
    from PIL import Image, ImageDraw, ImageFont

    cols, pad = 14, 6
    card_w, card_h = next(iter(images.values())).size
    rows = -(-len(images) // cols)
    sheet = Image.new("RGBA", (cols * (card_w + pad), rows * (card_h + pad)), (0, 110, 40, 255))
    draw = ImageDraw.Draw(sheet)
    font = ImageFont.load_default(size=card_h // 12)
    for i, (name, image) in enumerate(images.items()):
        x0, y0 = (i % cols) * (card_w + pad), (i // cols) * (card_h + pad)
        sheet.alpha_composite(image, (x0, y0))
        for box in (boxes.get(name) or {}).values():
            if box is not None:
                x1, y1, x2, y2 = box
                outline = [x0 + x1 * card_w, y0 + y1 * card_h, x0 + x2 * card_w, y0 + y2 * card_h]
                draw.rectangle(outline, outline=(0, 200, 255, 255), width=1)
        # File name on a dark tag mid-card, to check it against the printed index.
        centre = (x0 + card_w // 2, y0 + card_h // 2)
        tag = draw.textbbox(centre, name, font=font, anchor="mm")
        draw.rectangle([tag[0] - 3, tag[1] - 3, tag[2] + 3, tag[3] + 3], fill=(40, 0, 60, 255))
        draw.text(centre, name, font=font, anchor="mm", fill=(255, 255, 0, 255))
    sheet.save(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("svg_dir", type=Path)
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--height", type=int, default=350, help="card height in pixels")
    parser.add_argument("--sheet", type=Path, help="write a contact sheet with index boxes")
    args = parser.parse_args(argv)
    missing = [n for n in FACES + BACKS if not (args.svg_dir / f"{n}.svg").is_file()]
    if missing:
        print(f"missing SVG files in {args.svg_dir}: {', '.join(missing)}", file=sys.stderr)
        return 2
    args.out_dir.mkdir(parents=True, exist_ok=True)
    images, boxes = {}, {}
    for name in FACES + BACKS:
        image = rasterise(args.svg_dir / f"{name}.svg", args.height)
        save_png(image, args.out_dir / f"{name}.png")
        images[name] = image
        if name in FACES:
            boxes[name] = index_boxes(image)
    meta = {
        "format": "fractions of image width/height [x1, y1, x2, y2]; null = no corner index",
        "image_size_wh": list(next(iter(images.values())).size),
        "boxes": boxes,
    }
    (args.out_dir / "index_boxes.json").write_text(json.dumps(meta, indent=1) + "\n")
    if args.sheet:
        draw_sheet(images, boxes, args.sheet)
    return 0


if __name__ == "__main__":
    sys.exit(main())
