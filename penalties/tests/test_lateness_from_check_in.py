"""The referee's lateness form filled in from check-in (3.5.7.1, 3.11.2.1)."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from penalties.models import Penalty
from tournaments.sessions import services as session_services


def _check_in_at(monkeypatch, organizer, session, registration, after: dt.timedelta):
    monkeypatch.setattr(timezone, "now", lambda: session.started_at + after)
    session_services.check_in_record(actor=organizer, session=session, registration=registration)
    monkeypatch.undo()


@pytest.mark.django_db
def test_3_11_2_1_the_prefilled_lateness_records_the_penalty(
    monkeypatch, client_for, organizer, referee, registrations, sheet
):
    _check_in_at(monkeypatch, organizer, sheet.session, registrations[2], dt.timedelta(minutes=10))
    client = client_for(referee)
    response = client.post(
        reverse("penalties:record_foul", args=[sheet.pk]),
        {"foul": "late", "offender": registrations[2].pk, "late_minutes": 10, "late_seconds": 0},
    )
    assert response.status_code == 302
    penalty = Penalty.objects.get(offender=registrations[2])
    assert penalty.foul == "late" and penalty.points == 10 and not penalty.forfeit
