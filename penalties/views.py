"""The referee records fouls at the table; the Record of Fouls (Appendix 6); cancellation."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from penalties import selectors as penalty_selectors
from penalties import services
from penalties.catalogue import FOULS, foul_fields
from penalties.forms import (
    ArrangementForm,
    CancelForm,
    FalseWinForm,
    PenaltyForm,
    PenaltyPolicyForm,
    RankCancelForm,
)
from tournaments.access import Capability, can, capabilities_for_page
from tournaments.core import selectors as core_selectors
from tournaments.errors import NotFound, whole_number
from tournaments.pages import page_action
from tournaments.sessions import selectors as session_selectors
from tournaments.sheets import selectors as sheet_selectors


def _registration(players, registration_id):
    return next((r for r in players if r.pk == registration_id), None)


def _sheet_fouls_page(request, sheet, players, *, form=None, false_win=None, late=None):
    """The tablet's foul page; a refused form is shown again with its errors, the other one empty.

    `late`: a player whose lateness from check-in (3.5.7.1, 3.11.2.1) prefills the form."""
    initial = {"hand_number": penalty_selectors.current_hand_number(sheet=sheet)}
    if request.method == "GET":
        # Offered from the tablet (tournaments.extensions.false_win_page): a declaration under 8 on
        # tiles worth 8 is a false win, 3.11.6.6; the foul, offender and hand come filled in.
        initial.update({key: request.GET[key] for key in ("foul", "offender", "hand_number") if request.GET.get(key)})
        # ... and, for the false win form, the tiles shown and the fans declared (3.9.1.4): with them the
        # engine tells the 错和 (a declaration under the minimum on tiles worth more) at once.
        initial.update({key: request.GET[key] for key in ("declared",) if request.GET.get(key)})
        if request.GET.get("self_drawn"):
            initial["self_drawn"] = True
    check_ins = session_selectors.session_check_ins(session=sheet.session, table_number=sheet.table.number)
    check_ins = check_ins[0]["players"] if check_ins else []
    late_row = next((row for row in check_ins if late and row["registration"].pk == late and row["late_seconds"]), None)
    if late_row is not None:  # only a check-in after the start: at or before it is not late
        initial.update(
            foul="late", offender=late_row["registration"].pk,
            late_minutes=late_row["late"]["minutes"], late_seconds=late_row["late"]["seconds"],
        )
    context = {
        "check_ins": check_ins,
        "sheet": sheet,
        "tournament": sheet.session.tournament,
        "penalties": penalty_selectors.sheet_penalties(sheet=sheet),
        "form": form or PenaltyForm(players=players, initial=initial),
        "false_win_form": false_win or FalseWinForm(players=players, initial=initial),
        "false_win_tiles": false_win.data.get("tiles", "") if false_win else request.GET.get("tiles", ""),
        # the fields each foul needs: the form shows only the chosen foul's (static/js/foul-form.js)
        "foul_fields": {foul.code: foul_fields(foul) for foul in FOULS},
        "can": capabilities_for_page(request.user, sheet.session.tournament),
        # Shown again after a refused POST: switching the language goes back to the page.
        "language_next": reverse("penalties:sheet_fouls", args=[sheet.pk]),
    }
    return render(request, "penalties/sheet_fouls.html", context)


@login_required
@require_safe
def sheet_fouls(request, sheet_id: int):
    """The tablet's foul page for one table: the penalties so far, and the forms to add one."""
    sheet = sheet_selectors.sheet_get_for_user(user=request.user, sheet_id=sheet_id, write=True)
    late = request.GET.get("late", "")
    return _sheet_fouls_page(
        request, sheet, penalty_selectors.sheet_players(sheet=sheet), late=whole_number(late, max_digits=9)
    )


@login_required
@require_POST
def foul_record(request, sheet_id: int):
    """The referee records a foul from the catalogue (3.11)."""
    sheet = sheet_selectors.sheet_get_for_user(user=request.user, sheet_id=sheet_id, write=True)
    players = penalty_selectors.sheet_players(sheet=sheet)
    form = PenaltyForm(request.POST, players=players)
    if form.is_valid():
        data = form.cleaned_data
        with page_action(request, form=form, success=_("Penalty recorded.")) as action:
            services.penalty_record(
                actor=request.user, sheet=sheet, foul=data["foul"],
                offender=_registration(players, data["offender"]), hand_number=data["hand_number"],
                points=data["points"], victim=_registration(players, data["victim"]), late_seconds=data["lateness"],
                note=data["note"], notice=data["notice"], illegal_gain=data["illegal_gain_answer"],
            )
        if action.done:
            return redirect("penalties:sheet_fouls", sheet.pk)
    return _sheet_fouls_page(request, sheet, players, form=form)


