"""Reading image files with a clear error instead of OpenCV's silent None."""

from __future__ import annotations

from pathlib import Path

import numpy as np


class ImageReadError(ValueError):
    """The file is missing, not an image, or corrupt."""


def read_image_bgr(path: Path) -> np.ndarray:
    import cv2

    if not path.is_file():
        raise ImageReadError(f"{path}: no such file")
    try:
        data = np.fromfile(str(path), dtype=np.uint8)
        image = cv2.imdecode(data, cv2.IMREAD_COLOR) if data.size else None
    except (OSError, cv2.error) as error:
        # cv2.error: a header that claims a picture beyond OpenCV's size limits
        first_line = str(error).strip().splitlines()[-1] if str(error).strip() else "unreadable"
        raise ImageReadError(f"{path}: not a readable image ({first_line})") from error
    if image is None or image.size == 0:
        raise ImageReadError(f"{path}: not a readable image")
    return image
