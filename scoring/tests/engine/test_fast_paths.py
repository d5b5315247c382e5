"""The engine's short cuts against the plain computations they replace (scoring/ENGINE.md lists each
with its reason).

Each fast path must give exactly what the slower search gives: the splits made group by group and
rank by rank, the pair's rank narrowed modulo 3, the greedy split, the waits of one group, the
unique wait from the winning tile's group, the open wait, the pungs that cannot combine, the
knitted-straight mask test, and a notation read once and shared.
"""
import itertools
import random
from collections import defaultdict

import pytest

from scoring.engine import HandError, evaluate, shapes
from scoring.engine import set_fans as S
from scoring.engine.evaluate import check_tiles, read_hand
from scoring.engine.hand_fans import holds_knitted_straight, tile_mask
from scoring.engine.notation import CHOW, parse, read_counted
from scoring.engine.rule_sets import ELEMENTARY, FULL
from scoring.engine.shapes import reference_readings
from scoring.engine.tiles import ALL_TILES
from scoring.engine.waits import _suit_completions, other_standard_wait, regular_waits
from scoring.engine_testing.generator import corpus

HANDS = corpus(30, 1500)
SUITED = [t for t in range(30) if t % 10]


def _keys():
    """Sorted standing tiles with the winning tile, and the sets they must make: the generated
    hands, then random tiles of two suits and the winds (more ways to split them)."""
    keys = {(tuple(sorted(h.standing + [h.win])), 4 - len(h.melds)) for h in HANDS}
    rng = random.Random(7)
    while len(keys) < 4000:
        key = tuple(sorted(rng.choice([1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 31, 32])
                           for _ in range(rng.choice([2, 5, 8, 11, 14]))))
        if max(key.count(t) for t in key) <= 4:
            keys.add((key, (len(key) - 2) // 3))
    return sorted(keys)


def test_readings_are_every_split_once_in_set_order():
    for key, n_sets in _keys():
        readings = shapes.standard_readings(key, n_sets)
        assert len(set(readings)) == len(readings), key          # no reading twice
        assert set(readings) == reference_readings(key, n_sets), key
        order = [[(t - (k == CHOW)) * 100 + t if k == CHOW else t * 101 for k, t in sets] for sets, _ in readings]
        assert order == sorted(order), key                       # the common-practice order (3.9.1.6 ties)


def _plain_suit_splits(counts: tuple, with_pair: bool) -> bool:
    table = list(counts)
    if not with_pair:
        return shapes.splits_into_sets(table)
    for r in range(9):
        if table[r] >= 2:
            table[r] -= 2
            if shapes.splits_into_sets(table):
                return True
            table[r] += 2
    return False


def _plain_suit_completions(counts: tuple, with_pair: bool) -> tuple:
    near = sorted({r for p in range(9) if counts[p] for r in range(p - 2, p + 3) if 0 <= r <= 8})
    return tuple(r + 1 for r in near
                 if _plain_suit_splits(counts[:r] + (counts[r] + 1,) + counts[r + 1:], with_pair))


def test_pair_and_wait_ranks_narrowed_modulo_3_lose_nothing():
    rng = random.Random(3)
    for _ in range(3000):
        counts = tuple(rng.choice((0, 0, 0, 1, 1, 2, 3, 4)) for _ in range(9))
        for with_pair in (False, True):
            assert shapes.suit_splits(counts, with_pair) == _plain_suit_splits(counts, with_pair), counts
            assert _suit_completions(counts, with_pair) == _plain_suit_completions(counts, with_pair), counts


def test_greedy_split_into_sets_equals_the_plain_search():
    """shapes.splits_into_sets takes c mod 3 chows at the lowest rank: three equal chows use the
    same tiles as three pungs, so nothing is lost (a pair of East beside them lets the plain
    search, which needs a pair, answer)."""
    rng = random.Random(13)
    for _ in range(3000):
        counts = [rng.choice((0, 0, 0, 1, 1, 2, 3, 4)) for _ in range(9)]
        tiles = tuple(rank + 1 for rank, c in enumerate(counts) for _ in range(c))
        plain = len(tiles) % 3 == 0 and bool(reference_readings(tiles + (31, 31), len(tiles) // 3))
        assert shapes.splits_into_sets(counts) == plain, counts


def test_an_open_wait_is_never_a_one_tile_wait():
    """score_standard skips the search for every wait when the winning tile ends a concealed chow
    whose other end the wall may still hold (counting._open_wait): the search agrees."""
    from scoring.engine.counting import _open_wait

    seen = 0
    for hand in HANDS:
        tiles = read_hand(hand.notation)
        for sets, _ in tiles.readings:
            for kind, tile in sets:
                if kind == CHOW and abs(tile - tiles.win) == 1 and _open_wait(tile, tiles.win, tiles.counts):
                    seen += 1
                    assert not tiles.unique_wait(), hand.notation
    assert seen > 100


def test_regular_waits_are_every_tile_that_completes():
    """waits.regular_waits works out one group's completions (the group the tile brings to 3k + 2
    tiles, the others split as they are): every tile tried in turn gives the same."""
    for hand in HANDS[:500]:
        key13 = tuple(sorted(hand.standing))
        n_melds = len(hand.melds)
        tried = tuple(t for t in ALL_TILES
                      if shapes.standard_readings(tuple(sorted(key13 + (t,))), 4 - n_melds)
                      or (n_melds == 0 and shapes.is_seven_pairs(tuple(sorted(key13 + (t,))))))
        assert regular_waits(key13, n_melds) == tried, hand.notation


def test_unique_wait_from_the_winning_group_equals_every_wait():
    for hand in HANDS:
        parsed = parse(hand.notation, winning_tile=True)
        counts = check_tiles(parsed, with_winning=True)
        key = tuple(sorted(parsed.standing + (parsed.winning,)))
        n_melds = len(parsed.melds)
        if not shapes.standard_readings(key, 4 - n_melds):
            continue
        thirteen = list(key)
        thirteen.remove(parsed.winning)
        every_wait = [t for t in regular_waits(tuple(thirteen), n_melds)
                      if counts[t] - (t == parsed.winning) < 4]
        assert other_standard_wait(key, parsed.winning, n_melds, counts) == (len(every_wait) > 1), hand.notation


def _every_pung_combination():
    tiles = [t for t in range(38) if (t < 30 and t % 10) or 30 < t < 38]
    rng = random.Random(5)
    yield from itertools.combinations(tiles, 2)
    yield from itertools.combinations(tiles, 3)
    yield from (tuple(sorted(rng.sample(tiles, 4))) for _ in range(3000))


@pytest.mark.parametrize("rules", [FULL, ELEMENTARY], ids=["full", "elementary"])
def test_pungs_that_cannot_combine_score_what_the_count_scores(rules):
    for pungs in _every_pung_combination():
        table = defaultdict(int)
        if len(pungs) == 2:
            table[S.two_pungs_fan(*pungs)] += 1
            table.pop(0, None)
        else:
            {3: S.score_three_pungs, 4: S.score_four_pungs}[len(pungs)](list(pungs), table, rules.counting_fans)
        assert S.pung_fans(pungs, rules.counting_fans) == tuple(sorted((n, c) for n, c in table.items() if c)), pungs


@pytest.mark.parametrize("rules", [FULL, ELEMENTARY], ids=["full", "elementary"])
def test_no_kong_or_concealed_pung_fan_without_a_kong_or_two_concealed_pungs(rules):
    """score_standard skips the kong table for such a reading: the table must have nothing to give."""
    from scoring.engine.counting import _kong_fans

    for concealed_pungs in (0, 1):
        for green_book in (False, True):
            assert _kong_fans(concealed_pungs, 0, 0, green_book, rules.counting_fans) == ()
    assert _kong_fans(2, 0, 0, False, rules.counting_fans) != ()   # the test sees a fan where one is


def test_knitted_straight_mask_test_equals_the_set_test():
    rng = random.Random(9)
    for _ in range(5000):
        tiles = rng.sample(SUITED + list(range(31, 38)), rng.randint(9, 14))
        counts = [0] * 38
        for t in tiles:
            counts[t] += 1
        assert holds_knitted_straight(tile_mask(counts)) == (shapes.knitted_straight_in(tuple(tiles)) is not None)


def test_a_notation_is_read_once_and_shared_unchanged():
    hand = HANDS[0]
    assert read_hand.cache_info().maxsize == 32   # bounded: a request's repeats
    read_hand.cache_clear()
    first = read_hand(hand.notation)
    assert read_hand(hand.notation) is first
    before = (first.counts, first.key, first.readings, first.tile_hogs)
    results = [evaluate(hand.notation, rule_set=rule_set, profile=profile, **hand.kwargs)
               for rule_set in ("full", "elementary") for profile in ("green_book", "common_practice")]
    assert (first.counts, first.key, first.readings, first.tile_hogs) == before   # counting changed nothing
    read_hand.cache_clear()
    again = [evaluate(hand.notation, rule_set=rule_set, profile=profile, **hand.kwargs)
             for rule_set in ("full", "elementary") for profile in ("green_book", "common_practice")]
    assert [(e.total, [(h.fan.number, h.count, h.sets) for h in e.fans]) for e in results] == [
        (e.total, [(h.fan.number, h.count, h.sets) for h in e.fans]) for e in again]


def test_tiles_counted_as_read_equal_the_parse_and_its_count():
    rng = random.Random(11)
    for hand in HANDS:
        for text in (hand.notation, hand.respelt(rng)):
            parsed = parse(text, winning_tile=True)
            melds, standing, winning, counts = read_counted(text, winning_tile=True)
            assert (melds, tuple(standing), winning) == parsed, text
            assert counts == check_tiles(parsed, with_winning=True), text
    assert read_counted("123m 456p+1m", winning_tile=True) is None   # spaces: the slow path
    assert read_counted("123m456p", winning_tile=True) is None       # no winning tile
    assert read_counted("123m456p+1m", winning_tile=False) is None   # one too many


@pytest.mark.parametrize("notation", ["123m456p789s11z+1m", "[1111m][2222m][3333m][4444m]1m+1m", "", "  ",
                                      "123m456p789s1１s+1s", "123m456p789s11\ud800+1m", "[123m]456p789s11é+1m"])
def test_a_wrong_notation_is_refused_every_time(notation):
    for _ in range(2):   # an error is not cached: the second call is refused as the first
        with pytest.raises(HandError):
            evaluate(notation)
