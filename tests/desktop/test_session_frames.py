"""Sources and readers for the worker: --source parsing, the demo fallback, the model path
(with a stand-in card reader), and the camera health check."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from desktop.session_demo import DEMO_STEPS, demo_frames, render_step, table_truth, truth_detections
from desktop.session_frames import (
    BlindReader,
    ModelReader,
    SourceSpec,
    check_health,
    open_frames,
    parse_source,
)
from vision.types import CardDetection


@pytest.mark.parametrize(
    ("text", "kind", "vision_spec"),
    [
        ("demo", "demo", "demo"),
        ("0", "camera", "0"),
        ("Logitech", "camera", "cam:Logitech"),
        (None, "camera", "0"),
    ],
)
def test_parse_source(text, kind, vision_spec) -> None:
    spec = parse_source(text)
    assert (spec.kind, spec.to_vision()) == (kind, vision_spec)


def test_parse_source_files_and_folders(tmp_path: Path) -> None:
    video = tmp_path / "hand.mp4"
    video.write_bytes(b"")
    assert parse_source(str(video)) == SourceSpec("video", str(video))
    with pytest.raises(ValueError, match="no images in folder"):
        parse_source(str(tmp_path))
    photo = tmp_path / "table.JPG"
    photo.write_bytes(b"")
    assert parse_source(str(photo)) == SourceSpec("image", str(photo))
    # a folder of one photo is that photo, read as a still; of more, frames of one hand
    assert parse_source(str(tmp_path)) == SourceSpec("image", str(photo))
    (tmp_path / "later.png").write_bytes(b"")
    assert parse_source(str(tmp_path)) == SourceSpec("folder", str(tmp_path))
    with pytest.raises(ValueError, match="no such file"):
        parse_source(str(tmp_path / "missing.mp4"))


def test_demo_without_the_recording_plays_the_builtin_hand(monkeypatch, tmp_path: Path) -> None:
    import vision.sources

    monkeypatch.setattr(vision.sources, "DEMO_PATH", tmp_path / "absent.mp4")
    with open_frames(SourceSpec("demo")) as frames:
        images = [f.image_bgr.shape for f in frames]
    assert len(images) == sum(s.frames for s in DEMO_STEPS) and images[0] == (540, 960, 3)


def test_a_folder_source_goes_through_vision_sources(tmp_path: Path) -> None:
    for i in range(3):
        cv2.imwrite(str(tmp_path / f"{i}.png"), np.full((20, 30, 3), i * 50, np.uint8))
    with open_frames(SourceSpec("folder", str(tmp_path))) as frames:
        assert [int(f.image_bgr.mean()) for f in frames] == [0, 50, 100]


class PerfectCardReader:
    """Stands in for the card model: returns the demo's true index boxes."""

    backend_name = "stand-in"

    def __init__(self, detections: tuple[CardDetection, ...]) -> None:
        self.detections = detections

    def detect(self, image_bgr: np.ndarray) -> list[CardDetection]:
        return list(self.detections)


def test_the_model_path_reads_judges_and_remembers_the_table() -> None:
    frames = list(demo_frames())
    reader = None
    readings = []
    for frame, truth in frames:
        # a perfect stand-in model: the demo's true index boxes for this frame
        card_reader = PerfectCardReader(truth_detections(truth))
        if reader is None:
            reader = ModelReader(card_reader, "pagat")
        reader._reader = card_reader
        readings.append(reader.read(frame))
    last = readings[-1].reading
    truth = table_truth(DEMO_STEPS[-1])
    for team in ("A", "B"):
        got = sorted(tuple(sorted(m["cards"])) for m in last["zones"][team]["melds"])
        want = sorted(tuple(sorted(m["cards"])) for m in truth["zones"][team]["melds"])
        assert got == want
        for meld in last["zones"][team]["melds"]:
            assert meld["legal"] and len(meld["boxes_xyxy"]) == len(meld["cards"])
    burracos = sorted(m["burraco"] or "" for m in last["zones"]["A"]["melds"])
    assert burracos == ["clean", "dirty"]
    kinds = [e["type"] for r in readings for e in r.reading["events"]]
    assert "meld_laid" in kinds and "burraco_completed" in kinds
    assert readings[-1].model_status.startswith("model")
    assert readings[-1].layout["size_wh"] == [960, 540]


