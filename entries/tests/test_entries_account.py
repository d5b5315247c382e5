"""One account across tournaments, made or linked from the mailed link; the player's page of all of it."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from entries import links, services
from entries.models import Entry
from entries.tests.conftest import confirmed
from tournaments.models import AuditEvent


def test_an_account_made_from_the_link_keeps_the_entry_and_sees_the_seats(opened, client, tournament,
                                                                         django_capture_on_commit_callbacks):
    entry = confirmed(tournament, django_capture_on_commit_callbacks)
    url = reverse("entries:mine", args=[links.entry_token(entry)])
    assert b"Make my account" in client.get(url).content
    answer = client.post(url, {"action": "account", "username": "ana", "password1": "a-long-pass-phrase-9",
                               "password2": "a-long-pass-phrase-9"})
    assert answer.status_code == 302 and answer.url == reverse("entries:me")
    user = get_user_model().objects.get(username="ana")
    entry.refresh_from_db()
    assert entry.user == user and user.email == entry.email
    assert entry.registration.player.user == user  # their seats, sheets and results
    page = client.get(reverse("entries:me"))
    assert f"my-entry-{entry.pk}".encode() in page.content
    assert f"my-registration-{entry.registration.pk}".encode() in page.content
    # Once: a second account from the same link is refused, and nothing is made.
    client.logout()
    again = client.post(url, {"action": "account", "username": "eve", "password1": "a-long-pass-phrase-9",
                              "password2": "a-long-pass-phrase-9"})
    assert again.status_code == 400 and not get_user_model().objects.filter(username="eve").exists()


def test_a_signed_in_player_keeps_entries_of_two_tournaments(opened, client, organizer, tournament,
                                                            django_capture_on_commit_callbacks):
    from testing.fixtures import make_user

    user = make_user("keeper")
    client.force_login(user)
    entry = confirmed(tournament, django_capture_on_commit_callbacks)
    client.post(reverse("entries:mine", args=[links.entry_token(entry)]), {"action": "keep"})
    entry.refresh_from_db()
    assert entry.user == user
    assert AuditEvent.objects.filter(action="entry.account_linked", actor=user).exists()
    # Someone else's link cannot move it to their account.
    other = make_user("other")
    with pytest.raises(Exception, match="another account"):
        services.entry_account_link(entry=entry, user=other)


def test_an_old_link_makes_no_account(opened, client, tournament, django_capture_on_commit_callbacks):
    import time
    from unittest import mock

    entry = confirmed(tournament, django_capture_on_commit_callbacks)
    mailed = time.time() - (links.ACCOUNT_LINK_DAYS + 1) * 86400
    with mock.patch("django.core.signing.time.time", return_value=mailed):  # the mail went out 31 days ago
        token = links.entry_token(entry)
    url = reverse("entries:mine", args=[token])
    assert client.get(url).status_code == 200  # the entry page itself still opens
    answer = client.post(url, {"action": "account", "username": "late", "password1": "a-long-pass-phrase-9",
                               "password2": "a-long-pass-phrase-9"})
    assert answer.status_code == 400 and b"too old" in answer.content
    assert Entry.objects.get(pk=entry.pk).user is None


def test_my_tournaments_needs_a_sign_in(client):
    assert client.get(reverse("entries:me")).status_code == 302
