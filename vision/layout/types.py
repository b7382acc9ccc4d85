"""The table's structure as read from one frame (or remembered over many).

Geometry and card labels only: whether a meld is legal is the engine's business.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from vision.types import BoxXYXY, CardDetection

PointXY = tuple[float, float]

# Zone names. Meld zones hold melds; the others hold loose cards.
TEAM_ZONES: tuple[str, ...] = ("A", "B")
OTHER_ZONES: tuple[str, ...] = ("discard", "stock", "A_shown", "B_shown")
ZONE_NAMES: tuple[str, ...] = TEAM_ZONES + OTHER_ZONES
UNASSIGNED = "unassigned"


@dataclass(frozen=True)
class Slot:
    """One physical card in a meld (or lying loose): its reading and where its index is.

    ``detections`` holds one detection, or two when both indices of the card showed.
    ``visible`` is False for a card remembered from earlier frames but not seen now.
    ``suit_from_meld`` is True when the card's suit was covered and read from the run
    around it (``vision.layout.suits``), never from its own index; ``suit_guessed`` too
    when the meld is a set and the suit is the reader's likeliest. ``read_otherwise`` is
    the card most frames read where the memory took this one, in its run's suit, because
    the frames disagreed on the suit (``vision.tracking.split_suits``).
    """

    card: str
    confidence: float
    center_xy: PointXY
    scale_px: float
    detections: tuple[CardDetection, ...] = ()
    visible: bool = True
    suit_from_meld: bool = False
    read_otherwise: str | None = None
    suit_guessed: bool = False
    # The card this one's reading named first, where a still's meld held more copies of it
    # than the deck has and its close second was taken instead (``desktop.table_reading``).
    copy_beyond_deck: str | None = None

    @staticmethod
    def from_detection(det: CardDetection) -> Slot:
        w, h = det.size_wh
        return Slot(det.card, det.confidence, det.center_xy, max(w, h), (det,))


@dataclass(frozen=True)
class MeldGroup:
    """Cards fanned together, in slot order along the fan's axis.

    Slot order is geometric: left to right for a fan closer to horizontal, top to bottom
    for one closer to vertical. Whether that is low-to-high is decided where the rules are
    known (``desktop``), which may read the slots in reverse.
    """

    slots: tuple[Slot, ...]
    axis_xy: PointXY = (1.0, 0.0)
    meld_id: int | None = None

    @property
    def cards(self) -> tuple[str, ...]:
        return tuple(s.card for s in self.slots)

    @property
    def confidence(self) -> float:
        # A meld is only as sure as its least sure card.
        return min((s.confidence for s in self.slots), default=0.0)

    @property
    def center_xy(self) -> PointXY:
        n = max(len(self.slots), 1)
        return (
            sum(s.center_xy[0] for s in self.slots) / n,
            sum(s.center_xy[1] for s in self.slots) / n,
        )

    @property
    def box_xyxy(self) -> BoxXYXY:
        """Box around the slots' index centres, padded by half an index."""
        xs = [s.center_xy[0] for s in self.slots]
        ys = [s.center_xy[1] for s in self.slots]
        pad = max((s.scale_px for s in self.slots), default=0.0) / 2.0
        return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


@dataclass(frozen=True)
class ZoneLayout:
    """One zone: its melds in table order and the cards in it that form no meld."""

    name: str
    melds: tuple[MeldGroup, ...] = ()
    loose: tuple[Slot, ...] = ()

    @property
    def cards(self) -> tuple[str, ...]:
        return tuple(c for m in self.melds for c in m.cards) + tuple(s.card for s in self.loose)


@dataclass(frozen=True)
class TableLayout:
    """Every zone of the table, for one frame or as remembered."""

    size_wh: tuple[int, int]
    zones: Mapping[str, ZoneLayout] = field(default_factory=dict)
    # whether the frame showed a fan of a four-index deck (a card read at two corners
    # with such neighbours on both sides): the deck stays that kind for the whole hand
    four_index_fan: bool = False

    def zone(self, name: str) -> ZoneLayout:
        return self.zones.get(name, ZoneLayout(name))

    def all_slots(self) -> list[tuple[str, int | None, Slot]]:
        """(zone, meld index or None for loose, slot) for every card on the table."""
        out: list[tuple[str, int | None, Slot]] = []
        for name, zone in self.zones.items():
            for i, meld in enumerate(zone.melds):
                out.extend((name, i, s) for s in meld.slots)
            out.extend((name, None, s) for s in zone.loose)
        return out
