"""``arbitro`` with no sub-command: the application window.

Options are parsed here, without Qt; the window itself lives in ``desktop.ui``, which is
loaded by name so that the Qt-free core (and the command line that imports this module)
never depends on Qt: the UI sits on top of the core, not the other way round.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from desktop.session_frames import SourceSpec, parse_source

EXIT_BAD_INPUT = 2
LANGUAGES = ("it", "en")
PRESETS = ("pagat", "italian-club", "fibur-international")


@dataclass(frozen=True)
class AppOptions:
    source: SourceSpec | None  # None: the first camera, or the demo when there is none
    db_path: Path
    quit_after_hand: bool = False
    preset: str = "pagat"
    lang: str | None = None  # None: the saved choice, else the system's


def default_db_path() -> Path:
    """The user's data directory: XDG on Linux, Application Support on macOS, AppData on Windows."""
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share"))
    return base / "arbitro" / "arbitro.db"


class _Parser(argparse.ArgumentParser):
    """Bad options become one ValueError line, not usage text and a SystemExit."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise ValueError(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="arbitro", description="The Arbitro window: a live referee and scorer for Burraco."
    )
    parser.add_argument(
        "--source",
        metavar="SOURCE",
        help="camera index or name, video file, image folder, or 'demo' "
        "(default: the first camera, or the demo when there is none)",
    )
    parser.add_argument("--db", metavar="PATH", type=Path, help="snapshot database file")
    parser.add_argument(
        "--quit-after-hand",
        action="store_true",
        help="smoke test: play the demo hand to its end, save its snapshot, exit 0",
    )
    parser.add_argument("--preset", choices=PRESETS, default="pagat", help="rules preset")
    parser.add_argument("--lang", choices=LANGUAGES, help="interface language")
    return parser


def parse_options(argv: Sequence[str]) -> AppOptions:
    """Options from the command line; raises ValueError with a one-line message."""
    parser = build_parser()
    args, extra = parser.parse_known_args(list(argv))
    if extra:
        raise ValueError(f"unknown option {extra[0]!r} (see arbitro --help-app)")
    try:
        source = parse_source(args.source) if args.source is not None else None
    except ValueError as exc:
        raise ValueError(f"--source: {exc}") from exc
    if args.quit_after_hand and source is None:
        source = SourceSpec("demo")
    return AppOptions(
        source=source,
        db_path=args.db if args.db is not None else default_db_path(),
        quit_after_hand=args.quit_after_hand,
        preset=args.preset,
        lang=args.lang,
    )


def database_problem(db_path: Path) -> str | None:
    """Why the database cannot be used at all (unreadable, read-only folder), or None.

    Checked before Qt loads and without touching the file, so the command line can exit 2.
    A corrupt file is not a problem here: the window sets it aside and starts a new one.
    """
    from desktop.store import StoreError, check_database_access

    try:
        check_database_access(db_path)
    except StoreError as exc:
        return str(exc)
    return None


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if "--help-app" in args or "-h" in args or "--help" in args:
        build_parser().print_help()
        return 0
    try:
        options = parse_options(args)
    except ValueError as exc:
        print(f"arbitro: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    problem = database_problem(options.db_path)
    if problem is not None and options.quit_after_hand:
        print(f"arbitro: {problem}", file=sys.stderr)
        return EXIT_BAD_INPUT
    ui = importlib.import_module("desktop.ui.app")
    code = int(ui.run(options))  # with a problem, the window says it in a dialog and ends
    return EXIT_BAD_INPUT if problem is not None else code


if __name__ == "__main__":
    sys.exit(main())
