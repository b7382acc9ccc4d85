"""``arbitro read`` end to end with a stub card reader: the first pixel of each image
says which scripted detections it shows."""

from __future__ import annotations

import json

import numpy as np
import pytest

from desktop import cli
from desktop.commands import read as read_cmd
from tests.vision.layout.fans import fan


class StubReader:
    def __init__(self, scenes):
        self.scenes = scenes  # first pixel value -> detections

    def detect(self, image_bgr, min_confidence=None):
        return list(self.scenes[int(image_bgr[0, 0, 0])])


def write_image(path, value):
    import cv2

    img = np.zeros((720, 1280, 3), np.uint8)
    img[0, 0, :] = value
    cv2.imwrite(str(path), img)
    return path


@pytest.fixture
def stub(monkeypatch):
    scenes: dict[int, list] = {}
    monkeypatch.setattr(read_cmd, "make_reader", lambda models_dir: StubReader(scenes))
    return scenes


def run_json(capsys, *argv):
    code = cli.main(["read", "--json", *argv])
    out = capsys.readouterr()
    assert code == 0, out.err
    return json.loads(out.out)


def test_still_image_json(tmp_path, stub, capsys):
    stub[0] = fan(["5H", "4H", "3H"], 300, 450) + fan(["KS", "KD", "KC"], 300, 60)
    out = run_json(capsys, str(write_image(tmp_path / "t.png", 0)))
    assert [m["cards"] for m in out["zones"]["A"]["melds"]] == [["3H", "4H", "5H"]]
    assert [m["cards"] for m in out["zones"]["B"]["melds"]] == [["KS", "KD", "KC"]]
    assert out["score"] is None


def test_a_still_is_read_with_the_readers_still_reading(tmp_path, monkeypatch, capsys):
    """A reader that reads a photograph of the table its own way (``read_still``: suit-open
    readings for the layout) is asked that way, not for its plain detections."""
    from vision.detector import Reading

    class StillReader(StubReader):
        def read_still(self, image_bgr):
            return Reading(tuple(fan(["7C", "8C", "9C"], 300, 450)), ())

    reader = StillReader({0: fan(["5H", "4H", "3H"], 300, 450)})
    monkeypatch.setattr(read_cmd, "make_reader", lambda models_dir: reader)
    out = run_json(capsys, str(write_image(tmp_path / "t.png", 0)))
    assert [m["cards"] for m in out["zones"]["A"]["melds"]] == [["7C", "8C", "9C"]]


def test_score_with_hands_given_as_cards_and_as_an_image(tmp_path, stub, capsys):
    stub[0] = fan(["3H", "4H", "5H"], 300, 450) + fan(["KS", "KD", "KC"], 300, 60)
    stub[1] = fan(["AS", "9D"], 300, 300)  # a photo of team B's partner's hand
    table = write_image(tmp_path / "t.png", 0)
    hand = write_image(tmp_path / "hand.png", 1)
    out = run_json(
        capsys, "--closed-by", "A", "--pozzetto", "A=taken,B=not_taken",
        "--hand", "A=4D,JK", "--hand", f"B={hand}", str(table),
    )  # fmt: skip
    # A: 15 + 100 closing - 35 held; B: 30 - (15 + 10) held - 100 pozzetto not taken.
    assert out["score"]["A"]["total"] == 80
    assert out["score"]["B"]["total"] == -95
    # the cards read from the photo are named for the players to check; nothing else
    assert out["flags"] == ["team B: 2 cards read from hand.png (AS 9D): check them"]


def test_folder_sequence_with_events(tmp_path, stub, capsys):
    folder = tmp_path / "frames"
    folder.mkdir()
    stub[0] = fan(["8S", "9S", "10S"], 300, 450)
    stub[1] = fan(["8S", "9S", "10S", "JS", "QS", "KS", "JK"], 300, 450)
    for k in range(8):
        write_image(folder / f"{k:03d}.png", 0 if k < 4 else 1)
    out = run_json(capsys, "--events", str(folder))
    assert [m["cards"] for m in out["zones"]["A"]["melds"]] == [
        ["8S", "9S", "10S", "JS", "QS", "KS", "JK"]
    ]
    assert [e["type"] for e in out["events"]] == ["meld_laid"] + ["card_added"] * 4 + [
        "burraco_completed"
    ]
    assert [e["cards"] for e in out["events"][1:5]] == [["JS"], ["QS"], ["KS"], ["JK"]]
    assert out["events"][5]["kind"] == "dirty"


def test_a_folder_of_one_photo_is_read_as_that_photo(tmp_path, stub, capsys):
    """One photo gives the hand's memory no other frame to confirm its cards with; read as
    frames it showed an empty table."""
    folder = tmp_path / "photos"
    folder.mkdir()
    stub[0] = fan(["5H", "4H", "3H"], 300, 450)
    write_image(folder / "table.png", 0)
    out = run_json(capsys, str(folder))
    assert [m["cards"] for m in out["zones"]["A"]["melds"]] == [["3H", "4H", "5H"]]


def test_a_folders_last_photo_is_the_table_as_the_hand_ends(tmp_path, stub, capsys):
    """A card that only the last photo shows is read (and told), though no later photo
    confirms it."""
    folder = tmp_path / "photos"
    folder.mkdir()
    stub[0] = fan(["8S", "9S", "10S"], 300, 450)
    stub[1] = fan(["8S", "9S", "10S", "JS"], 300, 450)
    for k in range(4):
        write_image(folder / f"{k:03d}.png", 0 if k < 3 else 1)
    out = run_json(capsys, "--events", str(folder))
    assert [m["cards"] for m in out["zones"]["A"]["melds"]] == [["8S", "9S", "10S", "JS"]]
    assert [(e["type"], e.get("cards"), e["t"]) for e in out["events"]][-1] == (
        "card_added",
        ["JS"],
        3.0,
    )


