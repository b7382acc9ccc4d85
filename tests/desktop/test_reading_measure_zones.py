"""The measures' calibration draws zones as a user would: each team's half of the table,
and the discard zone around the pile as it lies, so a meld laid against a heaped pile is
still its team's."""

from desktop.reading_measure import zones_from_truth
from vision.layout.geometry import convex_hull

IDENTITY = [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0]


def _card(zone, quad):
    return {"zone": zone, "quad_px": quad, "face_up": True, "indices": []}


def test_hull_keeps_the_outline_and_drops_inner_points():
    points = [(0, 0), (4, 0), (4, 4), (0, 4), (2, 2), (1, 3), (4, 2)]
    hull = convex_hull(points)
    assert set(hull) == {(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)}


def test_a_meld_corner_beside_a_heaped_pile_stays_in_its_team_zone():
    # Two pile cards turned against each other: the box around them (and its margin)
    # would reach the meld card's corner at (118, 35); the pile's own outline does not.
    pile = [
        _card("discard", [[60, -40], [100, -40], [100, 20], [60, 20]]),
        _card("discard", [[70, -10], [110, 30], [80, 60], [40, 20]]),
    ]
    meld = _card("A", [[112, 30], [150, 30], [150, 90], [112, 90]])
    truth = {
        "camera_table_to_image": IDENTITY,
        "image_size_wh": [400, 300],
        "cards": [*pile, meld],
    }
    zones = zones_from_truth(truth)
    assert zones.zone_of((118.0, 35.0)) == "A"
    assert zones.zone_of((75.0, 0.0)) == "discard"
    assert zones.zone_of((130.0, -30.0)) == "B"
