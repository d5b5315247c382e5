"""A player's ledger and eligibility per track (Appendix 9, 4.1-4.7), from certified results (plain Python).

4.1 标准分: "选手在历次正式竞赛中获得标准分的总和" -- the sum over counted competitions, kept exact in twelfths.
4.2 比赛分: "获得比赛分（正分）的总和"; 4.6 说明1 "比赛分只累计正分，负分不计": each competition's final
    contest-point total counts when positive; a negative total adds 0 (it never lowers the sum). The
    English note 1 ("Accumulate positive Competition Score as the final result of the Competition only")
    fixes the unit: the competition's final total, not each session.
4.3 比赛名次: the player's placing in a competition (individual rank under 3.10.1, group 团体, team 参赛队).
4.4 only registered competitions archived by the competition centre count (the caller passes only
    those; a result whose competition has no class is left out here as well).
4.5 / 4.6 说明2: for Pin 6-1 "3项标准应同时达到，不能缺少或互相替代" -- all three are required.
3.5: the Pin and Web Pin tracks never mix: a web competition (5.3.3) counts only for the Web Pin.
4.7 网络比赛积分 (web competition points): read as the 4.2 measure on web competitions -- the sum of positive
    contest-point totals (the thresholds 1000..50000 are on the scale of 比赛分, not of 标准分).
"A better placing satisfies a lower requirement": top 8 is in the top 16; a champion group's member
meets "third place" (rank <= 3); a class-A top 6 is a top 8.
"""

from typing import NamedTuple

from pin_ranking.engine.classes import CompetitionClass, Level, track_of
from pin_ranking.engine.standards import TWELFTHS, PlacingKind, Standard, Standards, Track


class Result(NamedTuple):
    """One player's certified result in one registered competition (a named tuple: a full recompute reads
    30,000 of them, and a frozen dataclass's __init__ costs several times a tuple's)."""

    competition: object  # the caller's key (an id)
    level: str
    klass: str | None  # "A", "B", "C" or None (meets no class)
    table_points: int  # twelfths of a point
    contest_points: int  # the competition's final total, may be negative
    rank: int | None = None  # individual rank under 3.10.1 (shared)
    group_rank: int | None = None  # 团体
    team_rank: int | None = None  # 参赛队
    name: str = ""  # the competition's name, for the snapshot

    @property
    def track(self) -> Track:
        return Track(track_of(self.level))


# Named tuples, not frozen dataclasses: a full recompute builds nine of each per ledger, 190,000 in all, and a
# frozen dataclass's __init__ costs several times a tuple's (bench/pin.py).
class PlacingStatus(NamedTuple):
    met: bool
    evidence: object = None  # the competition key whose placing meets it


class PinStatus(NamedTuple):
    pin: int
    points_met: bool
    contest_points_met: bool  # True where the Pin asks none
    placing: PlacingStatus  # met=True where the Pin asks none

    @property
    def met(self) -> bool:
        return self.points_met and self.contest_points_met and self.placing.met


PLACING_NOT_MET = PlacingStatus(False)


class Missing(NamedTuple):
    """What the next Pin still needs, per measure (0 / None: nothing missing on that measure)."""

    pin: int
    points: int  # Pin track: table points in twelfths; Web Pin: web competition points
    contest_points: int
    placing: dict | None  # the requirement not yet met: {"kind", "individual_top", "unit_top"}


