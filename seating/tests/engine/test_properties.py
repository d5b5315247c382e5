"""Property tests: any field size, session count, seed and key layout."""

from hypothesis import given, settings
from hypothesis import strategies as st

from seating.engine import build_chart, chart_metrics, seat_by_standings
from seating.tests.engine.helpers import assert_valid_chart


@st.composite
def fields(draw):
    tables = draw(st.integers(min_value=1, max_value=12))
    players = [f"p{i}" for i in range(4 * tables)]
    sessions = draw(st.integers(min_value=1, max_value=8))
    team_size = draw(st.sampled_from([None, 2, 3, 4]))
    avoid = None if team_size is None else {p: i // team_size for i, p in enumerate(players)}
    seed = draw(st.integers(min_value=0, max_value=2 ** 16))
    return players, sessions, avoid, seed


@settings(max_examples=25, deadline=None)
@given(fields())
def test_any_field_gives_a_valid_balanced_chart(field):
    players, sessions, avoid, seed = field
    chart = build_chart(players, sessions, avoid=avoid, seed=seed)
    assert_valid_chart(chart, players, sessions)
    metrics = chart_metrics(chart, avoid)
    assert metrics.seats_balanced
    # Every session adds 6 pair-seatings per table.
    assert metrics.pairs_met + metrics.excess_meetings == 6 * len(players) // 4 * sessions
    assert build_chart(players, sessions, avoid=avoid, seed=seed) == chart


@settings(max_examples=25, deadline=None)
@given(fields())
def test_teams_of_at_most_four_never_meet_while_sessions_fit(field):
    players, sessions, avoid, seed = field
    n = len(players)
    # Teams of up to 4 leave each player n - 4 possible opponents at most.
    if avoid is None or n < 16 or 3 * sessions > (n - 4) // 2:
        return
    metrics = chart_metrics(build_chart(players, sessions, avoid=avoid, seed=seed), avoid)
    assert metrics.same_key_pairs == 0
    assert metrics.repeated_pairs == 0


@settings(max_examples=40, deadline=None)
@given(
    st.integers(min_value=1, max_value=10),
    st.sampled_from(["top", "snake"]),
    st.integers(min_value=0, max_value=1000),
)
def test_standings_seat_everyone_once(tables, method, seed):
    ranked = list(range(4 * tables))
    seated = seat_by_standings(ranked, method, seed=seed)
    assert sorted(p for t in seated for p in t) == ranked
    assert all(len(t) == 4 for t in seated)
