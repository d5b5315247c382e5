"""What the penalties app tells the tournament core (see tournaments/extensions.py)."""

import functools
from collections import defaultdict

from django.db import connection
from django.db.models import F

from penalties.catalogue import FOULS, Sanction
from penalties.models import Penalty, PenaltyPolicy, RankCancellation
from tournaments.extensions import NO_RULING, FoulRecord, HandAt, HandRuling, SeatAdjustment, StandingFlags
from tournaments.models import ScoreSheet, SeatAssignment


def _seat_index(sheet_ids) -> dict[tuple[int, int], int]:
    """(sheet id, registration id) -> starting seat."""
    rows = SeatAssignment.objects.filter(
        session__sheets__id__in=sheet_ids, table_id=F("session__sheets__table_id")
    ).values("session__sheets__id", "registration_id", "seat")
    return {(row["session__sheets__id"], row["registration_id"]): row["seat"] for row in rows}


def penalty_adjustments(penalty: Penalty, seat_of, absent=frozenset()) -> dict[int, SeatAdjustment]:
    """One penalty's effect on the four starting seats; `absent`: the seats forfeited for lateness."""
    offender = seat_of(penalty.offender_id)
    if offender is None:
        return {}
    if penalty.sanction == Sanction.PAY_EACH:
        # 3.11.6.6-7: pays N to each of the others at the table, which a forfeited seat is not at (3.11.2.1;
        # READINGS.md P2: nobody pays it, so that a table's contest points add up to its deductions).
        paid = [seat for seat in range(4) if seat != offender and seat not in absent]
        return {offender: SeatAdjustment(transfers=-len(paid) * penalty.points),
                **{seat: SeatAdjustment(transfers=penalty.points) for seat in paid}}
    if penalty.sanction == Sanction.PAY_VICTIM:
        victim = seat_of(penalty.victim_id)
        if victim is None:
            return {}
        return {offender: SeatAdjustment(transfers=-penalty.points), victim: SeatAdjustment(transfers=penalty.points)}
    if penalty.disqualification and penalty.hand_number:
        # 3.11.4: out from the hand of the foul; the table goes on by the organizer's regulation.
        return {offender: SeatAdjustment(
            disqualified_in_hand=penalty.hand_number, stand_in=penalty.stand_in_from_hand is not None)}
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
    absent = defaultdict(set)  # the forfeited seats of each sheet, whatever order the penalties came in
    for penalty in penalties:
        if penalty.forfeit and (penalty.sheet_id, penalty.offender_id) in seats:
            absent[penalty.sheet_id].add(seats[(penalty.sheet_id, penalty.offender_id)])
    combined: dict[int, dict[int, SeatAdjustment]] = defaultdict(dict)
    for penalty in penalties:
        for seat, adjustment in penalty_adjustments(
                penalty, lambda r: seats.get((penalty.sheet_id, r)), frozenset(absent[penalty.sheet_id])).items():
            current = combined[penalty.sheet_id].get(seat, SeatAdjustment())
            combined[penalty.sheet_id][seat] = current + adjustment
    return combined


@functools.cache
def _hand_refusal_sql() -> str:
    """Every penalty of the four players seated at a table in a session (few: nearly always none), sorted
    out in Python. Hand-written once, on two tables: the ORM spent ~1.3 ms building the query on every
    hand (bench/submission.py), and PostgreSQL's planning is most of what is left (two tables and no OR:
    0.07 ms; the six tables that read the sessions as well took far longer: they are read only when a
    disqualification from another sheet is found). PostgreSQL and SQLite."""
    penalty, seat = Penalty._meta.db_table, SeatAssignment._meta.db_table
    return (
        f"SELECT place.seat, p.no_win, p.disqualification, p.sheet_id, p.hand_number, p.forfeit, "
        f"p.stand_in_from_hand FROM {penalty} p "
        f"JOIN {seat} place ON place.registration_id = p.offender_id "
        f"WHERE place.session_id = %s AND place.table_id = %s AND p.status = %s"
    )


def hand_ruling(hand: HandAt) -> HandRuling:
    """The penalties' ruling on a hand being entered: what they forbid in it (`_refusal`), and the seats forfeited
    for lateness, which nobody pays for (3.11.2.1 "本局为0分"; scoring/READINGS.md P2). One statement on the
    busiest write of the day (every hand asks); a table with no penalty (nearly every table) reads no row."""
    with connection.cursor() as cursor:
        cursor.execute(_hand_refusal_sql(), [hand.session_id, hand.table_id, Penalty.Status.ACTIVE])
        rows = cursor.fetchall()
    if not rows:
        return NO_RULING
    absent = frozenset(row[0] for row in rows if row[3] == hand.sheet_id and row[5])
    return HandRuling(refusal=_refusal(hand, rows, absent), absent=absent)