class Ledger(NamedTuple):
    """One player's ledger on one track. A named tuple, as Result is: a full recompute builds 21,000."""

    track: Track
    edition: str
    counted: tuple  # of dicts, one per counted competition
    points: int  # Pin: table points in twelfths; Web Pin: web competition points
    contest_points: int  # positive totals only (Pin track; on the web track equal to points)
    pin: int | None  # the highest Pin reached (1 highest .. 9), None when none
    # Per Pin 9..1: (pin, points met, contest points met, placing met, the placing's evidence); plain tuples,
    # and `statuses` the same as PinStatus (nine named tuples a ledger cost a fifth of a full recompute).
    status_rows: tuple = ()
    missing: Missing | None = None  # for the next Pin; None at Pin 1

    @property
    def statuses(self) -> tuple[PinStatus, ...]:
        return tuple(PinStatus(pin, points, contest, PlacingStatus(placing, evidence) if placing else PLACING_NOT_MET)
                     for pin, points, contest, placing, evidence in self.status_rows)

    def as_data(self) -> dict:
        """Plain JSON-ready data (what Ledger.data / LedgerSnapshot.data store); built by hand."""
        missing = self.missing
        return {
            "track": str(self.track),
            "edition": self.edition,
            "counted": list(self.counted),
            "points": self.points,
            "contest_points": self.contest_points,
            "pin": self.pin,
            # Per Pin 9..1: [pin, points met, contest points met, placing met] (compact: 20,000 ledgers
            # are written at once; the engine's eligible_for gives the full status when needed).
            "statuses": [row[:4] for row in self.status_rows],
            "missing": None if missing is None else {
                "pin": missing.pin, "points": missing.points, "contest_points": missing.contest_points,
                "placing": missing.placing,
            },
        }


_WEB = Level.WEB.value
_A = CompetitionClass.A.value


def counted_on(result: Result) -> Track | None:
    """4.4 and 3.5: the track a result counts on (a classed competition counts on its own track only), or None."""
    if result.klass is None:
        return None
    return Track.WEB_PIN if result.level == _WEB else Track.PIN


def counts_for(result: Result, track: Track) -> bool:
    return counted_on(result) == track


def tracks_counted(results) -> set:
    """The tracks on which any of the results counts, in one pass over them."""
    return {track for track in map(counted_on, results) if track is not None}


def positive(contest_points: int) -> int:
    """4.6 note 1: a competition's negative contest-point total counts as 0."""
    return contest_points if contest_points > 0 else 0


class Best(NamedTuple):
    """The best placings once, each with the competition that gives it (the first, in the ledger's order): the
    standards then compare numbers (a better placing meets every lower requirement: rank <= N)."""

    rank: int | None = None
    rank_evidence: object = None
    unit: int | None = None  # group (团体) or team (参赛队)
    unit_evidence: object = None
    a_rank: int | None = None  # in a class-A competition
    a_evidence: object = None
    web_rank: int | None = None  # in a web competition
    web_evidence: object = None


def _best(counted: list[Result]) -> Best:
    rank = unit = a_rank = web_rank = None
    rank_evidence = unit_evidence = a_evidence = web_evidence = None
    for r in counted:
        value = r.rank
        if value is not None:
            if rank is None or value < rank:
                rank, rank_evidence = value, r.competition
            if r.klass == _A and (a_rank is None or value < a_rank):
                a_rank, a_evidence = value, r.competition
            if r.level == _WEB and (web_rank is None or value < web_rank):
                web_rank, web_evidence = value, r.competition
        for value in (r.group_rank, r.team_rank):
            if value is not None and (unit is None or value < unit):
                unit, unit_evidence = value, r.competition
    return Best(rank, rank_evidence, unit, unit_evidence, a_rank, a_evidence, web_rank, web_evidence)


_NO_EVIDENCE = (False, None)
_NO_PLACING_ASKED = (True, None)


def _placing(kind, individual_top, unit_top, best: Best) -> tuple:
    """(met, evidence): whether the best placings meet a Pin's placing requirement, and the competition that does."""
    if kind is _NONE:
        return _NO_PLACING_ASKED
    if kind is _INDIVIDUAL_OR_UNIT:
        if best.rank is not None and best.rank <= individual_top:
            return True, best.rank_evidence
        if best.unit is not None and best.unit <= unit_top:
            return True, best.unit_evidence
        return _NO_EVIDENCE
    if kind is _CLASS_A:
        value, evidence = best.a_rank, best.a_evidence
    else:
        value, evidence = best.web_rank, best.web_evidence
    return (True, evidence) if value is not None and value <= individual_top else _NO_EVIDENCE


_NONE, _INDIVIDUAL_OR_UNIT, _CLASS_A = PlacingKind.NONE, PlacingKind.INDIVIDUAL_OR_UNIT, PlacingKind.CLASS_A_INDIVIDUAL


