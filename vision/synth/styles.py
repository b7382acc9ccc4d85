"""Named deck styles: how a deck prints its indices, pips, courts, jokers and backs.

``heldout`` is reserved for evaluation: it is never in the default training set, so a
model's score on it measures how well it carries over to a deck it has not seen.
``letele`` is an image deck (PNG faces of a real CC0 design) and exists only when its
assets are present.
"""

from __future__ import annotations

import dataclasses
import zlib
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

LETELE_DIR = Path(__file__).parent / "assets" / "letele"

BGR = tuple[int, int, int]
BLACK: BGR = (20, 20, 20)
RED: BGR = (40, 30, 200)
CLASSIC_COLORS: dict[str, BGR] = {"C": BLACK, "S": BLACK, "H": RED, "D": RED}
FOUR_COLORS: dict[str, BGR] = {"C": (40, 120, 20), "S": BLACK, "H": RED, "D": (170, 80, 10)}


@dataclass(frozen=True)
class BackDesign:
    pattern: str  # "lattice", "dots", "stripes", "checks", "plain_frame"
    color_bgr: BGR
    paper_bgr: BGR = (235, 238, 240)


@dataclass(frozen=True)
class DeckStyle:
    name: str
    font: str = "sans"
    rank_h_frac: float = 0.095  # rank glyph height / card height
    suit_h_ratio: float = 0.8  # corner suit height / rank height
    gap_ratio: float = 0.18  # gap between rank and suit / rank height
    index_x_frac: float = 0.09  # index centre x / card width
    index_y_frac: float = 0.045  # index top / card height
    ten_squeeze: float = 0.85  # "10" is drawn narrower, as most decks do
    rank_w_scale: float = 1.0  # horizontal stretch of the rank glyph
    rank_weight: float = 0.0  # stroke weight: > 0 bolder, < 0 lighter
    suit_kind: str = "drawn"  # "drawn" or "font"
    suit_variant: int = 0
    colors: dict[str, BGR] = field(default_factory=lambda: dict(CLASSIC_COLORS))
    paper_bgr: BGR = (246, 247, 248)
    border: tuple[float, int, BGR] | None = None  # (inset / width, thickness px, colour)
    corner_radius_frac: float = 0.06
    pip_box: tuple[float, float, float, float] = (0.27, 0.17, 0.73, 0.83)
    pip_h_frac: float = 0.135
    ace_h_frac: float = 0.33
    court_variant: int = 0
    joker_design: str = "letters"  # "letters", "star" or "jk"
    four_corner: bool = False  # indices also at top-right and bottom-left
    flat_three: bool = False  # the "3" printed with a flat top (``glyphs.flat_top_three``)
    backs: tuple[BackDesign, BackDesign] = (
        BackDesign("lattice", (150, 60, 20)),
        BackDesign("lattice", (40, 30, 170)),
    )
    image_dir: Path | None = None  # set for image decks (letele)


