"""3.10: individuals, teams (参赛队) and groups (团体) ranked from the signed tables' results.

3.10.1 (the text: docs/standings.md): individuals rank by total table points (标准分), then total contest
points (比赛分); players equal on both share the rank (1, 2, 2, 4). The organizer's regulation may add
tie-breaks (`Rules.tiebreaks`, none by default). Teams and groups rank the same way by their members'
summed table points, then contest points (the rules do not say how a team or group scores: the sum
of its members is this app's reading); equal on both, they share the rank. A player whose placing is
cancelled (3.11.5) counts for neither and is listed apart ("struck"). With a cut (3.5.4) and the
regulation "finalists first", the finalists rank first by their final-stage totals, then everyone
else in the cumulative order. Table points stay exact, in twelfths (scoring.engine.table).

Input: the entrants (`Entrant`), the signed tables (`PlayedTable`: each seat's hand total and
adjustment) and the regulation (`Rules`). Output: `Standings`, whose `as_dict()` is the snapshot
every page, file and archive reads.
"""

import functools
from collections.abc import Iterable
from dataclasses import dataclass, field

from scoring.engine.table import SeatResult, table_results

# The organizer's tie-breaks after table points and contest points (tournaments.models.core.Tiebreak).
FIRSTS = "firsts"
SECONDS = "seconds"
THIRDS = "thirds"
BEST_SESSION = "best_session"
# How a competition with a cut orders its final standings (tournaments.models.core.FinalRanking).
CUMULATIVE = "cumulative"
FINALISTS_FIRST = "finalists_first"


@dataclass(frozen=True, slots=True)
class Entrant:
    """A registered player, as the standings name them."""

    registration: int
    entry: int
    name: str
    name_local: str = ""
    country: str = ""
    federation_id: str | None = ""
    team: str | None = None
    team_id: int | None = None
    group: str | None = None
    group_id: int | None = None
    withdrawn: bool = False  # left of their own accord: ranked on what they played (3.10.1), marked
    disqualified: bool = False  # 停赛 (3.11.4): keeps the rank earned so far, marked
    rank_cancelled: bool = False  # 取消录取名次 (3.11.5): no rank, in no team or group total


@dataclass(frozen=True, slots=True)
class PlayedTable:
    """A signed score sheet: its seats' registrations and hand totals by starting seat (East, South,
    West, North), and each seat's adjustment (anything with `transfers`, `deductions`, `forfeit`,
    `unplaced` and `stand_in`: the penalties' SeatAdjustment)."""

    session: int
    table: int
    seats: tuple  # registration id or None, by starting seat
    hand_scores: tuple[int, int, int, int]
    adjustments: tuple


@dataclass(frozen=True, slots=True)
class FinalStage:
    """The final stage of a competition with a cut (3.5.4): from the last session that seats only its
    qualifiers to the end, and who they are."""

    from_session: int
    finalists: frozenset[int]  # registration ids


@dataclass(frozen=True, slots=True)
class Rules:
    """The organizer's regulation on how the order is made."""

    tiebreaks: tuple[str, ...] = ()
    deductions_count_for_ranking: bool = True
    final_stage: FinalStage | None = None
    final_ranking: str = CUMULATIVE


@dataclass(slots=True)
class SessionLine:
    """One player's session at one table."""

    session: int
    table: int
    seat: int
    rank: int
    table_points: int  # twelfths
    session_score: int
    hand_score: int
    transfers: int
    deductions: int

    def as_dict(self) -> dict:
        return {
            "session": self.session, "table": self.table, "seat": self.seat, "rank": self.rank,
            "table_points": self.table_points, "session_score": self.session_score,
            "hand_score": self.hand_score, "transfers": self.transfers, "deductions": self.deductions,
        }


@dataclass(slots=True)
class PlayerStanding:
    entrant: Entrant
    table_points: int = 0  # twelfths
    contest_points: int = 0
    places: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # firsts, seconds, thirds, fourths
    best_session: int | None = None
    sessions: list[SessionLine] = field(default_factory=list)
    stage_table_points: int | None = None  # in the final stage (3.5.4), once a session of it is played
    stage_contest_points: int | None = None
    rank: int | None = None

    def as_dict(self) -> dict:
        entrant = self.entrant
        row = {
            "registration": entrant.registration, "entry": entrant.entry, "name": entrant.name,
            "name_local": entrant.name_local, "country": entrant.country, "federation_id": entrant.federation_id,
            "team": entrant.team, "team_id": entrant.team_id, "group": entrant.group, "group_id": entrant.group_id,
            "table_points": self.table_points, "contest_points": self.contest_points, "places": self.places,
            "best_session": self.best_session, "sessions": [line.as_dict() for line in self.sessions],
            "disqualified": entrant.disqualified, "rank_cancelled": entrant.rank_cancelled,
            "withdrawn": entrant.withdrawn,
        }
        if self.stage_table_points is not None:
            row["stage_table_points"] = self.stage_table_points
            row["stage_contest_points"] = self.stage_contest_points
        row["rank"] = self.rank
        return row


