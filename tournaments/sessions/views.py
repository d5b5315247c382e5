"""The organizer's board: sessions started and ended, tables in play, time left (3.5.6)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import extensions
from tournaments.access import Capability
from tournaments.core import selectors as core_selectors
from tournaments.errors import add_service_messages
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services

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
    try:
        if (count and not count.isdigit()) or not all(entry.isdigit() for entry in entries):
            raise ValidationError(_("Give whole numbers: the number of qualifiers, or entry numbers."))
        numbers = session_services.session_qualification_set(
            actor=request.user,
            session=session,
            qualification=request.POST.get("qualification", ""),
            count=int(count) if count else None,
            entries=[int(entry) for entry in entries],
        )
    except ValidationError as error:
        add_service_messages(request, error)
    else:
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
    try:
        service(actor=request.user, session=session)
    except ValidationError as error:
        add_service_messages(request, error)
    else:
        messages.success(request, done_message % {"n": session.number})
    return redirect("tournaments:board", session.tournament_id)


@login_required
@require_POST
def session_start(request, session_id: int):
    return _session_action(request, session_id, session_services.session_start, _("Session %(n)s has started."))


@login_required
@require_POST
def session_end(request, session_id: int):
    return _session_action(request, session_id, session_services.session_end, _("Session %(n)s has ended."))
