"""Interface languages: Italian and English, from Qt Linguist ``.ts`` files.

English is the source text. For Italian the loader prefers a compiled ``arbitro_it.qm``
(made by ``lrelease`` at build time, see docs/desktop.md) and otherwise reads the ``.ts``
file itself with a small XML parser, so a build without ``lrelease`` still translates.
All strings use one context, ``arbitro``, through :func:`t`.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QTranslator

CONTEXT = "arbitro"
FOLDER = Path(__file__).resolve().parent / "i18n"
LANGUAGES = {"en": "English", "it": "Italiano"}


def t(text: str) -> str:
    """``text`` in the interface language."""
    return QCoreApplication.translate(CONTEXT, text)


def read_ts(path: Path) -> dict[str, str]:
    """source -> translation for the finished messages of a ``.ts`` file (data only)."""
    table: dict[str, str] = {}
    root = ET.parse(path).getroot()
    for context in root.iter("context"):
        if (context.findtext("name") or "") != CONTEXT:
            continue
        for message in context.iter("message"):
            source = message.findtext("source")
            node = message.find("translation")
            if source is None or node is None or node.get("type") in ("unfinished", "obsolete"):
                continue
            if node.text:
                table[source] = node.text
    return table


class TsTranslator(QTranslator):
    """A translator filled from a ``.ts`` file when no ``.qm`` is installed."""

    def __init__(self, table: dict[str, str]) -> None:
        super().__init__()
        self._table = table

    def translate(
        self, context: str, source: str, disambiguation: str | None = None, n: int = -1
    ) -> str:
        if context != CONTEXT:
            return ""
        return self._table.get(source, "")

    def isEmpty(self) -> bool:
        return not self._table


_installed: list[QTranslator] = []


def install_language(lang: str) -> str:
    """Switch the running app to ``lang`` ('it' or 'en'); returns how it was loaded."""
    app = QCoreApplication.instance()
    if app is None:
        raise RuntimeError("install_language needs a running QApplication")
    while _installed:
        app.removeTranslator(_installed.pop())
    if lang == "en":
        return "source text"
    qm = FOLDER / f"arbitro_{lang}.qm"
    translator: QTranslator = QTranslator()
    if qm.exists() and translator.load(str(qm)):
        how = f"compiled {qm.name}"
    else:
        translator = TsTranslator(read_ts(FOLDER / f"arbitro_{lang}.ts"))
        how = f"parsed arbitro_{lang}.ts"
    app.installTranslator(translator)
    _installed.append(translator)
    return how
