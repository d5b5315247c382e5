import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.urls import reverse

from tournaments.core import services as core_services
from tournaments.models import AuditEvent, Membership, Session, Tournament
from tournaments.sessions import services as session_services
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HandEntry


def create(organizer, **overrides):
    values = {"name": "Cup", "starts_on": dt.date(2026, 1, 1), "ends_on": dt.date(2026, 1, 2)}
    values.update(overrides)
    return core_services.tournament_create(actor=organizer, **values)


@pytest.mark.django_db
def test_create_makes_sessions_organizer_and_audit(organizer):
    tournament = create(organizer, planned_sessions=8)
    assert list(tournament.sessions.values_list("number", flat=True)) == list(range(1, 9))
    assert tournament.session_minutes == 150  # 3.5.6 default
    assert Membership.objects.get(tournament=tournament).role == "organizer"
    event = AuditEvent.objects.get(tournament=tournament)
    assert (event.action, event.actor, event.detail["planned_sessions"]) == ("tournament.created", organizer, 8)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "overrides, field",
    [
        ({"planned_sessions": 5}, "planned_sessions"),  # 3.5.4: at least six
        ({"session_minutes": 151}, "session_minutes"),  # 3.5.6: at most 150
        ({"session_minutes": 0}, "session_minutes"),
        ({"ends_on": dt.date(2025, 12, 31)}, "ends_on"),
        ({"name": ""}, "name"),
    ],
)
def test_create_refuses_bad_values_and_saves_nothing(organizer, overrides, field):
    with pytest.raises(ValidationError) as caught:
        create(organizer, **overrides)
    assert field in caught.value.message_dict
    assert not Tournament.objects.exists()
    assert not AuditEvent.objects.exists()


@pytest.mark.django_db
def test_database_enforces_the_rules_too(tournament):
    with pytest.raises(IntegrityError), transaction.atomic():
        Tournament.objects.filter(pk=tournament.pk).update(planned_sessions=4)
    with pytest.raises(IntegrityError), transaction.atomic():
        Session.objects.create(tournament=tournament, number=1)


@pytest.mark.django_db
def test_update_follows_the_session_plan(organizer, tournament):
    core_services.tournament_update(actor=organizer, tournament=tournament, planned_sessions=8, venue="Hall B")
    assert tournament.sessions.count() == 8
    core_services.tournament_update(actor=organizer, tournament=tournament, planned_sessions=7)
    assert list(tournament.sessions.values_list("number", flat=True)) == list(range(1, 8))
    event = AuditEvent.objects.filter(action="tournament.updated").first()
    assert event.detail == {"planned_sessions": ["8", "7"]}


@pytest.mark.django_db
def test_update_never_drops_a_started_session(organizer, tournament):
    core_services.tournament_update(actor=organizer, tournament=tournament, planned_sessions=7)
    tournament.sessions.filter(number=7).update(status=Session.Status.RUNNING)
    with pytest.raises(ValidationError):
        core_services.tournament_update(actor=organizer, tournament=tournament, planned_sessions=6)
    assert tournament.sessions.count() == 7
    with pytest.raises(TypeError):
        core_services.tournament_update(actor=organizer, tournament=tournament, id=99)


@pytest.mark.django_db
def test_membership_rules(organizer, tournament, teams, outsider):
    with pytest.raises(ValidationError):
        core_services.membership_grant(actor=organizer, tournament=tournament, user=outsider, role="team_leader")
    with pytest.raises(ValidationError):
        core_services.membership_grant(
            actor=organizer, tournament=tournament, user=outsider, role="referee", team=teams[0]
        )
    with pytest.raises(ValidationError):
        core_services.membership_grant(actor=organizer, tournament=tournament, user=outsider, role="emperor")
    membership = core_services.membership_grant(actor=organizer, tournament=tournament, user=outsider, role="referee")
    with pytest.raises(ValidationError):
        core_services.membership_grant(actor=organizer, tournament=tournament, user=outsider, role="referee")
    core_services.membership_revoke(actor=organizer, membership=membership)
    assert not Membership.objects.filter(user=outsider, tournament=tournament).exists()
    assert AuditEvent.objects.filter(action="membership.revoked").count() == 1


@pytest.mark.django_db
def test_registration_update_checks_team_and_federation_id(organizer, tournament, registrations, outsider):
    other_team = Tournament.objects.get(name="Other Cup").teams.create(name="Elsewhere")
    with pytest.raises(ValidationError):
        core_services.registration_update(actor=organizer, registration=registrations[0], name="X", team=other_team)
    registrations[1].player.federation_id = "F-2"
    registrations[1].player.save()
    with pytest.raises(ValidationError):
        core_services.registration_update(actor=organizer, registration=registrations[0], name="X", federation_id="F-2")
    registrations[0].player.refresh_from_db()
    assert registrations[0].player.name == "Player 1"


