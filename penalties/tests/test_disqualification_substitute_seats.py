"""The 停赛 arrangement (3.11.4) moves seats through the core's shared piece (the substitute's seats)."""

import pytest

from penalties import services as penalty_services
from roster import services
from testing.scenarios import seat_twelve
from tournaments.models import AuditEvent, SeatAssignment

pytestmark = pytest.mark.django_db


def test_3_11_4_disqualification_arrangement_still_moves_seats_through_the_shared_piece(
    organizer, tournament, registrations, referee, sheet
):
    seat_twelve(actor=organizer, tournament=tournament, number=2, registrations=registrations)
    east = sheet.session.seats.get(table=sheet.table, seat=0).registration
    penalty = penalty_services.penalty_record(
        actor=referee, sheet=sheet, foul="cheating", offender=east, hand_number=1
    )
    sub = services.registration_add(actor=organizer, tournament=tournament, name="Sub", entry_number=50)
    penalty_services.disqualification_arrange(actor=organizer, penalty=penalty, substitute=sub)
    assert AuditEvent.objects.get(action="penalty.disqualification_arranged").detail["seats_moved"] == 1
    assert SeatAssignment.objects.get(session__number=2, registration=sub).seat == 0
