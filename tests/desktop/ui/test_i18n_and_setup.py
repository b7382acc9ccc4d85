"""Languages (every interface string has its Italian), themes, and the camera setup dialog."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtGui import QPalette

import desktop.ui.i18n as i18n
from desktop.session import FAULT_WORDS
from desktop.ui.camera_setup import CameraSetupDialog
from desktop.ui.i18n import install_language, read_ts, t
from desktop.ui.texts import verdict_text
from desktop.ui.theme import apply_theme
from vision.layout.zones import ZoneMap

UI = Path(i18n.__file__).resolve().parent


def interface_strings() -> set[str]:
    """Literal strings given to t() (directly or through the window's action helpers)."""
    found = set()
    for path in UI.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            position = {"t": 0, "_menu": 0, "_action": 1}.get(name)
            if position is not None and len(node.args) > position:
                arg = node.args[position]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    found.add(arg.value)
    return found | set(FAULT_WORDS.values())


def test_every_interface_string_has_an_italian_translation() -> None:
    table = read_ts(UI / "i18n" / "arbitro_it.ts")
    missing = sorted(interface_strings() - set(table))
    assert not missing, f"no Italian for: {missing}"
    # placeholders survive translation
    for source, text in table.items():
        assert sorted(_fields(source)) == sorted(_fields(text)), source


def _fields(text: str) -> list[str]:
    import string

    return [f for _, f, _, _ in string.Formatter().parse(text) if f]


@pytest.mark.parametrize("drop_qm", [False, True])
def test_switching_language(qapp, drop_qm: bool, monkeypatch, tmp_path: Path) -> None:
    if drop_qm:  # a build without lrelease: the .ts file is read directly
        (tmp_path / "arbitro_it.ts").write_bytes((UI / "i18n" / "arbitro_it.ts").read_bytes())
        monkeypatch.setattr(i18n, "FOLDER", tmp_path)
    how = install_language("it")
    assert ("parsed" in how) == drop_qm
    assert t("End of hand") == "Fine della mano"
    assert verdict_text({"legal": False, "reason": "two_wilds"}) == "irregolare: due matte"
    covered = {"legal": True, "type": "sequence", "points": 20, "suit_from_run": ["7H"]}
    assert verdict_text(covered).endswith("seme di 7H letto dalla scala")
    unseen = {"legal": True, "type": "set", "points": 30, "suit_unseen": ["9H"]}
    assert verdict_text(unseen).endswith("seme di 9H non visto; la combinazione vale lo stesso")
    room = {"legal": False, "reason": "not_consecutive", "room_between": [["9D", "JD"]]}
    assert verdict_text(room).endswith("tra 9D e JD potrebbe esserci una carta non letta")
    disputed = {"legal": True, "type": "sequence", "points": 20, "suit_disputed": [["3S", "3C"]]}
    assert verdict_text(disputed).endswith("3S letta anche come 3C: controllala")
    weak = {"legal": True, "type": "sequence", "points": 20, "weak_card": "6H"}
    assert verdict_text(weak).endswith("6H letta con poca sicurezza: controllala")
    rival = {"legal": True, "type": "sequence", "points": 20, "read_as_rival": ["8H", "9H"]}
    assert verdict_text(rival).endswith(
        "9H preferita a 8H, che non starebbe nella combinazione: controllala"
    )
    gathered = {"legal": True, "type": "set", "points": 30, "gathered": True}
    assert verdict_text(gathered).endswith(
        "letta da carte sparse, fuori da ogni ventaglio: controllala"
    )
    copy = {"legal": True, "type": "set", "points": 40, "copy_beyond_deck": [["KS", "KC"]]}
    assert verdict_text(copy).endswith(
        "KC preferita a KS, una copia in più di quante il mazzo ne abbia: controllala"
    )
    in_line = {"legal": True, "type": "sequence", "points": 15, "loose_in_line": ["4H"]}
    assert verdict_text(in_line).endswith(
        "4H è in linea con la combinazione ma non ne fa parte: controllala"
    )
    at_edge = {"legal": True, "type": "sequence", "points": 15, "off_frame_beyond": "7D"}
    assert verdict_text(at_edge).endswith("esce dall'inquadratura oltre 7D: controlla lì")
    assert install_language("en") == "source text"
    assert verdict_text(at_edge) == (
        "sequence · 15 pts · it runs off the camera's view beyond 7D: check there"
    )
    assert t("End of hand") == "End of hand"
    assert verdict_text(covered) == "sequence · 20 pts · suit of 7H read from the run"
    assert verdict_text(unseen) == "set · 30 pts · suit of 9H not seen; a set scores the same"
    assert verdict_text(room).endswith(" · a card may lie unread between 9D and JD")
    assert verdict_text(disputed) == "sequence · 20 pts · 3S also read as 3C: check it"
    assert verdict_text(weak) == "sequence · 20 pts · 6H read with little confidence: check it"
    assert (
        verdict_text(rival) == "sequence · 20 pts · 9H taken over 8H, which would not fit: check it"
    )
    assert (
        verdict_text(in_line) == "sequence · 15 pts · 4H lies in line with it, in no meld: check it"
    )
    assert verdict_text(gathered) == "set · 30 pts · read from cards in no fan: check it"
    copy = {"legal": True, "type": "set", "points": 40, "copy_beyond_deck": [["KS", "KC"]]}
    assert verdict_text(copy) == (
        "set · 40 pts · KC taken over KS, a copy too many for the deck: check it"
    )
    legal_room = {"legal": True, "type": "set", "points": 15, "room_between": [["8S", "8C"]]}
    assert verdict_text(legal_room) == "set · 15 pts · a card may lie unread between 8S and 8C"


def test_themes_change_the_palette(qapp) -> None:
    apply_theme(qapp, "dark")
    dark = qapp.palette().color(QPalette.ColorRole.Window).lightness()
    apply_theme(qapp, "light")
    light = qapp.palette().color(QPalette.ColorRole.Window).lightness()
    assert dark < 80 < light
    with pytest.raises(ValueError, match="theme"):
        apply_theme(qapp, "neon")


def test_camera_setup_checks_health_and_saves_the_zones(
    qtbot, isolated_settings: QSettings
) -> None:
    dark = np.full((270, 480, 3), 15, np.uint8)
    dialog = CameraSetupDialog(isolated_settings, dark, cameras=[(0, "USB camera (video0)")])
    qtbot.addWidget(dialog)
    dialog.resize(700, 600)
    dialog.show()
    qtbot.waitExposed(dialog)
    advice = dialog.run_health_check()
    assert any("too dark" in line for line in advice)
    view = dialog.corners
    scale, offset = view._scale_and_offset()
    for x, y in ((10, 10), (470, 10), (470, 260), (10, 260)):
        point = QPoint(int(offset.x() + x * scale), int(offset.y() + y * scale))
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=point)
    assert len(view.corners) == 4
    dialog.camera.setCurrentIndex(dialog.camera.findData("demo"))
    dialog.accept()
    assert isolated_settings.value("camera/source") == "demo"
    zones = ZoneMap.from_json(json.loads(isolated_settings.value("camera/zones")))
    assert zones.size_wh == (480, 270)
    assert zones.zone_of((240, 250)) == "A" and zones.zone_of((240, 20)) == "B"