@pytest.mark.django_db
def test_player_link_user(organizer, registrations, outsider):
    core_services.player_link_user(actor=organizer, player=registrations[0].player, user=outsider)
    with pytest.raises(ValidationError):
        core_services.player_link_user(actor=organizer, player=registrations[1].player, user=outsider)


@pytest.mark.postgres
@pytest.mark.django_db
def test_audit_trail_is_append_only_in_postgresql(organizer, tournament):
    if connection.vendor != "postgresql":
        pytest.fail("the suite must run on PostgreSQL (make test starts one)")
    event = AuditEvent.objects.filter(tournament=tournament).first()
    with pytest.raises(Exception, match="append-only"), transaction.atomic():
        AuditEvent.objects.filter(pk=event.pk).update(action="tampered")
    with pytest.raises(Exception, match="append-only"), transaction.atomic():
        AuditEvent.objects.filter(pk=event.pk).delete()
    event.refresh_from_db()
    assert event.action == "tournament.created"


@pytest.mark.django_db
def test_ranking_settings_recompute_the_standings(
    client_for, organizer, tournament, django_capture_on_commit_callbacks
):
    from tournaments.models import StandingsSnapshot

    client = client_for(organizer)
    data = {
        "name": tournament.name, "venue": tournament.venue, "starts_on": "2026-05-01", "ends_on": "2026-05-02",
        "rules": "green_book", "planned_sessions": 6, "session_minutes": 150, "status": "draft",
        "deductions_count_for_ranking": "", "tiebreaks": "best_session, firsts", "final_ranking": "finalists_first",
    }
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(reverse("tournaments:edit", args=[tournament.pk]), data).status_code == 302
    tournament.refresh_from_db()
    assert (tournament.deductions_count_for_ranking, tournament.tiebreaks) == (False, ["best_session", "firsts"])
    assert tournament.final_ranking == "finalists_first"  # 3.5.4: the organizer's regulation
    assert StandingsSnapshot.objects.filter(tournament=tournament).exists()
    bad = client.post(reverse("tournaments:edit", args=[tournament.pk]), {**data, "tiebreaks": "firsts, firsts, luck"})
    assert bad.status_code == 200 and "tiebreaks" in bad.context["form"].errors


@pytest.mark.django_db
def test_edits_that_would_rewrite_play_under_way_are_refused(organizer, referee, tournament, running_session):

    sheet = running_session.sheets.get(table__number=1)
    sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=1, entry=HandEntry(result="draw"))
    tournament.refresh_from_db()
    core_services.tournament_update(actor=organizer, tournament=tournament, status="running")
    for change, field in (
        ({"rules": "common_practice"}, "rules"),  # hands were scored under green_book
        ({"session_minutes": 30}, "session_minutes"),  # the running session's time-up is fixed
        ({"status": "draft"}, "status"),  # sessions have started
        ({"status": "finished"}, "status"),  # a session is still running
    ):
        with pytest.raises(ValidationError) as caught:
            core_services.tournament_update(actor=organizer, tournament=tournament, **change)
        assert field in caught.value.message_dict, change
    tournament.refresh_from_db()
    assert (tournament.rules, tournament.session_minutes) == ("green_book", 150)
    core_services.tournament_update(actor=organizer, tournament=tournament, venue="Hall C")
    session_services.session_end(actor=organizer, session=running_session)
    core_services.tournament_update(actor=organizer, tournament=tournament, session_minutes=120)
    # Sessions 2-6 are still to play: finished is refused, saying why (tests/core/test_status_follows_day.py).
    with pytest.raises(ValidationError) as caught:
        core_services.tournament_update(actor=organizer, tournament=tournament, status="finished")
    assert "lower the planned sessions" in str(caught.value)
    tournament.refresh_from_db()
    assert (tournament.session_minutes, tournament.status) == (120, "running")


@pytest.mark.django_db
def test_revoking_a_referee_who_holds_tables_is_refused(organizer, tournament, referee, sheet, outsider):

    membership = Membership.objects.get(user=referee, tournament=tournament, role="referee")
    with pytest.raises(ValidationError) as info:
        core_services.membership_revoke(actor=organizer, membership=membership)
    assert "1, 2, 3" in str(info.value) and "hand the tables over" in str(info.value)
    assert Membership.objects.filter(pk=membership.pk).exists()
    assert not AuditEvent.objects.filter(action="membership.revoked").exists()

    # Once the tables are handed over (or signed), the role can go.
    core_services.membership_grant(actor=organizer, tournament=tournament, user=outsider, role="referee")
    for held in sheet.session.sheets.filter(referee=referee):
        sheet_services.sheet_assign_referee(actor=organizer, sheet=held, referee=outsider)
    core_services.membership_revoke(actor=organizer, membership=membership)
    assert not Membership.objects.filter(pk=membership.pk).exists()

