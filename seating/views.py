"""Seating pages: the organizer's chart page, print-ready output and the players' phone page."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from prints.views import document_response
from seating import printing, selectors, services
from seating.forms import ChartForm, StandingsForm, SwapForm
from tournaments.access import Capability, capabilities_for_page
from tournaments.core import selectors as core_selectors
from tournaments.pages import page_action
from tournaments.sessions import selectors as session_selectors


@login_required
def seating_manage(request, tournament_id: int):
    """The chart: generate or regenerate it, see its metrics, swap players, seat by standings."""
    tournament = core_selectors.tournament_get_for_user(
        user=request.user, tournament_id=tournament_id, capability=Capability.MANAGE
    )
    overview = selectors.chart_overview(tournament=tournament)
    settings = overview["settings"]
    for s in overview["sessions"]:
        # Ids of their own in every session's forms: a label ticks its own session's box, not another's.
        s["swap_form"] = SwapForm(auto_id=f"id_s{s['number']}_swap_%s")
        s["standings_form"] = StandingsForm(
            auto_id=f"id_s{s['number']}_standings_%s", initial={"avoid_country": settings["avoid_country"]}
        )
    context = {
        "tournament": tournament,
        "overview": overview,
        "chart_form": ChartForm(
            auto_id="id_chart_%s", initial={"seed": settings["seed"], "avoid_country": settings["avoid_country"]}
        ),
        "any_started": any(s["locked"] for s in overview["sessions"]),
        "kinds": printing.KINDS,
    }
    return render(request, "seating/manage.html", context)


@login_required
@require_POST
def chart_generate(request, tournament_id: int):
    tournament = core_selectors.tournament_get_for_user(
        user=request.user, tournament_id=tournament_id, capability=Capability.MANAGE
    )
    form = ChartForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            for message in errors:
                messages.error(request, message)
        return redirect("seating:manage", tournament.pk)
    with page_action(request) as action:
        metrics = services.chart_generate(
            actor=request.user,
            tournament=tournament,
            seed=form.cleaned_data["seed"],
            avoid_country=form.cleaned_data["avoid_country"],
            keep_drawn=form.cleaned_data["keep_drawn"],
        )
    if action.done:
        messages.success(request, _("Chart drawn: %(repeats)d repeated pairs, %(teams)d seatings of teammates.")
                         % {"repeats": metrics["repeated_pairs"], "teams": metrics["same_key_pairs"]})
    return redirect("seating:manage", tournament.pk)


@login_required
@require_POST
def seats_swap(request, tournament_id: int, session_number: int):
    session = session_selectors.session_get_by_number_for_user(
        user=request.user, tournament_id=tournament_id, number=session_number, capability=Capability.MANAGE
    )
    tournament = session.tournament
    form = SwapForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give two entry numbers."))
        return redirect("seating:manage", tournament.pk)
    swapped = _("Session %(n)s: entries %(a)s and %(b)s swapped.") % {
        "n": session.number, "a": form.cleaned_data["first"], "b": form.cleaned_data["second"]}
    with page_action(request, success=swapped) as action:
        warnings = services.seats_swap(
            actor=request.user, session=session,
            first_entry=form.cleaned_data["first"], second_entry=form.cleaned_data["second"],
        )
    if action.done:
        for warning in warnings:
            messages.warning(request, warning)
    return redirect("seating:manage", tournament.pk)


@login_required
@require_POST
def seat_by_standings(request, tournament_id: int, session_number: int):
    session = session_selectors.session_get_by_number_for_user(
        user=request.user, tournament_id=tournament_id, number=session_number, capability=Capability.MANAGE
    )
    tournament = session.tournament
    form = StandingsForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose a method and a seed."))
        return redirect("seating:manage", tournament.pk)
    seated = _("Session %(n)s seated from the standings.") % {"n": session.number}
    with page_action(request, success=seated) as action:
        warnings = services.session_seat_by_standings(
            actor=request.user, session=session, method=form.cleaned_data["method"],
            seed=form.cleaned_data["seed"], avoid_country=form.cleaned_data["avoid_country"],
        )
    if action.done:
        for warning in warnings:
            messages.warning(request, warning)
    return redirect("seating:manage", tournament.pk)


def _print_context(request, tournament_id, kind):
    if kind not in printing.KINDS:
        raise Http404("No such print.")
    tournament = core_selectors.tournament_get_for_user(
        user=request.user, tournament_id=tournament_id, capability=Capability.VIEW_ROSTER
    )
    context = printing.print_context(tournament=tournament, kind=kind, absolute_url=request.build_absolute_uri)
    # Confirmation PINs are the players' signatures on the score sheets: printed for the organizers
    # who hand the schedules out, never for the referees who take the confirmations.
    context["show_pins"] = capabilities_for_page(request.user, tournament).manage
    return context


@login_required
def print_page(request, tournament_id: int, kind: str):
    """The chart (Appendix 3), table cards or players' schedules, ready for the browser's Print."""
    context = _print_context(request, tournament_id, kind)
    return render(request, "seating/print.html", context)


@login_required
def print_pdf(request, tournament_id: int, kind: str):
    """The same prints as a PDF, made by the worker (prints): the file if made, else its progress."""
    tournament = core_selectors.tournament_get_for_user(
        user=request.user, tournament_id=tournament_id, capability=Capability.VIEW_ROSTER
    )
    options = printing.print_options(user=request.user, tournament=tournament, kind=kind,
                                     base_url=request.build_absolute_uri("/"))
    return document_response(request, tournament=tournament, kind=printing.SEATING_PRINT.name, options=options)


def player_seats(request, tournament_id: int, entry: int):
    """The player's phone page: table and seat now, every session, seats round by round."""
    tournament = core_selectors.tournament_get_for_user(user=request.user, tournament_id=tournament_id)
    registration = selectors.registration_by_entry(tournament=tournament, entry=entry)
    schedule = selectors.player_schedule(tournament=tournament, registration=registration)
    context = {
        "tournament": tournament,
        "schedule": schedule,
        "registration": registration,
        "is_self": request.user.is_authenticated and registration.player.user_id == request.user.pk,
    }
    return render(request, "seating/player_seats.html", context)


@login_required
def my_seats(request, tournament_id: int):
    """A logged-in player's own seats page."""
    tournament = core_selectors.tournament_get_for_user(user=request.user, tournament_id=tournament_id)
    registration = selectors.registration_of_user_get(user=request.user, tournament=tournament)
    return redirect("seating:player_seats", tournament.pk, registration.entry_number)
