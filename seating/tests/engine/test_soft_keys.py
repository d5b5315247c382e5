"""3.5.1 in a team event: teammates apart is the hard constraint, compatriots ("也可采用") the soft one. The
tournament day of 8 teams of 4 from 5 countries drew teammates together 6 times when countries were the key."""

from seating.engine import build_chart, chart_metrics, fewest_same_key_seatings, seat_by_standings, spread_apart

PLAYERS = list(range(32))
TEAMS = {player: player // 4 for player in PLAYERS}
COUNTRY_OF_TEAM = ["CN", "CN", "CN", "JP", "JP", "KR", "SG", "DE"]
COUNTRIES = {player: COUNTRY_OF_TEAM[player // 4] for player in PLAYERS}


def test_teammates_never_meet_and_compatriots_are_spread_where_that_costs_no_repeat():
    plain = build_chart(PLAYERS, 6, avoid=TEAMS, seed=0)
    chart = build_chart(PLAYERS, 6, avoid=TEAMS, seed=0, prefer_apart=COUNTRIES)
    by_team, by_country = chart_metrics(chart, TEAMS), chart_metrics(chart, COUNTRIES)
    assert by_team.same_key_pairs == 0 and by_team.repeated_pairs == 0 and by_team.seats_balanced
    assert by_country.same_key_pairs < chart_metrics(plain, COUNTRIES).same_key_pairs
    # 12 Chinese players at 8 tables share tables at least 4 times a session: the chart seats no more than that
    # (the country as the only key, as before, gave 24 with teammates together 6 times).
    assert fewest_same_key_seatings(COUNTRIES, 8) == {"CN": 4}
    assert by_country.same_key_pairs == 4 * 6


def test_spread_apart_keeps_the_sessions_before_fixed_and_never_adds_a_hard_pair():
    chart = build_chart(PLAYERS, 4, avoid=TEAMS, seed=3)
    spread = spread_apart(chart, COUNTRIES, TEAMS, fixed=2, seed=1)
    assert spread[:2] == chart[:2]
    assert chart_metrics(spread, TEAMS).same_key_pairs == 0
    assert chart_metrics(spread, TEAMS).repeated_pairs <= chart_metrics(chart, TEAMS).repeated_pairs
    assert sorted(p for tables in spread for table in tables for p in table) == sorted(
        p for tables in chart for table in tables for p in table)


def test_a_soft_key_never_costs_a_repeat_when_seating_from_the_standings():
    # Two compatriots who have met: meeting again costs more than sitting with compatriots.
    met = {frozenset((0, 1)): 1}
    countries = {0: "CN", 1: "JP", 2: "CN", 3: "CN"}
    tables = seat_by_standings([0, 1, 2, 3, 4, 5, 6, 7], met=met, prefer_apart=countries, seed=0)
    assert not any({0, 1} <= set(table) for table in tables)
