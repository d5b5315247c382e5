"""Staff in the app (issue 13): invitations, accounts with a one-time password, revocation, team
leaders' accounts after import, a session's referees on one screen."""

import datetime as dt
import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from staff import services
from staff.models import PasswordChangeDue, StaffInvitation
from testing.fixtures import make_user
from tournaments.core import services as core_services
from tournaments.models import AuditEvent, Membership, Role
from tournaments.sheets import services as sheet_services

pytestmark = pytest.mark.django_db


def invite(organizer, tournament, role=Role.REFEREE, **kwargs):
    return services.invitation_create(actor=organizer, tournament=tournament, role=role, **kwargs)


# --- invitations --------------------------------------------------------------------------------


def test_an_invitation_gives_its_role_once_and_is_audited(organizer, tournament):
    invitation, token = invite(organizer, tournament, role=Role.CHIEF_REFEREE)
    assert invitation.token_hash != token and token not in invitation.token_hash  # only the hash is kept
    newcomer = make_user("newcomer")
    services.invitation_accept(user=newcomer, tournament=tournament, token=token)
    assert Membership.objects.filter(user=newcomer, tournament=tournament, role=Role.CHIEF_REFEREE).exists()
    actions = list(AuditEvent.objects.filter(tournament=tournament).values_list("action", flat=True))
    assert {"membership.invited", "membership.granted", "membership.invitation_accepted"} <= set(actions)
    with pytest.raises(ValidationError, match="already been used"):
        services.invitation_accept(user=make_user("second"), tournament=tournament, token=token)


def test_an_expired_invitation_is_refused(organizer, tournament):
    invitation, token = invite(organizer, tournament)
    StaffInvitation.objects.filter(pk=invitation.pk).update(expires_at=timezone.now() - dt.timedelta(seconds=1))
    with pytest.raises(ValidationError, match="expired"):
        services.invitation_accept(user=make_user("late"), tournament=tournament, token=token)
    assert not Membership.objects.filter(user__username="late").exists()


def test_an_invitation_is_valid_for_its_own_tournament_only(organizer, tournament):
    other = core_services.tournament_create(
        actor=organizer, name="Other", starts_on=dt.date(2026, 6, 1), ends_on=dt.date(2026, 6, 1)
    )
    _invitation, token = invite(organizer, tournament)
    with pytest.raises(ValidationError, match="not valid for this tournament"):
        services.invitation_accept(user=make_user("x"), tournament=other, token=token)
    with pytest.raises(ValidationError, match="not valid for this tournament"):
        services.invitation_accept(user=make_user("y"), tournament=tournament, token=token + "x")


def test_a_cancelled_invitation_is_refused_and_a_used_one_cannot_be_cancelled(organizer, tournament):
    invitation, token = invite(organizer, tournament)
    services.invitation_cancel(actor=organizer, invitation=invitation)
    with pytest.raises(ValidationError, match="cancelled"):
        services.invitation_accept(user=make_user("x"), tournament=tournament, token=token)
    used, token2 = invite(organizer, tournament)
    services.invitation_accept(user=make_user("y"), tournament=tournament, token=token2)
    with pytest.raises(ValidationError, match="has been used"):
        services.invitation_cancel(actor=organizer, invitation=used)


def test_a_team_leader_invitation_needs_a_team_of_this_tournament(organizer, tournament, teams):
    with pytest.raises(ValidationError, match="Choose the team"):
        invite(organizer, tournament, role=Role.TEAM_LEADER)
    with pytest.raises(ValidationError, match="Only a team leader"):
        invite(organizer, tournament, role=Role.REFEREE, team=teams[0])
    other = core_services.tournament_create(
        actor=organizer, name="Other", starts_on=dt.date(2026, 6, 1), ends_on=dt.date(2026, 6, 1)
    )
    with pytest.raises(ValidationError, match="another tournament"):
        invite(organizer, other, role=Role.TEAM_LEADER, team=teams[0])
    with pytest.raises(ValidationError, match="Unknown role"):
        invite(organizer, tournament, role="king")
    assert not StaffInvitation.objects.exists()


