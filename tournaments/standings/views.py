"""Standings for players and spectators, and the final results downloads.

Standings pages are served from the latest StandingsSnapshot, never recomputed in the request. The
polled standings fragment answers conditional requests: its ETag is the version of the
latest snapshot (the one rendered) and the page language, so an unchanged poll costs one query and a bodiless 304.
"""


from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import condition, require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from tournaments import documents, extensions
from tournaments.access import Capability, capabilities_for_page
from tournaments.core import selectors as core_selectors
from tournaments.standings import results_files
from tournaments.standings import selectors as standings_selectors
from tournaments.standings.results_files import results_csv, results_xlsx
from tournaments.standings.services import standings_recompute_request

# Seconds between two polls of the standings (the board has its own, in sessions.views).
STANDINGS_POLL_SECONDS = 15


def standings_etag(request, tournament_id: int) -> str | None:
    version = standings_selectors.standings_public_version(tournament_id=tournament_id)
    if version is None:
        return None
    return _etag_for(version)


def _etag_for(version: int) -> str:
    return f"standings-{version}-{get_language()}"


def _standings_context(request, tournament) -> dict:
    snapshot = standings_selectors.standings_snapshot_latest(tournament=tournament)
    standings = standings_selectors.standings_for_display(snapshot=snapshot)
    player_url = reverse("tournaments:player", args=[tournament.pk, 0])[: -len("0/")]
    for row in standings["individuals"]:
        row["url"] = f"{player_url}{row['entry']}/"
    # The ETag names the snapshot rendered here (0: none yet), not a version read afterwards: a
    # recompute committing in between must not label old rows with the new version.
    etag = "" if tournament.status == tournament.Status.DRAFT else _etag_for(snapshot.version if snapshot else 0)
    return {
        "tournament": tournament,
        **standings,
        "poll_seconds": STANDINGS_POLL_SECONDS,
        "etag": f'"{etag}"' if etag else "",
    }


def standings(request, tournament_id: int):
    """Individual and team standings; public tournaments need no login."""
    tournament = core_selectors.tournament_get_for_user(user=request.user, tournament_id=tournament_id)
    context = _standings_context(request, tournament)
    context["can"] = can = capabilities_for_page(request.user, tournament)
    context["results_title"] = core_selectors.results_title(tournament=tournament)
    context["standings_links"] = extensions.visible_links("standings", request.user, tournament, can.granted)
    context["results_links"] = extensions.visible_links("results", request.user, tournament, can.granted)
    return render(request, "tournaments/standings/standings.html", context)


@require_GET
@vary_on_headers("Accept-Language", "Cookie")
@cache_control(no_cache=True)
@condition(etag_func=standings_etag)
def standings_live(request, tournament_id: int):
    """The standings fragment the page polls; 304 while the standings version is unchanged."""
    tournament = core_selectors.tournament_get_for_user(user=request.user, tournament_id=tournament_id)
    return render(request, "tournaments/standings/_standings.html", _standings_context(request, tournament))


def player_detail(request, tournament_id: int, entry: int):
    """One player's every session: table, seat, rank, table points and session score."""
    tournament = core_selectors.tournament_get_for_user(user=request.user, tournament_id=tournament_id)
    snapshot = standings_selectors.standings_snapshot_latest(tournament=tournament)
    player = standings_selectors.standings_player(snapshot=snapshot, entry=entry)
    own = core_selectors.registration_of_user(user=request.user, tournament=tournament)
    return render(
        request,
        "tournaments/standings/player_detail.html",
        {"tournament": tournament, "player": player, "snapshot": snapshot,
         "is_self": own is not None and own.entry_number == entry,
         "player_links": extensions.visible_links("player", request.user, extensions.PlayerPlace(tournament, entry))},
    )


@login_required
@require_POST
def standings_recompute(request, tournament_id: int):
    """On demand: queue a recompute (organizers and the chief referee)."""
    tournament = core_selectors.tournament_get_for_user(
        user=request.user, tournament_id=tournament_id, capability=Capability.RECOMPUTE_STANDINGS
    )
    standings_recompute_request(actor=request.user, tournament=tournament)
    messages.success(request, _("The standings are being recomputed; the page updates itself."))
    return redirect("tournaments:standings", tournament.pk)


RESULTS_FORMATS = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "pdf": "application/pdf",
}


def results_download(request, tournament_id: int, fmt: str):
    """The final results sheet (Appendix 7) as CSV, XLSX or PDF; public once the tournament is."""
    tournament = core_selectors.tournament_get_for_user(user=request.user, tournament_id=tournament_id)
    snapshot = standings_selectors.standings_snapshot_latest(tournament=tournament)
    data = standings_selectors.standings_data(snapshot=snapshot)
    if fmt == "csv":
        content = results_csv(data)
    elif fmt == "xlsx":
        content = results_xlsx(data, title=f"{tournament.name} · {core_selectors.results_title(tournament=tournament)}")
    else:  # made by the worker (the prints app): the file if made already, else its progress page
        return documents.document_response(request, tournament=tournament, kind=results_files.RESULTS_PDF.name,
                                           options={})
    response = HttpResponse(content, content_type=RESULTS_FORMATS[fmt])
    response["Content-Disposition"] = f'attachment; filename="results-{tournament.pk}.{fmt}"'
    return response
