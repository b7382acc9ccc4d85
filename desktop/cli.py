"""The ``arbitro`` command line.

``arbitro SUBCOMMAND ...`` runs a tool (rules, synth, train, evaluate, detect, bench, read);
``arbitro [--source ...]`` with no sub-command opens the application window.
Sub-command modules are imported only when named, so each starts fast.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

# sub-command name -> module under desktop.commands that defines register(subparsers)
SUBCOMMANDS: dict[str, str] = {
    "rules": "desktop.commands.rules",
    "synth": "desktop.commands.synth",
    "train": "desktop.commands.train",
    "evaluate": "desktop.commands.evaluate",
    "detect": "desktop.commands.detect",
    "bench": "desktop.commands.bench",
    "read": "desktop.commands.read",
}

EXIT_BAD_INPUT = 2


def _build_subcommand_parser(name: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="arbitro")
    subparsers = parser.add_subparsers(dest="command", required=True)
    module = importlib.import_module(SUBCOMMANDS[name])
    module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in SUBCOMMANDS:
        parser = _build_subcommand_parser(args[0])
        namespace = parser.parse_args(args)
        return int(namespace.func(namespace))
    if args and args[0] in ("-h", "--help") and len(args) == 1:
        print(__doc__.strip())
        print("\nsub-commands: " + ", ".join(SUBCOMMANDS))
        print("app options: arbitro --help-app")
        return 0
    from desktop.app_main import main as app_main  # the window; Qt loads only here

    return app_main(args)


if __name__ == "__main__":
    sys.exit(main())