@dataclass(slots=True)
class UnitStanding:
    """A team (unit "team", 参赛队) or a group (unit "group", 团体, 3.5.3)."""

    unit: str
    unit_id: int
    name: str
    table_points: int = 0
    contest_points: int = 0
    members: list[int] = field(default_factory=list)  # entry numbers
    rank: int | None = None

    def as_dict(self) -> dict:
        return {
            self.unit: self.name, f"{self.unit}_id": self.unit_id, "table_points": self.table_points,
            "contest_points": self.contest_points, "members": self.members, "rank": self.rank,
        }


@dataclass(slots=True)
class Standings:
    individuals: list[PlayerStanding]  # ranked (the struck left out), in their order
    teams: list[UnitStanding]
    groups: list[UnitStanding]
    sessions: list[int]  # the session numbers with a signed table
    struck: list[PlayerStanding]  # rank cancelled (3.11.5), by entry
    rules: Rules

    def as_dict(self) -> dict:
        """The snapshot's data, keys in a fixed order (its digest says whether anything changed)."""
        stage = self.rules.final_stage
        return {
            "individuals": [row.as_dict() for row in self.individuals],
            "teams": [unit.as_dict() for unit in self.teams],
            "groups": [unit.as_dict() for unit in self.groups],
            "sessions": self.sessions,
            "struck": [row.as_dict() for row in self.struck],
            # What the pages and the results sheet must say about how the order was made.
            "tiebreaks": list(self.rules.tiebreaks),
            "final_ranking": self.rules.final_ranking if stage else CUMULATIVE,
            "final_stage": {"from_session": stage.from_session, "finalists": len(stage.finalists)} if stage else None,
        }


def rank(entrants: Iterable[Entrant], tables: Iterable[PlayedTable], rules: Rules) -> Standings:
    """The standings (3.10.1) of `entrants` from the signed `tables`, under the organizer's `rules`."""
    rows = {entrant.registration: PlayerStanding(entrant) for entrant in entrants}
    stage = rules.final_stage
    played_sessions = set()
    for table in sorted(tables, key=lambda t: (t.session, t.table)):
        played_sessions.add(table.session)
        in_stage = stage is not None and table.session >= stage.from_session
        for result in seat_results(table, rules.deductions_count_for_ranking):
            if getattr(table.adjustments[result.seat], "stand_in", False):
                continue  # 3.11.4: a substitute sat in after a 停赛: the seat's session counts for no one
            row = rows.get(table.seats[result.seat])
            if row is not None:
                _add(row, table, result, in_stage)
    keys = {registration: _individual_key(row, rules.tiebreaks) for registration, row in rows.items()}
    # 3.11.4: a 停赛 player keeps the rank earned so far (marked). 3.11.5: a player whose rank is
    # cancelled is struck from the results: no rank, no team or group total, listed apart.
    ranked = sorted(
        (row for row in rows.values() if not row.entrant.rank_cancelled),
        key=lambda row: (keys[row.entrant.registration], row.entrant.entry),
    )
    _assign(ranked, lambda row: keys[row.entrant.registration])
    if stage is not None and rules.final_ranking == FINALISTS_FIRST:
        ranked = _finalists_first(ranked, keys, stage.finalists)
    struck = sorted((row for row in rows.values() if row.entrant.rank_cancelled), key=lambda row: row.entrant.entry)
    return Standings(
        individuals=ranked,
        teams=_units(ranked, "team"),
        groups=_units(ranked, "group"),
        sessions=sorted(played_sessions),
        struck=struck,
        rules=rules,
    )


def seat_results(table: PlayedTable, deductions_count_for_ranking: bool) -> tuple[SeatResult, ...]:
    """The four seats' results of a signed table (scoring.engine.table, 3.9.2)."""
    return _seat_results(tuple(table.hand_scores), tuple(table.adjustments), deductions_count_for_ranking)


