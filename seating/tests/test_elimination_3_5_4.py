"""3.5.4 竞赛方法：可采用循环制、淘汰制、循环淘汰混合制等方式进行 - round robin, elimination, or both.

A session may seat only its qualifiers (the top N of the standings, or the organizer's list); the
others need no seat. The final standings rank the finalists first by the final stage when the
organizer's regulation says so (Tournament.final_ranking), else everyone cumulatively.
"""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from seating.services import chart_generate, session_seat_by_standings
from testing.scenarios import CHICKEN, STRAIGHT, play, win
from tournaments.core import services as core_services
from tournaments.models import AuditEvent, Player, Registration, SeatAssignment, Session, Tournament
from tournaments.models.core import FinalRanking
from tournaments.sessions import services as session_services
from tournaments.standings.compute import standings_compute
from tournaments.standings.results_sheet import ranking_notes


@pytest.fixture
def forty_eight(organizer, tournament, referee):
    """48 players; session 1 played at 12 tables, every player's totals different.

    Table t (1-12) seats entries 4t-3..4t. Hand 1: East wins a Chicken Hand off South with t - 1
    flowers (none from table 10 on); hand 2: West wins 123m456m789m123p5p (23) off North with up to 8
    flowers. West: TP 4, CP 39 and more; East: TP 2, CP 24 + flowers. So the top 16 are the twelve
    Wests, then the Easts of tables 9, 8, 7 and 6 (entries 33, 29, 25, 21); the 17th is entry 17.
    """
    registrations = []
    for entry in range(1, 49):
        player = Player.objects.create(name=f"Player {entry}")
        registrations.append(Registration.objects.create(tournament=tournament, player=player, entry_number=entry))
    core_services.confirm_pins_issue(actor=organizer, tournament=tournament)
    first = tournament.sessions.get(number=1)
    ids = [r.pk for r in registrations]
    session_services.session_seats_replace(
        actor=organizer, session=first, tables={t: ids[4 * (t - 1): 4 * t] for t in range(1, 13)}
    )
    play(
        actor=referee,
        session=first,
        hands={
            t: [win(0, 1, CHICKEN, flowers=t - 1 if t <= 9 else 0), win(2, 3, STRAIGHT, flowers=min(t - 1, 8))]
            for t in range(1, 13)
        },
    )
    return tournament


def entries_of(ids):
    return sorted(Registration.objects.filter(pk__in=ids).values_list("entry_number", flat=True))


TOP_16 = sorted([4 * t - 1 for t in range(1, 13)] + [21, 25, 29, 33])


@pytest.mark.django_db
def test_3_5_4_an_elimination_session_seats_16_of_48(forty_eight, organizer):
    tournament = forty_eight
    final = tournament.sessions.get(number=2)
    # Before any cut, session 2 needs all 48.
    with pytest.raises(ValidationError, match="48 registered player"):
        session_services.session_seats_replace(actor=organizer, session=final, tables={})
    numbers = session_services.session_qualification_set(
        actor=organizer, session=final, qualification="top", count=16
    )
    assert numbers == TOP_16
    final.refresh_from_db()
    assert (final.qualification, final.qualifier_count) == ("top", 16)
    assert entries_of(final.qualifiers.values_list("pk", flat=True)) == TOP_16
    # The qualifiers are seated from the standings; the 32 others are accepted without seats.
    session_seat_by_standings(actor=organizer, session=final, method="snake")
    seated = SeatAssignment.objects.filter(session=final)
    assert seated.count() == 16 and entries_of(seated.values_list("registration_id", flat=True)) == TOP_16
    sheets = session_services.session_start(actor=organizer, session=final)
    assert len(sheets) == 4
    event = AuditEvent.objects.filter(action="session.qualification_set").get()
    assert event.detail["entries"] == TOP_16 and event.actor == organizer


@pytest.mark.django_db
def test_3_5_4_a_non_qualifier_seated_is_refused(forty_eight, organizer):
    tournament = forty_eight
    final = tournament.sessions.get(number=2)
    session_services.session_qualification_set(actor=organizer, session=final, qualification="top", count=16)
    ids = dict(tournament.registrations.values_list("entry_number", "pk"))
    tables = {n: [ids[e] for e in TOP_16[4 * (n - 1): 4 * n]] for n in range(1, 5)}
    swapped = {**tables, 4: [*tables[4][:3], ids[2]]}  # entry 2 did not qualify
    with pytest.raises(ValidationError, match="Entries 2 did not qualify for session 2"):
        session_services.session_seats_replace(actor=organizer, session=final, tables=swapped)
    assert not SeatAssignment.objects.filter(session=final).exists()
    # A qualifier left out is refused as before.
    with pytest.raises(ValidationError, match="4 registered player"):
        session_services.session_seats_replace(actor=organizer, session=final, tables={n: tables[n] for n in (1, 2, 3)})
    session_services.session_seats_replace(actor=organizer, session=final, tables=tables)
    # The seating chart draws everyone for the round-robin sessions and leaves the final alone.
    chart_generate(actor=organizer, tournament=tournament, seed=3)
    assert SeatAssignment.objects.filter(session=final).count() == 16
    assert SeatAssignment.objects.filter(session__number=3).count() == 48


