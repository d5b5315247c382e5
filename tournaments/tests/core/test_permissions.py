"""Who may see and change what, for every role and an outsider; outsiders get 404."""

import pytest
from django.urls import reverse

from tournaments.access import Capability, can
from tournaments.models import Tournament

ROLES = ["organizer", "chief_referee", "referee", "arbitrator", "team_leader", "player_user", "pin_member", "outsider"]

# page -> the roles that may open it on a draft (private) tournament; everybody else gets 404
# (anonymous visitors are sent to the login page where a page needs a login).
PRIVATE_PAGES = {
    "detail": {"organizer", "chief_referee", "referee", "arbitrator", "team_leader"},
    "edit": {"organizer"},
    "registrations": {"organizer", "chief_referee", "referee", "arbitrator"},
    "audit": {"organizer", "chief_referee", "arbitrator"},
}


@pytest.mark.django_db
@pytest.mark.parametrize("page", sorted(PRIVATE_PAGES))
@pytest.mark.parametrize("role", ROLES)
def test_draft_tournament_pages(client_for, tournament, everyone, page, role):
    response = client_for(everyone[role]).get(reverse(f"tournaments:{page}", args=[tournament.pk]))
    expected = 200 if role in PRIVATE_PAGES[page] else 404
    assert response.status_code == expected


@pytest.mark.django_db
def test_published_tournament_is_public_but_its_roster_is_not(client_for, tournament, everyone):
    tournament.status = Tournament.Status.PUBLISHED
    tournament.save()
    anonymous = client_for(None)
    assert anonymous.get(reverse("tournaments:detail", args=[tournament.pk])).status_code == 200
    assert anonymous.get(reverse("home")).content.count(b"Test Open") == 1
    outsider = client_for(everyone["outsider"])
    assert outsider.get(reverse("tournaments:detail", args=[tournament.pk])).status_code == 200
    assert outsider.get(reverse("tournaments:registrations", args=[tournament.pk])).status_code == 404
    assert outsider.get(reverse("tournaments:audit", args=[tournament.pk])).status_code == 404


@pytest.mark.django_db
def test_drafts_are_hidden_from_lists_of_strangers(client_for, tournament, everyone):
    assert b"Test Open" not in client_for(everyone["outsider"]).get(reverse("home")).content
    assert b"Test Open" not in client_for(None).get(reverse("home")).content
    assert b"Test Open" in client_for(everyone["referee"]).get(reverse("home")).content
    assert b"Other Cup" in client_for(everyone["outsider"]).get(reverse("home")).content


@pytest.mark.django_db
def test_anonymous_is_sent_to_login_for_private_pages(client_for, tournament):
    response = client_for(None).get(reverse("tournaments:registrations", args=[tournament.pk]))
    assert response.status_code == 302
    assert reverse("login") in response["Location"]


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
def test_3_5_7_check_in_by_role(client_for, tournament, registrations, seated_session, everyone, role):
    registration = registrations[0]
    response = client_for(everyone[role]).post(
        reverse("tournaments:check_in_change", args=[seated_session.pk]), {"registration": registration.pk}
    )
    allowed = role in {"organizer", "chief_referee", "referee"}
    assert response.status_code == (302 if allowed else 404)
    assert seated_session.check_ins.filter(registration=registration).exists() is allowed
    page = client_for(everyone[role]).get(reverse("tournaments:check_in_list", args=[tournament.pk, 1]))
    assert page.status_code == (200 if allowed else 404)


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
def test_registration_edit_by_role(client_for, tournament, registrations, everyone, role):
    registration = registrations[1]
    url = reverse("tournaments:registration_edit", args=[registration.pk])
    response = client_for(everyone[role]).post(url, {"name": "Renamed", "team": registration.team_id})
    allowed = role == "organizer"
    assert response.status_code == (302 if allowed else 404)
    registration.player.refresh_from_db()
    assert (registration.player.name == "Renamed") is allowed


@pytest.mark.django_db
def test_contacts_only_for_organizers(tournament, organizer, referee):
    assert can(organizer, tournament, Capability.VIEW_CONTACTS)
    assert not can(referee, tournament, Capability.VIEW_CONTACTS)