def _refusal(hand: HandAt, rows: list, forfeited: frozenset) -> str | None:
    """What the penalties in force forbid in a hand being entered.

    停和 (3.11.3): a player with a no-win penalty in this hand may not win it.

    Forfeit (3.11.2.1 "超过15分钟按自动弃权处理，本局为0分", J "その1回戦の参加資格を失い"): once recorded, the
    seat takes no part in the session: named neither as winner nor as discarder.

    停赛 (3.11.4 "取消继续参加本次比赛的资格"): from the foul the player takes no further part, and every win
    charges all three others (3.9.1.3), so the hand of the foul, unless its result was recorded before the
    foul, stopped there and scores nothing (a draw: as at time-up, 3.5.6). After it the table goes on by the
    organizer's regulation (PenaltyPolicy.disqualification_at_table): its session ends there (no further
    hand), or a substitute sits in from the next hand (the seat is then theirs; no hand is taken before they
    sit). A seat of a later session that a 停赛 player still holds (a "play on" arrangement made before
    issue 12) wins and discards nothing."""
    from django.utils.translation import gettext as _

    here, number, winner, discarder = hand.sheet_id, hand.hand_number, hand.winner, hand.discarder
    named = {seat for seat in (winner, discarder) if seat is not None}
    if len(forfeited) >= 3:
        # 3.11.2.1 and 3.5.2 "竞赛采用每桌四人制": one player, or none, is left at the table.
        return _("Three or four players of this table forfeited the session (more than 15 minutes late, rule "
                 "3.11.2.1): no hand is played here, not even a draw. Close the sheet: the forfeited seats score 0.")
    elsewhere = set()
    for seat, no_win, disqualified, sheet_id, foul_hand, forfeit, stand_in_from in rows:
        if sheet_id != here:
            if disqualified and seat in named:
                elsewhere.add(sheet_id)
            continue
        if forfeit and seat in named:
            return _("This player forfeited the session (more than 15 minutes late, rule 3.11.2.1) and takes no "
                     "part in it: they neither win nor discard into a hand.")
        if no_win and foul_hand == number and seat == winner:
            return _("This player has lost the right to win this hand (停和, rule 3.11.3).")
        if not disqualified:
            continue
        if foul_hand is not None and number > foul_hand:
            if stand_in_from is None:
                return _table_after_disqualification(hand.session_id, foul_hand)
            continue  # the substitute's seat now
        if winner is not None and foul_hand == number:
            # Every win charges all three others (3.9.1.3: 8 each, the discarder more), the player too.
            return _("A player of this table was disqualified in this hand (停赛, rule 3.11.4: they take no further "
                     "part). Every win would charge them too (rule 3.9.1.3), so this app reads the hand as stopped at "
                     "the foul, scoring nothing, as a hand cut short at time-up (3.5.6). Record it as a draw.")
    if elsewhere:  # a disqualification from another sheet: does its session come before this one?
        numbers = dict(ScoreSheet.objects.filter(pk__in=[here, *elsewhere]).values_list("pk", "session__number"))
        if any(numbers[foul_sheet] < numbers[here] for foul_sheet in elsewhere):
            return _("This player is disqualified (停赛, rule 3.11.4) and takes no further part in the competition.")
    return None


def _table_after_disqualification(session_id: int, foul_hand: int) -> str:
    """Why no hand follows the hand of a 停赛 at its table, by the organizer's regulation."""
    from django.utils.translation import gettext as _

    regulation = PenaltyPolicy.objects.filter(tournament__sessions=session_id).values_list(
        "disqualification_at_table", flat=True).first() or PenaltyPolicy.AtTable.STOP
    if regulation == PenaltyPolicy.AtTable.STAND_IN:
        return _("A player of this table was disqualified in hand %(hand)d (停赛, rule 3.11.4): the chief referee "
                 "seats a substitute for the rest of the session (on the disqualification's page) before the next "
                 "hand is recorded.") % {"hand": foul_hand}
    return _("The table's session ended at hand %(hand)d: a player was disqualified there (停赛, rule 3.11.4) and "
             "this tournament's regulation ends the session at the foul. Record no further hand: close the "
             "sheet.") % {"hand": foul_hand}


def standing_flags(tournament_id: int) -> dict[int, dict]:
    """Disqualified players (停赛, 3.11.4: they keep their rank, hold no later seat), players whose
    rank is cancelled (3.11.5: no rank, no later seat either, READINGS.md P4), and substitutes stood
    down: their player's disqualification was cancelled (or rank cancellation withdrawn) and the seats
    went back to the player, so they need none any more (they keep the results of any session they played)."""
    disqualifications = Penalty.objects.filter(
        sheet__session__tournament_id=tournament_id, disqualification=True
    ).order_by()
    active = disqualifications.filter(status=Penalty.Status.ACTIVE)
    disqualified = set(active.values_list("offender_id", flat=True))
    cancellations = RankCancellation.objects.filter(tournament_id=tournament_id, substitute__isnull=False)
    substituting = set(active.filter(substitute__isnull=False).values_list("substitute_id", flat=True)) | set(
        cancellations.filter(status=RankCancellation.Status.ACTIVE).values_list("substitute_id", flat=True))
    cancelled = disqualifications.filter(status=Penalty.Status.CANCELLED, substitute__isnull=False)
    # the substitutes of a 停赛 cancelled or of a 3.11.5 withdrawn: their player took the seats back
    stood_down = (set(cancelled.values_list("substitute_id", flat=True)) | set(cancellations.filter(
        status=RankCancellation.Status.WITHDRAWN).values_list("substitute_id", flat=True))) - substituting
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
    from django.utils.translation import gettext as _

    from penalties.selectors import foul_description, sanction_text

    penalties = (
        Penalty.objects.filter(sheet_id=sheet_id, status=Penalty.Status.ACTIVE, hand_number__isnull=False)
        .select_related("offender__player", "victim", "substitute__player")
        .order_by("hand_number", "created_at")
    )
    marks: dict[int, list[str]] = defaultdict(list)
    for penalty in penalties:
        offender = f"{penalty.offender.entry_number} {penalty.offender.player.name}"
        marks[penalty.hand_number].append(
            f"{offender}: {foul_description(penalty.foul)} — {sanction_text(penalty)}"
        )
        if penalty.stand_in_from_hand:  # 3.11.4 and the regulation "a substitute sits in at once"
            substitute = f"{penalty.substitute.entry_number} {penalty.substitute.player.name}"
            marks[penalty.stand_in_from_hand].append(_("%(substitute)s sits in for %(player)s from this hand (停赛, "
                                                       "rule 3.11.4)") % {"substitute": substitute, "player": offender})
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
