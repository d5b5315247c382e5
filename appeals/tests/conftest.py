"""Fixtures of the appeals tests."""

import pytest

from penalties.services import penalty_record
from testing.scenarios import STRAIGHT, sign_all
from tournaments.sessions import services as session_services
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HandEntry


@pytest.fixture
def ended_sheet(referee, organizer, sheet, pins, registrations, django_capture_on_commit_callbacks):
    """Table 1 (entries 1-4, all of Team 1): a hand, a 30-point penalty on entry 1, signed, session ended."""
    sheet_services.hand_record(
        actor=referee, sheet_id=sheet.pk, number=1, entry=HandEntry(result="win", winner=1, discarder=0, tiles=STRAIGHT)
    )
    penalty_record(actor=referee, sheet=sheet, foul="violation", offender=registrations[0], hand_number=1, points=30)
    with django_capture_on_commit_callbacks(execute=True):
        sign_all(actor=referee, sheet=sheet)
    session_services.session_end(actor=organizer, session=sheet.session)
    sheet.refresh_from_db()
    sheet.session.refresh_from_db()
    return sheet
