"""Detections of one frame -> TableLayout."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from itertools import pairwise

from vision.layout.dedup import (
    DedupParams,
    pair_lone_cards,
    pair_second_indices,
    suppress_overlaps,
)
from vision.layout.far_ends import resolve_far_ends
from vision.layout.geometry import distance, median
from vision.layout.grouping import Chain, GroupingParams, group_chains
from vision.layout.order import reading_order
from vision.layout.suits import drop_open, settle_suits
from vision.layout.top_cards import drop_second_top_card
from vision.layout.twins import TwinParams, fold_twins
from vision.layout.types import TEAM_ZONES, MeldGroup, Slot, TableLayout, ZoneLayout
from vision.layout.zones import ZoneMap, default_zones
from vision.types import CardDetection


@dataclass(frozen=True)
class LayoutParams:
    grouping: GroupingParams = field(default_factory=GroupingParams)
    dedup: DedupParams = field(default_factory=DedupParams)
    twins: TwinParams = field(default_factory=TwinParams)
    min_confidence: float = 0.25  # readings below this are ignored
    min_meld_slots: int = 3  # a chain this long in a team zone is reported as a meld


# A meld's cards lie a whole number of fan steps apart (more than one where an index is
# hidden); a card in another zone this far off a whole number of steps is that zone's card
# lying on the fan's line.
OFF_STEP = 0.2


def _zone_of_chain(chain: Chain, zones: ZoneMap, size_wh: tuple[int, int]) -> str:
    """The zone most of a chain's cards lie in; but a fan that runs out of the box drawn
    around the discard pile into a team's zone at even steps is that team's meld, laid
    against the pile (a user draws the box loosely, and a meld may be laid beside it)."""
    names = [zones.zone_of(slot.center_xy, size_wh) for slot in chain.slots]
    votes = Counter(names)
    best = max(votes.items(), key=lambda kv: kv[1])[0]
    teams = Counter(n for n in names if n in TEAM_ZONES)
    if best == "discard" and teams and _evenly_stepped(chain.slots):
        return teams.most_common(1)[0][0]
    return best


def _evenly_stepped(slots: Sequence[Slot]) -> bool:
    """Every gap of the chain a whole number of its median step (a hidden card makes two)."""
    gaps = [_gap(a, b) for a, b in pairwise(slots)]
    if len(gaps) < 2:
        return False
    step = max(median(gaps), 1e-6)
    return all(_whole_steps(g / step) for g in gaps)


def _whole_steps(steps: float) -> bool:
    """A gap of this many fan steps is a whole number of them, one or more."""
    return round(steps) >= 1 and abs(steps - round(steps)) <= OFF_STEP


def _gap(a: Slot, b: Slot) -> float:
    """How far apart two slots lie: their nearest indices (a card read at two corners is
    one slot, centred on one of them)."""
    points_a = [d.center_xy for d in a.detections] or [a.center_xy]
    points_b = [d.center_xy for d in b.detections] or [b.center_xy]
    return min(distance(p, q) for p in points_a for q in points_b)


def _trim_foreign_ends(
    chain: Chain, zone: str, zones: ZoneMap, size_wh: tuple[int, int]
) -> tuple[Chain, list[Slot]]:
    """Cards at either end of a team's chain that lie outside its ``zone`` (the discard
    pile just past a meld's end, on its line) and off the fan's steps are not the meld's.
    Zones drawn by hand may overlap a meld's end, so the step decides, not the zone alone."""
    slots = list(chain.slots)
    if all(zones.zone_of(s.center_xy, size_wh) == zone for s in (slots[0], slots[-1])):
        return chain, []  # the usual case, on every frame: no end to weigh
    gaps = [_gap(a, b) for a, b in pairwise(slots)]
    start, end = 0, len(slots)  # the chain kept: slots[start:end], gaps[start:end - 1]

    def foreign(k: int, gap: float, inner: list[float]) -> bool:
        steps = gap / max(median(inner), 1e-6)
        off_step = steps > 1.0 + OFF_STEP and not _whole_steps(steps)
        return off_step and zones.zone_of(slots[k].center_xy, size_wh) != zone

    while end - start > 2 and foreign(start, gaps[start], gaps[start + 1 : end - 1]):
        start += 1
    while end - start > 2 and foreign(end - 1, gaps[end - 2], gaps[start : end - 2]):
        end -= 1
    return replace(chain, slots=tuple(slots[start:end])), slots[:start] + slots[end:]


def local_scale(slots: list[Slot], k: int = 9) -> list[Slot]:
    """Measure lengths by the median index size around each index, not its own: some
    indices (a joker's, a 10's) are printed smaller or larger than the rest."""
    out = []
    for s in slots:
        near = sorted(slots, key=lambda o: distance(o.center_xy, s.center_xy))[:k]
        out.append(replace(s, scale_px=median([o.scale_px for o in near])))
    return out


def build_layout(
    detections: Sequence[CardDetection],
    size_wh: tuple[int, int],
    zones: ZoneMap | None = None,
    params: LayoutParams = LayoutParams(),
    four_index: bool | None = None,
) -> TableLayout:
    """Group one frame's detections into melds and loose cards, zone by zone.
    ``four_index``: True once a four-index fan has been seen on this table (the layout
    reports it, ``TableLayout.four_index_fan``); None judges from this frame alone."""
    zones = zones or default_zones(size_wh)
    kept = [d for d in detections if d.best_confidence >= params.min_confidence]
    slots = local_scale(
        [
            Slot.from_detection(d)
            for d in suppress_overlaps(kept, params.dedup.same_box_iou, params.dedup.same_card_iou)
        ]
    )
    folded, four_index_fan = fold_twins(slots, params.twins, four_index)
    chains, singles = group_chains(folded, params.grouping)
    deck_four_index = four_index is True or (four_index is None and four_index_fan)
    chains, singles = pair_second_indices(chains, singles, params.dedup, deck_four_index)
    # A two-index card's far corner lies diagonally across it, never on its fan's line
    chains, lone = resolve_far_ends(chains) if deck_four_index else (chains, [])
    chains, singles = pair_second_indices(chains, singles + lone, params.dedup, deck_four_index)
    chains, lone = drop_second_top_card(chains)
    singles += lone

    melds: dict[str, list[MeldGroup]] = {}
    loose: dict[str, list[Slot]] = {}
    spare = list(singles)
    for chain in chains:
        name = _zone_of_chain(chain, zones, size_wh)
        if name in TEAM_ZONES:
            chain, foreign = _trim_foreign_ends(chain, name, zones, size_wh)
            spare.extend(foreign)
            chain = replace(chain, slots=tuple(settle_suits(chain.slots)))
        if name in TEAM_ZONES and len(chain.slots) >= params.min_meld_slots:
            melds.setdefault(name, []).append(MeldGroup(chain.slots, chain.axis_xy))
        else:  # a spread discard pile, a hand shown, a broken fan: single cards
            spare.extend(chain.slots)
    # single cards may show two or four indices too
    spare = drop_open(pair_lone_cards(spare, params.dedup))
    for slot in sorted(spare, key=lambda s: (s.center_xy[1], s.center_xy[0])):
        loose.setdefault(zones.zone_of(slot.center_xy, size_wh), []).append(slot)

    out: dict[str, ZoneLayout] = {}
    for name in sorted(set(melds) | set(loose) | set(TEAM_ZONES)):
        cards = tuple(loose.get(name, []))
        out[name] = ZoneLayout(name, tuple(reading_order(melds.get(name, []))), cards)
    return TableLayout((int(size_wh[0]), int(size_wh[1])), out, four_index_fan)
