"""The window's side of a database that cannot be used: a dialog that says why, and the
command line's exit 2, also when the app was started to be used interactively."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings

from desktop.app_main import main


@pytest.fixture
def own_settings(tmp_path: Path, qapp: Any) -> Iterator[None]:
    """The app's QSettings land in this test's folder, not the user's."""
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "cfg"))
    yield
    QSettings("Arbitro", "Arbitro").clear()


def test_interactive_start_with_an_unusable_database_shows_why_and_exits_2(
    tmp_path: Path, own_settings: None, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    shown: list[str] = []

    def critical(parent: Any, title: str, text: str) -> None:  # the dialog, without blocking
        shown.append(text)

    monkeypatch.setattr("desktop.ui.app.QMessageBox.critical", critical)
    not_a_file = tmp_path / "arbitro.db"
    not_a_file.mkdir()
    code = main(["--db", str(not_a_file), "--lang", "en"])
    assert code == 2
    assert len(shown) == 1 and "not a file" in shown[0] and str(not_a_file) in shown[0]
    assert "not a file" in capsys.readouterr().err
    assert not_a_file.is_dir() and not list(tmp_path.glob("*.corrupt-*"))
