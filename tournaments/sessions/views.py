"""The organizer's board: sessions started and ended, tables in play, time left (3.5.6); check-in (3.5.7.1)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from tournaments import extensions
from tournaments.access import Capability, can, capabilities_for_page
from tournaments.core import selectors as core_selectors
from tournaments.errors import add_service_messages, whole_number
from tournaments.pages import page_action
from tournaments.ratelimit import client_ip
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services
from tournaments.sessions.forms import PlayerCheckInForm, SessionScheduleForm
from tournaments.standings import selectors as standings_selectors

BOARD_POLL_SECONDS = 10


@login_required
def board(request, tournament_id: int):
    """Every table of the current session, for the organizer and the chief referee."""
    tournament = core_selectors.tournament_get_for_user(
        user=request.user, tournament_id=tournament_id, capability=Capability.RUN_SESSIONS
    )
    board = session_selectors.session_board(tournament=tournament)
    context = {
        "tournament": tournament,
        "board": board,
        "poll_seconds": BOARD_POLL_SECONDS,
        # Changes the standings have not absorbed yet (the outbox): shown when they are behind.
        "standings_lag": standings_selectors.standings_lag(tournament=tournament),
        # The apps' pages of the session shown (the Record of Fouls, …).
        "session_links": extensions.visible_links("session", request.user, board["session"])
        if board["session"]
        else [],
    }
    if request.htmx:  # the poll refreshes the tables only
        return render(request, "tournaments/sessions/_board.html", context)
    context["panels"] = extensions.board_panels(tournament, request.user)
    context["qualification"] = session_selectors.session_qualification(tournament=tournament)
    return render(request, "tournaments/sessions/board.html", context)


@login_required
@require_POST
def session_qualification(request, session_id: int):
    """3.5.4: who plays the session: everyone, the top N by the standings, or the organizer's list."""
    session = session_selectors.session_get_for_user(
        user=request.user, session_id=session_id, capability=Capability.RUN_SESSIONS
    )
    count = request.POST.get("count", "").strip()
    entries = request.POST.get("entries", "").replace(",", " ").split()
    with page_action(request) as action:
        if (count and whole_number(count, max_digits=9) is None) or any(
            whole_number(entry, max_digits=9) is None for entry in entries
        ):
            raise ValidationError(_("Give whole numbers: the number of qualifiers, or entry numbers."))
        numbers = session_services.session_qualification_set(
            actor=request.user,
            session=session,
            qualification=request.POST.get("qualification", ""),
            count=int(count) if count else None,
            entries=[int(entry) for entry in entries],
        )
    if action.done:
        if numbers:
            messages.success(
                request,
                _("Session %(n)s seats its %(count)d qualifiers only: seat them before starting it.")
                % {"n": session.number, "count": len(numbers)},
            )
        else:
            messages.success(request, _("Session %(n)s seats every player.") % {"n": session.number})
    return redirect("tournaments:board", session.tournament_id)


def _session_action(request, session_id: int, service, done_message: str):
    session = session_selectors.session_get_for_user(
        user=request.user, session_id=session_id, capability=Capability.RUN_SESSIONS
    )
    with page_action(request, success=done_message % {"n": session.number}):
        service(actor=request.user, session=session)
    return redirect("tournaments:board", session.tournament_id)


def _preflight_fix_url(fix: str, user, session) -> str | None:
    tournament = session.tournament
    if fix == "seats":
        links = extensions.visible_links("seats", user, tournament)
        return links[0][1] if links else None
    if fix == "fouls":
        links = extensions.visible_links("session", user, session)
        return links[0][1] if links else None
    if fix == "check_in":
        return reverse("tournaments:check_in_list", args=[tournament.pk, session.number])
    if fix == "referees":  # one screen for all the tables (the staff app's)
        links = extensions.visible_links("referees", user, session)
        return links[0][1] if links else None
    if fix == "publish":
        return reverse("tournaments:edit", args=[tournament.pk])
    return reverse("tournaments:board", args=[tournament.pk])


