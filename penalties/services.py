"""Recording and cancelling penalties (3.11). Every write is audited; results follow on commit."""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from penalties.catalogue import (
    FOUL_BY_CODE,
    MAX_LATE_SECONDS,
    MAX_POINTS,
    REFEREE_AMOUNTS,
    VICTIM_AMOUNT_RANGE,
    NotLate,
    Sanction,
    escalating_points,
    lateness_sanction,
)
from penalties.models import Notice, Penalty, PenaltyPolicy, RankCancellation
from penalties.selectors import current_hand_number, policy_for
from scoring.engine import HandError, evaluate, waits
from scoring.engine.declared import check_declared_tiles
from scoring.engine.table import MAX_HANDS, hand_winds
from scoring.messages import declared_tiles_message, hand_error_message
from tournaments import events
from tournaments.audit import AuditAction, audit_record
from tournaments.locks import lock_sheet, lock_tournament
from tournaments.models import Registration, ScoreSheet, ScoringMode, SeatAssignment, Session, Tournament
from tournaments.sessions.services import running_session_locked, seats_give_to_substitute, session_held_tables_start
from tournaments.sheets.services import sheet_hands_resettle, sheet_results_changed

# 3.11.6.10 "将取消比赛资格并给予通报": this foul always comes with a public notice.
NOTICE_REQUIRED = {"serious_disruption"}


def _seat_of(sheet: ScoreSheet, registration: Registration) -> int | None:
    seat = SeatAssignment.objects.filter(session=sheet.session, table=sheet.table, registration=registration).first()
    return seat.seat if seat else None


