"""Hypothesis strategies for JSON that is almost right: a valid document with a few of
its parts replaced, deleted, duplicated or retyped, plus JSON of any shape. Near-valid
input gets past the first checks and reaches the code behind them, where a missed case
would turn into a traceback."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import strategies as st

from vision.types import CARD_LABELS

CARDISH = st.sampled_from(
    [*CARD_LABELS, "", "1H", "11S", "JK ", "jk", "10s", "XX", "2", "H", "0C", "AH\u0000", "🂡"]
)
LEAF = (
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**63)
    | st.integers(-3, 200)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=10)
    | CARDISH
)


def any_json(keys: tuple[str, ...] = ()) -> st.SearchStrategy[Any]:
    """JSON of any shape; object keys are often ``keys`` (the document's own names)."""
    key = st.sampled_from(keys) | st.text(max_size=8) if keys else st.text(max_size=8)
    return st.recursive(
        LEAF,
        lambda inner: st.lists(inner, max_size=6) | st.dictionaries(key, inner, max_size=6),
        max_leaves=24,
    )


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


def _keys(value: Any) -> tuple[str, ...]:
    found: set[str] = set()
    for path in _paths(value):
        found.update(p for p in path if isinstance(p, str))
    return tuple(sorted(found))


@st.composite
def mutated(draw: st.DrawFn, base: Any, max_mutations: int = 3) -> Any:
    """``base`` with 0 to ``max_mutations`` random changes at random places."""
    doc = copy.deepcopy(base)
    replacement = any_json(_keys(base))
    for _ in range(draw(st.integers(0, max_mutations))):
        path = draw(st.sampled_from(_paths(doc)))
        if not path:
            doc = draw(replacement)
            continue
        parent = doc
        for step in path[:-1]:
            parent = parent[step]
        last = path[-1]
        action = draw(st.sampled_from(["replace", "delete", "duplicate", "retype", "leaf"]))
        if action == "replace":
            parent[last] = draw(replacement)
        elif action == "leaf":
            parent[last] = draw(LEAF)
        elif action == "delete":
            del parent[last]
        elif action == "duplicate" and isinstance(parent, list):
            parent.insert(last, copy.deepcopy(parent[last]))
        elif action == "duplicate" and isinstance(parent, dict):
            parent[draw(st.text(max_size=6))] = copy.deepcopy(parent[last])
        elif action == "retype":
            value = parent[last]
            if isinstance(value, dict):
                parent[last] = list(value.values())
            elif isinstance(value, list):
                parent[last] = {str(i): v for i, v in enumerate(value)}
            else:
                parent[last] = [value]
    return doc
