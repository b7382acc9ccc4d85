"""The built Linux app folder passes installer/test_linux_build.sh (smoke mode from a
copied folder with an empty environment, rules, detect, a corrupt database, the bundled
runtime, no torch). Runs only after installer/build_linux.sh has made the folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "installer" / "dist" / "arbitro"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux build only"),
    pytest.mark.skipif(not (APP / "arbitro").is_file(), reason="run installer/build_linux.sh"),
]


def test_the_built_app_folder_passes_its_checks(tmp_path: Path) -> None:
    env = dict(os.environ)
    try:  # the stand-in model checks the runtime inside the folder, where onnx is installed
        from installer.probe_model import write_probe

        write_probe(tmp_path / "probe")
        import cv2
        import numpy as np

        cv2.imwrite(str(tmp_path / "probe" / "table.png"), np.full((90, 160, 3), 90, np.uint8))
        env["PROBE_MODELS"] = str(tmp_path / "probe")
    except ImportError:
        pass
    done = subprocess.run(
        ["bash", str(ROOT / "installer" / "test_linux_build.sh"), str(APP)],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "all checks passed" in done.stdout