def pin_status(standard: Standard, points: int, contest_points: int, best: Best) -> PinStatus:
    """One Pin's status, read from its Standard (what `ledger` computes for every Pin from the compiled table)."""
    scale = TWELFTHS if standard.track == Track.PIN else 1
    placing = standard.placing
    met, evidence = _placing(placing.kind, placing.individual_top, placing.unit_top, best)
    return PinStatus(
        pin=standard.pin,
        points_met=points >= standard.points * scale,
        contest_points_met=standard.contest_points is None or contest_points >= standard.contest_points,
        placing=PlacingStatus(met, evidence) if met else PLACING_NOT_MET,
    )


# Each edition's table per track, with what pin_status reads of each standard taken out once (the threshold in
# the track's unit, the placing's kind and tops), and per Pin what `Missing` reports of it:
# {(id(standards), track): (standards, rows, {pin: (points, contest points, placing asked)})}.
_COMPILED: dict = {}


def _compiled(standards: Standards, track: Track) -> tuple:
    hit = _COMPILED.get((id(standards), track))
    if hit is None or hit[0] is not standards:
        scale = TWELFTHS if track == Track.PIN else 1
        table = standards.table(track)
        rows = tuple((s.pin, s.points * scale, s.contest_points, s.placing.kind, s.placing.individual_top,
                      s.placing.unit_top) for s in table)
        asked = {s.pin: (s.points * scale, s.contest_points, {"kind": str(s.placing.kind),
                                                              "individual_top": s.placing.individual_top,
                                                              "unit_top": s.placing.unit_top}) for s in table}
        hit = _COMPILED[(id(standards), track)] = (standards, rows, asked)
    return hit


def _competition_order(result: Result) -> str:
    return str(result.competition)


def ledger(results, standards: Standards, track: str | Track) -> Ledger:
    """The ledger of one player on one track: counted competitions, totals, Pin reached, what is missing."""
    track = track if isinstance(track, Track) else Track(track)
    web = track == Track.WEB_PIN
    counted = [r for r in results if counted_on(r) is track]
    counted.sort(key=_competition_order)
    table_points = contest_points = 0
    rows = []
    for r in counted:
        table_points += r.table_points
        counted_contest_points = positive(r.contest_points)
        contest_points += counted_contest_points
        rows.append({
            "competition": r.competition, "name": r.name, "level": str(r.level), "class": str(r.klass),
            "table_points": r.table_points, "contest_points": r.contest_points,
            "counted_contest_points": counted_contest_points,
            "rank": r.rank, "group_rank": r.group_rank, "team_rank": r.team_rank,
        })
    points = contest_points if web else table_points
    best = _best(counted)
    _standards, compiled, asked = _compiled(standards, track)
    status_rows = []
    pin = None
    placing_met_by_pin = {}
    for standard_pin, needed, needed_contest, kind, top, unit_top in compiled:
        placing_met, evidence = _placing(kind, top, unit_top, best)
        points_met = points >= needed
        contest_met = needed_contest is None or contest_points >= needed_contest
        status_rows.append((standard_pin, points_met, contest_met, placing_met, evidence))
        placing_met_by_pin[standard_pin] = placing_met
        if points_met and contest_met and placing_met and (pin is None or standard_pin < pin):
            pin = standard_pin
    missing = None
    next_pin = 9 if pin is None else pin - 1
    if next_pin >= 1:
        needed, needed_contest, placing = asked[next_pin]
        missing = Missing(
            pin=next_pin,
            points=max(0, needed - points),
            contest_points=0 if needed_contest is None else max(0, needed_contest - contest_points),
            placing=None if placing_met_by_pin[next_pin] else dict(placing),
        )
    return Ledger(track, str(standards.edition), tuple(rows), points, contest_points, pin, tuple(status_rows), missing)


def ledgers(results, standards: Standards) -> dict:
    """{Track: Ledger} for both tracks, each from its own competitions only (3.5)."""
    results = list(results)
    return {track: ledger(results, standards, track) for track in Track}


def eligible_for(results, standards: Standards, track: str | Track, pin: int) -> PinStatus:
    """Whether the results support applying for this Pin, and which measure is short (7.3's check)."""
    one = ledger(results, standards, track)
    return next(s for s in one.statuses if s.pin == pin)