@transaction.atomic
def penalty_record(
    *,
    actor,
    sheet: ScoreSheet,
    foul: str,
    offender: Registration,
    hand_number: int | None = None,
    points: int | None = None,
    victim: Registration | None = None,
    late_seconds: int | None = None,
    note: str = "",
    occurrence: int | None = None,
    notice: str = "",
    illegal_gain: bool | None = None,
    stand_in: Registration | None = None,
) -> Penalty:
    """Record a foul at a table with the sanction rule 3.11 gives it.

    `stand_in` (a 停赛 brought in by an archive import only): the substitute who sat in from the next hand
    (3.11.4, the regulation "a substitute sits in at once"); the sheet's later hands are theirs.

    `illegal_gain` (3.11.6.1 cheating only): the answer to 3.11.5's question "非法获得利益?". Yes: the Record
    of Fouls asks the chief referee to cancel the rank (rank_cancel, 3.11.5; a tournament-wide sanction they
    give there, not from inside a sheet's lock). No: the rank earned so far stands, and the standings say so.

    `notice`: the text of a public notice (通报) given with a 停赛 (3.11.4 "严重者给予通报"); always
    required for 3.11.6.10 ("给予通报"), refused for the lighter sanctions, which no text publishes.

    `occurrence` (escalating fouls only, 3.11.6.3-5) is the foul's place in its hand as first
    recorded, e.g. from an archive; left out, it is counted from the active earlier penalties.
    """
    definition = FOUL_BY_CODE.get(foul)
    if definition is None:
        raise ValidationError({"foul": _("Unknown foul.")})
    sheet = lock_sheet(sheet.pk)
    seat = _seat_of(sheet, offender)
    if seat is None:
        raise ValidationError({"offender": _("The offender does not sit at this table in this session.")})
    if definition.needs_hand:
        current = current_hand_number(sheet=sheet)
        if hand_number is None or not 1 <= hand_number <= current:
            raise ValidationError(
                {"hand_number": _("Give the hand (1 to %(n)d) in which the foul happened.") % {"n": current}}
            )
    elif hand_number is not None and not 1 <= hand_number <= MAX_HANDS:
        raise ValidationError({"hand_number": _("A session has hands 1 to 16.")})
    if definition.no_win and hand_number is not None and sheet.hands.filter(number=hand_number, winner=seat).exists():
        # 3.11.3 停和, 3.11.6.6: the offender may not win this hand, yet the sheet records their
        # win; the win and the penalty cannot both stand.
        raise ValidationError({"hand_number": _(
            "The sheet records hand %(n)d as won by this player, who would lose the right to win it: "
            "correct the hand first, then record the penalty."
        ) % {"n": hand_number}})
    if foul == "false_win" and hand_number is not None and Penalty.objects.filter(
            sheet=sheet, offender=offender, hand_number=hand_number, foul=foul).exclude(
            status=Penalty.Status.CANCELLED).exists():
        # 3.11.6.6 then 3.11.3: after a false win the player may not win the hand (停和), so a second false win
        # of theirs in it is the first one sent again (a held hand's offer, a second tablet).
        raise ValidationError({"hand_number": _(
            "The false win of entry %(entry)d in hand %(n)d is already recorded: they may not win this hand "
            "(停和, rule 3.11.3)."
        ) % {"entry": offender.entry_number, "n": hand_number}})
    if stand_in is not None and (definition.sanction != Sanction.DISQUALIFICATION or hand_number is None
                                 or hand_number >= MAX_HANDS or _seat_of(sheet, stand_in) is not None):
        raise ValidationError({"stand_in": _("A substitute sits in after a disqualification in hand 1 to 15, and "
                                             "does not sit at the table already.")})
    if definition.sanction == Sanction.DISQUALIFICATION and hand_number is not None and stand_in is None:
        later = sheet.hands.filter(number__gt=hand_number).count()
        if later:
            # 3.11.4 "取消继续参加": the player is out from the foul on, and the table goes on by the regulation
            # (it ends there, or a substitute sits in): hands played after it by the player cannot stand.
            raise ValidationError({"hand_number": _(
                "The sheet records %(count)d hand(s) after hand %(n)d, which the player played: record the "
                "disqualification in the hand in which it is decided (%(next)d), or take the later hands back first "
                "(rule 3.11.4: the player takes no further part from the foul on)."
            ) % {"count": later, "n": hand_number, "next": current_hand_number(sheet=sheet)}})
    if illegal_gain is not None and foul != "cheating":
        raise ValidationError({"illegal_gain": _("The illegal-gain question (rule 3.11.5) goes with cheating "
                                                 "(3.11.6.1) only.")})
    penalty = Penalty(
        sheet=sheet,
        hand_number=hand_number,
        offender=offender,
        foul=foul,
        sanction=definition.sanction.value,
        no_win=definition.no_win,
        note=note[:300],
        created_by=actor,
        illegal_gain=illegal_gain,
    )
    if stand_in is not None:
        penalty.arrangement, penalty.substitute = Penalty.Arrangement.SUBSTITUTE, stand_in
        penalty.stand_in_from_hand = hand_number + 1
    _apply_sanction(
        penalty, definition, sheet=sheet, points=points, victim=victim, late_seconds=late_seconds,
        occurrence=occurrence,
    )
    if penalty.forfeit and sheet.hands.filter(Q(winner=seat) | Q(discarder=seat)).exists():
        # 3.11.2.1: the forfeiter takes no part in the session, so a hand they won or discarded in cannot stand.
        raise ValidationError({"late_seconds": _(
            "The sheet records a hand won or discarded by this player, who forfeits the session by this lateness "
            "(rule 3.11.2.1): correct that hand first, then record the lateness."
        )})
    notice = (notice or "").strip()
    if notice and definition.sanction != Sanction.DISQUALIFICATION:
        raise ValidationError({"notice": _(
            "A public notice (通报) goes with a disqualification (停赛, rule 3.11.4) or a cancelled rank (3.11.5) only."
        )})
    if foul in NOTICE_REQUIRED and not notice:
        raise ValidationError({"notice": _(
            "Rule 3.11.6.10 disqualifies the player and gives a public notice (通报): write the notice."
        )})
    penalty.save()
    if notice:
        Notice.objects.create(
            tournament=sheet.session.tournament, registration=offender, article=definition.article,
            text=notice[:1000], penalty=penalty, created_by=actor,
        )
    audit_record(
        actor=actor,
        tournament=sheet.session.tournament,
        action=AuditAction.PENALTY_RECORDED,
        obj=penalty,
        detail={
            "sheet": sheet.pk, "foul": foul, "article": definition.article, "offender": offender.entry_number,
            "hand": hand_number, "points": penalty.points, "sanction": penalty.sanction,
            "victim": victim.entry_number if victim else None, "occurrence": penalty.occurrence,
            "forfeit": penalty.forfeit, **({"notice": notice[:1000]} if notice else {}),
            **({"illegal_gain": illegal_gain} if illegal_gain is not None else {}),
            # hands entered before the forfeit, settled again without the seat (READINGS.md P2)
            **({"hands_settled_again": sheet_hands_resettle(sheet=sheet)} if penalty.forfeit else {}),
        },
    )
    sheet_results_changed(sheet=sheet)
    if penalty.disqualification:
        events.standings_recompute_later(tournament_id=sheet.session.tournament_id)  # the 停赛 mark
    return penalty


