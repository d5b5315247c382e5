"""Pre-flight (issue 13): a table holding a 停赛 player (3.11.4) without a substitute is warned before the start."""

import pytest
from django.urls import reverse

from penalties import services
from tournaments.models import SeatAssignment
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services


@pytest.mark.django_db
def test_3_11_4_a_held_table_is_warned_with_the_record_of_fouls(
    client_for, referee, organizer, sheet, tournament, registrations
):
    ids = [r.pk for r in registrations]
    session2 = tournament.sessions.get(number=2)
    session_services.session_seats_replace(
        actor=organizer, session=session2, tables={1: ids[:4], 2: ids[4:8], 3: ids[8:12]}
    )
    east = SeatAssignment.objects.filter(session=sheet.session, table=sheet.table).order_by("seat").first()
    services.penalty_record(actor=referee, sheet=sheet, foul="cheating", offender=east.registration, hand_number=1)
    session_services.session_end(actor=organizer, session=sheet.session)
    held = [item for item in session_selectors.session_preflight(session=session2) if item["fix"] == "fouls"]
    assert [item["level"] for item in held] == ["warn"]
    assert "Tables 1 will not start" in held[0]["message"] and "3.11.4" in held[0]["message"]
    page = client_for(organizer).get(reverse("tournaments:session_preflight", args=[session2.pk])).content.decode()
    assert reverse("penalties:record", args=[tournament.pk, 2]) in page
