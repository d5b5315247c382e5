"""The ledger's statuses, computed from the standards read once per edition in one loop (bench/pin.py), are
pin_status's own, read standard by standard, for every Pin, track and placing; and the Pin reached is the
highest whose three measures are met."""

import itertools
import random

from pin_ranking.engine import Track, standards_for
from pin_ranking.engine.ledger import Result, _best, counts_for, ledger, pin_status


def test_the_compiled_statuses_are_pin_status_answers_for_every_edition_and_track():
    rng = random.Random(7)
    for edition, track in itertools.product(("2006", "2014"), (Track.PIN, Track.WEB_PIN)):
        standards = standards_for(edition)
        for _ in range(300):
            results = [Result(n, rng.choice(["world", "national", "web"]), rng.choice(["A", "B", "C", None]),
                              rng.randint(0, 1200) * 12, rng.randint(-50, 9000), rng.randint(1, 64),
                              rng.choice([None, 1, 3, 9]), rng.choice([None, 2, 5]))
                       for n in range(rng.randint(0, 8))]
            one = ledger(results, standards, track)
            counted = sorted((r for r in results if counts_for(r, track)), key=lambda r: str(r.competition))
            best = _best(counted)
            assert one.statuses == tuple(pin_status(s, one.points, one.contest_points, best)
                                         for s in standards.table(track))
            reached = [s.pin for s in one.statuses if s.met]
            assert one.pin == (min(reached) if reached else None)
