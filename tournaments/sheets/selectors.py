"""Reads of score sheets, filtered by what the asking user may see. Outsiders get 404."""


import datetime as dt
from urllib.parse import urlencode

from django.db.models import Exists, OuterRef
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring.engine import FANS, get_rule_set
from scoring.engine.table import MAX_HANDS, hand_winds, table_results, twelfths_display
from scoring.messages import fan_display_name
from tournaments import extensions
from tournaments.access import Capability, can, can_write_sheet, capabilities_for_page, teams_led_by
from tournaments.audit import AuditAction
from tournaments.core.selectors import tournament_referees
from tournaments.errors import NotFound
from tournaments.extensions import sheet_adjustments
from tournaments.models import (
    SHEET_REMARKS_MAX_LENGTH,
    AuditEvent,
    Hand,
    ScoreSheet,
    ScoringMode,
    SeatAssignment,
    Session,
    Tournament,
)
from tournaments.sheets import paper


def sheet_get_for_user(
    *, user, sheet_id: int, write: bool = False, capability: Capability = Capability.VIEW_ROSTER,
    signed_by_own_referee: bool = False,
):
    """A score sheet the user may see (tournament staff, or whoever has `capability` in its
    tournament), or write (its referee, the chief referee). `signed_by_own_referee`: also the
    sheet's own referee once it is signed, for a retried close, confirmation or signature."""
    sheet = ScoreSheet.objects.select_related("session__tournament", "table", "referee").filter(pk=sheet_id).first()
    if sheet is None:
        raise NotFound("No such sheet.")
    allowed = can_write_sheet(user, sheet) if write else can(user, sheet.session.tournament, capability)
    if not allowed and write and signed_by_own_referee and sheet.status == ScoreSheet.Status.LOCKED:
        allowed = sheet.referee_id == user.pk and can(user, sheet.session.tournament, Capability.RECORD_SCORES)
    if not allowed:
        raise NotFound("No such sheet.")
    return sheet


def sheet_readable(*, user, sheet: ScoreSheet, registrations) -> bool:
    """Whether `user` may read `sheet` as one of its players (`registrations`: those seated at it) or
    their team leader; the staff always may.

    A player reads their own table's sheet in every state, the open one included: its hands were
    recorded in front of them and they confirm them with their PIN (Appendix 5: the players sign
    the sheet), so reading them on the phone shows nothing they may not see. A team leader who does
    not play at that table reads it once it is closed (after the last hand or at time-up, 3.4.8,
    3.5.6): during play a running count read from the side would be advice to a player in play.
    The players' pages (tournaments.players) are built on this."""
    tournament = sheet.session.tournament
    if can(user, tournament, Capability.VIEW_ROSTER):
        return True
    if any(registration.player.user_id == user.pk for registration in registrations):
        return True
    if sheet.status == ScoreSheet.Status.OPEN:
        return False
    teams = teams_led_by(user, tournament)
    return any(registration.team_id in teams for registration in registrations if registration.team_id)


def sheet_get_for_player(*, user, sheet_id: int) -> ScoreSheet:
    """A sheet its players, their team leaders (once closed) or the staff may read; else 404."""
    sheet = ScoreSheet.objects.select_related("session__tournament", "table").filter(pk=sheet_id).first()
    if sheet is None or not user.is_authenticated:
        raise NotFound("No such sheet.")
    seated = [
        seat.registration
        for seat in sheet.session.seats.filter(table=sheet.table).select_related("registration__player")
    ]
    if not sheet_readable(user=user, sheet=sheet, registrations=seated):
        raise NotFound("No such sheet.")
    return sheet


def sheet_reread(*, sheet: ScoreSheet) -> ScoreSheet:
    """The sheet as it is now (after a write), with the session, tournament and table sheet_detail
    needs: refresh_from_db() would drop those and read them again, one query each, on every hand."""
    return ScoreSheet.objects.select_related("session__tournament", "table").get(pk=sheet.pk)


