"""The ledger's statuses, computed from the standards read once per edition (bench/pin.py), are pin_status's own
for every Pin, track and placing."""

import itertools
import random

from pin_ranking.engine import Track, standards_for
from pin_ranking.engine.ledger import Result, _best, _statuses, pin_status


def test_the_compiled_statuses_are_pin_status_answers_for_every_edition_and_track():
    rng = random.Random(7)
    for edition, track in itertools.product(("2006", "2014"), (Track.PIN, Track.WEB_PIN)):
        standards = standards_for(edition)
        for _ in range(200):
            results = [Result(n, rng.choice(["world", "national", "web"]), rng.choice(["A", "B", "C"]),
                              rng.randint(0, 400), rng.randint(-50, 900), rng.randint(1, 64),
                              rng.choice([None, 1, 3, 9]), rng.choice([None, 2, 5])) for n in range(rng.randint(0, 6))]
            placings = _best(results)
            points, contest = rng.randint(0, 60000), rng.randint(0, 60000)
            assert _statuses(standards, track, points, contest, placings) == tuple(
                pin_status(s, points, contest, placings) for s in standards.table(track))
