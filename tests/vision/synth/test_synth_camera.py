"""The share of camera views square to the table: the default keeps four in five square,
and a training set can ask for more turned views (real cards lie at every angle)."""

import numpy as np

from vision.synth.camera import SQUARE_VIEW_SHARE, view_angle
from vision.synth.dataset import SynthConfig
from vision.synth.labels import MIN_VISIBLE_FRAC
from vision.synth.melds import JOKER_WILD_SHARE
from vision.synth.plan import FAN_SHOW


def off_square_deg(angle: float) -> float:
    return abs((angle + 45.0) % 90.0 - 45.0)


def angles(share: float, n: int = 400) -> np.ndarray:
    rng = np.random.default_rng(3)
    return np.array([off_square_deg(view_angle(rng, share)) for _ in range(n)])


def test_square_views_stay_within_a_few_degrees_of_the_table_edges():
    assert float(angles(1.0).max()) < 15.0


def test_turned_views_spread_over_every_angle():
    turned = angles(0.0)
    assert float((turned > 15.0).mean()) > 0.55  # uniform: two thirds lie beyond 15 degrees
    assert float(turned.max()) > 40.0


def test_the_default_share_is_what_a_rendered_set_uses_unless_asked():
    assert SynthConfig(seed=0).square_view_share == SQUARE_VIEW_SHARE == 0.8
    share_turned = float((angles(SQUARE_VIEW_SHARE, 2000) > 15.0).mean())
    assert 0.08 < share_turned < 0.2  # a fifth of the views, two thirds of them past 15


def test_the_command_line_renders_with_the_same_default_share():
    from desktop.cli import _build_subcommand_parser

    args = _build_subcommand_parser("synth").parse_args(["synth", "--out", "x"])
    assert args.square_views == SQUARE_VIEW_SHARE
    # and the label rule: a set rendered without --min-visible is labelled as before
    assert args.min_visible == MIN_VISIBLE_FRAC == SynthConfig(seed=0).min_visible_frac
    # and the share of jokers among the wilds
    assert args.joker_share == JOKER_WILD_SHARE == SynthConfig(seed=0).joker_share
    # and how tight fans are laid
    assert args.fan_show == ",".join(map(str, FAN_SHOW))
    assert SynthConfig(seed=0).fan_show == FAN_SHOW
    # and no suit shape swapped: sets rendered before the option render as before
    assert args.suit_shape_swap == 0.0 == SynthConfig(seed=0).suit_shape_swap
    # and no 3 printed flat-topped
    assert args.flat_three == 0.0 == SynthConfig(seed=0).flat_three