def sheet_detail(*, sheet) -> dict:
    """Everything a tablet shows of a sheet: players, hands, running totals, the next hand's winds."""

    seats = {
        seat.seat: seat.registration
        for seat in sheet.session.seats.filter(table=sheet.table).select_related("registration__player")
    }
    hands = list(sheet.hands.order_by("number"))  # not Meta.ordering's "sheet": that joins the sheet's tables
    totals = [0, 0, 0, 0]
    hand_rows = []
    for hand in hands:
        totals = [total + delta for total, delta in zip(totals, hand.deltas)]
        hand_rows.append({"hand": hand, "running": list(totals)})
    next_number = len(hands) + 1
    adjustments = sheet_adjustments([sheet.pk])[sheet.pk]
    results = table_results(
        totals,
        adjustments,
        deductions_count_for_ranking=sheet.session.tournament.deductions_count_for_ranking,
    )
    confirmed = set(
        sheet.signatures.filter(kind="player", sheet_version=sheet.version)
        .order_by()
        .values_list("registration_id", flat=True)
    )
    return {
        "sheet": sheet,
        "players": [
            {
                "seat": seat,
                "registration": seats.get(seat),
                "confirmed": bool(seats.get(seat)) and seats[seat].pk in confirmed,
            }
            for seat in range(4)
        ],
        "hands": hand_rows,
        "totals": totals,
        "results": results,
        "next_hand": (
            hand_winds(next_number) if sheet.status == ScoreSheet.Status.OPEN and next_number <= MAX_HANDS else None
        ),
        "next_number": next_number,
        "confirmed_count": len(confirmed),
        # by seat: a forfeit (3.11.2.1: takes no part), the hand of a 停赛 and a substitute sitting in (3.11.4),
        # which the table shows
        "adjustments": adjustments,
        # 3.9.1.4 如有异议: the objections made at the table, which a ruling after signing names
        "objections": list(sheet.objections.order_by("recorded_at", "pk")),
    }


def wind_names() -> dict[str, str]:
    return {"E": _("East"), "S": _("South"), "W": _("West"), "N": _("North")}


def hand_rows(detail: dict, language: str) -> list[dict]:
    """The hands of `sheet_detail` as the sheet pages list them (the referee's tablet, the player's
    phone): each with its fans named in `language`, and each seat's result and running total."""
    rows = []
    for row in detail["hands"]:
        hand = row["hand"]
        fans = [
            {"number": fan["number"], "name": fan_display_name(FANS[fan["number"] - 1], language),
             "points": FANS[fan["number"] - 1].points, "count": fan["count"]}
            for fan in hand.fans
        ]
        rows.append({
            "hand": hand, "running": row["running"], "fans": fans, "draw": hand.result == Hand.Result.DRAW,
            # Appendix 5: each seat's 得失分 with its 累计 (running total) after this hand.
            "cells": [{"delta": delta, "running": total} for delta, total in zip(hand.deltas, row["running"])],
        })
    return rows


def corrected_hands(*, sheet: ScoreSheet, hands: list) -> set[int]:
    """The numbers of the hands corrected after they were recorded (by the chief referee, or an upheld
    appeal's remedy): the audit keeps each correction (hand.corrected, object the hand); a signed
    sheet's changes are also its amendments. One query each."""
    by_pk = {str(hand.pk): hand.number for hand in hands}
    numbers = {
        by_pk[object_id]
        for object_id in AuditEvent.objects.filter(
            action=AuditAction.HAND_CORRECTED, object_type="tournaments.hand", object_id__in=list(by_pk)
        ).values_list("object_id", flat=True)
    }
    return numbers | set(sheet.amendments.values_list("hand_number", flat=True))


def correction_initial(*, sheet: ScoreSheet, number) -> tuple[dict, str]:
    """The correction form's starting values for hand `number` as recorded (so the chief referee changes
    what is wrong, not retypes the hand), and its tiles for the picker; empty when there is no such hand."""
    try:
        hand = sheet.hands.filter(number=int(number)).first()
    except (TypeError, ValueError):
        hand = None
    if hand is None:
        return {}, ""
    initial = {"number": hand.number, "result": hand.result}
    if hand.result == Hand.Result.WIN:
        initial.update(
            winner=hand.winner, discarder=hand.discarder, flowers=hand.flowers,
            last_of_kind=hand.last_of_kind, last_wall_tile=hand.last_wall_tile,
            kong_replacement=hand.kong_replacement, robbing_kong=hand.robbing_kong,
            declared_fans=", ".join(str(n) for n in hand.declared_fans),
        )
    return initial, hand.tiles


