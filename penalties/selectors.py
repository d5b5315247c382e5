"""Reads for the Record of Fouls (Appendix 6) and the tablet, filtered by what the asking user may
see. Outsiders get 404."""

import re

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from penalties.catalogue import FOUL_BY_CODE, FOULS
from penalties.models import Notice, Penalty, PenaltyPolicy, RankCancellation
from roster import selectors as roster_selectors
from scoring.engine.rotation import round_seats
from scoring.engine.table import HANDS_PER_ROUND, MAX_HANDS
from tournaments.access import Capability, can
from tournaments.errors import NotFound
from tournaments.models import Registration, ScoreSheet, SeatAssignment, Tournament


def policy_for(tournament) -> PenaltyPolicy:
    """The tournament's policy, or the rulebook's defaults (unsaved: reading it writes nothing)."""
    return PenaltyPolicy.objects.filter(tournament=tournament).first() or PenaltyPolicy(tournament=tournament)


def penalty_get_for_user(*, user, penalty_id: int, capability: Capability) -> Penalty:
    """A penalty, if the user has `capability` in its tournament; otherwise 404."""
    penalty = (
        Penalty.objects.select_related("sheet__session__tournament", "sheet__table", "offender")
        .filter(pk=penalty_id)
        .first()
    )
    if penalty is None or not can(user, penalty.sheet.session.tournament, capability):
        raise NotFound("No such penalty.")
    return penalty


def sheet_players(*, sheet: ScoreSheet) -> list[Registration]:
    """The four players of the sheet's table, East to North (the foul forms offer them)."""
    seats = SeatAssignment.objects.filter(session=sheet.session, table=sheet.table).select_related(
        "registration__player"
    )
    return [seat.registration for seat in seats.order_by("seat")]


def current_hand_number(*, sheet: ScoreSheet) -> int:
    """The hand being played: the next one to record, or the last of a full sheet (3.4.8). A foul
    happens in it or in an earlier hand."""
    return min(sheet.hand_count + 1, MAX_HANDS)


def arrangement_candidates(*, tournament: Tournament) -> list[Registration]:
    """Who may substitute for a disqualified player (3.11.4): those free to take seats, none under 停赛 or
    with a cancelled rank (the core's substitutes_available; the arrangement refuses anyone else)."""
    return list(roster_selectors.substitutes_available(tournament=tournament))


def article_display(article: str) -> str:
    """A foul's article in the page's language: rule numbers read the same in every language, the
    catalogue's "Appendix 1, fan 81" is translated."""
    appendix = re.fullmatch(r"Appendix (\d+), fan (\d+)", article)
    if appendix:
        return _("Appendix {appendix}, fan {fan}").format(appendix=appendix[1], fan=appendix[2])
    return article


def foul_choices() -> list[tuple[str, str]]:
    language = get_language() or "en"
    return [(foul.code, f"{foul.description(language)} ({article_display(foul.article)})") for foul in FOULS]


def foul_description(code: str) -> str:
    foul = FOUL_BY_CODE.get(code)
    return foul.description(get_language() or "en") if foul else code


def sanction_text(penalty: Penalty) -> str:
    """What the penalty does, as the Record of Fouls (Appendix 6) writes it."""
    if penalty.sanction == "pay_each":
        parts = [_("pays %(points)s to each") % {"points": penalty.points}]
    elif penalty.sanction == "pay_victim":
        parts = [_("pays %(points)s to %(entry)s") % {"points": penalty.points, "entry": penalty.victim.entry_number}]
    elif penalty.disqualification:
        parts = []  # 3.11.4 停赛, added below; no points and no warning
    elif penalty.forfeit:
        parts = [_("session forfeited: 0")]
    elif penalty.sanction == "penalty_tiles":
        # 3.11.6.7(1) "须作为罚张，应在轮到自己出牌时，将罚张打出".
        parts = [_("罚张: the exposed tiles are discarded at the player's next turns")]
    elif penalty.points:
        parts = [f"−{penalty.points}"]
    else:
        parts = [_("warning")]
    if penalty.no_win:
        parts.append(_("no win this hand (停和)"))
    if penalty.disqualification:
        parts.append(_("disqualified"))
        if hasattr(penalty, "notice"):
            parts.append(_("public notice (通报)"))
    return " · ".join(parts)


