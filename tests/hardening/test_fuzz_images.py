"""Image files that are not what they claim: random bytes, truncated or damaged JPEG, PNG,
BMP and WebP files, PNG headers with odd sizes. ``read_image_bgr`` returns a picture or
raises ``ImageReadError``; ``arbitro detect`` prints one line per file and exits 0 or 2.
Never another exception, never a hang (each case has a deadline)."""

from __future__ import annotations

import contextlib
import io
import json
import struct
import tempfile
import zlib
from pathlib import Path
from typing import Any
from unittest import mock

import numpy as np
import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from desktop.cli import main
from tests.hardening.fuzz_profile import fuzz_settings
from vision.images import ImageReadError, read_image_bgr

FORMATS = (".png", ".jpg", ".bmp", ".webp")


def png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_with_header(width: int, height: int, colour_type: int, body: bytes) -> bytes:
    ihdr = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    idat = png_chunk(b"IDAT", zlib.compress(body))
    return b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr) + idat + png_chunk(b"IEND", b"")


def bmp_header(width: int, height: int) -> bytes:
    info = struct.pack("<IiiHHIIiiII", 40, width, height, 1, 24, 0, 0, 0, 0, 0, 0)
    return b"BM" + struct.pack("<IHHI", 54 + 64, 0, 0, 54) + info + b"\x00" * 64


@st.composite
def encoded_image(draw: st.DrawFn) -> bytes:
    import cv2

    height, width = draw(st.integers(1, 48)), draw(st.integers(1, 48))
    seed = draw(st.integers(0, 2**32 - 1))
    pixels = np.random.default_rng(seed).integers(0, 256, (height, width, 3), dtype=np.uint8)
    ok, buffer = cv2.imencode(draw(st.sampled_from(FORMATS)), pixels)
    assert ok
    return buffer.tobytes()


@st.composite
def damaged(draw: st.DrawFn) -> bytes:
    data = bytearray(draw(encoded_image()))
    for _ in range(draw(st.integers(1, 12))):
        data[draw(st.integers(0, len(data) - 1))] = draw(st.integers(0, 255))
    return bytes(data)


@st.composite
def truncated(draw: st.DrawFn) -> bytes:
    data = draw(encoded_image())
    return data[: draw(st.integers(0, len(data) - 1))]


ODD_PNG = st.builds(
    png_with_header,
    st.integers(0, 30_000) | st.integers(0, 2**31 - 1),
    st.integers(0, 30_000) | st.integers(0, 2**31 - 1),
    st.sampled_from([0, 1, 2, 3, 4, 6, 7]),
    st.binary(max_size=300),
)
MAGIC = st.sampled_from([b"\xff\xd8\xff", b"\x89PNG\r\n\x1a\n", b"BM", b"RIFF\x00\x00\x00\x00WEBP"])
IMAGE_BYTES = st.one_of(
    st.binary(max_size=2000),
    st.builds(bytes.__add__, MAGIC, st.binary(max_size=500)),
    truncated(),
    damaged(),
    ODD_PNG,
    st.builds(
        lambda w, h: bmp_header(w, h),
        st.integers(-(2**31), 2**31 - 1),
        st.integers(-(2**31), 2**31 - 1),
    ),
)
SUFFIX = st.sampled_from([*FORMATS, ".jpeg", ".tif", "", ".txt"])


def check_picture(image: Any) -> None:
    assert isinstance(image, np.ndarray) and image.dtype == np.uint8
    assert image.ndim == 3 and image.shape[2] == 3 and image.shape[0] > 0 and image.shape[1] > 0


@fuzz_settings(2500)
@given(data=IMAGE_BYTES, suffix=SUFFIX)
def test_read_image_bgr_returns_a_picture_or_a_declared_error(data: bytes, suffix: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"photo{suffix}"
        path.write_bytes(data)
        try:
            image = read_image_bgr(path)
        except ImageReadError as error:
            event("refused")
            assert str(path) in str(error)
            return
    event("read")
    check_picture(image)


@pytest.mark.parametrize(
    "name, data",
    [
        ("giant.png", png_with_header(70_000, 70_000, 2, b"\x00" * 64)),  # over 2**30 pixels
        ("wide.bmp", bmp_header(1 << 24, 1)),  # over the width limit (found by the fuzzer)
    ],
    ids=["png-over-2-30-pixels", "bmp-over-width-limit"],
)
def test_a_header_claiming_a_giant_picture_is_a_declared_error(
    name: str, data: bytes, tmp_path: Path
) -> None:
    """Found by the fuzzer: OpenCV raises cv2.error (instead of returning None) for a size
    past its limits, which escaped read_image_bgr as a traceback from ``arbitro detect``
    (fixed in vision/images.py)."""
    path = tmp_path / name
    path.write_bytes(data)
    with pytest.raises(ImageReadError):
        read_image_bgr(path)


class ContractReader:
    """Stands in for the card model: checks it is handed a picture, finds nothing."""

    def detect(self, image_bgr: Any, min_confidence: float | None = None) -> list[Any]:
        check_picture(image_bgr)
        return []


@fuzz_settings(1000)
@given(files=st.lists(st.tuples(IMAGE_BYTES, SUFFIX), min_size=1, max_size=3))
def test_detect_prints_one_line_per_file_and_exits_0_or_2(files: list[tuple[bytes, str]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for i, (data, suffix) in enumerate(files):
            paths.append(Path(folder) / f"photo{i}{suffix}")
            paths[-1].write_bytes(data)
        out, err = io.StringIO(), io.StringIO()
        with (
            mock.patch("vision.detector.load_reader", return_value=ContractReader()),
            contextlib.redirect_stdout(out),
            contextlib.redirect_stderr(err),
        ):
            code = main(["detect", "--json", *map(str, paths)])
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [line["image"] for line in lines] == [str(p) for p in paths]
    readable = [line for line in lines if "error" not in line]
    assert all(line["detections"] == [] and line["width"] > 0 for line in readable)
    assert code == (0 if readable else 2) and err.getvalue() == ""
    event(f"exit {code}")