@pytest.mark.django_db
def test_3_5_4_bad_cuts_are_refused_with_what_to_fix(forty_eight, organizer):
    final = forty_eight.sessions.get(number=2)
    for count in (0, 6, 17):
        with pytest.raises(ValidationError, match="multiple of four"):
            session_services.session_qualification_set(actor=organizer, session=final, qualification="top", count=count)
    with pytest.raises(ValidationError, match="Only 48 players are ranked"):
        session_services.session_qualification_set(actor=organizer, session=final, qualification="top", count=52)
    with pytest.raises(ValidationError, match="not registered"):
        session_services.session_qualification_set(
            actor=organizer, session=final, qualification="list", entries=[1, 2, 3, 99]
        )
    with pytest.raises(ValidationError, match="multiple of four"):
        session_services.session_qualification_set(actor=organizer, session=final, qualification="list", entries=[1, 2])
    with pytest.raises(ValidationError, match="Choose who plays"):
        session_services.session_qualification_set(actor=organizer, session=final, qualification="half")
    # A session not yet played cannot be cut from: session 3 waits for session 2.
    with pytest.raises(ValidationError, match="Sessions 2 are not over"):
        session_services.session_qualification_set(
            actor=organizer, session=forty_eight.sessions.get(number=3), qualification="top", count=16
        )
    final.refresh_from_db()
    assert final.qualification == "all" and not final.qualifiers.exists()


@pytest.mark.django_db
def test_3_5_4_with_3_10_1_a_cut_between_players_who_share_a_rank_is_refused(
    organizer, tournament, seated_session, referee, pins
):
    play(actor=referee, session=seated_session, hands={})  # every table scoreless: all twelve share rank 1
    second = tournament.sessions.get(number=2)
    with pytest.raises(ValidationError, match="share rank 1"):
        session_services.session_qualification_set(actor=organizer, session=second, qualification="top", count=8)
    # The organizer's regulation decides: a list.
    numbers = session_services.session_qualification_set(
        actor=organizer, session=second, qualification="list", entries=[12, 11, 10, 9, 1, 2, 3, 4]
    )
    assert numbers == [1, 2, 3, 4, 9, 10, 11, 12]
    # Back to everyone: the list goes.
    assert session_services.session_qualification_set(actor=organizer, session=second, qualification="all") == []
    second.refresh_from_db()
    assert not second.qualifiers.exists()


@pytest.mark.django_db
def test_3_5_4_final_standings_follow_the_organizers_setting(forty_eight, organizer, referee):
    tournament = forty_eight
    final = tournament.sessions.get(number=2)
    session_services.session_qualification_set(actor=organizer, session=final, qualification="top", count=16)
    ids = dict(tournament.registrations.values_list("entry_number", "pk"))
    # Table 1 of the final: entry 21 (16th after session 1) wins big off entry 33 (13th).
    tables = {1: [21, 33, 25, 29], 2: [43, 39, 35, 31], 3: [27, 23, 19, 15], 4: [11, 7, 3, 47]}
    session_services.session_seats_replace(
        actor=organizer, session=final, tables={n: [ids[e] for e in entries] for n, entries in tables.items()}
    )
    play(actor=referee, session=final, hands={1: [win(0, 1, STRAIGHT, flowers=8)]})
    tournament.refresh_from_db()

    cumulative = standings_compute(tournament)
    order = [row["entry"] for row in cumulative["individuals"]]
    assert cumulative["final_ranking"] == "cumulative" and cumulative["final_stage"]["from_session"] == 2
    # Cumulatively entry 33 (TP 2, CP 32 - 39) falls behind entry 17, who did not qualify (TP 2, CP 28).
    assert order.index(17) < order.index(33)
    assert ranking_notes(cumulative)[1:] == []

    core_services.tournament_update(actor=organizer, tournament=tournament, final_ranking=FinalRanking.FINALISTS_FIRST)
    tournament.refresh_from_db()
    data = standings_compute(tournament)
    rows = {row["entry"]: row for row in data["individuals"]}
    assert rows[21]["rank"] == 1  # the final's winner
    assert sorted(row["entry"] for row in data["individuals"][:16]) == TOP_16
    assert rows[33]["rank"] == 16  # last in the final, still before every non-finalist
    # The finalists of the tables that played no hand share their rank (3.10.1): 1.75 TP, 0 CP.
    assert {rows[e]["rank"] for e in (43, 39, 35, 31, 27, 23, 19, 15, 11, 7, 3, 47)} == {2}
    assert rows[25]["rank"] == rows[29]["rank"] == 14
    # The rest follow from 17 in their cumulative order.
    rest = data["individuals"][16:]
    assert rest[0]["entry"] == 17 and rest[0]["rank"] == 17 and all(row["entry"] not in TOP_16 for row in rest)
    assert [row["entry"] for row in rest] == [e for e in order if e not in TOP_16]
    notes = ranking_notes(data)
    assert "the 16 finalists rank first by their totals from session 2 on" in notes[1]


@pytest.mark.django_db
def test_3_5_4_the_board_sets_who_plays(client_for, forty_eight, organizer, referee):
    final = forty_eight.sessions.get(number=2)
    client = client_for(organizer)
    page = client.get(reverse("tournaments:board", args=[forty_eight.pk])).content.decode()
    assert "Who plays session 2" in page
    url = reverse("tournaments:session_qualification", args=[final.pk])
    response = client.post(url, {"qualification": "top", "count": "x"}, follow=True)
    assert "Give whole numbers" in response.content.decode()
    response = client.post(url, {"qualification": "top", "count": "16"}, follow=True)
    assert "16 qualifiers" in response.content.decode()
    final.refresh_from_db()
    assert final.qualifiers.count() == 16
    assert client_for(referee).post(url, {"qualification": "all"}).status_code == 404
    final.refresh_from_db()
    assert final.qualification == Session.Qualification.TOP
    assert Tournament.objects.get(pk=forty_eight.pk).final_ranking == "cumulative"