def test_accepting_a_role_already_held_is_refused_and_the_link_stays_usable(organizer, tournament, referee):
    invitation, token = invite(organizer, tournament)
    with pytest.raises(ValidationError, match="already has this role"):
        services.invitation_accept(user=referee, tournament=tournament, token=token)
    invitation.refresh_from_db()
    assert invitation.used_at is None


def test_the_invitation_is_mailed_when_mail_is_configured(organizer, tournament, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        invite(organizer, tournament, email="ref@example.org", link_for=lambda t: f"https://x/{t}/")
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["ref@example.org"]
    assert "https://x/" in mail.outbox[0].body


def test_no_mail_without_a_mail_server(organizer, tournament, settings, django_capture_on_commit_callbacks):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = "localhost"
    with django_capture_on_commit_callbacks(execute=True):
        invite(organizer, tournament, email="ref@example.org", link_for=lambda t: f"https://x/{t}/")
    assert not services.mail_configured() and mail.outbox == []


def test_a_new_account_from_the_link_checks_username_and_password(organizer, tournament, referee):
    _invitation, token = invite(organizer, tournament)
    with pytest.raises(ValidationError) as taken:
        services.invitation_accept_new_account(tournament=tournament, token=token, username="REFEREE",
                                               password="a-long-pass-phrase-9")
    assert "username" in taken.value.error_dict
    with pytest.raises(ValidationError) as weak:
        services.invitation_accept_new_account(tournament=tournament, token=token, username="fresh", password="1")
    assert "password1" in weak.value.error_dict
    assert not get_user_model().objects.filter(username="fresh").exists()
    user = services.invitation_accept_new_account(
        tournament=tournament, token=token, username="fresh", password="a-long-pass-phrase-9"
    )
    assert Membership.objects.filter(user=user, role=Role.REFEREE).exists()


# --- accounts with a one-time password ------------------------------------------------------------


def test_an_account_with_a_one_time_password_must_change_it_at_first_login(client, organizer, tournament):
    user, password = services.staff_account_create(
        actor=organizer, tournament=tournament, role=Role.ARBITRATOR, username="arb1"
    )
    assert PasswordChangeDue.objects.filter(user=user).exists() and len(password) == 12
    assert Membership.objects.filter(user=user, role=Role.ARBITRATOR).exists()
    response = client.post(reverse("login"), {"username": "arb1", "password": password})
    assert response.url == reverse("password_change_due")
    # Every other page sends them back until they choose a password.
    assert client.get(reverse("tournaments:detail", args=[tournament.pk])).url == reverse("password_change_due")
    response = client.post(reverse("password_change_due"), {"password1": "x", "password2": "x"})
    assert response.status_code == 200 and PasswordChangeDue.objects.filter(user=user).exists()
    response = client.post(
        reverse("password_change_due"), {"password1": "my-own-secret-42", "password2": "my-own-secret-42"}
    )
    # Staff land on the tournament they were given, not on the list of every tournament.
    assert response.url == reverse("tournaments:detail", args=[tournament.pk])
    assert not PasswordChangeDue.objects.filter(user=user).exists()
    assert client.get(reverse("tournaments:detail", args=[tournament.pk])).status_code == 200
    assert AuditEvent.objects.filter(action="membership.password_set", actor=user).exists()


def test_a_one_time_password_logs_in_once_and_expires(client, organizer, tournament, settings):
    """Issue 28: the same one-time password logged in twice and never expired."""
    import datetime as dt

    from django.test import Client

    user, password = services.staff_account_create(actor=organizer, tournament=tournament, role=Role.REFEREE,
                                                   username="ref-otp")
    due = PasswordChangeDue.objects.get(user=user)
    assert due.tournament == tournament and dt.timedelta(hours=71) < due.expires_at - due.created_at
    assert client.post(reverse("login"), {"username": "ref-otp", "password": password}).url == reverse(
        "password_change_due")
    again = Client().post(reverse("login"), {"username": "ref-otp", "password": password})
    assert again.status_code == 200 and "used already" in again.content.decode()
    # The organizer renews it (shown once), and an expired one is refused.
    new = services.one_time_password_renew(actor=organizer, tournament=tournament, user=user)
    PasswordChangeDue.objects.filter(user=user).update(expires_at=timezone.now() - dt.timedelta(seconds=1))
    late = Client().post(reverse("login"), {"username": "ref-otp", "password": new})
    assert late.status_code == 200 and "expired" in late.content.decode()
    assert AuditEvent.objects.filter(action="membership.otp_renewed").exists()


def test_the_staff_page_lists_outstanding_one_time_passwords_and_revokes_them(client_for, organizer, tournament,
                                                                             referee):
    from django.test import Client

    user, password = services.staff_account_create(actor=organizer, tournament=tournament, role=Role.REFEREE,
                                                   username="ref-otp2")
    page = client_for(organizer).get(reverse("staff:page", args=[tournament.pk])).content.decode()
    assert "ref-otp2" in page and "valid until" in page
    url = reverse("staff:one_time_password", args=[tournament.pk, user.pk, "revoke"])
    assert client_for(referee).post(url).status_code == 404  # organizers only
    assert client_for(organizer).post(reverse("staff:one_time_password",
                                              args=[tournament.pk, user.pk, "burn"])).status_code == 404
    assert client_for(organizer).post(url).status_code == 302
    refused = Client().post(reverse("login"), {"username": "ref-otp2", "password": password})
    assert refused.status_code == 200 and not refused.wsgi_request.user.is_authenticated
    assert AuditEvent.objects.filter(action="membership.otp_revoked").exists()
    renewed = client_for(organizer).post(reverse("staff:one_time_password",
                                                 args=[tournament.pk, user.pk, "renew"]))
    assert renewed.status_code == 200 and "ref-otp2" in renewed.content.decode()


def test_an_account_name_already_taken_is_refused_whole(organizer, tournament, referee):
    with pytest.raises(ValidationError, match="taken"):
        services.staff_account_create(actor=organizer, tournament=tournament, role=Role.REFEREE, username="Referee")
    with pytest.raises(ValidationError, match="letters, digits"):
        services.staff_account_create(actor=organizer, tournament=tournament, role=Role.REFEREE, username="a b")
    assert not AuditEvent.objects.filter(action="membership.account_created").exists()


def test_granting_an_existing_account(organizer, tournament, teams):
    make_user("lead")
    services.staff_grant_existing(
        actor=organizer, tournament=tournament, role=Role.TEAM_LEADER, username="lead", team=teams[1]
    )
    assert Membership.objects.get(user__username="lead").team == teams[1]
    with pytest.raises(ValidationError, match="no account"):
        services.staff_grant_existing(actor=organizer, tournament=tournament, role=Role.REFEREE, username="ghost")


# --- revoking ------------------------------------------------------------------------------------


def test_revoking_the_last_organizer_is_refused(organizer, tournament):
    membership = Membership.objects.get(tournament=tournament, role=Role.ORGANIZER)
    with pytest.raises(ValidationError, match="last organizer"):
        core_services.membership_revoke(actor=organizer, membership=membership)
    second = make_user("second")
    core_services.membership_grant(actor=organizer, tournament=tournament, user=second, role=Role.ORGANIZER)
    core_services.membership_revoke(actor=organizer, membership=membership)
    assert list(Membership.objects.filter(tournament=tournament, role=Role.ORGANIZER)) != []


# --- team leaders named by the roster ---------------------------------------------------------------


def test_team_leaders_named_in_the_roster_get_linked_accounts_once(organizer, tournament, teams, registrations):
    from tournaments.access import teams_led_by

    teams[0].leader = registrations[0]
    teams[0].save()
    teams[1].leader = registrations[4]
    teams[1].save()
    created = services.team_leader_accounts_create(actor=organizer, tournament=tournament)
    assert [row["team"] for row in created] == [teams[0], teams[1]]
    registrations[0].player.refresh_from_db()
    leader = registrations[0].player.user
    assert leader.get_username() == created[0]["username"] and leader.check_password(created[0]["password"])
    assert teams_led_by(leader, tournament) == {teams[0].pk}  # 3.12.1: may appeal for the team's players
    assert PasswordChangeDue.objects.filter(user=leader).exists()
    assert services.team_leader_accounts_create(actor=organizer, tournament=tournament) == []
    # Listed on the Staff page under their role and team (issue 29).
    assert Membership.objects.get(user=leader, tournament=tournament, role=Role.TEAM_LEADER).team == teams[0]


def test_the_import_page_offers_the_leaders_accounts(client_for, organizer, referee, tournament, teams,
                                                     registrations):
    from roster.models import ImportJob

    teams[2].leader = registrations[8]
    teams[2].save()
    job = ImportJob.objects.create(tournament=tournament, kind="players", status=ImportJob.Status.DONE,
                                   filename="p.csv", created_by=organizer,
                                   preview=[["entry", "name"], ["9", "Player 9"]])
    page = client_for(organizer).get(reverse("roster:job", args=[job.pk])).content.decode()
    assert "Team 3: Player 9" in page and reverse("staff:leader_accounts", args=[tournament.pk]) in page
    # The file's preview once, after the leaders' block (a merge once printed it inside that block as well).
    assert page.count("first rows as read") == 1
    assert page.index('id="leader-accounts"') < page.index("import-preview")


# --- a session's referees on one screen --------------------------------------------------------------


def test_a_running_session_s_tables_are_handed_over_in_one_step(organizer, tournament, running_session, referee):
    second = make_user("second")
    core_services.membership_grant(actor=organizer, tournament=tournament, user=second, role=Role.REFEREE)
    count = sheet_services.session_referees_assign(
        actor=organizer, session=running_session, referees={1: second, 2: second, 3: referee}
    )
    referees = dict(running_session.sheets.values_list("table__number", "referee__username"))
    assert referees == {1: "second", 2: "second", 3: "referee"}
    assert count == AuditEvent.objects.filter(action="sheet.referee_assigned").count() == 2


def test_handing_over_is_all_or_nothing(organizer, tournament, running_session, referee):
    outsider = make_user("nobody")
    before = dict(running_session.sheets.values_list("table__number", "referee_id"))
    with pytest.raises(ValidationError, match="not a referee"):
        sheet_services.session_referees_assign(
            actor=organizer, session=running_session, referees={1: referee, 2: outsider}
        )
    with pytest.raises(ValidationError, match="no table 9"):
        sheet_services.session_referees_assign(actor=organizer, session=running_session, referees={9: referee})
    assert dict(running_session.sheets.values_list("table__number", "referee_id")) == before


def test_a_planned_session_has_no_tables_to_hand_over_yet(organizer, tournament, seated_session, referee):
    with pytest.raises(ValidationError, match="has not started"):
        sheet_services.session_referees_assign(actor=organizer, session=seated_session, referees={1: referee})


def test_the_referees_screen_posts_every_table(client_for, chief_referee, organizer, running_session, referee):
    url = reverse("staff:session_referees", args=[running_session.pk])
    client = client_for(chief_referee)
    assert 'name="table_3"' in client.get(url).content.decode()
    client.post(url, {"table_1": str(referee.pk), "table_2": "", "table_3": "bogus"})
    # A value that is no referee of the tournament refuses the whole form.
    assert AuditEvent.objects.filter(action="sheet.referee_assigned").count() == 0


# --- the pages: who may, outsiders 404 ------------------------------------------------------------------


@pytest.mark.parametrize("persona", ["chief_referee", "referee", "arbitrator", "team_leader", "outsider"])
def test_only_the_organizer_sees_the_staff_page(client_for, everyone, tournament, persona):
    url = reverse("staff:page", args=[tournament.pk])
    assert client_for(everyone[persona]).get(url).status_code == 404
    assert client_for(everyone["organizer"]).get(url).status_code == 200


def test_outsiders_cannot_revoke_nor_cancel(client_for, organizer, outsider, referee, tournament):
    membership = Membership.objects.get(user=referee)
    invitation, _token = invite(organizer, tournament)
    client = client_for(outsider)
    assert client.post(reverse("staff:revoke", args=[membership.pk])).status_code == 404
    assert client.post(reverse("staff:invitation_cancel", args=[invitation.pk])).status_code == 404
    assert client.post(reverse("staff:leader_accounts", args=[tournament.pk])).status_code == 404
    assert Membership.objects.filter(pk=membership.pk).exists()


def test_the_staff_page_shows_the_link_once_and_the_role_holders(client_for, organizer, referee, tournament):
    client = client_for(organizer)
    url = reverse("staff:page", args=[tournament.pk])
    page = client.get(url).content.decode()
    assert "referee" in page and "Chief referee" in page
    response = client.post(url, {"role": "referee", "how": "invite", "email": ""})
    link = re.search(r'value="(http://testserver/t/\d+/invitations/[^"]+/)"', response.content.decode()).group(1)
    assert link.split("/")[-2] not in client.get(url).content.decode()
    # Opened by someone without an account: they make one and hold the role.
    client.logout()
    assert "You are invited as Referee" in client.get(link).content.decode()
    response = client.post(link, {"username": "walkin", "password1": "a-long-pass-phrase-9",
                                  "password2": "a-long-pass-phrase-9"})
    assert response.status_code == 302
    assert Membership.objects.filter(user__username="walkin", role=Role.REFEREE).exists()
    assert "already been used" in client.get(link).content.decode()


def test_the_staff_page_revokes_and_says_why_it_refuses(client_for, organizer, tournament):
    client = client_for(organizer)
    own = Membership.objects.get(user=organizer)
    response = client.post(reverse("staff:revoke", args=[own.pk]), follow=True)
    assert "last organizer" in response.content.decode()
    assert Membership.objects.filter(pk=own.pk).exists()


# --- planned before the session starts ---------------------------------------------------------------


def test_planned_referees_take_their_tables_at_the_start_the_rest_in_turn(organizer, tournament, seated_session,
                                                                          referee):
    from tournaments.sessions import services as session_services

    second = make_user("second")
    core_services.membership_grant(actor=organizer, tournament=tournament, user=second, role=Role.REFEREE)
    assert services.session_referees_plan(actor=organizer, session=seated_session, referees={3: second}) == 1
    event = AuditEvent.objects.get(action="session.referees_planned")
    assert event.detail == {"session": 1, "tables": [[3, "second"]]}
    session_services.session_start(actor=organizer, session=seated_session)
    referees = dict(seated_session.sheets.values_list("table__number", "referee__username"))
    assert referees[3] == "second"
    # Tables 1 and 2 had no plan: the referees in turn, as before.
    assert sorted([referees[1], referees[2]]) == ["referee", "second"]


def test_a_planned_referee_who_lost_the_role_is_replaced_in_turn(organizer, tournament, seated_session, referee):
    from tournaments.sessions import services as session_services

    second = make_user("second")
    membership = core_services.membership_grant(
        actor=organizer, tournament=tournament, user=second, role=Role.REFEREE
    )
    services.session_referees_plan(actor=organizer, session=seated_session, referees={1: second, 2: second})
    core_services.membership_revoke(actor=organizer, membership=membership)
    session_services.session_start(actor=organizer, session=seated_session)
    assert set(seated_session.sheets.values_list("referee__username", flat=True)) == {"referee"}


def test_planning_refuses_strangers_unseated_tables_and_started_sessions(organizer, tournament, running_session,
                                                                         referee):
    session2 = tournament.sessions.get(number=2)
    with pytest.raises(ValidationError, match="seats nobody at table 1"):
        services.session_referees_plan(actor=organizer, session=session2, referees={1: referee})
    with pytest.raises(ValidationError, match="has started"):
        services.session_referees_plan(actor=organizer, session=running_session, referees={1: referee})


def test_planning_a_stranger_is_refused_and_none_clears_a_plan(organizer, tournament, seated_session, referee):
    from tournaments.models import PlannedReferee

    with pytest.raises(ValidationError, match="not a referee"):
        services.session_referees_plan(actor=organizer, session=seated_session, referees={1: make_user("x")})
    services.session_referees_plan(actor=organizer, session=seated_session, referees={1: referee})
    assert services.session_referees_plan(actor=organizer, session=seated_session, referees={1: referee}) == 0
    services.session_referees_plan(actor=organizer, session=seated_session, referees={1: None})
    assert not PlannedReferee.objects.exists()


def test_the_referees_screen_plans_a_session_not_started(client_for, organizer, seated_session, referee):
    from tournaments.models import PlannedReferee

    url = reverse("staff:session_referees", args=[seated_session.pk])
    client = client_for(organizer)
    page = client.get(url).content.decode()
    assert "in turn" in page and 'name="table_2"' in page
    client.post(url, {"table_1": "", "table_2": str(referee.pk), "table_3": ""})
    assert list(PlannedReferee.objects.values_list("table__number", "referee")) == [(2, referee.pk)]


@pytest.mark.parametrize("persona", ["referee", "arbitrator", "team_leader", "outsider"])
def test_the_referees_screen_is_the_chief_s_and_the_organizer_s(client_for, everyone, seated_session, persona):
    url = reverse("staff:session_referees", args=[seated_session.pk])
    assert client_for(everyone[persona]).get(url).status_code == 404
    assert client_for(everyone[persona]).post(url, {}).status_code == 404
    assert client_for(everyone["chief_referee"]).get(url).status_code == 200


def test_a_link_not_of_this_tournament_is_404_and_names_nothing(client, organizer, tournament):
    other = core_services.tournament_create(
        actor=organizer, name="Secret Draft", starts_on=dt.date(2026, 6, 1), ends_on=dt.date(2026, 6, 1)
    )
    _invitation, token = invite(organizer, tournament)
    assert client.get(reverse("staff:invitation", args=[other.pk, token])).status_code == 404
    assert client.post(reverse("staff:invitation", args=[other.pk, token]), {}).status_code == 404
    assert client.get(reverse("staff:invitation", args=[tournament.pk, "guess"])).status_code == 404
    assert client.get(reverse("staff:invitation", args=[tournament.pk, token])).status_code == 200


def test_an_expired_link_says_so_on_its_page(client, organizer, tournament):
    invitation, token = invite(organizer, tournament)
    StaffInvitation.objects.filter(pk=invitation.pk).update(expires_at=timezone.now() - dt.timedelta(minutes=1))
    page = client.get(reverse("staff:invitation", args=[tournament.pk, token])).content.decode()
    assert "expired" in page and "Create my account" not in page
    response = client.post(reverse("staff:invitation", args=[tournament.pk, token]), {
        "username": "late", "password1": "a-long-pass-phrase-9", "password2": "a-long-pass-phrase-9"})
    assert "expired" in response.content.decode()
    assert not get_user_model().objects.filter(username="late").exists()


def test_the_staff_page_shows_the_referees_planned_for_each_session(client_for, organizer, tournament,
                                                                    seated_session, referee):
    """Issue 13: planned referees (PlannedReferee) are on the Staff page, per session, until it starts."""
    from tournaments.sessions import services as session_services

    client = client_for(organizer)
    url = reverse("staff:page", args=[tournament.pk])
    assert "None: the tables of each session go to the referees in turn" in client.get(url).content.decode()
    second = make_user("second")
    membership = core_services.membership_grant(actor=organizer, tournament=tournament, user=second, role=Role.REFEREE)
    services.session_referees_plan(actor=organizer, session=seated_session, referees={3: second, 1: referee})
    page = client.get(url).content.decode()
    section = page.split('class="card planned-referees"')[1].split("</section>")[0]
    assert "Session 1" in section and "Table 1: referee" in section and "Table 3: second" in section
    assert section.index("Table 1") < section.index("Table 3")
    assert reverse("staff:session_referees", args=[seated_session.pk]) in section
    core_services.membership_revoke(actor=organizer, membership=membership)
    assert "No longer a referee: second" in client.get(url).content.decode()
    session_services.session_start(actor=organizer, session=seated_session)  # started: the plan has done its work
    assert 'class="card planned-referees"' not in client.get(url).content.decode()