FIX_LABELS = {
    "seats": gettext_lazy("Draw the seating chart"),
    "fouls": gettext_lazy("Record of Fouls"),
    "check_in": gettext_lazy("Check-in list"),
    "referees": gettext_lazy("Referees at the tables"),  # the session's referees screen, not the Staff page
    "publish": gettext_lazy("Tournament settings"),
    "board": gettext_lazy("Board"),
}


@login_required
def session_preflight(request, session_id: int):
    """Before Start session: what is wrong, each with a link to fix it; the organizer confirms the start."""
    session = session_selectors.session_get_for_user(
        user=request.user, session_id=session_id, capability=Capability.RUN_SESSIONS
    )
    items = [
        {**item, "url": _preflight_fix_url(item["fix"], request.user, session), "label": FIX_LABELS[item["fix"]]}
        for item in session_selectors.session_preflight(session=session)
    ]
    refused = [item for item in items if item["level"] == session_selectors.REFUSE]
    context = {
        "tournament": session.tournament,
        "session": session,
        "refused": refused,
        "warnings": [item for item in items if item["level"] == session_selectors.WARN],
        "can_publish": session.tournament.status == session.tournament.Status.DRAFT
        and can(request.user, session.tournament, Capability.MANAGE),
    }
    return render(request, "tournaments/sessions/preflight.html", context)


@login_required
@require_POST
def session_start(request, session_id: int):
    """Start the session once its pre-flight is confirmed (the board's button leads to the pre-flight)."""
    session = session_selectors.session_get_for_user(
        user=request.user, session_id=session_id, capability=Capability.RUN_SESSIONS
    )
    if request.POST.get("confirmed") != "1":
        return redirect("tournaments:session_preflight", session.pk)
    response = _session_action(
        request, session_id, session_services.session_start, _("Session %(n)s has started.")
    )
    session = session_selectors.session_get_for_user(
        user=request.user, session_id=session_id, capability=Capability.RUN_SESSIONS
    )
    if session.status == session.Status.PLANNED:
        return redirect("tournaments:session_preflight", session.pk)  # refused: the list says why
    held = session_selectors.session_tables_held(session=session)
    if held:
        # 3.5.2, 3.11.4, 3.11.5: the organizer is told which tables wait for a substitute.
        messages.warning(request, _(
            "Tables %(tables)s are not started: a player seated there takes no further part (disqualified, 停赛, "
            "rule 3.11.4; rank cancelled, rule 3.11.5) or has withdrawn. Seat a substitute (the Record of Fouls, "
            "the rank cancellations page or the player's registration page); the table then starts."
        ) % {"tables": ", ".join(map(str, held))})
    return response


@login_required
@require_POST
def session_end(request, session_id: int):
    return _session_action(request, session_id, session_services.session_end, _("Session %(n)s has ended."))


def _check_in_page(request, tournament_id: int, session_number: int, table_number: int | None):
    session = session_selectors.session_get_by_number_for_user(
        user=request.user, tournament_id=tournament_id, number=session_number, capability=Capability.CHECK_IN
    )
    tables = session_selectors.session_check_ins(session=session, table_number=table_number)
    if table_number is not None and not tables:
        raise Http404("No such table in this session.")
    context = {
        "tournament": session.tournament,
        "session": session,
        "tables": tables,
        "table_number": table_number,
        "open": session.status != session.Status.FINISHED,
        "can": capabilities_for_page(request.user, session.tournament),
        "here": request.get_full_path(),
        "poll_seconds": BOARD_POLL_SECONDS,
        "schedule_form": SessionScheduleForm(initial={"scheduled_start": session.scheduled_start}),
    }
    if request.htmx:
        return render(request, "tournaments/sessions/_check_in_tables.html", context)
    return render(request, "tournaments/sessions/check_in.html", context)


@login_required
def check_in_list(request, tournament_id: int, session_number: int):
    """Every table of the session with who has checked in (3.5.7.1): the organizers' desk list."""
    return _check_in_page(request, tournament_id, session_number, None)


@login_required
def check_in_table(request, tournament_id: int, session_number: int, table_number: int):
    """One table's check-in panel: the referee's tablet before (and after) the start."""
    return _check_in_page(request, tournament_id, session_number, table_number)


