"""The archive from the organizer's pages: download it, import it back as a new tournament; outsiders get 404."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from archive.export import tournament_export_archive
from testing.archives import renamed
from tournaments.models import AuditEvent, Tournament


def upload(data, name="archive.json") -> SimpleUploadedFile:
    body = data if isinstance(data, bytes) else json.dumps(data, ensure_ascii=False).encode()
    return SimpleUploadedFile(name, body, content_type="application/json")


@pytest.mark.django_db
def test_the_organizer_downloads_the_archive_from_the_tournament_page(client_for, organizer, played):
    detail = client_for(organizer).get(reverse("tournaments:detail", args=[played.pk])).content.decode()
    assert reverse("archive:page", args=[played.pk]) in detail
    page = client_for(organizer).get(reverse("archive:page", args=[played.pk])).content.decode()
    assert reverse("archive:download", args=[played.pk]) in page
    response = client_for(organizer).get(reverse("archive:download", args=[played.pk]))
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    assert json.loads(response.content) == tournament_export_archive(played)


@pytest.mark.django_db
def test_only_the_organizer_downloads(client_for, played, referee, chief_referee, player_user, outsider):
    for user in (referee, chief_referee, player_user, outsider):
        assert client_for(user).get(reverse("archive:download", args=[played.pk])).status_code == 404
        assert client_for(user).get(reverse("archive:page", args=[played.pk])).status_code == 404


@pytest.mark.django_db
def test_an_archive_imports_as_a_new_tournament_from_the_home_page(client_for, organizer, played):
    client = client_for(organizer)
    assert reverse("archive:import") in client.get(reverse("home")).content.decode()
    data = renamed(tournament_export_archive(played), "Test Open (copy)")
    response = client.post(reverse("archive:import"), {"file": upload(data)})
    copy = Tournament.objects.get(name="Test Open (copy)")
    assert response.status_code == 302 and response["Location"] == reverse("tournaments:detail", args=[copy.pk])
    assert copy.registrations.count() == played.registrations.count()
    assert copy.memberships.filter(user=organizer).exists()
    assert AuditEvent.objects.filter(tournament=copy, action="tournament.imported").exists()


@pytest.mark.django_db
def test_a_bad_archive_lists_its_problems_and_saves_nothing(client_for, organizer, played):
    client = client_for(organizer)
    data = tournament_export_archive(played)  # the same name: refused
    before = Tournament.objects.count()
    page = client.post(reverse("archive:import"), {"file": upload(data)})
    assert page.status_code == 200 and "nothing was imported" in page.content.decode()
    not_json = client.post(reverse("archive:import"), {"file": upload(b"\xff not json")})
    assert "not a tournament archive" in not_json.content.decode()
    assert Tournament.objects.count() == before


@pytest.mark.django_db
def test_importing_needs_the_right_to_create_tournaments(client_for, referee, played):
    data = renamed(tournament_export_archive(played), "Other")
    assert client_for(referee).post(reverse("archive:import"), {"file": upload(data)}).status_code == 403
    assert not Tournament.objects.filter(name="Other").exists()
