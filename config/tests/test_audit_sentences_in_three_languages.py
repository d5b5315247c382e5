"""Audit details in words: the actions of the staff, players' records, single-player changes and referees,
each produced by its real service, read as sentences (not the label-and-keys fallback) in English, Chinese
and Japanese."""

import pytest
from django.utils import translation

from roster import services as roster_services
from staff import services as staff_services
from testing.fixtures import make_user
from tournaments import extensions
from tournaments.audit import AuditAction
from tournaments.core.audit_display import Places, describe, fallback
from tournaments.models import AuditEvent, Role
from tournaments.players import services as player_services
from tournaments.sessions import services as session_services
from tournaments.sheets import services as sheet_services

# The actions produced below (tournaments/audit.py), each by its service.
PRODUCED = {
    AuditAction.TOURNAMENT_STATUS_CHANGED,
    AuditAction.MEMBERSHIP_INVITED,
    AuditAction.MEMBERSHIP_INVITATION_ACCEPTED,
    AuditAction.MEMBERSHIP_INVITATION_CANCELLED,
    AuditAction.MEMBERSHIP_ACCOUNT_CREATED,
    AuditAction.MEMBERSHIP_PASSWORD_SET,
    AuditAction.PLAYER_LINKED,
    AuditAction.PIN_REISSUED,
    AuditAction.REGISTRATION_ADDED,
    AuditAction.REGISTRATION_WITHDRAWN,
    AuditAction.REGISTRATION_SUBSTITUTED,
    AuditAction.REGISTRATION_WITHDRAWAL_UNDONE,
    AuditAction.SESSION_REFEREES_PLANNED,
    AuditAction.SHEET_REFEREE_ASSIGNED,
}
LANGUAGES = ("en", "zh-hans", "ja")


@pytest.fixture
def produced_events(organizer, tournament, registrations, referee, pins, seated_session):
    invitation, _token = staff_services.invitation_create(actor=organizer, tournament=tournament, role=Role.REFEREE)
    staff_services.invitation_cancel(actor=organizer, invitation=invitation)
    _invitation, token = staff_services.invitation_create(
        actor=organizer, tournament=tournament, role=Role.ARBITRATOR, email="a@example.org"
    )
    staff_services.invitation_accept(user=make_user("arb"), tournament=tournament, token=token)
    user, _password = staff_services.staff_account_create(
        actor=organizer, tournament=tournament, role=Role.REFEREE, username="second"
    )
    staff_services.account_password_set(user=user, password="a-long-new-password-42")
    player = make_user("p1")
    player_services.player_self_link_by_pin(user=player, tournament=tournament, entry_number=1, pin=pins[1])
    player_services.confirm_pin_reissue(actor=referee, registration=registrations[1])
    staff_services.session_referees_plan(actor=organizer, session=seated_session, referees={1: user})
    session_services.session_start(actor=organizer, session=seated_session)  # publishes, then runs: status
    sheet = seated_session.sheets.get(table__number=2)
    sheet_services.sheet_assign_referee(actor=organizer, sheet=sheet, referee=user)
    session_services.session_end(actor=organizer, session=seated_session)
    late = roster_services.registration_add(actor=organizer, tournament=tournament, name="Late", entry_number=50)
    roster_services.registration_withdraw(actor=organizer, registration=registrations[4], reason="ill")
    roster_services.registration_withdrawal_undo(actor=organizer, registration=registrations[4], reason="back")
    roster_services.registration_substitute(actor=organizer, registration=registrations[5], substitute=late)
    return list(AuditEvent.objects.order_by("pk"))  # some (a password, a player link) name no tournament


@pytest.mark.django_db
def test_the_actions_are_each_produced_and_have_a_sentence(produced_events):
    produced = {event.action for event in produced_events}
    assert {str(action) for action in PRODUCED} <= produced, sorted({str(a) for a in PRODUCED} - produced)
    assert all(extensions.audit_sentence(action) for action in PRODUCED)


@pytest.mark.django_db
def test_the_events_read_as_sentences_in_three_languages(produced_events):
    places = Places.for_events(produced_events)
    for event in (e for e in produced_events if e.action in {str(a) for a in PRODUCED}):
        texts = {}
        for language in LANGUAGES:
            with translation.override(language):
                texts[language] = describe(event, places)
                assert texts[language] != fallback(event), (event.action, language, event.detail)
                assert "{" not in texts[language] and "%(" not in texts[language]
        # Chinese and Japanese are written in their own words, not the English sentence again.
        assert texts["zh-hans"] != texts["en"] and texts["ja"] != texts["en"], (event.action, texts)