def test_camera_setup_without_a_picture_says_so(qtbot, isolated_settings: QSettings) -> None:
    dialog = CameraSetupDialog(isolated_settings, None, cameras=[])
    qtbot.addWidget(dialog)
    assert dialog.run_health_check() == []
    assert "No picture yet" in dialog.advice.text()


def test_camera_setup_warns_when_card_indices_are_too_small(qtbot, isolated_settings) -> None:
    from desktop.session_demo import DEMO_STEPS, render_step
    from vision.types import CardDetection

    tiny = [CardDetection("QH", 0.9, (10.0, 10.0, 15.0, 18.0))] * 4
    dialog = CameraSetupDialog(
        isolated_settings, render_step(DEMO_STEPS[-1]), cameras=[], detections=tiny
    )
    qtbot.addWidget(dialog)
    assert any("too small" in line for line in dialog.run_health_check())


def test_the_camera_resolution_setting_is_read_for_the_source(isolated_settings) -> None:
    from desktop.ui.app import camera_size

    assert camera_size(isolated_settings) is None
    isolated_settings.setValue("camera/resolution", "1920x1080")
    assert camera_size(isolated_settings) == (1920, 1080)


def test_a_new_camera_setup_proposes_1280x720_and_offers_1920x1080(
    qtbot, isolated_settings
) -> None:
    """1920x1080 read the rendered hand videos no better than 1280x720 (fuller tables: 147
    melds exact against 151; docs/table-reading-history.md, "a camera's resolution"), so a
    player who never chose gets 1280x720, and may choose the larger size."""
    from desktop.ui.app import camera_size

    dialog = CameraSetupDialog(isolated_settings, None, cameras=[(0, "USB camera (video0)")])
    qtbot.addWidget(dialog)
    assert dialog.resolution.currentText() == "1280x720"
    dialog.resolution.setCurrentText("1920x1080")
    assert dialog.resolution.currentText() == "1920x1080"
    dialog.accept()
    assert camera_size(isolated_settings) == (1920, 1080)
