"""Issue 29: every page with a time shows it in the venue's time zone (Tournament.time_zone), never in UTC: an
appeal's page showed "filed 03:12" (UTC) beside a deadline of 12:41 (Tokyo)."""

import zoneinfo

import pytest
from django.core.cache import cache

from appeals.tests.helpers import file
from penalties.models import Penalty

TOKYO = zoneinfo.ZoneInfo("Asia/Tokyo")
UTC = zoneinfo.ZoneInfo("UTC")


@pytest.mark.django_db
def test_every_page_with_an_appeal_or_penalty_time_shows_the_venues_time(
    client_for, player_user, chief_referee, organizer, ended_sheet, registrations, tournament
):
    tournament.time_zone = "Asia/Tokyo"
    tournament.save(update_fields=["time_zone"])
    cache.clear()  # the zone is cached by tournament id
    appeal = file(player_user, ended_sheet, registrations[0])
    penalty = Penalty.objects.get()
    times = [appeal.filed_at, penalty.created_at, ended_sheet.session.ended_at]
    venue = {moment.astimezone(TOKYO).strftime("%H:%M") for moment in times}
    utc = {moment.astimezone(UTC).strftime("%H:%M") for moment in times} - venue
    pages = {
        chief_referee: [f"/appeals/{appeal.pk}/", f"/t/{tournament.pk}/appeals/", f"/t/{tournament.pk}/audit/"],
        player_user: [f"/appeals/{appeal.pk}/", f"/t/{tournament.pk}/appeals/"],
        organizer: [f"/t/{tournament.pk}/board/", f"/t/{tournament.pk}/"],
    }
    seen_venue = set()
    for user, paths in pages.items():
        client = client_for(user)
        for path in paths:
            response = client.get(path)
            assert response.status_code == 200, path
            text = response.content.decode()
            assert not [hhmm for hhmm in utc if hhmm in text], (path, utc)
            seen_venue |= {hhmm for hhmm in venue if hhmm in text}
    assert appeal.filed_at.astimezone(TOKYO).strftime("%H:%M") in seen_venue
