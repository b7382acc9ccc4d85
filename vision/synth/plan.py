"""What lies where on a Burraco table: the plan a render draws, without any pixels.

Table coordinates are millimetres, x to the right and y towards team A's players (the
bottom of an unrotated view). Team A lays its melds in the lower half, team B in the upper
half (usually turned 180 degrees, as its players face the other way); the discard pile,
the stock and the pozzetti lie in the band between them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from vision.synth.melds import JOKER_WILD_SHARE, MeldSpec, Shoe, random_meld

CARD_SIZES_MM: tuple[tuple[float, float], ...] = ((63.0, 88.0), (57.0, 89.0), (59.0, 91.0))
FAN_SHOW = (0.15, 0.35)  # players leave 15-35% of a card showing between fanned cards


@dataclass(frozen=True)
class PlacedCard:
    uid: int
    card: str | None  # engine notation ("QH", "10S", "JK"); None when face down
    face_up: bool
    center_mm: tuple[float, float]
    angle_deg: float  # 0: upright for team A's players; counter-clockwise in the view
    zone: str  # "A", "B", "discard", "stock", "pozzetto", "shown"
    meld_id: int | None = None
    variant: int = 0  # which of the two decks (its back), or the joker's colour
    pile: int | None = None  # for face-down piles: which pile (pozzetti are 0 and 1)


@dataclass(frozen=True)
class PlacedMeld:
    meld_id: int
    zone: str
    kind: str  # "run" or "set"
    uids: tuple[int, ...]  # table order: runs from the low slot to the high slot
    cards: tuple[str, ...]
    fan: str  # "horizontal" or "vertical" as seen from the meld's owners
    shown_frac: float  # share of the card width/height left showing between cards


@dataclass(frozen=True)
class Occluder:
    kind: str  # "hand", "phone", "coin", "cup", "pen", "paper"
    center_mm: tuple[float, float]
    angle_deg: float
    size_mm: tuple[float, float]
    seed: int


@dataclass(frozen=True)
class TablePlan:
    card_size_mm: tuple[float, float]
    cards: tuple[PlacedCard, ...]  # bottom to top: later cards cover earlier ones
    melds: tuple[PlacedMeld, ...]
    occluders: tuple[Occluder, ...]
    extent_mm: tuple[float, float, float, float]  # x1, y1, x2, y2 around all cards

    def card(self, uid: int) -> PlacedCard:
        return next(c for c in self.cards if c.uid == uid)


@dataclass(frozen=True)
class PlanOptions:
    melds_per_team: tuple[int, int] = (1, 7)  # inclusive-exclusive range
    p_team_b_turned: float = 0.7
    p_vertical_fan: float = 0.55
    p_shown_hand: float = 0.15
    p_pozzetti: float = 0.75
    p_occluders: float = 0.55
    max_occluders: int = 3
    joker_share: float = JOKER_WILD_SHARE  # of the melds' wilds, the share that are jokers
    # a fan's step as a share of the card's side along it; under about a quarter of its
    # height, a vertical fan's next card covers part of the index below it
    fan_show: tuple[float, float] = FAN_SHOW


@dataclass
class _Builder:
    rng: np.random.Generator
    card_w: float
    card_h: float
    cards: list[PlacedCard] = field(default_factory=list)
    melds: list[PlacedMeld] = field(default_factory=list)

    def add(
        self,
        card: str | None,
        up: bool,
        xy: tuple[float, float],
        ang: float,
        zone: str,
        meld_id: int | None = None,
        variant: int = 0,
        pile: int | None = None,
    ) -> int:
        uid = len(self.cards)
        self.cards.append(PlacedCard(uid, card, up, xy, ang, zone, meld_id, variant, pile))
        return uid


def _rot(xy: tuple[float, float], deg: float) -> tuple[float, float]:
    t = np.deg2rad(deg)
    c, s = np.cos(t), np.sin(t)
    # counter-clockwise as seen in the view (y down)
    return (xy[0] * c + xy[1] * s, -xy[0] * s + xy[1] * c)


def _jitter_angle(rng: np.random.Generator, sigma: float = 1.6) -> float:
    return float(np.clip(rng.normal(0, sigma), -5, 5))


def _fan_positions(n: int, fan: str, step: float, w: float, h: float) -> list[tuple[float, float]]:
    """Card centres of a fan in its own frame (top-left of the first card at 0, 0)."""
    if fan == "horizontal":
        return [(w / 2 + i * step, h / 2) for i in range(n)]
    return [(w / 2, h / 2 + i * step) for i in range(n)]


def _layout_zone(
    b: _Builder, shoe: Shoe, zone: str, n_melds: int, opts: PlanOptions, zone_w: float
) -> list[tuple[MeldSpec, str, float, list[tuple[float, float]]]]:
    """Melds of one team in the zone's own frame (players at +y), packed in rows."""
    rng = b.rng
    w, h = b.card_w, b.card_h
    zone_fan = "vertical" if rng.random() < opts.p_vertical_fan else "horizontal"
    out = []
    x, y, row_h = 0.0, 0.0, 0.0
    for _ in range(n_melds):
        spec = random_meld(rng, shoe, joker_share=opts.joker_share)
        if spec is None:
            continue
        fan = (
            zone_fan
            if rng.random() > 0.12
            else ("horizontal", "vertical")[zone_fan == "horizontal"]
        )
        frac = float(rng.uniform(*opts.fan_show))
        step = frac * (w if fan == "horizontal" else h)
        n = len(spec.cards)
        mw = w + (n - 1) * step if fan == "horizontal" else w
        mh = h if fan == "horizontal" else h + (n - 1) * step
        # neighbours: usually a small gap, sometimes touching or just overlapping
        gap = float(rng.choice([rng.uniform(2, 25), rng.uniform(-3, 2)], p=[0.7, 0.3]))
        if x > 0 and x + mw > zone_w:
            x, y, row_h = 0.0, y + row_h + float(rng.uniform(3, 20)), 0.0
        pos = [(x + px, y + py) for px, py in _fan_positions(n, fan, step, w, h)]
        out.append((spec, fan, frac, pos))
        x += mw + gap
        row_h = max(row_h, mh)
    return out