def test_text_output(tmp_path, stub, capsys):
    stub[0] = fan(["3H", "4H", "5H"], 300, 450)
    assert cli.main(["read", str(write_image(tmp_path / "t.png", 0))]) == 0
    text = capsys.readouterr().out
    assert "3H 4H 5H" in text and "legal sequence" in text


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--preset", "nope"], "unknown preset"),
        (["--closed-by", "C"], "--closed-by"),
        (["--pozzetto", "A=lost"], "--pozzetto"),
        (["--hand", "A=4D,ZZ"], "--hand"),
        (["--hand", "A=missing.jpg"], "no such image"),
        (["--zones", "missing.json"], "cannot read zone calibration"),
    ],
)
def test_bad_options_exit_2_with_one_line(tmp_path, stub, capsys, argv, message):
    stub[0] = []
    code = cli.main(["read", *argv, str(write_image(tmp_path / "t.png", 0))])
    err = capsys.readouterr().err
    assert code == 2
    assert message in err and err.count("\n") == 1


def test_missing_source_exit_2(stub, capsys):
    assert cli.main(["read", "no/such/file.mp4"]) == 2
    assert "no such file" in capsys.readouterr().err


def test_missing_model_exit_2(tmp_path, monkeypatch, capsys):
    from vision.detector import ModelMissingError

    def missing(models_dir):
        raise ModelMissingError("no card model in models/")

    monkeypatch.setattr(read_cmd, "make_reader", missing)
    assert cli.main(["read", str(write_image(tmp_path / "t.png", 0))]) == 2
    assert "no card model" in capsys.readouterr().err


# Held-out tables (deck style never trained on) with melds in both team zones: 18 melds.
# The shipped model reads 8 of them exactly end to end (models/MODEL_CARD.md); the floor
# sits below that so a broken reader, layout or command fails here, not a retrained model.
END_TO_END_SCENES = (0, 4, 5)
END_TO_END_FLOOR = 6


@pytest.mark.model
@pytest.mark.slow
def test_rendered_tables_read_through_the_shipped_model(tmp_path, capsys):
    import cv2

    from desktop.reading_measure import meld_matches, zones_from_truth
    from vision.detector import ModelMissingError, load_reader
    from vision.synth.dataset import SynthConfig, render_sample

    try:
        load_reader()
    except ModelMissingError:
        pytest.skip("no shipped card model")
    exact, melds = 0, 0
    for index in END_TO_END_SCENES:
        scene = render_sample(SynthConfig(seed=4242, styles=("heldout",), framing="table"), index)
        image, zones = tmp_path / f"table{index}.png", tmp_path / f"zones{index}.json"
        cv2.imwrite(str(image), scene.image_bgr)
        zones_from_truth(scene.truth).save(zones)
        code = cli.main(["read", "--json", "--zones", str(zones), str(image)])
        out = capsys.readouterr()
        assert code == 0, out.err
        reading = json.loads(out.out)
        read = [m["cards"] for z in ("A", "B") for m in reading["zones"][z]["melds"]]
        truth = [m for m in scene.truth["melds"] if m["zone"] in ("A", "B")]
        melds += len(truth)
        exact += sum(any(meld_matches(m["kind"], m["cards"], r) for r in read) for m in truth)
    assert melds == 18
    assert exact >= END_TO_END_FLOOR, f"{exact} of {melds} melds read exactly"


def test_a_still_says_why_its_picture_may_read_short(tmp_path, stub, capsys):
    """A still is checked as the camera setup checks a picture (``check_health``): a dark
    photo whose indices are small is read as well as it can be, and the reading says so, so
    that a table read empty is not taken for an empty table."""
    import cv2

    from tests.vision.layout.fans import det

    small = [det("7C", 300 + 8 * k, 450, s=8) for k in range(3)]  # 8 px of 720
    stub[0] = small
    image = np.zeros((720, 1280, 3), np.uint8)
    cv2.imwrite(str(tmp_path / "far.png"), image)
    out = run_json(capsys, str(tmp_path / "far.png"))
    assert "too dark: add light over the table" in out["picture"]
    assert any(advice.startswith("cards too small for the model") for advice in out["picture"])

    stub[1] = fan(["3H", "4H", "5H"], 300, 450)  # indices of the usual size, lit
    lit = np.full((720, 1280, 3), 128, np.uint8)
    lit[::2, ::2] = 200  # texture, so it is not blurred
    lit[0, 0, :] = 1
    cv2.imwrite(str(tmp_path / "near.png"), lit)
    assert run_json(capsys, str(tmp_path / "near.png"))["picture"] == []

    cli.main(["read", str(tmp_path / "far.png")])
    assert "picture: too dark: add light over the table" in capsys.readouterr().out


def test_a_video_or_folder_reading_has_no_picture_checks(tmp_path, stub, capsys):
    folder = tmp_path / "frames"
    folder.mkdir()
    stub[0] = fan(["8S", "9S", "10S"], 300, 450)
    for k in range(3):
        write_image(folder / f"{k:03d}.png", 0)
    assert run_json(capsys, str(folder))["picture"] == []
