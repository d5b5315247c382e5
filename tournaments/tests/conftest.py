import pytest

from tournaments.core import services as core_services
from tournaments.sessions import services as session_services


@pytest.fixture
def seated_session(tournament, registrations, organizer):
    """Session 1 with the twelve players at three tables, in entry order."""
    session = tournament.sessions.get(number=1)
    ids = [registration.pk for registration in registrations]
    session_services.session_seats_replace(
        actor=organizer, session=session, tables={1: ids[0:4], 2: ids[4:8], 3: ids[8:12]}
    )
    return session


@pytest.fixture
def running_session(seated_session, organizer, referee):
    session_services.session_start(actor=organizer, session=seated_session)
    seated_session.refresh_from_db()
    return seated_session


@pytest.fixture
def sheet(running_session):
    return running_session.sheets.select_related("session__tournament").get(table__number=1)


@pytest.fixture
def pins(tournament, organizer, registrations):
    core_services.confirm_pins_issue(actor=organizer, tournament=tournament)
    return {r.entry_number: r.confirm_pin for r in tournament.registrations.all()}