def sheet_page(*, user, sheet: ScoreSheet) -> dict:
    """The sheet page (the tablet, Appendix 5) for `user`, in the page's language: `sheet_detail`
    shaped for people (winds by name, fans by name, table points as written), the sheet's state as
    booleans, and what this user may do on it."""
    language = get_language() or "en"
    detail = sheet_detail(sheet=sheet)
    tournament = sheet.session.tournament
    rules = get_rule_set(tournament.rule_set)
    can_page = capabilities_for_page(user, tournament)
    winds = wind_names()
    next_hand = detail["next_hand"]
    seats = []
    for player, total, result in zip(detail["players"], detail["totals"], detail["results"]):
        seat = player["seat"]
        seats.append({
            **player,
            "starting_wind": winds["ESWN"[seat]],
            "total": total,
            "wind_now": winds[next_hand.seat_winds[seat]] if next_hand else "",
            "is_dealer": bool(next_hand) and next_hand.dealer == seat,
            # Appendix 4 / Appendix 5's 每圈座位: the seat in rounds 1-4, e.g. E.S.N.W for East.
            "rounds": paper.round_seats_label(seat),
            "result": result,
            "table_points": twelfths_display(result.table_points),
            "adjustment": detail["adjustments"][seat],
        })
    rows = hand_rows(detail, language)
    marks = extensions.hand_marks(sheet.pk)  # e.g. the fouls of each hand (penalties)
    corrected = corrected_hands(sheet=sheet, hands=[row["hand"] for row in rows])
    for row in rows:
        row["marks"] = marks.get(row["hand"].number, [])
        row["corrected"] = row["hand"].number in corrected
    locked = sheet.status == ScoreSheet.Status.LOCKED
    moment = sheet.session.started_at or sheet.session.scheduled_start
    started = sheet.session.started_at
    return {
        "sheet": sheet,
        "tournament": tournament,
        "detail": detail,
        "players": detail["players"],
        "seats": seats,
        "prevalent_wind": winds[next_hand.prevalent] if next_hand else "",
        # Every hand's winds, for the tablet to label the hand being entered while others are queued.
        "hand_winds": [
            {"prevalent": winds[hand.prevalent], "seat_winds": [winds[w] for w in hand.seat_winds],
             "dealer": hand.dealer}
            for hand in map(hand_winds, range(1, MAX_HANDS + 1))
        ],
        "hand_rows": rows,
        "sheet_open": sheet.status == ScoreSheet.Status.OPEN,
        "sheet_closed": sheet.status == ScoreSheet.Status.CLOSED,
        "sheet_locked": locked,
        # 3.4.8: after the last hand the sheet closes for signing; before it, only at time-up (3.5.6).
        "sheet_full": len(rows) >= MAX_HANDS,
        # 3.5.6: the session's time; the tablet states the time left before the sheet is closed early.
        "session_ends_at": started + dt.timedelta(minutes=tournament.session_minutes) if started else None,
        # Appendix 5's header: 第 局 / 第 桌 / 日期.
        "session_date": timezone.localtime(moment).date() if moment else None,
        "writable": can_write_sheet(user, sheet),
        "remarks_max_length": SHEET_REMARKS_MAX_LENGTH,
        "printable": paper.can_print(user, tournament, sheet, granted=can_page.granted),
        "can": can_page,
        # The chief referee corrects recorded hands (also on a signed sheet) and hands tables over.
        "correctable": can_page.supervise_scores and bool(rows),
        "referees": tournament_referees(tournament=tournament) if can_page.supervise_scores and not locked else None,
        # Fan 81 (flowers) is entered as a count; fans a hand can hold twice get a box per time. Only the
        # rule set's fans are offered (the elementary rules: 30, scoring/READINGS.md E1).
        "declared_fans": [
            {"number": fan.number, "points": fan.points, "name": fan_display_name(fan, language),
             "times": range(rules.max_repeats.get(fan.number, 1)),
             # the search box matches a fan by its number or its name in any of the three languages (issue 29)
             "search": f"{fan.number} {fan.name_en} {fan.name_zh} {fan.name_ja}".lower()}
            for fan in FANS
            if fan.number != 81 and fan.number in rules.fans
        ],
        "rule_set": tournament.rule_set,
        "minimum": rules.minimum,
        "links": extensions.visible_links("sheet", user, sheet, can_page.granted),
        # docs/scoring-modes.md: with declared scoring the referee ticks the declared fans with the tiles.
        "declared_scoring": tournament.scoring_mode == ScoringMode.DECLARED,
        "api_preview": reverse("api-sheet-hand-preview", args=[sheet.pk]),
        # 3.9.1.4, 3.11.6.11(7): the changes made to the sheet after it was signed, with their basis.
        "amendments": list(sheet.amendments.select_related("changed_by")) if locked else [],
    }


