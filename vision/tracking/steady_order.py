"""The order a zone's melds are shown in, held steady from frame to frame.

A zone's melds are shown in table order: rows from top to bottom, left to right in a row
(``vision.layout.order``). Two melds whose rows overlap by about the share that makes them
one row, or that lie one above the other at about the same height, can swap places from
one frame to the next as their cards' boxes shift a few pixels, and the players would
see them jump back and forth in the list. A new order of the same melds
is shown once it has held as long as any other change to the table must
(``MemoryParams.persist_frames`` frames over ``persist_s``); a meld laid or gone is shown
in its place at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass
class _Proposal:
    order: tuple[int, ...]
    since: float
    frames: int
    last_frame: int


@dataclass
class SteadyOrder:
    persist_frames: int
    persist_s: float
    shown: dict[str, tuple[int, ...]] = field(default_factory=dict)
    _proposed: dict[str, _Proposal] = field(default_factory=dict)

    def see(self, zone: str, order: Sequence[int], t: float, frame: int) -> tuple[int, ...]:
        """This frame's table order of the zone's meld ids; returns the order to show."""
        now = tuple(order)
        shown = self.shown.get(zone)
        if shown is None or now == shown or set(now) != set(shown):
            self.shown[zone] = now
            self._proposed.pop(zone, None)
            return now
        proposal = self._proposed.get(zone)
        if proposal is None or proposal.order != now:
            proposal = self._proposed[zone] = _Proposal(now, t, 1, frame)
        elif proposal.last_frame != frame:  # once a frame, however often it is asked
            proposal.frames += 1
            proposal.last_frame = frame
        if proposal.frames >= self.persist_frames and t - proposal.since >= self.persist_s:
            self.shown[zone] = now
            del self._proposed[zone]
        return self.shown[zone]
