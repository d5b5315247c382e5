"""What the penalties app tells the tournament core (see tournaments/extensions.py)."""

import functools
from collections import defaultdict

from django.db import connection
from django.db.models import F

from penalties.catalogue import FOULS, Sanction
from penalties.models import Penalty, RankCancellation
from tournaments.extensions import FoulRecord, SeatAdjustment, StandingFlags, WinAt
from tournaments.models import ScoreSheet, SeatAssignment


def _seat_index(sheet_ids) -> dict[tuple[int, int], int]:
    """(sheet id, registration id) -> starting seat."""
    rows = SeatAssignment.objects.filter(
        session__sheets__id__in=sheet_ids, table_id=F("session__sheets__table_id")
    ).values("session__sheets__id", "registration_id", "seat")
    return {(row["session__sheets__id"], row["registration_id"]): row["seat"] for row in rows}


def penalty_adjustments(penalty: Penalty, seat_of) -> dict[int, SeatAdjustment]:
    """One penalty's effect on the four starting seats."""
    offender = seat_of(penalty.offender_id)
    if offender is None:
        return {}
    if penalty.sanction == Sanction.PAY_EACH:
        # 3.11.6.6-7: pays N to each of the three others.
        return {
            seat: SeatAdjustment(transfers=-3 * penalty.points if seat == offender else penalty.points)
            for seat in range(4)
        }
    if penalty.sanction == Sanction.PAY_VICTIM:
        victim = seat_of(penalty.victim_id)
        if victim is None:
            return {}
        return {offender: SeatAdjustment(transfers=-penalty.points), victim: SeatAdjustment(transfers=penalty.points)}
    if penalty.forfeit:
        # 3.11.2.1 "本局为0分": 0 for the session, table points included.
        return {offender: SeatAdjustment(forfeit=True)}
    if penalty.points:
        # 3.11.2: deductions are given to nobody.
        return {offender: SeatAdjustment(deductions=penalty.points)}
    return {}


def sheet_adjustments(sheet_ids) -> dict[int, dict[int, SeatAdjustment]]:
    sheet_ids = list(sheet_ids)
    penalties = list(
        Penalty.objects.filter(sheet_id__in=sheet_ids, status=Penalty.Status.ACTIVE).order_by("sheet_id", "created_at")
    )
    if not penalties:
        return {}
    seats = _seat_index({p.sheet_id for p in penalties})
    combined: dict[int, dict[int, SeatAdjustment]] = defaultdict(dict)
    for penalty in penalties:
        for seat, adjustment in penalty_adjustments(penalty, lambda r: seats.get((penalty.sheet_id, r))).items():
            current = combined[penalty.sheet_id].get(seat, SeatAdjustment())
            combined[penalty.sheet_id][seat] = current + adjustment
    return combined


@functools.cache
def _win_refusal_sql() -> str:
    """Every penalty of the player in a seat (few: nearly always none), sorted out in Python. Hand-written
    once, on two tables: the ORM spent ~1.3 ms building the query on every hand (bench/submission.py), and
    PostgreSQL's planning is most of what is left (two tables and no OR: 0.07 ms; the six tables that
    read the sessions as well took far longer: they are read only when a disqualification from another
    sheet is found). PostgreSQL and SQLite."""
    penalty, seat = Penalty._meta.db_table, SeatAssignment._meta.db_table
    return (
        f"SELECT p.status, p.no_win, p.disqualification, p.sheet_id, p.hand_number, p.forfeit FROM {penalty} p "
        f"JOIN {seat} place ON place.registration_id = p.offender_id "
        f"WHERE place.session_id = %s AND place.table_id = %s AND place.seat = %s"
    )


