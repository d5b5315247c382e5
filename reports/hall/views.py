"""The hall display: /t/<id>/hall/, for a projector or a TV at the venue (1920x1080, 1280x720).

The page is a shell (its script in static/js/hall.js, its settings through json_script: no inline
script). The script polls `hall_live` for the changing part; that fragment answers conditional
requests like the phone standings: its ETag is `hall_version` (standings version, sessions, the
running session's sheets) and the language, so an unchanged poll costs three small queries and a
bodiless 304.
"""

from django.conf import settings
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import condition, require_GET
from django.views.decorators.vary import vary_on_headers

from reports.hall import selectors
from tournaments.core import selectors as core_selectors

# Seconds between polls: a signed sheet shows within one poll plus the standings recompute (issue 17: 15 s).
POLL_SECONDS = 10
# Seconds each standings page stays up.
PAGE_SECONDS = 12
# Seconds before the first retry of a failed poll; each further failure doubles it (at most 30 s).
RETRY_SECONDS = 2


def _etag(request, tournament_id: int) -> str | None:
    version = selectors.hall_version(tournament_id=tournament_id)
    return None if version is None else f"hall-{version}-{get_language()}"


def hall_page(request, tournament_id: int):
    tournament = core_selectors.tournament_get_for_user(user=request.user, tournament_id=tournament_id)
    state = selectors.hall_state(tournament=tournament)
    return render(request, "reports/hall/hall.html", {
        "tournament": tournament,
        **state,
        "etag": _etag(request, tournament.pk) or "",
        "config": {
            "live_url": reverse("reports:hall_live", args=[tournament.pk]),
            # settings.HALL_POLL_SECONDS / HALL_PAGE_SECONDS / HALL_RETRY_SECONDS: the tests and the bench
            # run faster
            "poll_seconds": getattr(settings, "HALL_POLL_SECONDS", POLL_SECONDS),
            "page_seconds": getattr(settings, "HALL_PAGE_SECONDS", PAGE_SECONDS),
            "retry_seconds": getattr(settings, "HALL_RETRY_SECONDS", RETRY_SECONDS),
            "not_found": _("No seat for this entry number in the next session."),
            "seat_text": _("Table %(table)s · %(seat)s"),
        },
    })


@require_GET
@vary_on_headers("Accept-Language", "Cookie")
@cache_control(no_cache=True)
@condition(etag_func=_etag)
def hall_live(request, tournament_id: int):
    """The changing part of the display; 304 while nothing it shows has changed."""
    tournament = core_selectors.tournament_get_for_user(user=request.user, tournament_id=tournament_id)
    state = selectors.hall_state(tournament=tournament)
    return render(request, "reports/hall/_live.html", {"tournament": tournament, **state})