@functools.lru_cache(maxsize=1 << 14)  # 16,384 tables: six 1,000-player tournaments
def _seat_results(hand_scores: tuple, adjustments: tuple, counted: bool) -> tuple[SeatResult, ...]:
    """table_results, memoized: it is pure, and most tables do not change between recomputes."""
    return tuple(table_results(list(hand_scores), adjustments, deductions_count_for_ranking=counted))


def cache_clear() -> None:
    _seat_results.cache_clear()


def _add(row: PlayerStanding, table: PlayedTable, result: SeatResult, in_stage: bool) -> None:
    row.table_points += result.table_points
    row.contest_points += result.session_score
    if in_stage:
        row.stage_table_points = (row.stage_table_points or 0) + result.table_points
        row.stage_contest_points = (row.stage_contest_points or 0) + result.session_score
    row.places[result.rank - 1] += 1
    if row.best_session is None or result.session_score > row.best_session:
        row.best_session = result.session_score
    row.sessions.append(SessionLine(
        session=table.session, table=table.table, seat=result.seat, rank=result.rank,
        table_points=result.table_points, session_score=result.session_score, hand_score=result.hand_score,
        transfers=result.transfers, deductions=result.deductions,
    ))


def _individual_key(row: PlayerStanding, tiebreaks: tuple[str, ...]) -> tuple:
    return (-row.table_points, -row.contest_points, *(_tiebreak_key(row, tiebreak) for tiebreak in tiebreaks))


def _tiebreak_key(row: PlayerStanding, tiebreak: str) -> int:
    if tiebreak == FIRSTS:
        return -row.places[0]
    if tiebreak == SECONDS:
        return -row.places[1]
    if tiebreak == THIRDS:
        return -row.places[2]
    if tiebreak == BEST_SESSION:
        return -(row.best_session if row.best_session is not None else -(10**9))
    raise ValueError(f"unknown tie-break {tiebreak!r}")


def competition_ranks(keys: list) -> list[int]:
    """Ranks for keys in sorted order: equal keys share the better rank, the next skips (1, 2, 2, 4)."""
    ranks: list[int] = []
    for index, key in enumerate(keys):
        ranks.append(ranks[-1] if index and key == keys[index - 1] else index + 1)
    return ranks


def _assign(rows: list, key) -> None:
    for row, place in zip(rows, competition_ranks([key(row) for row in rows])):
        row.rank = place


def _units(individuals: list[PlayerStanding], unit: str) -> list[UnitStanding]:
    """Team (unit="team") or group (unit="group") standings: the sums of their members' table points
    and contest points, ranked by table points then contest points (the rules are silent:
    docs/standings.md). Members struck (3.11.5) are not in `individuals`, so not counted."""
    units: dict[int, UnitStanding] = {}
    for row in individuals:
        entrant = row.entrant
        unit_id = entrant.team_id if unit == "team" else entrant.group_id
        if unit_id is None:
            continue
        standing = units.get(unit_id)
        if standing is None:
            name = entrant.team if unit == "team" else entrant.group
            standing = units[unit_id] = UnitStanding(unit=unit, unit_id=unit_id, name=name)
        standing.members.append(entrant.entry)
        standing.table_points += row.table_points
        standing.contest_points += row.contest_points

    def unit_key(standing: UnitStanding) -> tuple:
        return (-standing.table_points, -standing.contest_points)

    ordered = sorted(units.values(), key=lambda standing: (unit_key(standing), standing.name))
    _assign(ordered, unit_key)
    return ordered


def _finalists_first(ranked: list[PlayerStanding], keys: dict, finalists: frozenset[int]) -> list[PlayerStanding]:
    """3.5.4, the organizer's regulation "finalists first": the finalists by their final-stage table
    points then contest points (equal on both share the rank), then the others in their cumulative
    order, ranks continuing after the finalists (equal on every cumulative key share the rank)."""

    def stage_key(row: PlayerStanding) -> tuple:
        return (-(row.stage_table_points or 0), -(row.stage_contest_points or 0))

    # Shown in final-stage order, then cumulative order (before the final is played everyone is 0).
    top = sorted(
        (row for row in ranked if row.entrant.registration in finalists),
        key=lambda row: (stage_key(row), keys[row.entrant.registration], row.entrant.entry),
    )
    _assign(top, stage_key)
    rest = [row for row in ranked if row.entrant.registration not in finalists]
    _assign(rest, lambda row: keys[row.entrant.registration])
    for row in rest:
        row.rank += len(top)
    return top + rest