def test_index_boxes_follow_a_card_read_in_the_meld_beside_its_own() -> None:
    """Two fans laid end to end, the spade run's 9S remembered at the diamond run's end:
    the referee reads it in the spade run, and each meld's index boxes are its cards'."""
    from vision.layout.types import MeldGroup, Slot, TableLayout, ZoneLayout

    def line(cards: list[str], x0: float, step: float, meld_id: int) -> MeldGroup:
        slots = tuple(Slot(c, 0.9, (x0 + step * i, 400.0), 20.0) for i, c in enumerate(cards))
        return MeldGroup(slots, meld_id=meld_id)

    diamonds = line(["3D", "4D", "5D", "6D", "9S"], 100.0, 22.0, 1)
    spades = line(["8S", "7S", "6S"], 100.0 + 5 * 22.0, 16.0, 2)
    state = TableLayout((960, 540), {"A": ZoneLayout("A", (diamonds, spades))})
    reader = ModelReader(PerfectCardReader(()), "pagat")
    reader._referee.memory.state = lambda: state  # type: ignore[method-assign]
    frame = next(f for f, _ in demo_frames())
    melds = reader.read(frame).reading["zones"]["A"]["melds"]
    assert [m["cards"] for m in melds] == [["3D", "4D", "5D", "6D"], ["6S", "7S", "8S", "9S"]]
    for meld in melds:
        assert len(meld["boxes_xyxy"]) == len(meld["cards"])
    x1, y1, x2, y2 = melds[1]["boxes_xyxy"][-1]  # the 9S's box, where it lies
    assert ((x1 + x2) / 2, (y1 + y2) / 2) == diamonds.slots[-1].center_xy


def test_index_boxes_leave_out_a_card_read_apart_from_inside_a_meld() -> None:
    from desktop.session_frames import _oriented_boxes
    from vision.layout.types import MeldGroup, Slot

    cards = ["8S", "7S", "9S", "6S", "5S"]
    run = MeldGroup(tuple(Slot(c, 0.9, (100.0 + 20 * i, 400.0), 20.0) for i, c in enumerate(cards)))
    boxes = _oriented_boxes(("5S", "6S", "7S", "8S"), run, set_aside_slots=(2,))
    centres = [(x1 + x2) / 2 for x1, _, x2, _ in boxes]
    assert centres == [180.0, 160.0, 120.0, 100.0]  # the 9S's place, 140, is left out


def test_index_boxes_leave_out_two_cards_read_apart_from_a_meld_end() -> None:
    from desktop.session_frames import _oriented_boxes
    from vision.layout.types import MeldGroup, Slot

    cards = ["4C", "4D", "6S", "7S", "8S", "9S"]
    run = MeldGroup(tuple(Slot(c, 0.9, (100.0 + 20 * i, 400.0), 20.0) for i, c in enumerate(cards)))
    boxes = _oriented_boxes(("6S", "7S", "8S", "9S"), run, set_aside_slots=(0, 1))
    centres = [(x1 + x2) / 2 for x1, _, x2, _ in boxes]
    assert centres == [140.0, 160.0, 180.0, 200.0]  # the 4C and 4D, at 100 and 120, left out


def test_index_boxes_follow_two_melds_read_from_one_fan() -> None:
    """A set of threes and a set of eights remembered as one fan: the referee reads two
    melds, and each has its own cards' index boxes."""
    from vision.layout.types import MeldGroup, Slot, TableLayout, ZoneLayout

    cards = ["3C", "3S", "3D", "8H", "8S", "8H"]
    fan_ = MeldGroup(
        tuple(Slot(c, 0.9, (100.0 + 20 * i, 400.0), 20.0) for i, c in enumerate(cards)),
        meld_id=1,
    )
    state = TableLayout((960, 540), {"A": ZoneLayout("A", (fan_,))})
    reader = ModelReader(PerfectCardReader(()), "pagat")
    reader._referee.memory.state = lambda: state  # type: ignore[method-assign]
    frame = next(f for f, _ in demo_frames())
    melds = reader.read(frame).reading["zones"]["A"]["melds"]
    assert [sorted(m["cards"]) for m in melds] == [["3C", "3D", "3S"], ["8H", "8H", "8S"]]
    centres = [[(x1 + x2) / 2 for x1, _, x2, _ in m["boxes_xyxy"]] for m in melds]
    assert sorted(centres[0]) == [100.0, 120.0, 140.0]
    assert sorted(centres[1]) == [160.0, 180.0, 200.0]


def assert_the_demos_last_table(reading: dict) -> None:
    """Both teams' melds are the demo's last table's, each with its index boxes."""
    want = table_truth(DEMO_STEPS[-1])
    for team in ("A", "B"):
        melds = reading["zones"][team]["melds"]
        got = sorted(tuple(sorted(m["cards"])) for m in melds)
        assert got == sorted(tuple(sorted(m["cards"])) for m in want["zones"][team]["melds"])
        assert all(len(m["boxes_xyxy"]) == len(m["cards"]) for m in melds)