def _place_team(b: _Builder, shoe: Shoe, zone: str, opts: PlanOptions, band_mm: float) -> None:
    rng = b.rng
    n = int(rng.integers(*opts.melds_per_team))
    zone_w = float(rng.uniform(5.0, 10.0)) * b.card_w
    laid = _layout_zone(b, shoe, zone, n, opts, zone_w)
    if not laid:
        return
    xs = [p[0] for _, _, _, pos in laid for p in pos]
    x_shift = -(min(xs) + max(xs)) / 2 + float(rng.uniform(-40, 40))
    turned = zone == "B" and rng.random() < opts.p_team_b_turned
    depth = max(p[1] for _, _, _, pos in laid for p in pos) + b.card_h / 2
    for spec, fan, frac, pos in laid:
        meld_id = len(b.melds)
        order = list(range(len(spec.cards)))
        if rng.random() < 0.25:  # some players lay a run high card first
            order = order[::-1]
        uids: list[int] = [0] * len(order)
        stacking = list(enumerate(order))
        if rng.random() < 0.15:  # each new card slid under the last: the other strip shows
            stacking = stacking[::-1]
        for slot_pos, slot in stacking:
            lx, ly = pos[slot_pos]
            lx += x_shift + float(rng.normal(0, 0.6))
            ly += band_mm / 2 + float(rng.normal(0, 0.6))
            ang = _jitter_angle(rng)
            if zone == "B":
                if turned:
                    lx, ly, ang = -lx, -ly, ang + 180.0
                else:  # upright for team A's view: the whole zone shifted above the band
                    ly -= band_mm + depth
            card, variant = spec.cards[slot], spec.variants[slot]
            uids[slot] = b.add(card, True, (lx, ly), ang, zone, meld_id, variant)
        b.melds.append(
            PlacedMeld(meld_id, zone, spec.kind, tuple(uids), spec.cards, fan, round(frac, 4))
        )


def _place_pile(b: _Builder, zone: str, xy: tuple[float, float], ang: float, n: int,
                pile: int) -> None:  # fmt: skip
    rng = b.rng
    x, y = xy
    variant = int(rng.integers(0, 2))
    for _ in range(n):
        x += float(rng.normal(0, 0.8))
        y += float(rng.normal(0, 0.8))
        if rng.random() < 0.3:
            variant = 1 - variant  # a pile mixes the two decks' backs
        b.add(None, False, (x, y), ang + float(rng.normal(0, 2.0)), zone, variant=variant,
              pile=pile)  # fmt: skip


