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

from dataclasses import dataclass, field
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


PLACING_MET = PlacingStatus(True)
PLACING_NOT_MET = PlacingStatus(False)


@dataclass(frozen=True)
class Missing:
    """What the next Pin still needs, per measure (0 / None: nothing missing on that measure)."""

    pin: int
    points: int  # Pin track: table points in twelfths; Web Pin: web competition points
    contest_points: int
    placing: dict | None  # the requirement not yet met: {"kind", "individual_top", "unit_top"}


@dataclass(frozen=True)
class Ledger:
    track: Track
    edition: str
    counted: tuple  # of dicts, one per counted competition
    points: int  # Pin: table points in twelfths; Web Pin: web competition points
    contest_points: int  # positive totals only (Pin track; on the web track equal to points)
    pin: int | None  # the highest Pin reached (1 highest .. 9), None when none
    statuses: tuple[PinStatus, ...] = field(default=())
    missing: Missing | None = None  # for the next Pin; None at Pin 1

    def as_data(self) -> dict:
        """Plain JSON-ready data (what Ledger.data / LedgerSnapshot.data store); built by hand, not by
        dataclasses.asdict, which deep-copies and is several times slower over 20,000 players."""
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
            "statuses": [[s.pin, s.points_met, s.contest_points_met, s.placing.met] for s in self.statuses],
            "missing": None if missing is None else {
                "pin": missing.pin, "points": missing.points, "contest_points": missing.contest_points,
                "placing": missing.placing,
            },
        }


_WEB = Level.WEB.value
_A = CompetitionClass.A.value


def counts_for(result: Result, track: Track) -> bool:
    """4.4 and 3.5: a classed competition of this track."""
    if result.klass is None:
        return False
    return (result.level == _WEB) == (track == Track.WEB_PIN)


def positive(contest_points: int) -> int:
    """4.6 note 1: a competition's negative contest-point total counts as 0."""
    return contest_points if contest_points > 0 else 0


def _best(counted: list[Result]) -> dict:
    """The best placings once, each with the competition that gives it: the standards then compare
    numbers (a better placing meets every lower requirement: rank <= N)."""
    best = {"rank": None, "unit": None, "a_rank": None, "web_rank": None}
    evidence = {}

    def keep(key, value, competition):
        if value is not None and (best[key] is None or value < best[key]):
            best[key] = value
            evidence[key] = competition

    for r in counted:
        keep("rank", r.rank, r.competition)
        for unit in (r.group_rank, r.team_rank):
            keep("unit", unit, r.competition)
        if r.klass == _A:
            keep("a_rank", r.rank, r.competition)
        if r.level == _WEB:
            keep("web_rank", r.rank, r.competition)
    return {"best": best, "evidence": evidence}


def _placing_status(standard: Standard, placings: dict) -> PlacingStatus:
    placing = standard.placing
    return _placing(placing.kind, placing.individual_top, placing.unit_top, placings)


def _placing(kind, individual_top, unit_top, placings: dict) -> PlacingStatus:
    if kind is _NONE:
        return PLACING_MET
    best, evidence = placings["best"], placings["evidence"]
    if kind is _INDIVIDUAL_OR_UNIT:
        if best["rank"] is not None and best["rank"] <= individual_top:
            return PlacingStatus(True, evidence["rank"])
        if best["unit"] is not None and best["unit"] <= unit_top:
            return PlacingStatus(True, evidence["unit"])
        return PLACING_NOT_MET
    key = "a_rank" if kind is _CLASS_A else "web_rank"
    if best[key] is not None and best[key] <= individual_top:
        return PlacingStatus(True, evidence[key])
    return PLACING_NOT_MET


_NONE, _INDIVIDUAL_OR_UNIT, _CLASS_A = PlacingKind.NONE, PlacingKind.INDIVIDUAL_OR_UNIT, PlacingKind.CLASS_A_INDIVIDUAL


