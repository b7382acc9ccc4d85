"""The frozen app's entry point: the same ``arbitro`` command line as the installed script."""

from __future__ import annotations

import sys

from desktop.cli import main

if __name__ == "__main__":
    sys.exit(main())
