from collections import Counter
from itertools import combinations


def assert_valid_chart(chart, players, sessions):
    assert len(chart) == sessions
    for tables in chart:
        assert all(len(table) == 4 for table in tables)
        seated = [p for table in tables for p in table]
        assert Counter(seated) == Counter(players), "every player seated exactly once per session"


def pair_meetings(sessions):
    meetings = Counter()
    for tables in sessions:
        for table in tables:
            for a, b in combinations(table, 2):
                meetings[frozenset((a, b))] += 1
    return meetings


def teams_of_four(players):
    return {p: f"team{i // 4}" for i, p in enumerate(players)}