def false_win_url(*, sheet: ScoreSheet, hand_number: int, winner: int | None, tiles: str = "",
                  self_drawn: bool = False, declared=()) -> str | None:
    """Where the referee records a false win (3.11.6.6) of `winner` (a starting seat) in this hand:
    the page another app registered (tournaments.extensions.false_win_page), with the foul, the
    offender, the hand, the tiles shown and the fans declared filled in (the declaration is what makes
    it a 错和 on tiles worth more, 3.9.1.4); None when no app records penalties."""
    url_name = extensions.false_win_page()
    if url_name is None:
        return None
    query = {"foul": "false_win", "hand_number": hand_number}
    seat = sheet.session.seats.filter(table=sheet.table, seat=winner).first() if winner is not None else None
    if seat is not None:
        query["offender"] = seat.registration_id
    if tiles:
        query["tiles"] = tiles
    if self_drawn:
        query["self_drawn"] = "1"
    if declared:
        query["declared"] = ",".join(str(number) for number in declared)
    return f"{reverse(url_name, args=[sheet.pk])}?{urlencode(query)}"


def sheets_for_user(*, user, tournament: Tournament) -> dict:
    """The sheets `user` writes in `tournament` (their own tables; every table for the chief
    referee): those of the running session, and those of earlier sessions still waiting for
    signatures after time-up."""
    session = tournament.sessions.filter(status=Session.Status.RUNNING).first()
    queryset = ScoreSheet.objects.filter(session__tournament=tournament).select_related("session", "table")
    if not can(user, tournament, Capability.SUPERVISE_SCORES):
        queryset = queryset.filter(referee=user)
    running = list(queryset.filter(session=session).order_by("table__number")) if session else []
    waiting = queryset.filter(status=ScoreSheet.Status.CLOSED).exclude(session=session)
    return {
        "session": session,
        "sheets": running,
        "waiting": list(waiting.order_by("session__number", "table__number")),
        "max_hands": MAX_HANDS,
    }


def sheets_of_referee(*, user) -> list[ScoreSheet]:
    """The sheets a referee holds (their tables), in sessions running or planned first, newest first."""
    if not user.is_authenticated:
        return []
    return list(ScoreSheet.objects.filter(referee=user).select_related("session__tournament", "table")
                .order_by("-session__tournament__starts_on", "-session__number", "table__number")[:200])


def sheets_of_player(*, user) -> list[ScoreSheet]:
    """The sheets of the tables the signed-in player sat at (the same rights as their pages: sheet_readable)."""
    if not user.is_authenticated:
        return []
    seated = SeatAssignment.objects.filter(registration__player__user=user, session=OuterRef("session"),
                                           table=OuterRef("table"))
    return list(ScoreSheet.objects.filter(Exists(seated)).select_related("session__tournament", "table")
                .order_by("-session__tournament__starts_on", "session__number")[:500])
