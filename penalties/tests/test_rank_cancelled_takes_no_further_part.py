"""3.11.5 "取消录取名次或比赛资格" read as ending the player's part in the competition (scoring/READINGS.md P4;
E "may be disqualified from the competition"; J "対戦が残っていても成績表からも名前を削除され"): the player
leaves a table in play only by a 停赛 recorded there, holds no later seat, and a substitute takes their seats.
The audit found such a player winning hands and seated in later sessions while the app said they "take no
further part"."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from penalties import services
from penalties.models import RankCancellation
from testing.scenarios import seat_twelve
from tournaments import extensions
from tournaments.core.audit_display import describe
from tournaments.models import AuditEvent, Player, Registration, SeatAssignment
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services


@pytest.mark.django_db
def test_3_11_5_the_player_stops_and_a_substitute_takes_the_later_seats(
    client_for, referee, organizer, chief_referee, sheet, tournament, registrations
):
    entry6 = registrations[5]  # table 2 of session 1, running
    session2 = seat_twelve(actor=organizer, tournament=tournament, number=2, registrations=registrations)
    session3 = seat_twelve(actor=organizer, tournament=tournament, number=3, registrations=registrations)
    # At a table in play the player leaves only by a 停赛 recorded there, which says how the table goes on.
    with pytest.raises(ValidationError) as caught:
        services.rank_cancel(actor=chief_referee, tournament=tournament, registration=entry6, reason="Collusion")
    assert "playing at table 2 of session 1" in " ".join(caught.value.messages)
    assert not RankCancellation.objects.exists()
    session_services.session_end(actor=organizer, session=sheet.session)
    cancellation = services.rank_cancel(actor=chief_referee, tournament=tournament, registration=entry6,
                                        reason="Collusion")
    assert extensions.standing_flags(tournament.pk)[entry6.pk].out
    # Later sessions: not seated again, and a chart drawn before holds the table back, as for a 停赛.
    with pytest.raises(ValidationError, match="rank cancelled"):
        seat_twelve(actor=organizer, tournament=tournament, number=2, registrations=registrations)
    preflight = client_for(organizer).get(reverse("tournaments:session_preflight", args=[session2.pk]))
    assert "Tables 2 will not start: a player seated there has their rank cancelled" in preflight.content.decode()
    session_services.session_start(actor=organizer, session=session2)
    session2.refresh_from_db()
    assert session_selectors.session_tables_held(session=session2) == [2]
    board = client_for(organizer).get(reverse("tournaments:board", args=[tournament.pk])).content.decode()
    assert "Rank cancelled (3.11.5): seat a substitute" in board
    # The organizer seats a substitute on the rank cancellations page: the held table starts with them.
    substitute = Registration.objects.create(tournament=tournament, player=Player.objects.create(name="Reserve"),
                                             entry_number=99, reserve=True)
    page = client_for(organizer).get(reverse("penalties:rank_cancellations", args=[tournament.pk])).content.decode()
    assert "99 Reserve" in page and "Seat the substitute" in page
    chief_page = client_for(chief_referee).get(reverse("penalties:rank_cancellations", args=[tournament.pk]))
    assert "Seat the substitute" not in chief_page.content.decode()  # seats are the organizer's
    url = reverse("penalties:rank_cancellation_substitute", args=[cancellation.pk])
    assert client_for(chief_referee).post(url, {"substitute": substitute.pk}).status_code == 404
    client_for(organizer).post(url, {"substitute": substitute.pk})
    assert sorted(session2.sheets.values_list("table__number", flat=True)) == [1, 2, 3]
    for session in (session2, session3):
        assert SeatAssignment.objects.get(session=session, table__number=2, seat=1).registration == substitute
    event = AuditEvent.objects.get(action="penalty.rank_substitute")
    assert describe(event) == "Substitute entry 99 takes 2 seats of entry 6, whose rank is cancelled"
    with pytest.raises(ValidationError, match="already took"):
        services.rank_cancellation_substitute(actor=organizer, cancellation=cancellation, substitute=registrations[0])
    # Withdrawn (an appeal upheld): the player takes back the seats of the sessions not yet started.
    services.rank_cancellation_withdraw(actor=organizer, cancellation=cancellation, reason="Appeal upheld")
    assert SeatAssignment.objects.get(session=session3, table__number=2, seat=1).registration == entry6
    assert SeatAssignment.objects.get(session=session2, table__number=2, seat=1).registration == substitute
    assert extensions.standing_flags(tournament.pk)[substitute.pk].stood_down
    assert AuditEvent.objects.get(action="penalty.rank_restored").detail["seats_returned"] == 1


@pytest.mark.django_db
def test_3_11_5_after_a_disqualification_at_the_table_the_rank_is_cancelled_in_play(
    referee, chief_referee, sheet, tournament, registrations
):
    """The Record of Fouls' way: cheating at the table (停赛, 3.11.4), then the illegal gain's 3.11.5."""
    east = registrations[0]
    services.penalty_record(actor=referee, sheet=sheet, foul="cheating", offender=east, hand_number=1,
                            illegal_gain=True)
    services.rank_cancel(actor=chief_referee, tournament=tournament, registration=east, reason="Illegal gain")
    assert extensions.standing_flags(tournament.pk)[east.pk] == extensions.StandingFlags(disqualified=True,
                                                                                          rank_cancelled=True)
