"""Random valid MCR hands for property, differential and benchmark runs.

``generate(rng)`` returns a ``GeneratedHand``: the notation for ``evaluate`` and the
keyword arguments, plus the parts the oracle adapter needs.  Every hand is a complete
winning shape (not necessarily worth 8 points) with consistent flags.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from scoring.engine.notation import CHOW, KONG, PUNG
from scoring.engine.tiles import ALL_TILES, HONOR_TILES, KNITTED_STRAIGHTS, tiles_name

TERMINALS_HONORS = (1, 9, 11, 19, 21, 29) + HONOR_TILES
WINDS = "ESWN"


@dataclass
class GeneratedHand:
    melds: list            # (kind, tile, exposed, claimed_index) ; chow tile = middle tile
    standing: list         # standing tiles without the winning tile
    win: int
    kwargs: dict = field(default_factory=dict)
    shape: str = "standard"

    @property
    def notation(self) -> str:
        parts = []
        for kind, tile, exposed, _ in self.melds:
            tiles = (tile - 1, tile, tile + 1) if kind == CHOW else (tile,) * (3 if kind == PUNG else 4)
            text = tiles_name(tiles)
            parts.append(f"[{text}]" if exposed else "{" + text + "}")
        return "".join(parts) + "".join(tiles_name((t,)) for t in self.standing) + "+" + tiles_name((self.win,))

    @property
    def waiting_notation(self) -> str:
        return self.notation.split("+")[0]

    def respelt(self, rng: random.Random, sep: str = "") -> str:
        """The same hand in another notation: melds, tiles within them and standing tiles
        shuffled, the standing tiles joined by ``sep``."""
        melds = []
        for kind, tile, exposed, _ in self.melds:
            tiles = [tile - 1, tile, tile + 1] if kind == CHOW else [tile] * (3 if kind == PUNG else 4)
            rng.shuffle(tiles)
            text = "".join(tiles_name((t,)) for t in tiles)
            melds.append(f"[{text}]" if exposed else "{" + text + "}")
        rng.shuffle(melds)
        standing = list(self.standing)
        rng.shuffle(standing)
        return "".join(melds) + sep.join(tiles_name((t,)) for t in standing) + "+" + tiles_name((self.win,))


class _Pool:
    def __init__(self):
        self.left = {t: 4 for t in ALL_TILES}

    def take(self, tiles) -> bool:
        need = {}
        for t in tiles:
            need[t] = need.get(t, 0) + 1
        if any(self.left[t] < n for t, n in need.items()):
            return False
        for t, n in need.items():
            self.left[t] -= n
        return True


def _pick_tile(rng, style):
    if style == "honors" and rng.random() < 0.6:
        return rng.choice(HONOR_TILES)
    if style == "terminal" and rng.random() < 0.7:
        return rng.choice(TERMINALS_HONORS)
    return rng.choice(ALL_TILES)


def _random_set(rng, style, suit):
    """(kind, tile) of a random chow or pung."""
    if style == "one_suit" and rng.random() < 0.85:
        base = suit * 10
        if rng.random() < 0.6:
            return CHOW, base + rng.randint(2, 8)
        return PUNG, base + rng.randint(1, 9)
    t = _pick_tile(rng, style)
    if t < 30 and rng.random() < (0.35 if style in ("pungs", "honors", "terminal") else 0.65):
        r = t % 10
        return CHOW, t - r + min(max(r, 2), 8)
    return PUNG, t


def _set_tiles(kind, tile):
    if kind == CHOW:
        return [tile - 1, tile, tile + 1]
    return [tile] * (4 if kind == KONG else 3)


def _standard(rng):
    style = rng.choice(("mixed", "mixed", "one_suit", "pungs", "honors", "terminal"))
    suit = rng.randint(0, 2)
    for _ in range(100):
        pool = _Pool()
        sets = []
        ok = True
        for _ in range(4):
            for _ in range(20):
                kind, tile = _random_set(rng, style, suit)
                if kind == PUNG and rng.random() < 0.12:
                    kind = KONG
                if pool.take(_set_tiles(kind, tile)):
                    sets.append((kind, tile))
                    break
            else:
                ok = False
                break
        if not ok:
            continue
        for _ in range(20):
            pair = (
                _pick_tile(rng, style) if style != "one_suit" or rng.random() < 0.3 else suit * 10 + rng.randint(1, 9)
            )
            if pool.take([pair, pair]):
                break
        else:
            continue
        n_melds = rng.choice((0, 0, 1, 1, 2, 2, 3, 4))
        rng.shuffle(sets)
        melds, standing = [], [pair, pair]
        for i, (kind, tile) in enumerate(sets):
            if kind == KONG:
                if i < n_melds:
                    melds.append((KONG, tile, True, rng.randint(1, 3)))
                else:
                    melds.append((KONG, tile, False, 0))
            elif i < n_melds:
                melds.append((kind, tile, True, rng.randint(1, 3)))
            else:
                standing.extend(_set_tiles(kind, tile))
        return melds, standing
    raise RuntimeError("could not build a hand")


def _seven_pairs(rng):
    if rng.random() < 0.1:
        base = 10 * rng.randint(0, 2) + rng.randint(0, 2)
        return [base + i for i in range(1, 8) for _ in range(2)]
    style = rng.choice(("mixed", "one_suit", "honors", "terminal"))
    suit = rng.randint(0, 2)
    pool = _Pool()
    tiles = []
    while len(tiles) < 14:
        t = suit * 10 + rng.randint(1, 9) if style == "one_suit" and rng.random() < 0.8 else _pick_tile(rng, style)
        if pool.take([t, t]):
            tiles += [t, t]
    return tiles


def _thirteen_orphans(rng):
    return list(TERMINALS_HONORS) + [rng.choice(TERMINALS_HONORS)]


def _honors_knitted(rng):
    seq = rng.choice(KNITTED_STRAIGHTS)
    n_honors = rng.choice((5, 6, 7, 7))
    honors = rng.sample(HONOR_TILES, n_honors)
    return sorted(rng.sample(seq, 14 - n_honors)) + honors


def _knitted_straight(rng):
    seq = list(rng.choice(KNITTED_STRAIGHTS))
    for _ in range(100):
        pool = _Pool()
        pool.take(seq)
        kind, tile = _random_set(rng, "mixed", 0)
        if kind == PUNG and rng.random() < 0.15:
            kind = KONG
        pair = rng.choice(ALL_TILES)
        if not pool.take(_set_tiles(kind, tile)) or not pool.take([pair, pair]):
            continue
        if rng.random() < 0.4 or kind == KONG:
            exposed = kind != KONG or rng.random() < 0.5
            return [(kind, tile, exposed, rng.randint(1, 3) if exposed else 0)], seq + [pair, pair]
        return [], seq + _set_tiles(kind, tile) + [pair, pair]
    raise RuntimeError("could not build a knitted straight")


def _nine_gates(rng):
    base = 10 * rng.randint(0, 2)
    return [base + r for r in (1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9)] + [base + rng.randint(1, 9)]


SHAPES = (("standard", 80), ("seven_pairs", 8), ("thirteen_orphans", 2), ("honors_knitted", 3),
          ("knitted_straight", 4), ("nine_gates", 3))


def generate(rng: random.Random) -> GeneratedHand:
    shape = rng.choices([s for s, _ in SHAPES], weights=[w for _, w in SHAPES])[0]
    if shape == "standard":
        melds, tiles = _standard(rng)
    elif shape == "knitted_straight":
        melds, tiles = _knitted_straight(rng)
    else:
        melds = []
        tiles = {"seven_pairs": _seven_pairs, "thirteen_orphans": _thirteen_orphans,
                 "honors_knitted": _honors_knitted, "nine_gates": _nine_gates}[shape](rng)
    win = tiles[-1] if shape == "nine_gates" and rng.random() < 0.7 else rng.choice(tiles)
    standing = list(tiles)
    standing.remove(win)
    rng.shuffle(standing)
    hand = GeneratedHand(melds, standing, win, shape=shape)
    hand.kwargs = _flags(rng, hand)
    return hand


def _flags(rng, hand: GeneratedHand) -> dict:
    counts = {}
    for t in hand.standing + [hand.win]:
        counts[t] = counts.get(t, 0) + 1
    held = counts[hand.win]
    in_melds = 0
    for kind, tile, _, _ in hand.melds:
        in_melds += _set_tiles(kind, tile).count(hand.win)
    has_kong = any(kind == KONG for kind, _, _, _ in hand.melds)
    self_drawn = rng.random() < 0.4
    kw = {
        "self_drawn": self_drawn,
        "seat_wind": rng.choice(WINDS),
        "prevalent_wind": rng.choice(WINDS),
        "flowers": rng.choice((0, 0, 0, 1, 2, 3, 8)),
        "last_wall_tile": rng.random() < 0.08,
        "last_of_kind": held == 1 and rng.random() < 0.15,
        "kong_replacement": self_drawn and has_kong and rng.random() < 0.3,
        "robbing_kong": (not self_drawn) and held == 1 and in_melds == 0 and rng.random() < 0.08,
    }
    return kw


def corpus(seed: int, count: int) -> list:
    rng = random.Random(seed)
    return [generate(rng) for _ in range(count)]
