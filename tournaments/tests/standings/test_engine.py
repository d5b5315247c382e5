"""The 3.10 standings engine on its own: typed rows in, a Standings out, no database."""

import itertools
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.standings.engine import (
    BEST_SESSION,
    FINALISTS_FIRST,
    FIRSTS,
    Entrant,
    FinalStage,
    PlayedTable,
    Rules,
    competition_ranks,
    rank,
)


@dataclass(frozen=True)
class Adjustment:
    transfers: int = 0
    deductions: int = 0
    forfeit: bool = False


NONE = (Adjustment(),) * 4


def entrants(count: int, teams: int = 0, marks: dict | None = None) -> list[Entrant]:
    """Entries 1..count (registration id = entry * 10), dealt into `teams` teams in turn; `marks`:
    {entry: {"rank_cancelled": True}, ...}."""
    marks = marks or {}
    return [
        Entrant(
            registration=entry * 10, entry=entry, name=f"P{entry}",
            team=f"T{entry % teams}" if teams else None, team_id=entry % teams + 1 if teams else None,
            **marks.get(entry, {}),
        )
        for entry in range(1, count + 1)
    ]


def table(session: int, number: int, entries: list[int], scores: list[int], adjustments=NONE) -> PlayedTable:
    return PlayedTable(session=session, table=number, seats=tuple(entry * 10 for entry in entries),
                       hand_scores=tuple(scores), adjustments=adjustments)


def by_entry(rows):
    return {row.entrant.entry: row for row in rows}


def test_3_10_1_table_points_first_then_contest_points_and_equal_players_share_the_rank():
    tables = [
        table(1, 1, [1, 2, 3, 4], [30, 10, -10, -30]),
        table(1, 2, [5, 6, 7, 8], [30, 10, -10, -30]),
    ]
    standings = rank(entrants(8), tables, Rules())
    rows = by_entry(standings.individuals)
    assert [row.entrant.entry for row in standings.individuals] == [1, 5, 2, 6, 3, 7, 4, 8]
    assert [row.rank for row in standings.individuals] == [1, 1, 3, 3, 5, 5, 7, 7]
    assert rows[1].table_points == 48 and rows[2].table_points == 24 and rows[4].table_points == 0  # twelfths
    assert rows[1].places == [1, 0, 0, 0] and rows[1].best_session == 30
    assert standings.sessions == [1]


def test_competition_ranks_share_the_better_rank_and_skip():
    assert competition_ranks([5, 3, 3, 1, 1, 1, 0]) == [1, 2, 2, 4, 4, 4, 7]
    assert competition_ranks([]) == []


def test_the_organizers_tie_break_orders_players_equal_on_both_totals():
    # Entry 1: a first (+30) and a last (-30); entry 5: two seconds (+10, -10). Both 4 table points, 0.
    tables = [
        table(1, 1, [1, 2, 3, 4], [30, 10, -10, -30]),
        table(1, 2, [5, 6, 7, 8], [10, 30, -10, -30]),
        table(2, 1, [1, 6, 7, 8], [-30, 10, 30, -10]),
        table(2, 2, [5, 2, 3, 4], [-10, 40, -15, -15]),
    ]
    plain = by_entry(rank(entrants(8), tables, Rules()).individuals)
    assert plain[1].rank == plain[5].rank  # equal on table points (4) and contest points (0)
    firsts = rank(entrants(8), tables, Rules(tiebreaks=(FIRSTS,))).individuals
    assert by_entry(firsts)[1].rank < by_entry(firsts)[5].rank
    best = rank(entrants(8), tables, Rules(tiebreaks=(BEST_SESSION,))).individuals
    assert by_entry(best)[1].rank < by_entry(best)[5].rank  # 30 against 10


def test_3_11_5_a_cancelled_rank_is_struck_and_counts_for_no_team():
    tables = [table(1, 1, [1, 2, 3, 4], [30, 10, -10, -30])]
    standings = rank(entrants(4, teams=2, marks={1: {"rank_cancelled": True}}), tables, Rules())
    assert [row.entrant.entry for row in standings.struck] == [1] and standings.struck[0].rank is None
    assert 1 not in {row.entrant.entry for row in standings.individuals}
    assert [row.rank for row in standings.individuals] == [1, 2, 3]
    team = next(team for team in standings.teams if team.name == "T1")  # entries 1 and 3
    assert team.members == [3] and team.table_points == by_entry(standings.individuals)[3].table_points


