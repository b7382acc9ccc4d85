"""A meld's table order and the engine's verdict on it.

Slot order from vision is geometric (left to right, or top to bottom), which is the
table order only when the meld was laid that way round; a run laid high card first, or
seen from the other team's side, reads backwards. So each meld is judged both ways: a
run is legal in one direction only, and where both directions are legal and give a
different verdict the meld is flagged, never silently decided. Every other module of the
table reading asks the rules through ``orient``.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import MeldVerdict, Rules, judge_meld

MIN_MELD_CARDS = 3


def _same_verdict(a: MeldVerdict, b: MeldVerdict) -> bool:
    return (a.legal, a.kind, a.clean, a.burraco, a.points) == (
        b.legal,
        b.kind,
        b.clean,
        b.burraco,
        b.points,
    )


def orient(
    cards: Sequence[str], rules: Rules
) -> tuple[tuple[str, ...], MeldVerdict, tuple[str, ...]]:
    """Table order, verdict and flags for cards read in geometric slot order."""
    forward = tuple(cards)
    backward = forward[::-1]
    v_fwd = judge_meld(forward, rules)
    v_bwd = judge_meld(backward, rules)
    if v_fwd.legal and v_bwd.legal:
        flags: tuple[str, ...] = ()
        if not _same_verdict(v_fwd, v_bwd):
            flags = (
                f"meld {' '.join(forward)}: direction unclear, read either way it is legal "
                f"but {'clean' if v_fwd.clean else 'dirty'} one way and "
                f"{'clean' if v_bwd.clean else 'dirty'} the other",
            )
        return forward, v_fwd, flags
    if v_bwd.legal:
        return backward, v_bwd, ()
    if v_fwd.legal:
        return forward, v_fwd, ()
    # Illegal both ways: report the reading with fewer faults (forward on a tie).
    if len(v_bwd.faults) < len(v_fwd.faults):
        return backward, v_bwd, ()
    return forward, v_fwd, ()