def _place_middle(b: _Builder, shoe: Shoe, opts: PlanOptions) -> None:
    rng = b.rng
    w, h = b.card_w, b.card_h
    base = float(rng.choice([0.0, 90.0])) + float(rng.normal(0, 8))
    stock_x = float(rng.choice([-1, 1])) * float(rng.uniform(1.5, 3.5)) * w
    _place_pile(b, "stock", (stock_x, float(rng.normal(0, 10))), base, int(rng.integers(3, 8)), 0)
    if rng.random() < opts.p_pozzetti:
        px = stock_x + np.sign(stock_x) * float(rng.uniform(1.3, 2.0)) * w
        n_pozz = int(rng.integers(1, 3))
        for k in range(n_pozz):
            ang = base + (90.0 * k if rng.random() < 0.6 else 0.0) + float(rng.normal(0, 5))
            off = 0.0 if ang != base else k * 1.15 * w
            _place_pile(b, "pozzetto", (px + off, float(rng.normal(0, 6))), ang,
                        int(rng.integers(3, 7)), k)  # fmt: skip
    n_disc = int(rng.integers(0, 7))
    if n_disc:
        drawn = [shoe.draw_any(rng) for _ in range(n_disc)]
        cx = -stock_x * float(rng.uniform(0.0, 0.6))
        if rng.random() < 0.5:  # a neat fan, as some players keep it
            step = float(rng.uniform(0.15, 0.35)) * w
            for i, (card, var) in enumerate(drawn):
                b.add(card, True, (cx + i * step, float(rng.normal(0, 3))), _jitter_angle(rng),
                      "discard", variant=var)  # fmt: skip
        else:  # a loose heap
            for card, var in drawn:
                xy = (cx + float(rng.normal(0, 12)), float(rng.normal(0, 10)))
                b.add(card, True, xy, float(rng.normal(0, 15)), "discard", variant=var)
    del h


def _place_shown_hand(b: _Builder, shoe: Shoe) -> None:
    """Cards shown at the end of a hand: a loose arc near a player's edge."""
    rng = b.rng
    n = int(rng.integers(3, 10))
    cx = float(rng.uniform(-200, 200))
    cy = float(rng.choice([-1, 1])) * float(rng.uniform(3.2, 4.2)) * b.card_h
    spread = float(rng.uniform(4, 12))
    step = float(rng.uniform(0.15, 0.3)) * b.card_w
    for i in range(n):
        card, var = shoe.draw_any(rng)
        ang = (i - (n - 1) / 2) * -spread * 0.5 + float(rng.normal(0, 1.5))
        xy = (cx + (i - (n - 1) / 2) * step, cy + abs(i - (n - 1) / 2) * 2.0)
        b.add(card, True, xy, ang, "shown", variant=var)


def _occluders(rng: np.random.Generator, extent: tuple[float, float, float, float],
               opts: PlanOptions) -> tuple[Occluder, ...]:  # fmt: skip
    if rng.random() > opts.p_occluders:
        return ()
    x1, y1, x2, y2 = extent
    kinds = ("hand", "phone", "coin", "cup", "pen", "paper")
    sizes = {
        "hand": (85.0, 420.0), "phone": (72.0, 150.0), "coin": (24.0, 24.0),
        "cup": (85.0, 85.0), "pen": (10.0, 140.0), "paper": (150.0, 210.0),
    }  # fmt: skip
    out = []
    for _ in range(int(rng.integers(1, opts.max_occluders + 1))):
        kind = str(rng.choice(kinds, p=[0.35, 0.13, 0.15, 0.1, 0.15, 0.12]))
        sw, sh = sizes[kind]
        s = float(rng.uniform(0.85, 1.2))
        xy = (float(rng.uniform(x1, x2)), float(rng.uniform(y1, y2)))
        angle = float(rng.uniform(0, 360))
        if kind == "hand":  # fingers at xy, the arm reaching in from beyond the layout
            d = np.subtract(xy, ((x1 + x2) / 2, (y1 + y2) / 2)) + rng.normal(0, 30, 2)
            d = d / (np.linalg.norm(d) + 1e-9)
            angle = float(np.degrees(np.arctan2(d[0], d[1])))
            xy = (xy[0] + d[0] * sh * s * 0.4, xy[1] + d[1] * sh * s * 0.4)
        seed = int(rng.integers(0, 2**31))
        out.append(Occluder(kind, xy, angle, (sw * s, sh * s), seed))
    return tuple(out)


