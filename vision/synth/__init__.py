"""Synthetic Burraco tables for training and evaluating the card reader.

Planning and rendering are separate: ``plan_table`` decides what lies where (frozen
dataclasses, table millimetres), ``sample_camera`` how it is seen, and ``render_table``
draws it in a deck style with labels and ground truth. See docs/synth.md.
"""

from vision.synth.camera import Camera, sample_camera
from vision.synth.dataset import SynthConfig, generate, render_sample
from vision.synth.effects import Effects, plain_effects, sample_effects
from vision.synth.labels import BACK_CLASS, CLASS_NAMES, MIN_INDEX_HEIGHT_PX, MIN_VISIBLE_FRAC
from vision.synth.plan import PlacedCard, PlacedMeld, PlanOptions, TablePlan, plan_table
from vision.synth.render import RenderedScene, encode_jpeg, render_table
from vision.synth.styles import HELDOUT, DeckStyle, all_style_names, get_style

__all__ = [
    "BACK_CLASS",
    "CLASS_NAMES",
    "HELDOUT",
    "MIN_INDEX_HEIGHT_PX",
    "MIN_VISIBLE_FRAC",
    "Camera",
    "DeckStyle",
    "Effects",
    "PlacedCard",
    "PlacedMeld",
    "PlanOptions",
    "RenderedScene",
    "SynthConfig",
    "TablePlan",
    "all_style_names",
    "encode_jpeg",
    "generate",
    "get_style",
    "plain_effects",
    "plan_table",
    "render_sample",
    "render_table",
    "sample_camera",
    "sample_effects",
]
