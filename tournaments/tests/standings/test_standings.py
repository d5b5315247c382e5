"""Standings snapshots: stored once per change, as JSON text with a digest."""


import pytest

from testing.scenarios import STRAIGHT, objection_made_before_signing, sign_all
from tournaments.models import StandingsSnapshot
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HandEntry
from tournaments.standings.compute import standings_compute
from tournaments.standings.services import standings_recompute


@pytest.fixture
def locked_sheet(referee, sheet, pins, django_capture_on_commit_callbacks):
    sheet_services.hand_record(
        actor=referee, sheet_id=sheet.pk, number=1, entry=HandEntry(result="win", winner=2, discarder=0, tiles=STRAIGHT)
    )
    sheet.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        sign_all(actor=referee, sheet=sheet)
    sheet.refresh_from_db()
    return sheet


@pytest.mark.django_db
def test_a_recompute_with_no_change_keeps_the_version(tournament, locked_sheet):
    first = StandingsSnapshot.objects.get()
    assert first.digest and first.data == standings_compute(tournament)
    again = standings_recompute(tournament_id=tournament.pk)
    assert again.pk == first.pk and StandingsSnapshot.objects.count() == 1
    assert again.data == first.data  # deferred on the comparison, loaded when asked for


@pytest.mark.django_db
def test_a_change_stores_a_new_version(tournament, chief_referee, locked_sheet, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        sheet_services.hand_correct(
            actor=chief_referee, sheet=locked_sheet, number=1, expected_version=locked_sheet.version,
            reason="wrong winner", entry=HandEntry(result="draw"),
            basis="objection", reference=str(objection_made_before_signing(locked_sheet).pk),
        )
    latest = StandingsSnapshot.objects.order_by("-version").first()
    assert latest.version == 2 and StandingsSnapshot.objects.count() == 2
    assert latest.data == standings_compute(tournament)
    assert {row["contest_points"] for row in latest.data["individuals"]} == {0}


@pytest.mark.django_db
def test_a_snapshot_without_a_digest_is_compared_by_its_data(tournament, locked_sheet):
    """Snapshots stored before the digest existed: an unchanged recompute still adds no version."""
    StandingsSnapshot.objects.update(digest="")
    again = standings_recompute(tournament_id=tournament.pk)
    assert again.version == 1 and StandingsSnapshot.objects.count() == 1


@pytest.mark.django_db
def test_a_version_moved_back_does_not_collide(tournament, chief_referee, locked_sheet):
    """A counter set back below the latest snapshot (an old value saved over it): the next version
    goes past both."""
    type(tournament).objects.filter(pk=tournament.pk).update(standings_version=0)
    sheet_services.hand_correct(
        actor=chief_referee, sheet=locked_sheet, number=1, expected_version=locked_sheet.version,
        reason="wrong winner", entry=HandEntry(result="draw"),
        basis="objection", reference=str(objection_made_before_signing(locked_sheet).pk),
    )
    snapshot = standings_recompute(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    assert snapshot.version == 2 and tournament.standings_version == 2


@pytest.mark.django_db
def test_the_admin_cannot_edit_the_standings_version(admin_client, tournament, chief_referee, locked_sheet):
    page = admin_client.get(f"/admin/tournaments/tournament/{tournament.pk}/change/").content.decode()
    assert 'name="standings_version"' not in page


@pytest.mark.django_db
def test_a_player_renamed_or_moved_is_recomputed(
    tournament, organizer, registrations, locked_sheet, django_capture_on_commit_callbacks
):
    """Standings rows carry names and teams: editing a registration queues a recompute."""
    from tournaments.core.services import registration_update

    registration = next(r for r in registrations if r.entry_number == 1)
    team = tournament.teams.exclude(pk=registration.team_id).order_by("name").first()
    with django_capture_on_commit_callbacks(execute=True):
        registration_update(actor=organizer, registration=registration, name="Renamed", team=team)
    latest = StandingsSnapshot.objects.order_by("-version").first()
    row = next(row for row in latest.data["individuals"] if row["entry"] == 1)
    assert latest.version == 2 and row["name"] == "Renamed" and row["team"] == team.name
    with django_capture_on_commit_callbacks() as callbacks:  # nothing shown changed: nothing queued
        registration_update(
            actor=organizer, registration=registration, name="Renamed", contact="x@example.org", team=team
        )
    assert callbacks == []
