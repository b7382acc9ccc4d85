"""Running ``arbitro`` in a fresh process the way a user does, optionally as an
unprivileged user: file permissions mean nothing to root, so a test run as root drops to
``nobody`` to meet an unreadable file or a read-only folder the way a player would."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NOBODY = 65534


def is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def as_nobody(command: Sequence[str]) -> list[str]:
    """``command`` run by ``nobody``, through util-linux ``setpriv``."""
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        raise RuntimeError("setpriv is not installed")
    return [setpriv, f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", *command]


def can_drop_privileges() -> bool:
    """Root that may switch to ``nobody`` (a container may forbid it), and ``nobody`` can then
    load the app: a checkout or virtual environment in a root-only folder would make every
    permission test fail for a reason that has nothing to do with the app."""
    if not is_root() or shutil.which("setpriv") is None:
        return False
    probe = [sys.executable, "-c", "import sqlite_utils, desktop.store"]
    done = subprocess.run(as_nobody(probe), cwd=ROOT, check=False, capture_output=True)
    return done.returncode == 0


@contextlib.contextmanager
def shared_folder() -> Iterator[Path]:
    """A scratch folder that an unprivileged process can reach (pytest's is root-only)."""
    folder = Path(tempfile.mkdtemp(prefix="arbitro-hardening-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        for path in [folder, *folder.rglob("*")]:
            with contextlib.suppress(OSError):
                path.chmod(0o755 if path.is_dir() else 0o644)
        shutil.rmtree(folder, ignore_errors=True)


def run_arbitro(
    args: Sequence[str],
    home: Path,
    unprivileged: bool = False,
    prelude: str = "",
    timeout_s: float = 120,
) -> subprocess.CompletedProcess[str]:
    """``python -m desktop.cli ARGS`` offscreen, settings under ``home``; ``prelude`` is
    Python run first in the same process (to point the app at a test's model folder)."""
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / "cfg"),
        "XDG_DATA_HOME": str(home / "data"),
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    code = f"import sys\n{prelude}\nfrom desktop.cli import main\nsys.exit(main(sys.argv[1:]))"
    command = [sys.executable, "-c", code, *args]
    return subprocess.run(
        as_nobody(command) if unprivileged else command,
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout_s,
        check=False,
    )


def error_lines(stderr: str) -> list[str]:
    """The app's own lines on stderr (Qt's offscreen plugin adds notes of its own)."""
    return [line for line in stderr.splitlines() if line.startswith("arbitro")]
