"""The referee's tablet: one score sheet (Appendix 5), and the referee's tables this session."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring.engine import FANS
from scoring.engine.fans import MAX_REPEATS
from scoring.engine.table import MAX_HANDS, hand_winds, twelfths_display
from scoring.messages import fan_display_name
from tournaments import extensions
from tournaments.access import Capability, can, can_write_sheet
from tournaments.core import selectors as core_selectors
from tournaments.errors import Conflict, add_service_errors
from tournaments.models import ScoreSheet, Session
from tournaments.sheets import selectors as sheet_selectors
from tournaments.sheets import services as sheet_services
from tournaments.sheets.forms import HandCorrectionForm


def wind_names() -> dict[str, str]:
    return {"E": _("East"), "S": _("South"), "W": _("West"), "N": _("North")}


def _hand_rows(detail: dict, language: str) -> list[dict]:
    rows = []
    for row in detail["hands"]:
        hand = row["hand"]
        fans = [
            {"name": fan_display_name(FANS[fan["number"] - 1], language), "points": FANS[fan["number"] - 1].points,
             "count": fan["count"]}
            for fan in hand.fans
        ]
        rows.append({"hand": hand, "running": row["running"], "fans": fans})
    return rows


def sheet_context(request, sheet: ScoreSheet) -> dict:
    language = get_language() or "en"
    detail = sheet_selectors.sheet_detail(sheet=sheet)
    writable = can_write_sheet(request.user, sheet)
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
            "result": result,
            "table_points": twelfths_display(result.table_points),
        })
    return {
        "sheet": sheet,
        "tournament": sheet.session.tournament,
        "detail": detail,
        "players": detail["players"],
        "seats": seats,
        "prevalent_wind": winds[next_hand.prevalent] if next_hand else "",
        # Every hand's winds, for the tablet to label the hand being entered while others are queued.
        "hand_winds": [
            {"prevalent": winds[hand.prevalent], "seat_winds": [winds[w] for w in hand.seat_winds], "dealer": hand.dealer}
            for hand in map(hand_winds, range(1, MAX_HANDS + 1))
        ],
        "hand_rows": _hand_rows(detail, language),
        "writable": writable,
        "supervisor": can(request.user, sheet.session.tournament, Capability.SUPERVISE_SCORES),
        # Fan 81 (flowers) is entered as a count; fans a hand can hold twice get a box per time.
        "declared_fans": [
            {"number": fan.number, "points": fan.points, "name": fan_display_name(fan, language),
             "times": range(MAX_REPEATS.get(fan.number, 1))}
            for fan in FANS
            if fan.number != 81
        ],
        "links": extensions.visible_links("sheet", request.user, sheet),
        "api_url": reverse("api-sheet-hands", args=[sheet.pk]),
        "api_base": reverse("api-sheet", args=[sheet.pk]),
    }


@login_required
def sheet_page(request, sheet_id: int):
    sheet = sheet_selectors.sheet_get_for_user(user=request.user, sheet_id=sheet_id)
    context = sheet_context(request, sheet)
    if request.htmx:
        return render(request, "tournaments/sheets/_sheet_state.html", context)
    if context["supervisor"] and context["hand_rows"]:
        context["correction_form"] = HandCorrectionForm(seats=context["seats"], initial={"version": sheet.version})
    if context["supervisor"] and sheet.status != sheet.Status.LOCKED:
        context["referees"] = core_selectors.tournament_referees(tournament=sheet.session.tournament)
    return render(request, "tournaments/sheets/sheet.html", context)


@login_required
@require_POST
def sheet_referee(request, sheet_id: int):
    """The chief referee hands a table to another referee (a referee leaves, tables are regrouped)."""
    sheet = sheet_selectors.sheet_get_for_user(user=request.user, sheet_id=sheet_id)
    tournament = sheet.session.tournament
    if not can(request.user, tournament, Capability.SUPERVISE_SCORES):
        raise Http404("No such sheet.")
    referee = core_selectors.tournament_referees(tournament=tournament).filter(pk=request.POST.get("referee") or 0).first()
    try:
        if referee is None:
            raise ValidationError(_("Choose a referee of this tournament."))
        sheet_services.sheet_assign_referee(actor=request.user, sheet=sheet, referee=referee)
        messages.success(request, _("Table %(n)s is now refereed by %(user)s.") % {"n": sheet.table.number, "user": referee})
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    return redirect("tournaments:sheet", sheet.pk)


@login_required
@require_POST
def sheet_correct(request, sheet_id: int):
    """The chief referee corrects a hand, also on a signed sheet (Appendix 5: only they or an appeal may)."""
    sheet = sheet_selectors.sheet_get_for_user(user=request.user, sheet_id=sheet_id)
    if not can(request.user, sheet.session.tournament, Capability.SUPERVISE_SCORES):
        raise Http404("No such sheet.")
    context = sheet_context(request, sheet)
    form = HandCorrectionForm(request.POST, seats=context["seats"])
    if form.is_valid():
        data = form.cleaned_data
        try:
            sheet_services.hand_correct(
                actor=request.user, sheet=sheet, number=data["number"], expected_version=data["version"],
                reason=data["reason"], entry=form.hand_entry(request.POST.get("tiles", "")),
            )
        except Conflict as conflict:
            messages.error(request, conflict.message)
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, _("Hand corrected; the results follow."))
            return redirect("tournaments:sheet", sheet.pk)
    context["correction_form"] = form
    # This URL takes POSTs only: switching the language goes back to the sheet.
    context["language_next"] = reverse("tournaments:sheet", args=[sheet.pk])
    return render(request, "tournaments/sheets/sheet.html", context, status=400 if form.errors else 200)


@login_required
def my_tables(request, tournament_id: int):
    """The sheets this user may write: their own tables (all, for the chief) in the running
    session, and those of earlier sessions still waiting for signatures after time-up."""
    tournament = core_selectors.tournament_get_for_user(
        user=request.user, tournament_id=tournament_id, capability=Capability.RECORD_SCORES
    )
    session = tournament.sessions.filter(status=Session.Status.RUNNING).first()
    queryset = ScoreSheet.objects.filter(session__tournament=tournament).select_related("session", "table")
    if not can(request.user, tournament, Capability.SUPERVISE_SCORES):
        queryset = queryset.filter(referee=request.user)
    running = queryset.filter(session=session).order_by("table__number") if session else []
    waiting = queryset.filter(status=ScoreSheet.Status.CLOSED).exclude(session=session)
    return render(request, "tournaments/sheets/my_tables.html", {
        "tournament": tournament,
        "session": session,
        "sheets": [{"sheet": sheet, "hands": sheet.hand_count} for sheet in running],
        "waiting": waiting.order_by("session__number", "table__number"),
    })
