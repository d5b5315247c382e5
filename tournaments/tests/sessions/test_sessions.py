"""Sessions: seats checked and locked at the start, open sheets closed at time-up."""

import pytest
from django.core.exceptions import ValidationError

from tournaments.models import Session
from tournaments.sessions import services as session_services
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HandEntry


@pytest.mark.django_db
def test_time_up_closes_open_sheets(organizer, referee, running_session):
    sheet = running_session.sheets.get(table__number=2)
    sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=1, entry=HandEntry(result="draw"))
    session_services.session_end(actor=organizer, session=running_session)
    running_session.refresh_from_db()
    assert running_session.status == Session.Status.FINISHED
    assert set(running_session.sheets.values_list("status", "ended_by_time")) == {("closed", True)}


@pytest.mark.django_db
def test_seats_are_checked_and_lock_when_the_session_starts(organizer, tournament, registrations, referee):
    session = tournament.sessions.get(number=2)
    ids = [r.pk for r in registrations]
    with pytest.raises(ValidationError):
        session_services.session_seats_replace(actor=organizer, session=session, tables={1: ids[:4], 2: ids[4:8]})
    with pytest.raises(ValidationError):
        session_services.session_seats_replace(
            actor=organizer, session=session, tables={1: ids[:4], 2: ids[3:7], 3: ids[8:12]}
        )
    with pytest.raises(ValidationError):
        session_services.session_seats_replace(actor=organizer, session=session, tables={1: ids[:3], 2: ids[3:12]})
    with pytest.raises(ValidationError):  # no seats yet
        session_services.session_start(actor=organizer, session=session)
    session_services.session_seats_replace(
        actor=organizer, session=session, tables={1: ids[:4], 2: ids[4:8], 3: ids[8:12]}
    )
    # A player registered after the seats were drawn: the session does not start without them.
    from tournaments.models import Player, Registration

    late = Registration.objects.create(
        tournament=tournament, player=Player.objects.create(name="Late"), entry_number=77
    )
    with pytest.raises(ValidationError, match="Entries 77 are registered but have no seat in session 2"):
        session_services.session_start(actor=organizer, session=session)
    assert session.sheets.count() == 0
    late.delete()
    sheets = session_services.session_start(actor=organizer, session=session)
    assert len(sheets) == 3 and all(s.referee == referee for s in sheets)
    with pytest.raises(ValidationError):
        session_services.session_seats_replace(
            actor=organizer, session=session, tables={1: ids[:4], 2: ids[4:8], 3: ids[8:12]}
        )


@pytest.mark.django_db
def test_tables_follow_registrations(organizer, tournament, registrations):
    assert session_services.tables_sync(actor=organizer, tournament=tournament) == 3
    assert list(tournament.tables.values_list("number", flat=True)) == [1, 2, 3]
