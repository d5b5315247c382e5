"""A tournament's pages show times in the tournament's own time zone (Tournament.time_zone)."""

import zoneinfo

from django.utils import timezone

from tournaments.core.selectors import time_zone_for_view


class TournamentTimeZoneMiddleware:
    """Activates the time zone of the tournament a page belongs to (found from the URL's ids); other
    pages keep the server's TIME_ZONE. Forms on those pages read the times given in it, too."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()

    def process_view(self, request, view_func, view_args, view_kwargs):
        name = time_zone_for_view(view_kwargs)
        if name:
            try:
                timezone.activate(zoneinfo.ZoneInfo(name))
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):  # a zone the server no longer knows
                timezone.deactivate()
        return None