PROCEDURAL_STYLES: tuple[DeckStyle, ...] = (
    DeckStyle("classic"),
    DeckStyle(
        "bridge",
        font="condensed",
        rank_h_frac=0.085,
        index_x_frac=0.07,
        suit_kind="font",
        pip_box=(0.3, 0.18, 0.7, 0.82),
        pip_h_frac=0.12,
        court_variant=1,
        joker_design="star",
        backs=(BackDesign("dots", (40, 40, 160)), BackDesign("dots", (120, 70, 20))),
    ),
    DeckStyle(
        "fourcolor",
        rank_h_frac=0.11,
        colors=dict(FOUR_COLORS),
        suit_variant=1,
        border=(0.045, 2, (150, 150, 150)),
        court_variant=2,
        joker_design="jk",
        backs=(BackDesign("stripes", (60, 110, 30)), BackDesign("checks", (30, 30, 140))),
    ),
    DeckStyle(
        "bold",
        rank_h_frac=0.13,
        suit_h_ratio=0.75,
        index_x_frac=0.1,
        index_y_frac=0.04,
        colors={"C": (0, 0, 0), "S": (0, 0, 0), "H": (30, 20, 220), "D": (30, 20, 220)},
        pip_h_frac=0.15,
        corner_radius_frac=0.08,
        joker_design="star",
        four_corner=True,
        backs=(BackDesign("plain_frame", (140, 40, 30)), BackDesign("plain_frame", (30, 30, 150))),
    ),
    DeckStyle(
        "vintage",
        font="serif",
        rank_h_frac=0.09,
        suit_h_ratio=0.9,
        paper_bgr=(215, 232, 240),
        colors={"C": (40, 40, 50), "S": (40, 40, 50), "H": (40, 40, 160), "D": (40, 40, 160)},
        suit_variant=2,
        border=(0.035, 1, (60, 60, 140)),
        court_variant=1,
        joker_design="letters",
        backs=(BackDesign("lattice", (50, 90, 140)), BackDesign("stripes", (90, 40, 110))),
    ),
    DeckStyle(
        "slim",
        font="condensed",
        rank_h_frac=0.075,
        suit_h_ratio=0.95,
        index_x_frac=0.065,
        index_y_frac=0.05,
        suit_kind="font",
        pip_h_frac=0.12,
        corner_radius_frac=0.045,
        four_corner=True,
        court_variant=2,
        joker_design="jk",
        backs=(BackDesign("checks", (120, 60, 40)), BackDesign("dots", (40, 40, 150))),
    ),
    DeckStyle(
        "casino",
        font="stix_bold",
        rank_h_frac=0.115,
        suit_h_ratio=0.8,
        gap_ratio=0.1,
        index_x_frac=0.095,
        colors={"C": (10, 10, 10), "S": (10, 10, 10), "H": (35, 25, 210), "D": (35, 25, 210)},
        four_corner=True,
        court_variant=1,
        joker_design="letters",
        pip_h_frac=0.14,
        backs=(BackDesign("lattice", (40, 40, 160)), BackDesign("lattice", (140, 70, 20))),
    ),
    DeckStyle(
        "jumbo",
        rank_h_frac=0.16,
        suit_h_ratio=0.6,
        gap_ratio=0.08,
        index_x_frac=0.13,
        index_y_frac=0.03,
        ten_squeeze=0.7,
        pip_box=(0.33, 0.22, 0.67, 0.78),
        pip_h_frac=0.1,
        court_variant=2,
        joker_design="jk",
        backs=(BackDesign("stripes", (30, 30, 150)), BackDesign("stripes", (120, 80, 20))),
    ),
    DeckStyle(
        "italian",
        font="stix_bold",
        rank_h_frac=0.085,
        suit_h_ratio=1.0,
        gap_ratio=0.12,
        index_x_frac=0.085,
        suit_kind="font",
        paper_bgr=(228, 238, 242),
        colors={"C": (25, 25, 25), "S": (25, 25, 25), "H": (45, 35, 185), "D": (45, 35, 185)},
        four_corner=True,
        corner_radius_frac=0.05,
        court_variant=0,
        joker_design="star",
        backs=(BackDesign("checks", (40, 40, 140)), BackDesign("plain_frame", (140, 90, 30))),
    ),
    # Reserved for evaluation only: never used unless asked for by name.
    DeckStyle(
        "heldout",
        font="serif_condensed",
        rank_h_frac=0.1,
        suit_h_ratio=0.85,
        index_x_frac=0.08,
        suit_kind="drawn",
        suit_variant=1,
        colors={"C": (30, 30, 30), "S": (30, 30, 30), "H": (50, 20, 190), "D": (50, 20, 190)},
        paper_bgr=(238, 244, 246),
        border=(0.05, 1, (90, 90, 90)),
        pip_box=(0.28, 0.16, 0.72, 0.84),
        court_variant=0,
        joker_design="star",
        four_corner=True,
        backs=(BackDesign("dots", (30, 100, 30)), BackDesign("lattice", (30, 30, 30))),
    ),
)

HELDOUT = "heldout"

# Index faces a training variant may print in instead of its family's own: real decks
# letter their indices in many faces, and a classifier that has seen only a few of them
# misreads the rest. The held-out style's face (``serif_condensed``) is never among them.
SWAP_FONTS: tuple[str, ...] = (
    "sans",
    "serif",
    "condensed",
    "stix_bold",
    "century_bold",
    "palatino_bold",
    "times_bold",
    "bookman_demi",
    "helvetica_bold",
    "helvetica_narrow_bold",
    "gothic_demi",
    "liberation_sans_bold",
    "liberation_serif_bold",
)
FONT_SWAP_SHARE = 0.6  # share of training blocks printed in a face from SWAP_FONTS


def jittered_style(style: DeckStyle, k: int) -> DeckStyle:
    """Variant ``k`` of a procedural style: the same deck family printed a little
    differently (index size, place, stretch and weight). ``k`` = 0 is the style itself;
    the same (style, k) always gives the same variant, named ``"{name}~{k}"``. Training
    variants may also print their indices in another face (``with_swapped_font``)."""
    if k == 0 or style.image_dir is not None:
        return style
    rng = np.random.default_rng([zlib.crc32(style.name.encode()), k])
    return dataclasses.replace(
        style,
        name=f"{style.name}~{k}",
        rank_h_frac=style.rank_h_frac * float(rng.uniform(0.88, 1.12)),
        suit_h_ratio=style.suit_h_ratio * float(rng.uniform(0.9, 1.1)),
        gap_ratio=max(0.04, style.gap_ratio * float(rng.uniform(0.6, 1.4))),
        index_x_frac=style.index_x_frac * float(rng.uniform(0.85, 1.15)),
        index_y_frac=style.index_y_frac * float(rng.uniform(0.8, 1.2)),
        rank_w_scale=float(rng.uniform(0.85, 1.15)),
        rank_weight=float(rng.uniform(-0.4, 0.6)),
        pip_h_frac=style.pip_h_frac * float(rng.uniform(0.9, 1.1)),
        corner_radius_frac=style.corner_radius_frac * float(rng.uniform(0.7, 1.3)),
    )