def card_corners_mm(c: PlacedCard, size_mm: tuple[float, float]) -> np.ndarray:
    w, h = size_mm
    local = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
    return np.array([np.add(_rot(p, c.angle_deg), c.center_mm) for p in local], np.float64)


def plan_table(rng: np.random.Generator, options: PlanOptions | None = None) -> TablePlan:
    """A random table in the middle of a hand: both teams' melds, piles, maybe clutter."""
    opts = options or PlanOptions()
    size = CARD_SIZES_MM[int(rng.integers(len(CARD_SIZES_MM)))]
    b = _Builder(rng, size[0], size[1])
    shoe = Shoe.full()
    band = float(rng.uniform(1.3, 2.2)) * size[1]
    _place_middle(b, shoe, opts)
    _place_team(b, shoe, "A", opts, band)
    _place_team(b, shoe, "B", opts, band)
    if rng.random() < opts.p_shown_hand:
        _place_shown_hand(b, shoe)
    return finish_plan(size, b.cards, b.melds, _occluders_for(rng, b, size, opts))


def plan_shown_hand(rng: np.random.Generator) -> TablePlan:
    """A player's hand shown at the end of a hand and nothing else: what ``arbitro read
    --hand A=photo.jpg`` is given (zone "shown")."""
    size = CARD_SIZES_MM[int(rng.integers(len(CARD_SIZES_MM)))]
    b = _Builder(rng, size[0], size[1])
    _place_shown_hand(b, Shoe.full())
    return finish_plan(size, b.cards, b.melds, ())


def plan_loose_cards(rng: np.random.Generator, n_range: tuple[int, int] = (3, 9)) -> TablePlan:
    """A few face-up cards dropped loosely on the table, overlapping at any angle (a hand
    spread out to be counted, or cards pushed aside): zone "loose"."""
    size = CARD_SIZES_MM[int(rng.integers(len(CARD_SIZES_MM)))]
    b = _Builder(rng, size[0], size[1])
    shoe = Shoe.full()
    n = int(rng.integers(*n_range))
    if rng.random() < 0.5:  # often a run of one suit, as when a hand is sorted
        spec = random_meld(rng, shoe)
        drawn = list(zip(spec.cards, spec.variants, strict=True)) if spec else []
    else:
        drawn = []
    while len(drawn) < n:
        drawn.append(shoe.draw_any(rng))
    base = float(rng.uniform(0, 360))
    xy = np.zeros(2)
    for card, var in drawn[:n]:
        step = float(rng.uniform(0.3, 1.5)) * size[0]  # overlapping or apart
        t = float(rng.uniform(0, 2 * np.pi))
        xy = xy + step * np.array([np.cos(t), np.sin(t)])
        ang = base + float(rng.normal(0, 25))
        b.add(card, True, (float(xy[0]), float(xy[1])), ang, "loose", variant=var)
    return finish_plan(size, b.cards, [], ())


def _occluders_for(rng: np.random.Generator, b: _Builder, size: tuple[float, float],
                   opts: PlanOptions) -> tuple[Occluder, ...]:  # fmt: skip
    return _occluders(rng, _extent(b.cards, size), opts)


def _extent(
    cards: list[PlacedCard], size: tuple[float, float]
) -> tuple[float, float, float, float]:
    if not cards:
        return (-size[0], -size[1], size[0], size[1])
    pts = np.concatenate([card_corners_mm(c, size) for c in cards])
    x1, y1 = pts.min(0)
    x2, y2 = pts.max(0)
    return (float(x1), float(y1), float(x2), float(y2))


def finish_plan(size: tuple[float, float], cards: list[PlacedCard], melds: list[PlacedMeld],
                occluders: tuple[Occluder, ...]) -> TablePlan:  # fmt: skip
    return TablePlan(size, tuple(cards), tuple(melds), occluders, _extent(cards, size))
