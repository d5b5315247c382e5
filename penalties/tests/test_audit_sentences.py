"""The core's audit sentences for what the services, penalties' included, really write."""

import pytest

from penalties import services as penalty_services
from tournaments.core.audit_display import Places, describe, fallback
from tournaments.models import AuditEvent
from tournaments.sessions import services as session_services
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HandEntry


@pytest.mark.django_db
def test_the_services_write_details_their_sentences_read(organizer, referee, chief_referee, sheet, pins, registrations):
    sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=1, entry=HandEntry(result="draw"))
    sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=2, entry=HandEntry(result="draw"))
    sheet.refresh_from_db()
    sheet_services.hand_delete_last(actor=referee, sheet=sheet, expected_version=sheet.version)
    penalty = penalty_services.penalty_record(
        actor=referee, sheet=sheet, foul="violation", offender=registrations[0], hand_number=1, points=10
    )
    penalty_services.penalty_cancel(actor=chief_referee, penalty=penalty, reason="misheard")
    sheet.refresh_from_db()
    sheet_services.sheet_close(actor=referee, sheet=sheet, expected_version=sheet.version)
    sheet.refresh_from_db()
    for entry in (1, 2, 3, 4):
        sheet_services.sheet_confirm(sheet=sheet, entry_number=entry, pin=pins[entry], expected_version=sheet.version)
    sheet_services.sheet_sign(actor=referee, sheet=sheet, expected_version=sheet.version)
    session_services.check_in_record(actor=organizer, session=sheet.session, registration=registrations[5])

    events = list(AuditEvent.objects.filter(tournament=sheet.session.tournament).order_by("pk"))
    places = Places.for_events(events)
    sentences = {event.action: describe(event, places) for event in events}
    for event in events:
        assert describe(event, places) != fallback(event), event.action
    assert sentences["session.seats_set"] == "Seats set for session 1: 3 tables"
    assert sentences["session.started"] == "Session 1 started at 3 tables"
    assert sentences["hand.deleted"] == "Hand 2 taken back — session 1, table 1"
    assert sentences["penalty.recorded"] == (
        "Penalty: 10 points deducted from entry 1 (3.11.2.2) — session 1, table 1, hand 1"
    )
    assert sentences["penalty.cancelled"] == (
        "Penalty of entry 1 cancelled (3.11.2.2) — session 1, table 1, hand 1: misheard"
    )
    assert sentences["sheet.locked"] == "Score sheet signed — session 1, table 1"
    assert sentences["registration.checked_in"] == "Entry 6 checked in for session 1 (table 2)"
