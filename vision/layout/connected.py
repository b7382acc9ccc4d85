"""Connected components of a relation over n items (union-find with path halving)."""

from __future__ import annotations

from collections.abc import Callable


def connected_groups(n: int, linked: Callable[[int, int], bool]) -> list[list[int]]:
    """Items ``0 .. n-1`` grouped by the links ``linked(i, j)`` (asked once for each
    ``i < j``); each group in item order, the groups in the order of their first item."""
    parent = list(range(n))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i in range(n):
        for j in range(i + 1, n):
            if linked(i, j):
                parent[find(i)] = find(j)
    groups: dict[int, list[int]] = {}
    for i in range(n):
        groups.setdefault(find(i), []).append(i)
    return list(groups.values())
