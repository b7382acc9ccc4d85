"""The published rules vectors (rules-vectors.json), located beside the repository."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

# the ``shared`` folder sits beside the repository root (tests/engine -> repo -> ..)
VECTORS_PATH = Path(__file__).resolve().parents[2] / ".." / "shared" / "docs" / "rules-vectors.json"


def vectors_by_id() -> dict[str, dict[str, Any]]:
    """The vectors by id (empty when the file is absent)."""
    if not VECTORS_PATH.is_file():
        return {}
    vectors = json.loads(VECTORS_PATH.read_text(encoding="utf-8"))["vectors"]
    return {vector["id"]: vector for vector in vectors}


def load_vectors() -> list[Any]:
    """Every vector as a pytest param with its id, or one skipped param if the file is absent."""
    if not VECTORS_PATH.is_file():
        return [
            pytest.param(
                None, marks=pytest.mark.skip(reason=f"rules vectors not found at {VECTORS_PATH}")
            )
        ]
    vectors = json.loads(VECTORS_PATH.read_text(encoding="utf-8"))["vectors"]
    return [pytest.param(vector, id=vector["id"]) for vector in vectors]
