"""A draft's import page is its organizers'; a person shared between tournaments through the roster import is
one Player by federation ID, never rewritten by another tournament's file, each registration's contact its
own and seen only by its own organizers."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from roster import services as roster_services
from tournaments.core import services as core_services
from tournaments.models import Player, Registration, Tournament

ROLES = ["organizer", "chief_referee", "referee", "arbitrator", "team_leader", "player_user", "pin_member", "outsider"]


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
def test_the_import_page_of_a_draft_is_its_organizers(client_for, tournament, everyone, role):
    response = client_for(everyone[role]).get(reverse("roster:import", args=[tournament.pk]))
    assert response.status_code == (200 if role == "organizer" else 404)


def _import(actor, tournament, content: bytes):
    job = roster_services.import_job_create(
        actor=actor, tournament=tournament, kind="players", filename="p.csv", content=content
    )
    return roster_services.import_job_run(job_id=job.pk)


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
def test_contact_is_seen_only_by_its_tournaments_organizers(client_for, tournament, registrations, everyone, role):
    """A second organizer who registers the same person by federation ID sees their own row's contact,
    never the first tournament's; every other role of the first tournament and the outsider get 404."""
    from tournaments.models import Registration

    first = registrations[0]
    first.player.federation_id = "CN-1"
    first.player.save()
    first.contact = "+86 138 0000 1234 zhang.min@example.invalid"
    first.save()
    other = Tournament.objects.get(name="Other Cup")  # the outsider's tournament
    assert _import(everyone["outsider"], other, b"entry,name,federation_id,contact\n1,Player 1,CN-1,b@example.org\n"
                   ).status == "done"
    theirs = Registration.objects.get(tournament=other)
    assert theirs.player_id == first.player_id  # the federation ID links the same person
    client = client_for(everyone[role])
    mine = client.get(reverse("tournaments:registration_edit", args=[first.pk]))
    expected = 200 if role == "organizer" else 404
    assert mine.status_code == expected
    if expected == 200:
        assert b"zhang.min@example.invalid" in mine.content and b"b@example.org" not in mine.content
    foreign = client.get(reverse("tournaments:registration_edit", args=[theirs.pk]))
    assert foreign.status_code == (200 if role == "outsider" else 404)
    if role == "outsider":
        assert b"b@example.org" in foreign.content
        assert b"zhang.min" not in foreign.content and b"138 0000" not in foreign.content
    for page in ("registrations", "detail", "audit"):
        response = client.get(reverse(f"tournaments:{page}", args=[tournament.pk]))
        assert b"zhang.min" not in response.content


@pytest.mark.django_db
def test_a_player_shared_with_another_tournament_is_not_rewritten(organizer, tournament, registrations, outsider):
    from tournaments.models import Tournament

    other = Tournament.objects.get(name="Other Cup")
    player = registrations[0].player
    player.federation_id = "CN-1"
    player.save()
    Registration.objects.create(tournament=other, player=player, entry_number=1)
    with pytest.raises(ValidationError):
        core_services.registration_update(
            actor=organizer, registration=registrations[0], name="Renamed", federation_id="CN-1"
        )
    core_services.registration_update(
        actor=organizer, registration=registrations[0], name=player.name, federation_id="CN-1",
        contact="new@example.org", country=player.country, team=registrations[1].team,
    )  # the team and the contact are this tournament's own business
    job = roster_services.import_job_create(actor=outsider, tournament=other, kind="players", filename="p.csv",
                                     content=b"entry,name,federation_id\n2,Someone Else,CN-1\n")
    assert roster_services.import_job_run(job_id=job.pk).status == "failed"  # already registered there
    third = core_services.tournament_create(
        actor=outsider, name="Third", starts_on=other.starts_on, ends_on=other.ends_on
    )
    job = roster_services.import_job_create(actor=outsider, tournament=third, kind="players", filename="p.csv",
                                     content=b"entry,name,federation_id\n2,Someone Else,CN-1\n")
    assert roster_services.import_job_run(job_id=job.pk).status == "failed"  # the ID names another person
    job = roster_services.import_job_create(
        actor=outsider,
        tournament=third,
        kind="players",
        filename="p.csv",
        content=b"entry,name,country,contact,federation_id\n2,player 1,JP,new@example.org,CN-1\n",
    )
    assert roster_services.import_job_run(job_id=job.pk).status == "done"
    stored = Player.objects.get(federation_id="CN-1")
    assert (stored.name, stored.country) == ("Player 1", "CN")  # reused, not overwritten
    # The contact belongs to each registration that supplied it.
    assert third.registrations.get().contact == "new@example.org"
    registrations[0].refresh_from_db()
    assert registrations[0].contact == "new@example.org"


@pytest.mark.django_db
def test_both_organizers_keep_editing_their_own_registration(client_for, tournament, registrations, organizer,
                                                             outsider):
    """Sharing a person does not take away the first organizer's right to edit their registration's contact,
    team and group; the shared name stays as it is for both."""
    from tournaments.models import Registration

    first = registrations[0]
    first.player.federation_id = "CN-1"
    first.player.save()
    other = Tournament.objects.get(name="Other Cup")
    row = b"entry,name,federation_id,contact\n1,Player 1,CN-1,b@example.org\n"
    assert _import(outsider, other, row).status == "done"
    theirs = Registration.objects.get(tournament=other)
    data = {"name": "Player 1", "country": "CN", "federation_id": "CN-1", "contact": "new@example.org",
            "team": first.team_id}
    response = client_for(organizer).post(reverse("tournaments:registration_edit", args=[first.pk]), data)
    assert response.status_code == 302
    data = {"name": "Player 1", "country": "CN", "federation_id": "CN-1", "contact": "theirs@example.org"}
    response = client_for(outsider).post(reverse("tournaments:registration_edit", args=[theirs.pk]), data)
    assert response.status_code == 302
    first.refresh_from_db()
    theirs.refresh_from_db()
    assert (first.contact, theirs.contact) == ("new@example.org", "theirs@example.org")
    # The outsider cannot write to the first tournament's registration either.
    response = client_for(outsider).post(reverse("tournaments:registration_edit", args=[first.pk]),
                                         {**data, "contact": "stolen@example.org"})
    assert response.status_code == 404
    first.refresh_from_db()
    assert first.contact == "new@example.org"
    # The shared person's name is changed by neither organizer alone.
    response = client_for(outsider).post(reverse("tournaments:registration_edit", args=[theirs.pk]),
                                         {**data, "name": "Someone Else"})
    assert response.status_code == 200 and b"contact, team and group" in response.content
    first.player.refresh_from_db()
    assert first.player.name == "Player 1"