@login_required
@require_POST
def check_in_change(request, session_id: int):
    """Check a player in, or undo a mistaken check-in (both audited)."""
    session = session_selectors.session_get_for_user(
        user=request.user, session_id=session_id, capability=Capability.CHECK_IN
    )
    registration = session_selectors.registration_in_session_get(
        session=session, registration_id=request.POST.get("registration")
    )
    with page_action(request, shown=False) as action:
        if request.POST.get("undo") == "1":
            session_services.check_in_undo(actor=request.user, session=session, registration=registration)
            done = _("Check-in of entry %(entry)s undone.") % {"entry": registration.entry_number}
        else:
            session_services.check_in_record(actor=request.user, session=session, registration=registration)
            done = _("Entry %(entry)s checked in.") % {"entry": registration.entry_number}
    if not action.done:
        return _check_in_back(request, session, error=action.error)
    return _check_in_back(request, session, done=done)


@login_required
@require_POST
def check_in_table_all(request, session_id: int, table_number: int):
    """Check in every player of a table not yet in, with one tap (issue 29)."""
    session = session_selectors.session_get_for_user(
        user=request.user, session_id=session_id, capability=Capability.CHECK_IN
    )
    with page_action(request, shown=False) as action:
        new = session_services.check_in_table_record(actor=request.user, session=session, table_number=table_number)
    if not action.done:
        return _check_in_back(request, session, error=action.error)
    return _check_in_back(request, session, done=ngettext(
        "Table %(t)s: %(n)d player checked in.", "Table %(t)s: %(n)d players checked in.", len(new)
    ) % {"t": table_number, "n": len(new)})


def _check_in_back(request, session, *, done: str = "", error: ValidationError | None = None):
    """Back to the list the desk works on. Tapped on the page (htmx): its tables are redrawn in place, no page
    load; a refusal reloads the page to show it. Without JavaScript: the page again, with the message."""
    if error is not None:
        add_service_messages(request, error)
    elif done and not request.htmx:
        messages.success(request, done)
    if request.htmx and error is not None:
        response = HttpResponse(status=204)
        response["HX-Refresh"] = "true"
        return response
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}, require_https=False):
        back = reverse("tournaments:check_in_list", args=[session.tournament_id, session.number])
    return redirect(back)


def player_check_in(request, tournament_id: int, table_number: int, token: str):
    """The page behind the table's QR code (its address holds the table's token): a player checks in with their
    entry number and PIN.

    The session is the one players check in for now (the running one, else the next planned).
    """
    tournament = core_selectors.tournament_get_for_user(user=request.user, tournament_id=tournament_id)
    table = session_selectors.check_in_table_get(tournament=tournament, table_number=table_number, token=token)
    session = core_selectors.check_in_session(tournament=tournament)
    form = PlayerCheckInForm(request.POST or None)
    done = None
    if request.method == "POST" and session is not None and form.is_valid():
        with page_action(request, form=form) as action:
            done = session_services.check_in_by_pin(
                session=session, table_number=table.number, entry_number=form.cleaned_data["entry"],
                pin=form.cleaned_data["pin"], client=client_ip(request),
            )
        if action.done:
            form = PlayerCheckInForm()
    context = {"tournament": tournament, "table": table, "session": session, "form": form, "done": done}
    return render(request, "tournaments/sessions/player_check_in.html", context, status=200)


@login_required
@require_POST
def session_schedule(request, session_id: int):
    """The organizer sets (or clears) when a planned session is to start."""
    session = session_selectors.session_get_for_user(
        user=request.user, session_id=session_id, capability=Capability.MANAGE
    )
    form = SessionScheduleForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give the date and time as YYYY-MM-DD HH:MM."))
    else:
        with page_action(request, success=_("Saved.")):
            session_services.session_schedule(
                actor=request.user, session=session, scheduled_start=form.cleaned_data["scheduled_start"]
            )
    if request.POST.get("next") == "detail":  # the tournament page's Sessions table
        return redirect("tournaments:detail", session.tournament_id)
    return redirect("tournaments:check_in_list", session.tournament_id, session.number)