def test_a_photograph_is_read_on_its_own_as_arbitro_read_reads_it() -> None:
    """The hand's memory believes a card only after a few frames, so one photograph read
    as a frame shows an empty table; read as a still, its melds are there, judged, with
    their index boxes."""
    frame, truth = list(demo_frames())[-1]
    card_reader = PerfectCardReader(truth_detections(truth))
    as_frame = ModelReader(card_reader, "pagat").read(frame).reading
    assert all(as_frame["zones"][team]["melds"] == [] for team in ("A", "B"))
    as_still = ModelReader(card_reader, "pagat").read_still(frame)
    assert_the_demos_last_table(as_still.reading)
    assert as_still.reading["events"] == []
    # and its picture checks, as `arbitro read IMAGE` gives them: a frame has none
    checks = check_health(frame.image_bgr, as_still.detections).advice
    assert as_still.reading["picture"] == list(checks)
    assert as_frame["picture"] == []
    dark = replace(frame, image_bgr=frame.image_bgr // 8)
    dark_still = ModelReader(card_reader, "pagat").read_still(dark)
    assert "too dark: add light over the table" in dark_still.reading["picture"]


def test_a_held_last_frame_shows_what_it_holds() -> None:
    """A folder's last photo, held when the photos end: the table it shows is read, judged,
    with index boxes, and its melds are told laid. Nothing to hold before any frame."""
    frame, truth = list(demo_frames())[-1]
    reader = ModelReader(PerfectCardReader(truth_detections(truth)), "pagat")
    assert reader.hold_last_frame() is None
    assert all(reader.read(frame).reading["zones"][t]["melds"] == [] for t in ("A", "B"))
    held = reader.hold_last_frame()
    assert held is not None
    assert_the_demos_last_table(held.reading)
    laid = [e for e in held.reading["events"] if e["type"] == "meld_laid"]
    want = table_truth(DEMO_STEPS[-1])
    assert len(laid) == sum(len(want["zones"][t]["melds"]) for t in ("A", "B"))
    assert {e["t"] for e in laid} == {round(frame.t_monotonic, 3)}


def test_a_photograph_opens_as_a_still(tmp_path: Path) -> None:
    photo = tmp_path / "table.png"
    cv2.imwrite(str(photo), np.full((20, 30, 3), 90, np.uint8))
    with open_frames(parse_source(str(photo))) as frames:
        assert frames.still and not frames.live
        assert [int(f.image_bgr.mean()) for f in frames] == [90]
    with open_frames(SourceSpec("folder", str(tmp_path))) as frames:
        assert not frames.still and not frames.hold_last  # one photo: vision opens it alone
    cv2.imwrite(str(tmp_path / "later.png"), np.full((20, 30, 3), 90, np.uint8))
    with open_frames(SourceSpec("folder", str(tmp_path))) as frames:
        assert not frames.still and frames.hold_last


def test_blind_reader_keeps_the_picture_and_says_why() -> None:
    frame = next(f for f, _ in demo_frames())
    reading = BlindReader("reader.json is missing").read(frame)
    assert reading.image_bgr is frame.image_bgr and reading.reading == {}
    assert reading.model_status == "model missing: reader.json is missing"


def test_health_check_gives_advice() -> None:
    good = render_step(DEMO_STEPS[-1])
    assert check_health(good).advice == ()
    dark = (good * 0.15).astype(np.uint8)
    assert any("too dark" in a for a in check_health(dark).advice)
    glare = good.copy()
    glare[:200, :400] = 255
    assert any("glare" in a for a in check_health(glare).advice)
    blurred = cv2.GaussianBlur(good, (31, 31), 12)
    assert any("blurred" in a for a in check_health(blurred).advice)
    tiny = [CardDetection("QH", 0.9, (0.0, 0.0, 6.0, 9.0))] * 3
    assert any("too small" in a for a in check_health(good, tiny).advice)
    height, width = good.shape[:2]
    inside = [CardDetection("QH", 0.9, (400.0, 200.0, 412.0, 220.0))]
    assert check_health(good, inside).advice == ()
    for x, y in ((2.0, 200.0), (400.0, height - 25.0), (width - 16.0, 300.0)):
        at_edge = [*inside, CardDetection("7C", 0.9, (x, y, x + 12.0, y + 20.0))]
        assert any("edge of the picture" in a for a in check_health(good, at_edge).advice)


def test_indices_too_small_are_judged_against_the_pictures_height() -> None:
    """The detector sees every frame scaled to one height, so an 18 px index is small in a
    1920x1080 picture (9 px to the detector) but not in a 1280x720 one (13.5 px)."""
    index = [CardDetection("QH", 0.9, (600.0, 300.0, 611.0, 318.0))] * 3
    hd = cv2.resize(render_step(DEMO_STEPS[-1]), (1920, 1080))
    sd = cv2.resize(hd, (1280, 720))
    assert any("too small" in a for a in check_health(hd, index).advice)
    assert not any("too small" in a for a in check_health(sd, index).advice)
