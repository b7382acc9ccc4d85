"""The shipped card model on bad pictures: ``arbitro detect`` with the real reader still
answers one line per file. Needs ``models/`` (marker ``model``); skipped without it."""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from desktop.cli import main
from tests.hardening.fuzz_profile import fuzz_settings
from tests.hardening.test_fuzz_images import IMAGE_BYTES, SUFFIX, encoded_image

pytestmark = pytest.mark.model


@pytest.fixture(scope="module", autouse=True)
def shipped_model() -> None:
    from vision.detector import ModelMissingError, load_reader

    try:
        load_reader()
    except ModelMissingError as error:
        pytest.skip(f"no shipped model: {error}")


@fuzz_settings(400)
@given(data=st.one_of(IMAGE_BYTES, encoded_image()), suffix=SUFFIX)
def test_detect_with_the_real_model_on_bad_files(data: bytes, suffix: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"photo{suffix}"
        path.write_bytes(data)
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["detect", "--json", str(path)])
    [line] = [json.loads(x) for x in out.getvalue().splitlines()]
    assert code == (2 if "error" in line else 0)
    assert "error" in line or isinstance(line["detections"], list)