def win_refusal(win: WinAt) -> str | None:
    """停和 (3.11.3): a player with an active no-win penalty in this hand may not win it.

    Forfeit (3.11.2.1): a player whose session is forfeited for lateness wins no hand of that sheet.

    停赛 (3.11.4 "取消继续参加本次比赛的资格"): from the moment of the foul the player wins no hand:
    not the hand of the foul (a foul recorded in it comes before its result is entered), not a
    later hand of that sheet, not any hand of a later session (a seat they still hold there, e.g.
    one kept by a "play on" arrangement made before issue 12)."""
    from django.utils.translation import gettext as _

    # One statement on the busiest write of the day (every hand asks); a player with no penalty (nearly
    # every winner) reads no row.
    with connection.cursor() as cursor:
        cursor.execute(_win_refusal_sql(), [win.session_id, win.table_id, win.seat])
        rows = [row for row in cursor.fetchall() if row[0] == Penalty.Status.ACTIVE]
    sheet_id, hand_number = win.sheet_id, win.hand_number
    # 3.11.2.1 "超过15分钟按自动弃权处理，本局为0分" (J "その1回戦の参加資格を失い"): a forfeited seat takes no
    # part in that session: once the forfeit is recorded it wins no hand of the sheet.
    if any(row[5] and row[3] == sheet_id for row in rows):
        return _("This player forfeited the session (more than 15 minutes late, rule 3.11.2.1) and takes no part "
                 "in it: they win no hand.")
    fouls = [row[1:5] for row in rows if row[1] or row[2]]  # no win, or disqualified
    if any(no_win and foul_sheet == sheet_id and foul_hand == hand_number
           for no_win, _disqualified, foul_sheet, foul_hand in fouls):
        return _("This player has lost the right to win this hand (停和, rule 3.11.3).")
    disqualified = _("This player is disqualified (停赛, rule 3.11.4) and can win no hand from the foul on.")
    elsewhere = set()
    for _no_win, is_disqualified, foul_sheet, foul_hand in fouls:
        if is_disqualified and foul_sheet == sheet_id and (foul_hand is None or hand_number >= foul_hand):
            return disqualified
        if is_disqualified and foul_sheet != sheet_id:
            elsewhere.add(foul_sheet)
    if elsewhere:  # a disqualification from another sheet: does its session come before this one?
        numbers = dict(ScoreSheet.objects.filter(pk__in=[sheet_id, *elsewhere]).values_list("pk", "session__number"))
        if any(numbers[foul_sheet] < numbers[sheet_id] for foul_sheet in elsewhere):
            return disqualified
    return None


def standing_flags(tournament_id: int) -> dict[int, dict]:
    """Disqualified players (停赛, 3.11.4: they keep their rank, hold no later seat), players whose
    rank is cancelled (3.11.5), and substitutes stood down: their player's disqualification
    was cancelled and the seats went back to the player, so they need none any more (they keep
    the results of any session they played)."""
    disqualifications = Penalty.objects.filter(
        sheet__session__tournament_id=tournament_id, disqualification=True
    ).order_by()
    active = disqualifications.filter(status=Penalty.Status.ACTIVE)
    disqualified = set(active.values_list("offender_id", flat=True))
    substituting = set(active.filter(substitute__isnull=False).values_list("substitute_id", flat=True))
    cancelled = disqualifications.filter(status=Penalty.Status.CANCELLED, substitute__isnull=False)
    stood_down = set(cancelled.values_list("substitute_id", flat=True)) - substituting
    flags = {registration_id: StandingFlags(stood_down=True) for registration_id in stood_down}
    flags.update({registration_id: StandingFlags(disqualified=True) for registration_id in disqualified})
    # 3.11.5: struck from the results (no rank, no team total); a sanction of its own.
    for registration_id in RankCancellation.objects.filter(
        tournament_id=tournament_id, status=RankCancellation.Status.ACTIVE
    ).values_list("registration_id", flat=True):
        flags[registration_id] = flags.get(registration_id, StandingFlags()) | StandingFlags(rank_cancelled=True)
    return flags


def hand_marks(sheet_id: int) -> dict[int, list[str]]:
    """The fouls recorded in each hand of a sheet, for the sheet's hand rows: "2 Li Wei: 错和 … — pays 10
    to each · 停和" (the Record of Fouls' words, Appendix 6). Cancelled penalties are not marked."""
    from penalties.selectors import foul_description, sanction_text

    penalties = (
        Penalty.objects.filter(sheet_id=sheet_id, status=Penalty.Status.ACTIVE, hand_number__isnull=False)
        .select_related("offender__player", "victim")
        .order_by("hand_number", "created_at")
    )
    marks: dict[int, list[str]] = defaultdict(list)
    for penalty in penalties:
        offender = f"{penalty.offender.entry_number} {penalty.offender.player.name}"
        marks[penalty.hand_number].append(
            f"{offender}: {foul_description(penalty.foul)} — {sanction_text(penalty)}"
        )
    return dict(marks)


def foul_records(tournament_id: int) -> list[FoulRecord]:
    """The fouls in force in a tournament, for its statistics (false wins counted apart, 3.11.6.6)."""
    rows = Penalty.objects.filter(
        sheet__session__tournament_id=tournament_id, status=Penalty.Status.ACTIVE
    ).values_list("sheet_id", "hand_number", "offender_id", "foul", "points")
    return [
        FoulRecord(
            sheet_id=sheet_id, hand_number=hand_number, registration_id=offender_id, code=code,
            article=FOUL_BY_CODE[code].article if code in FOUL_BY_CODE else "",
            false_win=code in FALSE_WIN_CODES, points=points,
        )
        for sheet_id, hand_number, offender_id, code, points in rows
    ]


# 3.11.6.6: 错和 (1) and 诈和 (2)
FALSE_WIN_CODES = frozenset({"false_win", "false_win_not_waiting"})
FOUL_NAMES = {foul.code: foul.description for foul in FOULS}
FOUL_BY_CODE = {foul.code: foul for foul in FOULS}