def test_3_5_4_finalists_first_then_the_rest_ranked_after_them():
    tables = [
        table(1, 1, [1, 2, 3, 4], [30, 10, -10, -30]),
        table(2, 1, [3, 4, 5, 6], [30, 10, -10, -30]),  # the final: entries 3-6
        table(1, 2, [5, 6, 7, 8], [30, 10, -10, -30]),
    ]
    stage = FinalStage(from_session=2, finalists=frozenset({30, 40, 50, 60}))
    standings = rank(entrants(8), tables, Rules(final_stage=stage, final_ranking=FINALISTS_FIRST))
    assert [row.entrant.entry for row in standings.individuals[:4]] == [3, 4, 5, 6]
    assert [row.rank for row in standings.individuals] == [1, 2, 3, 4, 5, 6, 7, 8]
    data = standings.as_dict()
    assert data["final_ranking"] == FINALISTS_FIRST and data["final_stage"] == {"from_session": 2, "finalists": 4}
    rows = {row["entry"]: row for row in data["individuals"]}
    assert rows[3]["stage_table_points"] == 48 and "stage_table_points" not in rows[1]  # 1 played no final


def test_as_dict_is_the_snapshot_shape_in_a_fixed_order():
    data = rank(entrants(4, teams=2), [table(1, 1, [1, 2, 3, 4], [30, 10, -10, -30])], Rules()).as_dict()
    assert list(data) == ["individuals", "teams", "groups", "sessions", "struck", "tiebreaks", "final_ranking",
                          "final_stage"]
    assert list(data["individuals"][0]) == [
        "registration", "entry", "name", "name_local", "country", "federation_id", "team", "team_id", "group",
        "group_id", "table_points", "contest_points", "places", "best_session", "sessions", "disqualified",
        "rank_cancelled", "withdrawn", "rank",
    ]
    assert data["individuals"][0]["sessions"] == [{
        "session": 1, "table": 1, "seat": 0, "rank": 1, "table_points": 48, "session_score": 30,
        "hand_score": 30, "transfers": 0, "deductions": 0,
    }]
    assert data["teams"] == [
        {"team": "T1", "team_id": 2, "table_points": 60, "contest_points": 20, "members": [1, 3], "rank": 1},
        {"team": "T0", "team_id": 1, "table_points": 24, "contest_points": -20, "members": [2, 4], "rank": 2},
    ]
    assert data["groups"] == [] and data["final_ranking"] == "cumulative" and data["final_stage"] is None


def test_a_deduction_given_to_nobody_counts_as_the_regulation_says():
    deducted = (Adjustment(deductions=30), Adjustment(), Adjustment(), Adjustment())
    tables = [table(1, 1, [1, 2, 3, 4], [20, 10, -10, -20], deducted)]
    counted = by_entry(rank(entrants(4), tables, Rules(deductions_count_for_ranking=True)).individuals)
    assert counted[1].contest_points == -10 and counted[1].table_points < 48
    not_counted = by_entry(rank(entrants(4), tables, Rules(deductions_count_for_ranking=False)).individuals)
    assert not_counted[1].contest_points == -10 and not_counted[1].table_points == 48


# --- properties over random days ----------------------------------------------------------------------

SCORES = st.lists(st.integers(-120, 120), min_size=3, max_size=3).map(lambda three: [*three, -sum(three)])


@st.composite
def days(draw):
    """Eight players at two tables for 1-4 sessions, each table's four scores summing to zero."""
    tables = []
    for session in range(1, draw(st.integers(1, 4)) + 1):
        order = draw(st.permutations(range(1, 9)))
        for number in (1, 2):
            tables.append(table(session, number, list(order[4 * number - 4:4 * number]), draw(SCORES)))
    cancelled = draw(st.sets(st.integers(1, 8), max_size=2))
    return tables, {entry: {"rank_cancelled": True} for entry in cancelled}


@settings(max_examples=60, deadline=None)
@given(days())
def test_any_day_ranks_as_3_10_1_says(day):
    tables, marks = day
    standings = rank(entrants(8, teams=3, marks=marks), tables, Rules())
    rows = standings.individuals
    # Every table hands out 4 + 2 + 1 + 0 table points (84 twelfths), ties splitting them.
    assert sum(row.table_points for row in rows + standings.struck) == 84 * len(tables)
    # A player's rank is one more than the number of players strictly ahead of them.
    for row in rows:
        ahead = [other for other in rows if (other.table_points, other.contest_points) > (row.table_points,
                                                                                           row.contest_points)]
        assert row.rank == len(ahead) + 1
    # The order follows the ranks, and the struck are nowhere else.
    assert [row.rank for row in rows] == sorted(row.rank for row in rows)
    assert {row.entrant.entry for row in standings.struck} == set(marks)
    # A team's totals are its ranked members' sums.
    for team in standings.teams:
        members = [row for row in rows if row.entrant.entry in team.members]
        assert team.table_points == sum(row.table_points for row in members)
        assert not set(team.members) & set(marks)


@settings(max_examples=30, deadline=None)
@given(days())
def test_the_order_of_the_tables_given_changes_nothing(day):
    tables, marks = day
    first = rank(entrants(8, teams=3, marks=marks), tables, Rules()).as_dict()
    for shuffled in itertools.islice(itertools.permutations(tables), 3):
        assert rank(entrants(8, teams=3, marks=marks), list(shuffled), Rules()).as_dict() == first
