"""From the table's layout to the referee's reading: every meld judged by the engine
(``desktop.meld_reading``), the 108-card ledger, flags for the players, and (given what
the camera cannot see) the hand's score. This is where vision's geometric slot order
meets the rules: the zone's melds are first read together (``desktop.meld_neighbours``),
then each is judged on its own.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from desktop.frame_edge import end_off_frame
from desktop.meld_neighbours import (
    Joined,
    TakenInLine,
    end_to_end,
    gather_loose,
    hand_over_broken_ends,
    join_end_to_end,
    take_further,
    take_in_line,
)
from desktop.meld_reading import MeldReading, judge_group
from desktop.still_ledger import still_ledger
from engine import Rules
from vision.layout.types import TEAM_ZONES, MeldGroup, Slot, TableLayout, ZoneLayout
from vision.tracking.ledger import LedgerProblem, copies_of
from vision.tracking.physical import other_indices


@dataclass(frozen=True)
class TableReading:
    melds: Mapping[str, tuple[MeldReading, ...]]
    discard: tuple[str, ...]
    shown: Mapping[str, tuple[str, ...]]
    ledger: tuple[LedgerProblem, ...]
    flags: tuple[str, ...]
    score: Mapping[str, Any] | None = None
    events: tuple[Mapping[str, Any], ...] = field(default=())

    def to_json(self, with_events: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {
            "zones": {
                z: {"melds": [m.to_json() for m in self.melds.get(z, ())]} for z in TEAM_ZONES
            },
            "discard": list(self.discard),
            "ledger": [p.to_json() for p in self.ledger],
            "flags": list(self.flags),
            "score": None if self.score is None else dict(self.score),
        }
        if with_events:
            out["events"] = [dict(e) for e in self.events]
        return out


def read_table(
    layout: TableLayout,
    rules: Rules,
    ledger: Sequence[LedgerProblem] | None = None,
    events: Sequence[Mapping[str, Any]] = (),
) -> TableReading:
    """Judge every meld of a layout: one frame's (a still: ``ledger`` None, the frame's own
    ledger is checked, and its loose cards are read with the still's rules, ``_zone_groups``)
    or a hand's remembered table (``ledger``: the memory's ledger problems)."""
    melds: dict[str, tuple[MeldReading, ...]] = {}
    flags: list[str] = []
    if ledger is None:
        layout = _copies_read_otherwise(layout)
    seconds = other_indices(layout)  # a meld card's other index is no card in no meld
    for zone in TEAM_ZONES:
        taken, groups = _zone_groups(layout.zone(zone), rules, one_frame=ledger is None)
        loose_slots = taken.loose
        readings = tuple(
            _edge_flag(
                zone,
                _gathered_flag(
                    zone,
                    _taken_flag(zone, _joined_flag(zone, reading, joined), m, taken.taken),
                    any(m is g for g in taken.gathered),
                ),
                m,
                layout.size_wh,
            )
            for m, joined in groups
            for reading in _judged_apart(zone, m, rules, loose_slots)
        )
        melds[zone] = readings
        for r in readings:
            flags.extend(r.flags)
            if not r.verdict.legal:
                faults = ", ".join(f.value for f in r.verdict.faults)
                flags.append(f"team {zone} meld {' '.join(r.cards)} is not legal: {faults}")
        loose = [s.card for s in loose_slots if (s.card, s.center_xy) not in seconds]
        loose += [c for r in readings for c in r.set_aside]
        if loose:
            flags.append(f"cards on team {zone}'s side in no meld: {' '.join(loose)}")
    problems = list(ledger) if ledger is not None else still_ledger(layout)
    flags.extend(p.message() for p in problems if p.resolved_as is None)
    unassigned = [s.card for s in layout.zone("unassigned").loose] + [
        c for m in layout.zone("unassigned").melds for c in m.cards
    ]
    if unassigned:
        flags.append(f"cards outside every zone: {' '.join(unassigned)}")
    shown = {
        z: layout.zone(f"{z}_shown").cards for z in TEAM_ZONES if layout.zone(f"{z}_shown").cards
    }
    return TableReading(
        melds,
        layout.zone("discard").cards,
        shown,
        tuple(problems),
        tuple(flags),
        None,
        tuple(events),
    )


def _zone_groups(
    zone: ZoneLayout, rules: Rules, one_frame: bool = False
) -> tuple[TakenInLine, list[Joined]]:
    """A zone's melds before each is judged, and the zone's cards taken in line. Where the
    zone is one frame's (a still), not a hand's memory, cards lying together in no fan are
    gathered too (``gather_loose``), and a card seen whole is tried at more places
    (``_places``). A memory builds its melds fan by fan as they are laid, and the cards it
    keeps in no meld are what is left (on the forty held-out clips gathering them read four
    melds that were not there)."""
    taken = take_in_line(zone.melds, zone.loose, rules, one_frame)
    if one_frame:
        taken = take_further(taken, rules)
    joined = join_end_to_end(hand_over_broken_ends(taken.melds, rules), rules)
    if not one_frame:
        return taken, joined
    gathered, left = gather_loose(taken.loose, rules)
    taken = replace(taken, loose=left, gathered=tuple(gathered))
    return taken, joined + [(g, None) for g in gathered]


def judged_groups(zone: ZoneLayout, rules: Rules) -> list[MeldGroup]:
    """A zone's melds as the referee judges them, one group per meld it reads: a card in
    no meld taken in line (``take_in_line``), cards handed over between melds laid end to
    end (``hand_over_broken_ends``), two melds joined (``join_end_to_end``), and a fan that
    is two melds parted (``end_to_end``)."""
    out: list[MeldGroup] = []
    for meld, _ in _zone_groups(zone, rules)[1]:
        out.extend(end_to_end(meld, rules) or (meld,))
    return out


def _judged_apart(
    zone: str, meld: MeldGroup, rules: Rules, loose: Sequence[Slot]
) -> tuple[MeldReading, ...]:
    """The meld judged, or, when it is two melds laid end to end and read as one fan
    (``end_to_end``), each of them judged and flagged."""
    parts = end_to_end(meld, rules)
    if parts is None:
        return (judge_group(zone, meld, rules, loose),)
    first, second = (judge_group(zone, part, rules, loose) for part in parts)
    flag = (
        f"team {zone}: melds {' '.join(first.cards)} and {' '.join(second.cards)} lie as one "
        "fan: read as two melds laid end to end; check"
    )
    return tuple(replace(r, flags=(*r.flags, flag)) for r in (first, second))


def _joined_flag(
    zone: str, reading: MeldReading, joined: tuple[tuple[str, ...], tuple[str, ...]] | None
) -> MeldReading:
    if joined is None:
        return reading
    flag = (
        f"team {zone}: melds {' '.join(joined[0])} and {' '.join(joined[1])} lie end to end "
        "on one line: read as one meld; check"
    )
    return replace(reading, flags=(*reading.flags, flag))


def _taken_flag(
    zone: str, reading: MeldReading, group: MeldGroup, taken: Sequence[tuple[Slot, str]]
) -> MeldReading:
    """Flag a meld whose ``group`` took a card in no meld lying in line with it
    (``take_in_line``)."""
    said = [
        f"team {zone}: {slot.card} lay in line with meld {' '.join(reading.cards)}, a fan "
        f"step beyond {end}, in no meld: read as its card; check"
        for slot, end in taken
        if any(s is slot for s in group.slots) and slot.card in reading.cards
    ]
    return reading if not said else replace(reading, flags=(*reading.flags, *said))


def _gathered_flag(zone: str, reading: MeldReading, gathered: bool) -> MeldReading:
    """Flag a meld read from cards in no fan (``gather_loose``)."""
    if not gathered:
        return reading
    said = (
        f"team {zone}: meld {' '.join(reading.cards)} read from cards lying together in no "
        "fan the camera could follow: check it"
    )
    return replace(reading, flags=(*reading.flags, said), gathered=True)


def _edge_flag(
    zone: str, reading: MeldReading, group: MeldGroup, size_wh: tuple[int, int]
) -> MeldReading:
    """Flag a meld whose fan runs off the frame (``desktop.frame_edge``). A fan read as two
    melds laid end to end is flagged in the part holding the end card."""
    end = end_off_frame(group, size_wh)
    if end is None or end.card not in reading.cards:
        return reading
    said = (
        f"team {zone}: meld {' '.join(reading.cards)} reaches the edge of the camera's view "
        f"beyond {end.card}: a card there cannot be read; check it"
    )
    return replace(reading, flags=(*reading.flags, said), off_frame_beyond=end.card)


def _copies_read_otherwise(layout: TableLayout) -> TableLayout:
    """A still's meld holding more copies of a card than the deck has (``KS KS KS KD 2H``):
    its least sure copies beyond the deck's are read as their close second
    (``CardDetection.rivals``, or a suit-open reading's other suits) where the table holds a
    free copy of that card, and flagged for the players. Only inside one meld: a card
    counted twice (in its fan and again loose beside it) is no misread. A still has no
    history to settle the ledger with; the classifier's second choice stands for it. The
    hand's memory settles its ledger from each card's frames (``vision.tracking.ledger``).
    The slot keeps the card first read (``Slot.copy_beyond_deck``) for its meld's flag."""
    counts = Counter(slot.card for _, _, slot in layout.all_slots())
    changed: dict[str, ZoneLayout] = {}
    for zone in TEAM_ZONES:
        melds = layout.zone(zone).melds
        read_again = tuple(_copies_within_deck(meld, counts) for meld in melds)
        if any(new is not old for new, old in zip(read_again, melds, strict=True)):
            changed[zone] = replace(layout.zone(zone), melds=read_again)
    return replace(layout, zones={**layout.zones, **changed}) if changed else layout


def _copies_within_deck(meld: MeldGroup, counts: Counter[str]) -> MeldGroup:
    """``meld`` with its copies beyond the deck's read as their close second where a copy
    of it is free (``counts``, the table's cards, kept up to date); the same object when
    nothing is read otherwise."""
    slots = list(meld.slots)
    for card, held in Counter(meld.cards).items():
        excess = held - copies_of(card)
        if excess <= 0:
            continue
        least_sure_first = sorted(
            (k for k, slot in enumerate(slots) if slot.card == card),
            key=lambda k: slots[k].confidence,
        )
        for k in least_sure_first:
            others = (o for d in slots[k].detections for o in (*d.rivals, *d.other_suits))
            free = next((o for o in others if counts[o] < copies_of(o)), None)
            if free is None:
                continue
            slots[k] = replace(slots[k], card=free, copy_beyond_deck=card)
            counts[card] -= 1
            counts[free] += 1
            excess -= 1
            if excess == 0:
                break
    if all(new is old for new, old in zip(slots, meld.slots, strict=True)):
        return meld
    return replace(meld, slots=tuple(slots))