def _keeps_its_print(style: DeckStyle) -> bool:
    """The held-out style and image decks are never printed otherwise: the held-out face and
    suits stay ones no training render used, and an image deck has no print to change."""
    return style.name.split("~")[0] == HELDOUT or style.image_dir is not None


def with_swapped_font(style: DeckStyle, rng: np.random.Generator) -> DeckStyle:
    """Now and then (``FONT_SWAP_SHARE``) the same deck with its indices printed in another
    face from ``SWAP_FONTS``. The held-out style and image decks are returned unchanged
    (and draw nothing from ``rng``), so the held-out face stays one no training render used."""
    if _keeps_its_print(style):
        return style
    if rng.random() >= FONT_SWAP_SHARE:
        return style
    font = SWAP_FONTS[int(rng.integers(len(SWAP_FONTS)))]
    # a name of its own: faces are cached by style name
    return dataclasses.replace(style, name=f"{style.name}@{font}", font=font)


# Drawn suit shapes a training block may print in instead of its style's own (see
# ``with_swapped_suit_shapes``); font suits stay as they are.
DRAWN_SUIT_VARIANTS = 3


def with_swapped_suit_shapes(style: DeckStyle, rng: np.random.Generator, share: float) -> DeckStyle:
    """Now and then (``share``) the same deck with its suits drawn in another of the drawn
    shapes, in the deck's own colours. Otherwise each shape comes with one colouring (the
    four-colour deck's green clubs are the only clubs of their shape), so a classifier may
    learn a club by colour and shape together. (A classifier trained on such renders, run
    R7 in the model card, read the held-out deck's black clubs of that shape as spades as
    often as before.) The held-out style, font suits and image decks are returned
    unchanged; with ``share`` 0 nothing is drawn from ``rng``, so older datasets render as
    before."""
    if share <= 0 or _keeps_its_print(style):
        return style
    if style.suit_kind != "drawn" or rng.random() >= share:
        return style
    others = [v for v in range(DRAWN_SUIT_VARIANTS) if v != style.suit_variant]
    variant = others[int(rng.integers(len(others)))]
    # a name of its own: faces are cached by style name
    return dataclasses.replace(style, name=f"{style.name}%{variant}", suit_variant=variant)


def with_flat_three(style: DeckStyle, rng: np.random.Generator, share: float) -> DeckStyle:
    """Now and then (``share``) the same deck with its 3s printed flat-topped. Every bundled
    face draws a round-topped 3, while some real decks print the top as a bar and a
    stroke down to the waist, which a model that knows only round tops reads as a 5. The
    held-out style and image decks are returned unchanged; with ``share`` 0 nothing is
    drawn from ``rng``, so older datasets render as before."""
    if share <= 0 or _keeps_its_print(style) or rng.random() >= share:
        return style
    # a name of its own: faces are cached by style name
    return dataclasses.replace(style, name=f"{style.name}^3", flat_three=True)


def letele_available() -> bool:
    return (LETELE_DIR / "index_boxes.json").is_file() and (LETELE_DIR / "AS.png").is_file()


def all_style_names() -> tuple[str, ...]:
    names = tuple(s.name for s in PROCEDURAL_STYLES)
    return (*names, "letele") if letele_available() else names


def default_training_styles() -> tuple[str, ...]:
    return tuple(n for n in all_style_names() if n != HELDOUT)


def get_style(name: str) -> DeckStyle:
    for s in PROCEDURAL_STYLES:
        if s.name == name:
            return s
    if name == "letele" and letele_available():
        return DeckStyle("letele", image_dir=LETELE_DIR, four_corner=False)
    raise KeyError(f"unknown deck style {name!r}; known: {', '.join(all_style_names())}")


def select_styles(include: list[str] | None, exclude: list[str] | None) -> tuple[str, ...]:
    """Styles to draw from: ``include`` if given, else the training default minus ``exclude``."""
    known = set(all_style_names())
    for n in (include or []) + (exclude or []):
        if n not in known:
            raise KeyError(f"unknown deck style {n!r}; known: {', '.join(sorted(known))}")
    base = tuple(include) if include else default_training_styles()
    chosen = tuple(n for n in base if n not in set(exclude or []))
    if not chosen:
        raise KeyError("no deck style left to render")
    return chosen