def _apply_sanction(penalty: Penalty, definition, *, sheet, points, victim, late_seconds, occurrence=None) -> None:
    sanction = definition.sanction
    if occurrence is not None and (
        sanction != Sanction.ESCALATING or isinstance(occurrence, bool) or not isinstance(occurrence, int)
        or occurrence < 1
    ):
        raise ValidationError(
            {"occurrence": _("Only an escalating foul has an occurrence, a whole number from 1.")}
        )
    whole = isinstance(points, int) and not isinstance(points, bool)
    if sanction == Sanction.DEDUCTION and definition.article == "3.11.6.9":
        # 3.11.6.9 "本盘都可给予罚分": an amount of its own, not 3.11.2.2's scale.
        if not whole or not 1 <= points <= MAX_POINTS:
            raise ValidationError({"points": _("Give the points deducted, a whole number from 1 (rule 3.11.6.9).")})
        penalty.points = points
    elif sanction == Sanction.DEDUCTION:
        # 3.11.2.2: the referee chooses 5, 10, 20, 30, 40, 50 or 60.
        if points not in REFEREE_AMOUNTS:
            raise ValidationError({"points": _("Choose 5, 10, 20, 30, 40, 50 or 60 points.")})
        penalty.points = points
    elif sanction == Sanction.PAY_VICTIM:
        # 3.11.6.7(3) "视情节轻重判罚责任者5～60分给该人": any amount from 5 to 60.
        low, high = VICTIM_AMOUNT_RANGE
        if not whole or not low <= points <= high:
            raise ValidationError({"points": _("Give the points paid to the player, from 5 to 60 (rule 3.11.6.7(3)).")})
        penalty.points = points
    if sanction == Sanction.PAY_VICTIM:
        if victim is None or victim == penalty.offender or _seat_of(sheet, victim) is None:
            raise ValidationError({"victim": _("Choose the player of this table whose tiles were exposed.")})
        penalty.victim = victim
    elif sanction == Sanction.PAY_EACH:
        penalty.points = definition.pay_each
    elif sanction == Sanction.ESCALATING:
        # 3.11.6.3-5: counted within one hand, per player and kind of foul, among the penalties in
        # force (cancelling one renumbers the rest, see penalty_cancel). A given occurrence (an
        # archive's, which exports the numbering in force) is kept.
        if occurrence is None:
            occurrence = Penalty.objects.filter(
                sheet=sheet, hand_number=penalty.hand_number, offender=penalty.offender, foul=penalty.foul,
                status=Penalty.Status.ACTIVE,
            ).count() + 1
        penalty.occurrence = occurrence
        penalty.points = escalating_points(
            penalty.occurrence, after_twenty=policy_for(sheet.session.tournament).escalation
        )
    elif sanction == Sanction.LATENESS:
        if (
            late_seconds is None
            or isinstance(late_seconds, bool)
            or not isinstance(late_seconds, int)
            or late_seconds < 0
        ):
            raise ValidationError({"late_seconds": _("Give how late the player was.")})
        if late_seconds > MAX_LATE_SECONDS:
            raise ValidationError(
                {
                    "late_seconds": _(
                        "Give a lateness of at most %(hours)d hours; from 15:01 the session is forfeited anyway "
                        "(rule 3.11.2.1)."
                    )
                    % {"hours": MAX_LATE_SECONDS // 3600}
                }
            )
        if Penalty.objects.filter(
            sheet=sheet, offender=penalty.offender, sanction=Sanction.LATENESS, status=Penalty.Status.ACTIVE
        ).exists():
            # 3.11.2.1: one sanction for being late to a session.
            raise ValidationError({"offender": _(
                "This player already has a lateness penalty in this session: cancel it first to record another."
            )})
        try:
            outcome = lateness_sanction(late_seconds)
        except NotLate:
            raise ValidationError({"late_seconds": _(
                "A lateness of 0 is no lateness: a player who is not late has committed no foul (rule 3.11.2.1)."
            )}) from None
        penalty.late_seconds = late_seconds
        penalty.points = outcome.deduction
        penalty.forfeit = outcome.forfeit
    elif sanction == Sanction.DISQUALIFICATION:
        penalty.disqualification = True


@transaction.atomic
def false_win_record(
    *,
    actor,
    sheet: ScoreSheet,
    hand_number: int,
    offender: Registration,
    tiles: str,
    self_drawn: bool = False,
    note: str = "",
    declared_fans=(),
) -> Penalty:
    """3.11.6.6: a win called and not valid. The engine tells which kind it is:
    complete but under 8 points (6 under the elementary rules), or waiting on other tiles (错和: 10 to each);
    not even waiting (诈和: 20 to each).

    Declared scoring (3.9.1.4 自报, "和牌者或他人不得再重新审核或追补漏报番种"): `declared_fans`, the fans the
    winner declared, decide. Declared under the minimum on tiles worth more is a 错和 (3.11.6.6(1)): the
    fans the winner did not declare are never added to make it a win."""
    seat = _seat_of(sheet, offender)
    if seat is None:
        raise ValidationError({"offender": _("The offender does not sit at this table in this session.")})
    if not 1 <= hand_number <= MAX_HANDS:
        raise ValidationError({"hand_number": _("A session has hands 1 to 16.")})
    winds = hand_winds(hand_number)
    tournament = sheet.session.tournament
    context = {"self_drawn": self_drawn, "seat_wind": winds.seat_winds[seat], "prevalent_wind": winds.prevalent}
    declared = list(declared_fans or ())
    try:
        if declared and tournament.scoring_mode == ScoringMode.DECLARED:
            check = check_declared_tiles(tiles, declared, profile=tournament.rules, rule_set=tournament.rule_set,
                                         **context)
            if check.is_false_win:
                return penalty_record(actor=actor, sheet=sheet, foul="false_win", offender=offender,
                                      hand_number=hand_number, note=(note or _declared_note(tiles, declared))[:300])
            if check.engine.is_winning:
                if check.problems:  # a declared fan the tiles do not give: the declaration is to be put right
                    raise ValidationError({"declared": " ".join(
                        declared_tiles_message(code, fan, detail, minimum=check.engine.minimum)
                        for code, fan, detail in check.problems)})
                raise ValidationError({"declared": _(
                    "The fans declared make a legal win of %(points)d points: record the hand with them.") % {
                    "points": check.fan_points}})
        ev = evaluate(tiles, profile=tournament.rules, rule_set=tournament.rule_set, **context)
        if ev.is_winning:
            raise ValidationError({"tiles": _("This is a legal win: record the hand instead of a penalty.")})
        # 3.11.6.6 read with the rule set's minimum: elementary, a win under 6 (READINGS.md E9)
        if ev.reason == "below_minimum" or waits(tiles.split("+")[0], rule_set=sheet.session.tournament.rule_set):
            foul = "false_win"
        else:
            foul = "false_win_not_waiting"
    except HandError as error:
        raise ValidationError({"tiles": hand_error_message(error)}) from error
    return penalty_record(
        actor=actor, sheet=sheet, foul=foul, offender=offender, hand_number=hand_number,
        note=(note or tiles)[:300],
    )


def _declared_note(tiles: str, declared: list) -> str:
    """The penalty's note: the tiles shown and what was declared (the Record of Fouls reads it)."""
    return _("%(tiles)s; declared: fans %(fans)s") % {"tiles": tiles, "fans": ", ".join(str(n) for n in declared)}


def _running_session_locked(tournament_id: int) -> Session | None:
    """The tournament's running session, locked (after the tournament, before any sheet)."""
    return running_session_locked(tournament_id)


@transaction.atomic
def penalty_cancel(*, actor, penalty: Penalty, reason: str) -> Penalty:
    """Cancel a penalty (the chief referee, or a decided appeal); results are recomputed."""
    if not reason.strip():
        raise ValidationError({"reason": _("Say why the penalty is cancelled.")})
    # The penalty, then its sheet (tournaments.locks): a penalty recorded at the table meanwhile
    # counts its place in an escalating series (3.11.6.3-5) after the renumbering below. A
    # disqualification whose seats went to a substitute takes the tournament first, as
    # disqualification_arrange does: the seats move back in sessions not yet started, which neither
    # a session start nor a chart drawn meanwhile may change.
    penalty = Penalty.objects.select_for_update(of=("self",)).select_related("sheet__session__tournament").get(
        pk=penalty.pk
    )
    running = None
    if penalty.disqualification:
        # Also without a substitute: a table of the running session held back for this player
        # (3.11.4) starts once the 停赛 is cancelled, under the tournament's and the session's locks
        # as session_start takes them, before the sheet's.
        lock_tournament(penalty.sheet.session.tournament_id)
        running = _running_session_locked(penalty.sheet.session.tournament_id)
    sheet = lock_sheet(penalty.sheet_id)
    if penalty.status == Penalty.Status.CANCELLED:
        raise ValidationError(_("This penalty is already cancelled."))
    penalty.status = Penalty.Status.CANCELLED
    penalty.cancelled_by = actor
    penalty.cancelled_at = timezone.now()
    penalty.cancel_reason = reason[:300]
    penalty.save(update_fields=["status", "cancelled_by", "cancelled_at", "cancel_reason"])
    audit_record(
        actor=actor, tournament=penalty.sheet.session.tournament, action=AuditAction.PENALTY_CANCELLED, obj=penalty,
        detail={"reason": reason, "foul": penalty.foul, "offender": penalty.offender.entry_number,
                "sheet": penalty.sheet_id, "hand": penalty.hand_number,
                "article": FOUL_BY_CODE[penalty.foul].article if penalty.foul in FOUL_BY_CODE else "",
                # the seat takes part again: its share of the hands is paid (READINGS.md P2)
                **({"hands_settled_again": sheet_hands_resettle(sheet=sheet)} if penalty.forfeit else {})},
    )
    if penalty.sanction == Sanction.ESCALATING:
        _renumber_escalating(actor=actor, penalty=penalty)
    if penalty.disqualification and penalty.arrangement == Penalty.Arrangement.SUBSTITUTE:
        _seats_back_from_substitute(actor=actor, penalty=penalty)
    if penalty.disqualification:
        if running is not None:
            session_held_tables_start(actor=actor, session=running)
        events.standings_recompute_later(tournament_id=penalty.sheet.session.tournament_id)  # the 停赛 mark goes
    sheet_results_changed(sheet=penalty.sheet)
    return penalty


def _renumber_escalating(*, actor, penalty: Penalty) -> None:
    """3.11.6.3-5: the series (warning, 5, 10, 20, ...) counts the fouls that stand. When one is
    cancelled, the others of the same hand, player and foul are counted again in their order and
    their points follow the tournament's escalation setting. Called inside penalty_cancel's transaction."""
    tournament = penalty.sheet.session.tournament
    after_twenty = policy_for(tournament).escalation
    # No row locks here: every writer of a sheet's penalties holds the sheet's lock (taken above),
    # and locking the siblings after it could deadlock two cancellations of one series.
    siblings = Penalty.objects.filter(
        sheet_id=penalty.sheet_id, hand_number=penalty.hand_number, offender_id=penalty.offender_id,
        foul=penalty.foul, status=Penalty.Status.ACTIVE,
    ).order_by("occurrence", "created_at", "pk")
    changed = []
    for number, sibling in enumerate(siblings, start=1):
        points = escalating_points(number, after_twenty=after_twenty)
        if (sibling.occurrence, sibling.points) != (number, points):
            changed.append({"penalty": sibling.pk, "occurrence": [sibling.occurrence, number],
                            "points": [sibling.points, points]})
            sibling.occurrence, sibling.points = number, points
            sibling.save(update_fields=["occurrence", "points"])
    if changed:
        audit_record(
            actor=actor, tournament=tournament, action=AuditAction.PENALTY_RENUMBERED, obj=penalty,
            detail={"after_cancelling": penalty.pk, "hand": penalty.hand_number, "foul": penalty.foul,
                    "offender": penalty.offender.entry_number, "changed": changed, "sheet": penalty.sheet_id},
        )


def _seats_back_from_substitute(*, actor, penalty: Penalty) -> None:
    """3.11.4: the disqualification is cancelled, so the player gets back the seats the substitute
    took, in the sessions not yet started (a started session's seats are locked). A session where
    the player already has a seat again is left alone. Called inside penalty_cancel's transaction."""
    tournament = penalty.sheet.session.tournament
    moved = _seats_back(tournament=tournament, player=penalty.offender, substitute=penalty.substitute)
    audit_record(
        actor=actor, tournament=tournament, action=AuditAction.PENALTY_DISQUALIFICATION_SEATS_RETURNED, obj=penalty,
        detail={"player": penalty.offender.entry_number, "substitute": penalty.substitute.entry_number,
                "seats_returned": moved},
    )


def _seats_back(*, tournament: Tournament, player: Registration, substitute: Registration) -> int:
    """The seats `substitute` took from `player`, back to the player in the sessions not yet started, except where
    the player has a seat again. Returns how many moved."""
    planned = Session.objects.filter(tournament=tournament, status=Session.Status.PLANNED)
    seated_again = SeatAssignment.objects.filter(session__in=planned, registration=player).values("session")
    return SeatAssignment.objects.filter(session__in=planned, registration=substitute).exclude(
        session__in=seated_again
    ).update(registration=player)


def _stand_in_from_hand(penalty: Penalty) -> int | None:
    """With the regulation "a substitute sits in at once" (PenaltyPolicy.disqualification_at_table), the
    substitute also plays the rest of the session at the table of the foul, from the next hand, while that
    sheet is still being played and has a hand left (3.4.8: 16 at most). Otherwise None."""
    sheet = penalty.sheet
    if (
        policy_for(sheet.session.tournament).disqualification_at_table != PenaltyPolicy.AtTable.STAND_IN
        or sheet.status != ScoreSheet.Status.OPEN
        or penalty.hand_number is None
        or penalty.hand_number >= MAX_HANDS
    ):
        return None
    return penalty.hand_number + 1


@transaction.atomic
def disqualification_arrange(
    *,
    actor,
    penalty: Penalty,
    arrangement: str = Penalty.Arrangement.SUBSTITUTE,
    substitute: Registration | None = None,
) -> Penalty:
    """3.11.4 停赛 "取消继续参加本次比赛的资格" and 3.5.2 "竞赛采用每桌四人制": a substitute takes the
    disqualified player's seats in every session not yet started, and at any table of the running
    session held back because the player was seated there (that table then starts).

    "The three others play on" is no longer offered (the rules know no three-player table); an
    arrangement made so before issue 12 (kept, marked legacy) can still be given a substitute.
    The rules never mention substitutes: the substitute is a registration of the tournament,
    ranked on their own results."""
    # The penalty, then the tournament (tournaments.locks): the seats move in sessions not yet
    # started, which neither a session start nor a chart drawn meanwhile may change.
    penalty = Penalty.objects.select_for_update(of=("self",)).select_related("sheet__session__tournament").get(
        pk=penalty.pk
    )
    lock_tournament(penalty.sheet.session.tournament_id)
    running = _running_session_locked(penalty.sheet.session.tournament_id)
    if not penalty.disqualification or penalty.status != Penalty.Status.ACTIVE:
        raise ValidationError(_("Only a disqualification in force needs an arrangement."))
    if arrangement != Penalty.Arrangement.SUBSTITUTE:
        raise ValidationError({"arrangement": _(
            "A table plays with four players (rule 3.5.2): seat a substitute; the three others cannot play on."
        )})
    if penalty.arrangement == Penalty.Arrangement.SUBSTITUTE:
        # Seats already moved to a substitute are not traced back through a second arrangement.
        raise ValidationError({"arrangement": _(
            "The later sessions are already arranged: to change it, cancel the disqualification and record it again."
        )})
    legacy = penalty.arrangement == Penalty.Arrangement.PLAY_ON
    tournament = penalty.sheet.session.tournament
    if substitute is None or substitute.tournament_id != tournament.pk or substitute == penalty.offender:
        raise ValidationError({"substitute": _("Choose a substitute registered in this tournament.")})
    moved = seats_give_to_substitute(
        tournament=tournament, running=running, leaving=penalty.offender, substitute=substitute
    )
    penalty.arrangement = Penalty.Arrangement.SUBSTITUTE
    penalty.substitute = substitute
    penalty.stand_in_from_hand = _stand_in_from_hand(penalty)
    penalty.save(update_fields=["arrangement", "substitute", "stand_in_from_hand"])
    audit_record(
        actor=actor, tournament=tournament, action=AuditAction.PENALTY_DISQUALIFICATION_ARRANGED, obj=penalty,
        detail={"arrangement": Penalty.Arrangement.SUBSTITUTE, "substitute": substitute.entry_number,
                "seats_moved": moved, "offender": penalty.offender.entry_number,
                **({"stand_in_from_hand": penalty.stand_in_from_hand} if penalty.stand_in_from_hand else {}),
                **({"replaces_legacy": "play_on"} if legacy else {})},
    )
    if penalty.stand_in_from_hand:
        sheet_results_changed(sheet=penalty.sheet)
    if running is not None:
        session_held_tables_start(actor=actor, session=running)
    return penalty


@transaction.atomic
def rank_cancel(
    *, actor, tournament: Tournament, registration: Registration, reason: str, article: str = "3.11.5",
    notice: str = "",
) -> RankCancellation:
    """3.11.5 取消录取名次或比赛资格 ("是对犯规情节严重或非法获得利益的选手做出的处罚"): the player's
    rank is cancelled and the name struck from the results (the Japanese: "成績表からも名前を削除され
    順位資格を剥奪される"): no rank, no team total. Given by the chief referee or the organizer, during
    or after the event; with a public notice (通报) when `notice` is given."""
    lock_tournament(tournament.pk)
    if registration.tournament_id != tournament.pk:
        raise ValidationError({"registration": _("Choose a player registered in this tournament.")})
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": _("Say why the rank is cancelled: the foul or the illegal gain.")})
    article = (article or "").strip() or "3.11.5"
    if RankCancellation.objects.filter(registration=registration, status=RankCancellation.Status.ACTIVE).exists():
        raise ValidationError({"registration": _("This player's rank is already cancelled.")})
    playing = _table_in_play(registration)
    if playing is not None:
        # READINGS.md P4: the player takes no further part from the decision on, and a player leaves a table in
        # play only through a 停赛 at it, which says how the table goes on (3.11.4, the organizer's regulation).
        raise ValidationError({"registration": _(
            "Entry %(entry)d is playing at table %(table)d of session %(session)d. A cancelled rank ends the "
            "player's part in the competition, and a player leaves a table in play only by a disqualification "
            "there (停赛, rule 3.11.4): record it on that table's fouls page first, then cancel the rank."
        ) % {"entry": registration.entry_number, "table": playing.table.number, "session": playing.session.number}})
    cancellation = RankCancellation.objects.create(
        tournament=tournament, registration=registration, article=article[:32], reason=reason[:300],
        created_by=actor,
    )
    notice = (notice or "").strip()
    if notice:
        Notice.objects.create(
            tournament=tournament, registration=registration, article=cancellation.article, text=notice[:1000],
            rank_cancellation=cancellation, created_by=actor,
        )
    audit_record(
        actor=actor, tournament=tournament, action=AuditAction.PENALTY_RANK_CANCELLED, obj=cancellation,
        detail={"entry": registration.entry_number, "article": cancellation.article, "reason": reason[:300],
                **({"notice": notice[:1000]} if notice else {})},
    )
    events.standings_recompute_later(tournament_id=tournament.pk)
    return cancellation


def _table_in_play(registration: Registration) -> ScoreSheet | None:
    """The open sheet of the running session where `registration` sits, unless a 停赛 of theirs is recorded on it."""
    place = SeatAssignment.objects.filter(registration=registration, session__status=Session.Status.RUNNING).first()
    if place is None:
        return None
    sheet = ScoreSheet.objects.filter(session_id=place.session_id, table_id=place.table_id,
                                      status=ScoreSheet.Status.OPEN).select_related("session", "table").first()
    if sheet is None or Penalty.objects.filter(sheet=sheet, offender=registration, disqualification=True,
                                               status=Penalty.Status.ACTIVE).exists():
        return None
    return sheet


@transaction.atomic
def rank_cancellation_substitute(*, actor, cancellation: RankCancellation, substitute: Registration | None
                                 ) -> RankCancellation:
    """3.11.5 as this app reads it (READINGS.md P4: "取消…比赛资格", the player takes no further part) and 3.5.2
    "竞赛采用每桌四人制": a substitute takes the player's seats in every session not yet started, and at a table of
    the running session held back for the player (it then starts), as after a 停赛 (disqualification_arrange)."""
    lock_tournament(cancellation.tournament_id)
    running = _running_session_locked(cancellation.tournament_id)
    cancellation = RankCancellation.objects.select_for_update(of=("self",)).select_related(
        "tournament", "registration").get(pk=cancellation.pk)
    if cancellation.status != RankCancellation.Status.ACTIVE:
        raise ValidationError(_("This cancellation is withdrawn: the player takes their own seats."))
    if cancellation.substitute_id is not None:
        raise ValidationError({"substitute": _(
            "A substitute already took this player's seats: to change it, withdraw the cancellation and give it "
            "again.")})
    tournament = cancellation.tournament
    if substitute is None or substitute.tournament_id != tournament.pk or substitute == cancellation.registration:
        raise ValidationError({"substitute": _("Choose a substitute registered in this tournament.")})
    moved = seats_give_to_substitute(tournament=tournament, running=running, leaving=cancellation.registration,
                                     substitute=substitute)
    cancellation.substitute = substitute
    cancellation.save(update_fields=["substitute"])
    audit_record(
        actor=actor, tournament=tournament, action=AuditAction.PENALTY_RANK_SUBSTITUTE, obj=cancellation,
        detail={"entry": cancellation.registration.entry_number, "substitute": substitute.entry_number,
                "seats_moved": moved},
    )
    if running is not None:
        session_held_tables_start(actor=actor, session=running)
    return cancellation


@transaction.atomic
def rank_cancellation_withdraw(*, actor, cancellation: RankCancellation, reason: str) -> RankCancellation:
    """The cancellation is withdrawn (an appeal upheld, a migrated one the chief referee does not
    keep): the player is ranked again; a notice given with it is no longer shown."""
    if not (reason or "").strip():
        raise ValidationError({"reason": _("Say why the cancellation is withdrawn.")})
    lock_tournament(cancellation.tournament_id)
    running = _running_session_locked(cancellation.tournament_id)
    cancellation = RankCancellation.objects.select_for_update(of=("self",)).select_related(
        "registration", "substitute").get(pk=cancellation.pk)
    if cancellation.status != RankCancellation.Status.ACTIVE:
        raise ValidationError(_("This cancellation is already withdrawn."))
    cancellation.status = RankCancellation.Status.WITHDRAWN
    cancellation.withdrawn_by = actor
    cancellation.withdrawn_at = timezone.now()
    cancellation.withdraw_reason = reason.strip()[:300]
    cancellation.save(update_fields=["status", "withdrawn_by", "withdrawn_at", "withdraw_reason"])
    audit_record(
        actor=actor, tournament=cancellation.tournament, action=AuditAction.PENALTY_RANK_RESTORED, obj=cancellation,
        detail={"entry": cancellation.registration.entry_number, "article": cancellation.article,
                "reason": cancellation.withdraw_reason,
                # the player takes part again: the seats a substitute took come back (sessions not yet started)
                **({"substitute": cancellation.substitute.entry_number, "seats_returned": _seats_back(
                    tournament=cancellation.tournament, player=cancellation.registration,
                    substitute=cancellation.substitute)} if cancellation.substitute_id else {})},
    )
    if running is not None:  # a table held back for the player starts now
        session_held_tables_start(actor=actor, session=running)
    events.standings_recompute_later(tournament_id=cancellation.tournament_id)
    return cancellation


@transaction.atomic
def penalty_policy_update(
    *, actor, tournament, escalation: str, disqualification_at_table: str | None = None
) -> PenaltyPolicy:
    """The organizer's readings where the rules leave room: "以此类推" after 20 (3.11.6.3-5), and how the
    table of a 停赛 goes on (3.11.4, 3.5.2; unchanged when not given)."""
    if escalation not in PenaltyPolicy.Escalation.values:
        raise ValidationError({"escalation": _("Choose how the series goes on after 20.")})
    policy = policy_for(tournament)
    at_table = disqualification_at_table or policy.disqualification_at_table
    if at_table not in PenaltyPolicy.AtTable.values:
        raise ValidationError({"disqualification_at_table": _("Choose how the table of a disqualification goes on.")})
    if at_table != policy.disqualification_at_table and Penalty.objects.filter(
        sheet__session__tournament=tournament, disqualification=True, status=Penalty.Status.ACTIVE
    ).exists():
        # The results of the table of a 停赛 already recorded rest on the regulation it was given under.
        raise ValidationError({"disqualification_at_table": _(
            "A disqualification is in force in this tournament: its table went on under the present regulation, "
            "which cannot change now."
        )})
    before = {"escalation": policy.escalation, "disqualification_at_table": policy.disqualification_at_table}
    policy.escalation = escalation
    policy.disqualification_at_table = at_table
    policy.save()
    after = {"escalation": escalation, "disqualification_at_table": at_table}
    audit_record(actor=actor, tournament=tournament, action=AuditAction.PENALTY_POLICY_UPDATED, obj=policy,
                 detail={key: [before[key], after[key]] for key in after if before[key] != after[key]}
                 or {"escalation": [escalation, escalation]})
    return policy
