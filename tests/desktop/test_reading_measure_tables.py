"""The still measure counts a table as one a reader of indices can score only when every
team meld on it shows an index of each card, and scores those tables apart."""

from __future__ import annotations

import copy
import random

from desktop.reading_measure import Tally, detections_from_truth, score_image, zones_from_truth
from vision.layout import build_layout
from vision.layout.zones import default_zones
from vision.synth.dataset import SynthConfig, render_sample


def _measure(truth: dict) -> Tally:
    tally = Tally()
    detections = detections_from_truth(truth, random.Random(0), 0.0, 0.0)
    w, h = truth["image_size_wh"]
    layout = build_layout(detections, (w, h), zones_from_truth(truth))
    score_image(truth, layout, tally, "still")
    return tally


def _team_melds_readable(truth: dict) -> bool:
    cards = {c["uid"]: c for c in truth["cards"]}
    if sum(m["zone"] in ("A", "B") for m in truth["melds"]) < 2:
        return False
    return all(
        any(i["labelled"] for i in cards[u]["indices"])
        for m in truth["melds"]
        if m["zone"] in ("A", "B")
        for u in m["uids"]
    )


def test_a_table_with_a_hidden_card_is_not_a_readable_table() -> None:
    # find a rendered still whose every meld is readable, then hide one card's indices
    for index in range(30):
        truth = render_sample(SynthConfig(seed=4242, framing="table"), index).truth
        if _team_melds_readable(truth):
            break
    else:
        raise AssertionError("no readable table among the first renders")
    whole = _measure(truth)
    assert (whole.images, whole.readable_tables) == (1, 1)
    assert whole.readable_tables_scored == whole.scored_exact
    assert "readable tables scored exactly" in whole.line()

    hidden = copy.deepcopy(truth)
    meld = next(m for m in hidden["melds"] if m["zone"] in ("A", "B"))
    card = next(c for c in hidden["cards"] if c["uid"] == meld["uids"][0])
    for corner in card["indices"]:
        corner["labelled"] = False
    covered = _measure(hidden)
    assert covered.readable_tables == 0 and covered.readable_tables_scored == 0
    assert covered.readable == whole.readable - 1


def one_run_truth(run: list[str], extra: tuple[str, ...] = ()) -> dict:
    """The truth of a still holding one run in zone A (and ``extra`` cards in no meld),
    every card showing an index."""
    return {
        "cards": [
            {"uid": k, "card": card, "face_up": True, "indices": [{"labelled": True}]}
            for k, card in enumerate([*run, *extra])
        ],
        "melds": [{"zone": "A", "kind": "run", "cards": run, "uids": list(range(len(run)))}],
    }


def test_melds_are_also_counted_as_the_referee_reads_them() -> None:
    """A run read with a stray end card (another meld's corner on its line) is not exact as
    a layout meld, but the referee sets the card apart, as ``arbitro read`` reports it."""
    from tests.vision.layout.fans import fan

    run = ["5H", "6H", "7H", "8H"]
    detections = fan([*run, "KS"], 100, 500)  # team A: the frame's lower half
    truth = one_run_truth(run, extra=("KS",))
    layout = build_layout(detections, (1280, 720), default_zones((1280, 720)))
    assert [list(m.cards) for m in layout.zone("A").melds] == [[*run, "KS"]]
    tally = Tally()
    score_image(truth, layout, tally, "still")
    assert (tally.readable, tally.readable_exact, tally.readable_referee_exact) == (1, 0, 1)
    assert "as the referee reads them 1/1" in tally.line()


def test_the_referee_figure_has_an_interval_over_whole_stills() -> None:
    tally = Tally(per_image=[(4, 4), (2, 0), (3, 3), (5, 1)])
    low, high = tally.referee_interval()
    assert low < 8 / 14 < high
    assert Tally().referee_interval() is None


def run_read_whole_and_short():
    """A still of one run 5H-8H, and two layouts of it: read whole, and read without 8H."""
    from tests.vision.layout.fans import fan

    run = ["5H", "6H", "7H", "8H"]
    zones = default_zones((1280, 720))
    read_right = build_layout(fan(run, 100, 500), (1280, 720), zones)
    read_short = build_layout(fan(run[:3], 100, 500), (1280, 720), zones)
    return one_run_truth(run), read_right, read_short


def test_each_still_adds_its_readable_melds_and_those_the_referee_reads_exactly() -> None:
    truth, read_right, read_short = run_read_whole_and_short()
    tally = Tally()
    score_image(truth, read_right, tally, "right")
    score_image(truth, read_short, tally, "short")
    assert tally.per_image == [(1, 1), (1, 0)]
    assert "as the referee reads them 1/2 (50.0%; 95%: " in tally.line()


def test_a_still_read_a_card_short_with_the_card_in_line_is_flagged_not_silent() -> None:
    """The referee's melds are tallied by whether it flags them: a run read without its
    first card, that card lying loose on the run's line, is wrong but flagged; read
    without it and nothing in line, the same run is a silent error."""
    from tests.vision.layout.fans import det, fan

    run = ["4H", "5H", "6H", "7H"]
    truth = one_run_truth(run)
    zones = default_zones((1280, 720))
    short = fan(run[1:], 124, 500, second_index=False)  # index steps of 24 px
    loose_four = det("4H", 133 - 48, 513)  # two steps before the 5H's index: one unread between
    tally = Tally()
    score_image(truth, build_layout([*short, loose_four], (1280, 720), zones), tally, "in line")
    score_image(truth, build_layout(short, (1280, 720), zones), tally, "alone")
    assert (tally.flags.read, tally.flags.wrong_flagged, tally.flags.wrong_silent) == (2, 1, 1)
    assert "read wrong with no flag 1 (50.0%" in tally.line()


def test_per_still_counts_name_each_still_with_its_readable_and_exact_melds() -> None:
    """``--per-still`` lets two layouts be compared still by still (a gain on one still and
    a loss on another is not a tie): each still keeps its own name and counts."""
    import json

    from desktop.reading_measure import per_still_json

    truth, read_right, read_short = run_read_whole_and_short()
    tally = Tally()
    score_image(truth, read_short, tally, "000007")
    score_image(truth, read_right, tally, "000008")
    assert json.loads(per_still_json(tally)) == {
        "stills": [
            {"name": "000007", "readable": 1, "exact": 0},
            {"name": "000008", "readable": 1, "exact": 1},
        ]
    }


def test_the_measure_writes_per_still_counts_and_refuses_them_with_video(tmp_path) -> None:
    import json

    import pytest

    from desktop.reading_measure import main

    config = SynthConfig(seed=3, size_wh=(1280, 720), framing="table")
    folder = tmp_path / "stills"
    (folder / "truth").mkdir(parents=True)
    for k in range(2):
        truth = render_sample(config, k).truth
        (folder / "truth" / f"{k:06d}.json").write_text(json.dumps(truth))
    out = tmp_path / "per_still.json"
    assert main([str(folder), "--drop", "0", "--misread", "0", "--per-still", str(out)]) == 0
    stills = json.loads(out.read_text())["stills"]
    assert [s["name"] for s in stills] == ["000000", "000001"]
    assert all(0 <= s["exact"] <= s["readable"] for s in stills)
    assert sum(s["readable"] for s in stills) > 0
    with pytest.raises(SystemExit):
        main([str(folder), "--video", "--per-still", str(out)])