def seat_at_hand(starting_seat: int | None, hand_number: int | None) -> int | None:
    """Appendix 6 "违规局、盘、桌、位": the position (0 East .. 3 North) the player held in the hand of
    the foul. Seats change after every round (Appendix 4), so from hand 5 on this is not the
    starting seat. A foul outside a hand (lateness) gives the starting seat."""
    if starting_seat is None or hand_number is None:
        return starting_seat
    positions = round_seats((0, 1, 2, 3), (hand_number - 1) // HANDS_PER_ROUND)
    return positions.index(starting_seat)


def record_of_fouls(*, session) -> list[dict]:
    """Appendix 6: per table (with its referee and date), every penalty with the offender's team,
    name, number and the seat held at the hand of the foul."""
    penalties = (
        Penalty.objects.filter(sheet__session=session)
        .select_related(
            "sheet__table", "sheet__referee", "offender__player", "offender__team", "victim__player", "cancelled_by",
            "substitute", "notice",
        )
        .order_by("sheet__table__number", "hand_number", "created_at")
    )
    seats = {
        (row["table_id"], row["registration_id"]): row["seat"]
        for row in SeatAssignment.objects.filter(session=session).values("table_id", "registration_id", "seat")
    }
    cancelled = set(RankCancellation.objects.filter(tournament=session.tournament,
                                                    status=RankCancellation.Status.ACTIVE)
                    .values_list("registration_id", flat=True))
    tables: dict[int, dict] = {}
    for penalty in penalties:
        sheet = penalty.sheet
        referee = sheet.referee
        table = tables.setdefault(sheet.table.number, {
            "table": sheet.table.number,
            "referee": (referee.get_full_name() or referee.username) if referee else "",
            "date": session.started_at,
            "rows": [],
        })
        table["rows"].append(
            {
                "penalty": penalty,
                "foul": foul_description(penalty.foul),
                "article": article_display(FOUL_BY_CODE[penalty.foul].article) if penalty.foul in FOUL_BY_CODE else "",
                "seat": seat_at_hand(seats.get((sheet.table_id, penalty.offender_id)), penalty.hand_number),
                "sanction": sanction_text(penalty),
                "active": penalty.status == Penalty.Status.ACTIVE,
                # 3.11.4, 3.5.2: a 停赛 whose later seats have no substitute yet (or a "play on"
                # arrangement made before issue 12, kept as legacy).
                "needs_substitute": penalty.disqualification and penalty.status == Penalty.Status.ACTIVE
                and penalty.arrangement != Penalty.Arrangement.SUBSTITUTE,
                "legacy_play_on": penalty.arrangement == Penalty.Arrangement.PLAY_ON,
                # 3.11.6.1 with 3.11.5: the answer, and whether the rank is cancelled by now
                "illegal_gain": penalty.illegal_gain,
                "rank_cancelled": penalty.offender_id in cancelled,
            }
        )
    return [tables[number] for number in sorted(tables)]


def notices_public(*, tournament) -> list[dict]:
    """通报 (3.11, 3.11.4, 3.11.6.10): the notices whose sanction stands, newest first."""
    notices = (
        Notice.objects.filter(tournament=tournament)
        .select_related("registration__player", "penalty", "rank_cancellation")
        .order_by("-created_at", "-pk")
    )
    rows = []
    for notice in notices:
        if notice.penalty_id and notice.penalty.status != Penalty.Status.ACTIVE:
            continue
        if notice.rank_cancellation_id and notice.rank_cancellation.status != RankCancellation.Status.ACTIVE:
            continue
        if notice.penalty_id:
            sanction = _("Disqualified (停赛)") if notice.penalty.disqualification else sanction_text(notice.penalty)
        else:
            sanction = _("Rank cancelled (取消录取名次)")
        rows.append({"notice": notice, "sanction": sanction, "article": article_display(notice.article)})
    return rows


def rank_cancellations(*, tournament) -> list[RankCancellation]:
    """3.11.5: every rank cancellation of the tournament, those in force first."""
    return list(
        RankCancellation.objects.filter(tournament=tournament)
        .select_related("registration__player", "substitute__player", "created_by", "withdrawn_by")
        .order_by("status", "-created_at")
    )


def rank_cancellation_get_for_user(*, user, cancellation_id: int) -> RankCancellation:
    cancellation = (
        RankCancellation.objects.select_related("tournament", "registration").filter(pk=cancellation_id).first()
    )
    if cancellation is None or not can(user, cancellation.tournament, Capability.SUPERVISE_SCORES) and not can(
        user, cancellation.tournament, Capability.MANAGE
    ):
        raise NotFound("No such rank cancellation.")
    return cancellation


def sheet_penalties(*, sheet) -> list[dict]:
    penalties = sheet.penalties.select_related("offender__player", "victim__player", "notice").order_by("created_at")
    return [
        {"penalty": penalty, "foul": foul_description(penalty.foul), "sanction": sanction_text(penalty),
         "active": penalty.status == Penalty.Status.ACTIVE}
        for penalty in penalties
    ]


def substitutes_needed(*, tournament) -> dict:
    """3.11.4, 3.11.5, 3.5.2: the 停赛 and rank cancellations in force without a substitute whose player still
    holds a seat in a session not yet finished, and the running session's tables held back for them."""
    from tournaments.models import Session

    open_sessions = Session.objects.filter(
        tournament=tournament, status__in=[Session.Status.PLANNED, Session.Status.RUNNING]
    )
    seated = SeatAssignment.objects.filter(session__in=open_sessions).values("registration_id")
    penalties = list(
        Penalty.objects.filter(
            sheet__session__tournament=tournament, disqualification=True, status=Penalty.Status.ACTIVE,
            offender_id__in=seated,
        )
        .exclude(arrangement=Penalty.Arrangement.SUBSTITUTE)
        .select_related("offender__player", "sheet__session")
        .order_by("created_at")
    )
    # 3.11.5 as read in READINGS.md P4: a player whose rank is cancelled holds no later seat either (listed once:
    # a player under 停赛 too is given a substitute through the 停赛)
    cancellations = list(
        RankCancellation.objects.filter(tournament=tournament, status=RankCancellation.Status.ACTIVE,
                                        substitute__isnull=True, registration_id__in=seated)
        .exclude(registration_id__in=[penalty.offender_id for penalty in penalties])
        .select_related("registration__player").order_by("created_at")
    )
    running = open_sessions.filter(status=Session.Status.RUNNING).first()
    held = []
    if running is not None:
        started = running.sheets.values("table_id")
        held = sorted(set(running.seats.exclude(table_id__in=started).values_list("table__number", flat=True)))
    return {"penalties": penalties, "cancellations": cancellations, "held_tables": held, "running": running}