def pin_status(standard: Standard, points: int, contest_points: int, placings: dict) -> PinStatus:
    scale = TWELFTHS if standard.track == Track.PIN else 1
    return PinStatus(
        pin=standard.pin,
        points_met=points >= standard.points * scale,
        contest_points_met=standard.contest_points is None or contest_points >= standard.contest_points,
        placing=_placing_status(standard, placings),
    )


# Each edition's table per track, with what pin_status reads of each standard taken out once (the threshold in
# the track's unit, the placing's kind and tops): {(id(standards), track): (standards, rows)}.
_COMPILED: dict = {}


def _compiled(standards: Standards, track: Track) -> tuple:
    hit = _COMPILED.get((id(standards), track))
    if hit is None or hit[0] is not standards:
        scale = TWELFTHS if track == Track.PIN else 1
        rows = tuple((s.pin, s.points * scale, s.contest_points, s.placing.kind, s.placing.individual_top,
                      s.placing.unit_top) for s in standards.table(track))
        hit = _COMPILED[(id(standards), track)] = (standards, rows)
    return hit[1]


def _statuses(standards: Standards, track: Track, points: int, contest_points: int, placings: dict) -> tuple:
    """pin_status of every Pin of the track, 9 to 1 (the same answers, the standards read once per edition)."""
    return tuple(
        PinStatus(pin, points >= needed, needed_contest is None or contest_points >= needed_contest,
                  _placing(kind, top, unit_top, placings))
        for pin, needed, needed_contest, kind, top, unit_top in _compiled(standards, track)
    )


def ledger(results, standards: Standards, track: str | Track) -> Ledger:
    """The ledger of one player on one track: counted competitions, totals, Pin reached, what is missing."""
    track = track if isinstance(track, Track) else Track(track)
    counted = [r for r in results if counts_for(r, track)]
    counted.sort(key=lambda r: str(r.competition))
    table_points = sum(r.table_points for r in counted)
    contest_points = sum(positive(r.contest_points) for r in counted)
    points = table_points if track == Track.PIN else contest_points
    placings = _best(counted)
    statuses = _statuses(standards, track, points, contest_points, placings)
    reached = [s.pin for s in statuses if s.met]
    pin = min(reached) if reached else None
    missing = None
    next_pin = 9 if pin is None else pin - 1
    if next_pin >= 1:
        standard = standards.standard(track, next_pin)
        status = next(s for s in statuses if s.pin == next_pin)
        scale = TWELFTHS if track == Track.PIN else 1
        missing = Missing(
            pin=next_pin,
            points=max(0, standard.points * scale - points),
            contest_points=0 if standard.contest_points is None else max(0, standard.contest_points - contest_points),
            placing=None if status.placing.met else {
                "kind": str(standard.placing.kind),
                "individual_top": standard.placing.individual_top,
                "unit_top": standard.placing.unit_top,
            },
        )
    rows = tuple(
        {
            "competition": r.competition,
            "name": r.name,
            "level": str(r.level),
            "class": str(r.klass),
            "table_points": r.table_points,
            "contest_points": r.contest_points,
            "counted_contest_points": positive(r.contest_points),
            "rank": r.rank,
            "group_rank": r.group_rank,
            "team_rank": r.team_rank,
        }
        for r in counted
    )
    return Ledger(track, str(standards.edition), rows, points, contest_points, pin, statuses, missing)


def ledgers(results, standards: Standards) -> dict:
    """{Track: Ledger} for both tracks, each from its own competitions only (3.5)."""
    results = list(results)
    return {track: ledger(results, standards, track) for track in Track}


def eligible_for(results, standards: Standards, track: str | Track, pin: int) -> PinStatus:
    """Whether the results support applying for this Pin, and which measure is short (7.3's check)."""
    one = ledger(results, standards, track)
    return next(s for s in one.statuses if s.pin == pin)