@pytest.mark.django_db
def test_role_capabilities(tournament, chief_referee, referee, arbitrator, team_leader, player_user):
    assert can(chief_referee, tournament, Capability.DECIDE_RULE_APPEALS)
    assert can(chief_referee, tournament, Capability.SUPERVISE_SCORES)
    assert can(referee, tournament, Capability.RECORD_SCORES)
    assert not can(referee, tournament, Capability.SUPERVISE_SCORES)
    assert can(arbitrator, tournament, Capability.ARBITRATE)
    assert not can(arbitrator, tournament, Capability.DECIDE_RULE_APPEALS)
    assert can(team_leader, tournament, Capability.LEAD_TEAM)
    assert not can(team_leader, tournament, Capability.VIEW_ROSTER)
    assert not can(player_user, tournament, Capability.VIEW)  # a draft, and players hold no staff role


@pytest.mark.django_db
@pytest.mark.django_db
def test_only_permitted_users_create_tournaments(client_for, organizer, referee):
    data = {
        "name": "Spring Cup",
        "starts_on": "2026-04-01",
        "ends_on": "2026-04-02",
        "rules": "green_book",
        "planned_sessions": 6,
        "session_minutes": 150,
    }
    assert client_for(referee).post(reverse("tournaments:create"), data).status_code == 403
    response = client_for(organizer).post(reverse("tournaments:create"), data)
    assert response.status_code == 302
    created = Tournament.objects.get(name="Spring Cup")
    assert created.memberships.get().user == organizer


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
def test_api_registrations_by_role(client_for, tournament, registrations, everyone, role):
    response = client_for(everyone[role]).get(f"/api/tournaments/{tournament.pk}/registrations/")
    allowed = role in PRIVATE_PAGES["registrations"]
    assert response.status_code == (200 if allowed else 404)
    if allowed:
        assert [row["entry_number"] for row in response.json()["results"]] == list(range(1, 13))
        assert "contact" not in response.json()["results"][0]


@pytest.mark.django_db
def test_api_check_in_validates_input_and_role(
    client_for, tournament, registrations, seated_session, referee, outsider
):
    url = f"/api/sessions/{seated_session.pk}/check-ins/"
    body = {"registration_id": registrations[0].pk, "checked_in": True}
    assert client_for(outsider).post(url, body, content_type="application/json").status_code == 404
    referee_client = client_for(referee)
    bad = referee_client.post(url, {**body, "checked_in": "maybe"}, content_type="application/json")
    assert bad.status_code == 400
    assert [(e["field"], e["code"]) for e in bad.json()["errors"]] == [("checked_in", "invalid")]
    good = referee_client.post(url, body, content_type="application/json")
    assert good.status_code == 200
    assert good.json()["checked_in"] is True and good.json()["session"] == 1
    assert good.json()["late_seconds"] is None  # the session has not started
    assert seated_session.check_ins.filter(registration=registrations[0]).exists()
    undone = referee_client.post(url, {**body, "checked_in": False}, content_type="application/json")
    assert undone.status_code == 200 and undone.json()["checked_in"] is False
    assert not seated_session.check_ins.exists()


@pytest.mark.django_db
def test_api_tournaments_hide_drafts(client_for, tournament, outsider):
    assert client_for(None).get("/api/tournaments/").json() == []
    assert client_for(None).get(f"/api/tournaments/{tournament.pk}/").status_code == 404
    tournament.status = Tournament.Status.PUBLISHED
    tournament.save()
    detail = client_for(None).get(f"/api/tournaments/{tournament.pk}/").json()
    assert detail["name"] == "Test Open"
    assert [s["number"] for s in detail["sessions"]] == [1, 2, 3, 4, 5, 6]


# Privacy between tenants (issue 16): personal data belongs to the registration that supplied it.


@pytest.mark.django_db
def test_player_sees_their_own_contact_only(client_for, tournament, registrations, player_user, everyone):
    tournament.status = Tournament.Status.PUBLISHED
    tournament.save()
    own = registrations[0]  # the player_user fixture links the first registration's player
    url = reverse("tournaments:player_records", args=[tournament.pk, own.entry_number])
    assert own.contact.encode() in client_for(player_user).get(url).content
    response = client_for(everyone["outsider"]).get(url)
    assert own.contact.encode() not in response.content