@login_required
@require_POST
def false_win_record(request, sheet_id: int):
    """The referee records a false win (3.11.6.6): the engine tells 错和 from 诈和."""
    sheet = sheet_selectors.sheet_get_for_user(user=request.user, sheet_id=sheet_id, write=True)
    players = penalty_selectors.sheet_players(sheet=sheet)
    form = FalseWinForm(request.POST, players=players)
    if form.is_valid():
        with page_action(request, form=form) as action:
            penalty = services.false_win_record(
                actor=request.user, sheet=sheet, hand_number=form.cleaned_data["hand_number"],
                offender=_registration(players, form.cleaned_data["offender"]),
                tiles=request.POST.get("tiles", ""), self_drawn=form.cleaned_data["self_drawn"],
                declared_fans=form.cleaned_data["declared"],
            )
        if action.done:
            messages.success(request, _("False win recorded: %(foul)s, %(points)d to each other player.") % {
                "foul": penalty_selectors.foul_description(penalty.foul), "points": penalty.points})
            return redirect("penalties:sheet_fouls", sheet.pk)
    return _sheet_fouls_page(request, sheet, players, false_win=form)


@login_required
def record_of_fouls(request, tournament_id: int, session_number: int):
    session = session_selectors.session_get_by_number_for_user(
        user=request.user, tournament_id=tournament_id, number=session_number, capability=Capability.VIEW_ROSTER
    )
    tournament = session.tournament
    context = {
        "tournament": tournament,
        "session": session,
        "tables": penalty_selectors.record_of_fouls(session=session),
        "can": capabilities_for_page(request.user, tournament),
        "arrangement_form": ArrangementForm(candidates=penalty_selectors.arrangement_candidates(tournament=tournament)),
    }
    return render(request, "penalties/record_of_fouls.html", context)


@login_required
@require_POST
def penalty_cancel(request, penalty_id: int):
    penalty = penalty_selectors.penalty_get_for_user(
        user=request.user, penalty_id=penalty_id, capability=Capability.SUPERVISE_SCORES
    )
    form = CancelForm(request.POST)
    if form.is_valid():
        with page_action(request, success=_("Penalty cancelled; the results are recomputed.")):
            services.penalty_cancel(actor=request.user, penalty=penalty, reason=form.cleaned_data["reason"])
    else:
        messages.error(request, _("Say why the penalty is cancelled."))
    session = penalty.sheet.session
    return redirect("penalties:record", session.tournament_id, session.number)


@login_required
def penalty_settings(request, tournament_id: int):
    tournament = core_selectors.tournament_get_for_user(
        user=request.user, tournament_id=tournament_id, capability=Capability.MANAGE
    )
    policy = penalty_selectors.policy_for(tournament)
    form = PenaltyPolicyForm(request.POST or None, initial={
        "escalation": policy.escalation, "disqualification_at_table": policy.disqualification_at_table})
    if request.method == "POST" and form.is_valid():
        with page_action(request, form=form, success=_("Settings saved.")) as action:
            services.penalty_policy_update(actor=request.user, tournament=tournament, **form.cleaned_data)
        if action.done:
            return redirect("penalties:settings", tournament.pk)
    return render(request, "penalties/settings.html", {"tournament": tournament, "form": form})


@login_required
@require_POST
def disqualification_arrangement(request, penalty_id: int):
    penalty = penalty_selectors.penalty_get_for_user(
        user=request.user, penalty_id=penalty_id, capability=Capability.MANAGE
    )
    tournament = penalty.sheet.session.tournament
    candidates = penalty_selectors.arrangement_candidates(tournament=tournament)
    form = ArrangementForm(request.POST, candidates=candidates)
    with page_action(request, success=_("The substitute takes the seats of the later sessions.")):
        if not form.is_valid():
            raise ValidationError(_("Choose the substitute."))
        substitute = _registration(candidates, form.cleaned_data["substitute"])
        services.disqualification_arrange(actor=request.user, penalty=penalty, substitute=substitute)
    return redirect("penalties:record", tournament.pk, penalty.sheet.session.number)


