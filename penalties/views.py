"""The referee records fouls at the table; the Record of Fouls (Appendix 6); cancellation."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from penalties import selectors as penalty_selectors
from penalties import services
from penalties.forms import ArrangementForm, CancelForm, FalseWinForm, ForfeitPointsForm, PenaltyForm, PenaltyPolicyForm
from penalties.models import Penalty
from tournaments.access import Capability, can
from tournaments.core import selectors as core_selectors
from tournaments.errors import add_service_errors
from tournaments.models import Registration, SeatAssignment
from tournaments.sheets import selectors as sheet_selectors


def _players(sheet) -> list[Registration]:
    seats = SeatAssignment.objects.filter(session=sheet.session, table=sheet.table).select_related("registration__player")
    return [seat.registration for seat in seats.order_by("seat")]


def _registration(players, registration_id):
    return next((r for r in players if r.pk == registration_id), None)


@login_required
def sheet_fouls(request, sheet_id: int):
    """The tablet's foul page for one table: the penalties so far, and the forms to add one."""
    sheet = sheet_selectors.sheet_get_for_user(user=request.user, sheet_id=sheet_id, write=True)
    players = _players(sheet)
    next_hand = min(sheet.hands.count() + 1, 16)
    form = PenaltyForm(request.POST if "record" in request.POST else None, players=players, initial={"hand_number": next_hand})
    false_win = FalseWinForm(request.POST if "false_win" in request.POST else None, players=players, initial={"hand_number": next_hand})
    if request.method == "POST":
        try:
            if "record" in request.POST and form.is_valid():
                data = form.cleaned_data
                late = None
                if data["late_minutes"] is not None or data["late_seconds"] is not None:
                    late = (data["late_minutes"] or 0) * 60 + (data["late_seconds"] or 0)
                services.penalty_record(
                    actor=request.user, sheet=sheet, foul=data["foul"],
                    offender=_registration(players, data["offender"]), hand_number=data["hand_number"],
                    points=data["points"], victim=_registration(players, data["victim"]), late_seconds=late,
                    note=data["note"],
                )
                messages.success(request, _("Penalty recorded."))
                return redirect("penalties:sheet_fouls", sheet.pk)
            if "false_win" in request.POST and false_win.is_valid():
                penalty = services.false_win_record(
                    actor=request.user, sheet=sheet, hand_number=false_win.cleaned_data["hand_number"],
                    offender=_registration(players, false_win.cleaned_data["offender"]),
                    tiles=request.POST.get("tiles", ""), self_drawn=false_win.cleaned_data["self_drawn"],
                )
                messages.success(request, _("False win recorded: %(foul)s, %(points)d to each other player.") % {
                    "foul": penalty_selectors.foul_description(penalty.foul), "points": penalty.points})
                return redirect("penalties:sheet_fouls", sheet.pk)
        except ValidationError as error:
            add_service_errors(form if "record" in request.POST else false_win, error)
    context = {
        "sheet": sheet,
        "tournament": sheet.session.tournament,
        "penalties": penalty_selectors.sheet_penalties(sheet=sheet),
        "form": form,
        "false_win_form": false_win,
        "can_cancel": can(request.user, sheet.session.tournament, Capability.SUPERVISE_SCORES),
    }
    return render(request, "penalties/sheet_fouls.html", context)


@login_required
def record_of_fouls(request, tournament_id: int, session_number: int):
    tournament = core_selectors.tournament_get_for_user(
        user=request.user, tournament_id=tournament_id, capability=Capability.VIEW_ROSTER
    )
    session = tournament.sessions.filter(number=session_number).first()
    if session is None:
        raise Http404("No such session.")
    context = {
        "tournament": tournament,
        "session": session,
        "tables": penalty_selectors.record_of_fouls(session=session),
        "can_cancel": can(request.user, tournament, Capability.SUPERVISE_SCORES),
        "can_decide": can(request.user, tournament, Capability.MANAGE),
        "forfeit_form": ForfeitPointsForm(),
        "arrangement_form": ArrangementForm(candidates=tournament.registrations.select_related("player")),
    }
    return render(request, "penalties/record_of_fouls.html", context)


@login_required
@require_POST
def penalty_cancel(request, penalty_id: int):
    penalty = Penalty.objects.select_related("sheet__session__tournament").filter(pk=penalty_id).first()
    if penalty is None or not can(request.user, penalty.sheet.session.tournament, Capability.SUPERVISE_SCORES):
        raise Http404("No such penalty.")
    form = CancelForm(request.POST)
    if form.is_valid():
        try:
            services.penalty_cancel(actor=request.user, penalty=penalty, reason=form.cleaned_data["reason"])
            messages.success(request, _("Penalty cancelled; the results are recomputed."))
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
    else:
        messages.error(request, _("Say why the penalty is cancelled."))
    session = penalty.sheet.session
    return redirect("penalties:record", session.tournament_id, session.number)


@login_required
def penalty_settings(request, tournament_id: int):
    tournament = core_selectors.tournament_get_for_user(user=request.user, tournament_id=tournament_id, capability=Capability.MANAGE)
    policy = services.policy_for(tournament)
    form = PenaltyPolicyForm(request.POST or None, initial={"escalation": policy.escalation})
    if request.method == "POST" and form.is_valid():
        services.penalty_policy_update(actor=request.user, tournament=tournament, escalation=form.cleaned_data["escalation"])
        messages.success(request, _("Settings saved."))
        return redirect("penalties:settings", tournament.pk)
    return render(request, "penalties/settings.html", {"tournament": tournament, "form": form})


def _organizer_penalty(request, penalty_id: int) -> Penalty:
    penalty = Penalty.objects.select_related("sheet__session__tournament").filter(pk=penalty_id).first()
    if penalty is None or not can(request.user, penalty.sheet.session.tournament, Capability.MANAGE):
        raise Http404("No such penalty.")
    return penalty


@login_required
@require_POST
def forfeit_points(request, penalty_id: int):
    penalty = _organizer_penalty(request, penalty_id)
    form = ForfeitPointsForm(request.POST)
    try:
        if not form.is_valid():
            raise ValidationError(_("Choose the table points."))
        services.forfeit_points_set(actor=request.user, penalty=penalty, table_points_twelfths=form.cleaned_data["table_points"])
        messages.success(request, _("Saved; the results are recomputed."))
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    session = penalty.sheet.session
    return redirect("penalties:record", session.tournament_id, session.number)


@login_required
@require_POST
def disqualification_arrangement(request, penalty_id: int):
    penalty = _organizer_penalty(request, penalty_id)
    tournament = penalty.sheet.session.tournament
    form = ArrangementForm(request.POST, candidates=tournament.registrations.select_related("player"))
    try:
        if not form.is_valid():
            raise ValidationError(_("Choose a substitute or play on."))
        substitute = tournament.registrations.filter(pk=form.cleaned_data["substitute"]).first()
        services.disqualification_arrange(
            actor=request.user, penalty=penalty, arrangement=form.cleaned_data["arrangement"], substitute=substitute
        )
        messages.success(request, _("Saved."))
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    return redirect("penalties:record", tournament.pk, penalty.sheet.session.number)
