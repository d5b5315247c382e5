"""Quality measures of a chart, computed from the chart alone."""

from collections import Counter
from dataclasses import asdict, dataclass
from itertools import combinations

from scoring.engine.rotation import WINDS


@dataclass(frozen=True)
class ChartMetrics:
    players: int
    sessions: int
    repeated_pairs: int        # pairs that share a table more than once
    max_meetings: int          # most times one pair shares a table
    excess_meetings: int       # sum over pairs of (meetings - 1) beyond the first
    same_key_pairs: int        # (session, pair) seatings of two players with one avoid key
    seat_spread: int           # largest (max - min) over winds of a player's starts in that wind
    seats_balanced: bool       # every player starts floor(S/4)..ceil(S/4) times in every wind
    pairs_met: int             # distinct pairs that shared a table at least once

    def as_dict(self):
        return asdict(self)


def chart_metrics(chart, avoid=None):
    avoid = avoid or {}
    meetings = Counter()
    starts = {}
    same_key = 0
    for tables in chart:
        for table in tables:
            for wind, player in enumerate(table):
                starts.setdefault(player, [0] * len(WINDS))[wind] += 1
            for a, b in combinations(table, 2):
                meetings[frozenset((a, b))] += 1
                key = avoid.get(a)
                if key is not None and key == avoid.get(b):
                    same_key += 1
    sessions = len(chart)
    low, high = sessions // 4, -(-sessions // 4)
    counts = list(starts.values())
    spread = max(
        (max(c[w] for c in counts) - min(c[w] for c in counts) for w in range(len(WINDS))),
        default=0,
    )
    return ChartMetrics(
        players=len(starts),
        sessions=sessions,
        repeated_pairs=sum(1 for m in meetings.values() if m > 1),
        max_meetings=max(meetings.values(), default=0),
        excess_meetings=sum(m - 1 for m in meetings.values()),
        same_key_pairs=same_key,
        seat_spread=spread,
        seats_balanced=all(low <= n <= high for c in counts for n in c),
        pairs_met=len(meetings),
    )