def notices(request, tournament_id: int):
    """通报 (3.11, 3.11.4, 3.11.6.10): the tournament's public notices; public where the standings are."""
    tournament = core_selectors.tournament_get_for_user(user=request.user, tournament_id=tournament_id)
    context = {
        "tournament": tournament,
        "notices": penalty_selectors.notices_public(tournament=tournament),
        "can": capabilities_for_page(request.user, tournament),
    }
    return render(request, "penalties/notices.html", context)


def _rank_officials_tournament(request, tournament_id: int):
    """The chief referee or an organizer (3.11.5 is a sanction the officials give)."""
    try:
        return core_selectors.tournament_get_for_user(
            user=request.user, tournament_id=tournament_id, capability=Capability.SUPERVISE_SCORES
        )
    except NotFound:
        return core_selectors.tournament_get_for_user(
            user=request.user, tournament_id=tournament_id, capability=Capability.MANAGE
        )


@login_required
def rank_cancellations(request, tournament_id: int):
    """3.11.5 取消录取名次: cancel a player's rank (during or after the event), or withdraw one."""
    tournament = _rank_officials_tournament(request, tournament_id)
    players = list(core_selectors.registration_list(tournament=tournament))
    # From the Record of Fouls: a cheating 停赛 with an illegal gain reported (3.11.6.1, 3.11.5), filled in.
    initial = {}
    if request.method == "GET" and request.GET.get("registration", "").isdigit():
        initial = {"registration": int(request.GET["registration"]),
                   "reason": _("Cheating (3.11.6.1) with an illegal gain")}
    form = RankCancelForm(request.POST or None, players=players, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        with page_action(request, form=form, success=_("Rank cancelled; the standings are recomputed.")) as action:
            services.rank_cancel(
                actor=request.user, tournament=tournament, registration=_registration(players, data["registration"]),
                reason=data["reason"], article=data["article"], notice=data["notice"],
            )
        if action.done:
            return redirect("penalties:rank_cancellations", tournament.pk)
    can_manage = can(request.user, tournament, Capability.MANAGE)
    context = {
        "tournament": tournament,
        "form": form,
        "cancellations": penalty_selectors.rank_cancellations(tournament=tournament),
        # READINGS.md P4: the organizer seats a substitute in the player's later sessions, as after a 停赛
        "substitutes": penalty_selectors.arrangement_candidates(tournament=tournament) if can_manage else None,
    }
    return render(request, "penalties/rank_cancellations.html", context)


@login_required
@require_POST
def rank_cancellation_substitute(request, cancellation_id: int):
    """3.11.5 and 3.5.2: a substitute takes the later seats of a player whose rank is cancelled (the organizer)."""
    cancellation = penalty_selectors.rank_cancellation_get_for_user(user=request.user, cancellation_id=cancellation_id)
    tournament = core_selectors.tournament_get_for_user(
        user=request.user, tournament_id=cancellation.tournament_id, capability=Capability.MANAGE)
    candidates = penalty_selectors.arrangement_candidates(tournament=tournament)
    form = ArrangementForm(request.POST, candidates=candidates)
    with page_action(request, success=_("The substitute takes the seats of the later sessions.")):
        if not form.is_valid():
            raise ValidationError(_("Choose the substitute."))
        services.rank_cancellation_substitute(actor=request.user, cancellation=cancellation,
                                              substitute=_registration(candidates, form.cleaned_data["substitute"]))
    return redirect("penalties:rank_cancellations", tournament.pk)


@login_required
@require_POST
def rank_cancellation_withdraw(request, cancellation_id: int):
    cancellation = penalty_selectors.rank_cancellation_get_for_user(user=request.user, cancellation_id=cancellation_id)
    form = CancelForm(request.POST)
    with page_action(request, success=_("Cancellation withdrawn; the standings are recomputed.")):
        if not form.is_valid():
            raise ValidationError(_("Say why the cancellation is withdrawn."))
        services.rank_cancellation_withdraw(
            actor=request.user, cancellation=cancellation, reason=form.cleaned_data["reason"]
        )
    return redirect("penalties:rank_cancellations", cancellation.tournament_id)
