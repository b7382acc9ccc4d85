"""The hardening suite runs without a display, like the app's smoke mode on a server."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported anywhere
