"""The entries' pages as a stranger, an entrant and the organizer use them."""

import pytest
from django.urls import reverse

from entries import links
from entries.models import Entry, Mail
from entries.tests.conftest import confirmed, enter
from entries.throttle import ENTRIES_PER_EMAIL

FORM = {"name": "Ana Silva", "name_local": "", "country": "PT", "issuer": "EMA", "federation_id": "12345",
        "email": "ana@example.org", "consent": "on", "website": ""}


def test_a_player_enters_on_the_public_page_and_confirms_by_the_link(opened, client, tournament,
                                                                     django_capture_on_commit_callbacks):
    url = reverse("entries:enter", args=[tournament.pk])
    page = client.get(url)
    assert page.status_code == 200 and b'name="website"' in page.content and b"8 players" in page.content
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(url, FORM)
    assert b"ana@example.org" in answer.content
    entry = Entry.objects.get()
    assert entry.federation_id == "EMA:12345" and entry.language == "en"
    # The mailed link shows a button; a GET (a mail scanner) confirms nothing.
    confirm = reverse("entries:confirm", args=[links.entry_token(entry)])
    assert client.get(confirm).status_code == 200
    entry.refresh_from_db()
    assert entry.state == Entry.State.UNCONFIRMED
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(confirm)
    assert answer.status_code == 302
    page = client.get(answer.url)
    assert b"You have a place" in page.content
    assert Mail.objects.filter(entry=entry, kind="entered").exists()
    # The withdraw button on the entrant's page.
    client.post(answer.url, {"action": "withdraw"})
    entry.refresh_from_db()
    assert entry.state == Entry.State.WITHDRAWN


def test_a_forged_or_old_link_finds_nothing(opened, client, tournament):
    entry = enter(tournament)
    token = links.entry_token(entry)
    assert client.get(reverse("entries:mine", args=[token + "x"])).status_code == 404
    Entry.objects.filter(pk=entry.pk).update(secret="changed")
    assert client.get(reverse("entries:mine", args=[token])).status_code == 404


def test_the_honeypot_keeps_nothing_and_the_flood_is_throttled(opened, client, tournament):
    url = reverse("entries:enter", args=[tournament.pk])
    answer = client.post(url, {**FORM, "website": "http://spam.example"})
    assert answer.status_code == 200 and not Entry.objects.exists()
    for n in range(ENTRIES_PER_EMAIL):
        client.post(url, {**FORM, "name": f"Ana {n}", "federation_id": ""})
    refused = client.post(url, {**FORM, "name": "Ana again", "federation_id": ""})
    assert refused.status_code == 429 and b"Try again in" in refused.content
    assert Entry.objects.count() == ENTRIES_PER_EMAIL


def test_a_draft_or_a_tournament_without_entries_has_no_entry_page(client, tournament):
    assert client.get(reverse("entries:enter", args=[tournament.pk])).status_code == 404


@pytest.mark.parametrize("who", ["anonymous", "outsider", "referee"])
def test_only_the_organizer_sees_and_acts_on_the_entries(opened, client, tournament, who,
                                                         django_capture_on_commit_callbacks):
    from testing.fixtures import make_user, member

    entry = confirmed(tournament, django_capture_on_commit_callbacks)
    if who == "outsider":
        client.force_login(make_user("stranger"))
    elif who == "referee":
        client.force_login(member(tournament, "ref", "referee"))
    for name in ("manage", "window", "export", "outbox"):
        answer = client.get(reverse(f"entries:{name}", args=[tournament.pk]))
        assert answer.status_code == (302 if who == "anonymous" else 404), name
    answer = client.post(reverse("entries:action", args=[entry.pk]), {"action": "cancel", "reason": "x"})
    assert answer.status_code in (302, 404)
    entry.refresh_from_db()
    assert entry.state == Entry.State.ENTERED


def test_the_organizer_opens_entries_records_a_payment_and_exports(client, organizer, tournament,
                                                                   django_capture_on_commit_callbacks):
    from testing.scenarios import publish

    publish(tournament)
    client.force_login(organizer)
    form = {"opens_at": "2026-01-01T09:00", "closes_at": "2030-01-01T09:00", "capacity": "8", "quotas": "cn 4\nJP: 2",
            "offer_days": "3", "fee": "30", "currency": "eur", "payment_instructions": "IBAN NL00 0000",
            "refund_until": "", "quota_release_on": "", "individuals": "on", "team_players": "0"}
    bad = client.post(reverse("entries:window", args=[tournament.pk]), {**form, "quotas": "CN forty"})
    assert b"Line 1" in bad.content
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(reverse("entries:window", args=[tournament.pk]), form)
    assert answer.status_code == 302
    window = tournament.entry_window
    assert dict(window.quotas.values_list("country", "places")) == {"CN": 4, "JP": 2} and window.currency == "EUR"
    entry = confirmed(tournament, django_capture_on_commit_callbacks, name="=HYPERLINK(\"x\")", country="CN")
    page = client.get(reverse("entries:manage", args=[tournament.pk]))
    assert page.status_code == 200 and b"entries-countries" in page.content
    client.post(reverse("entries:action", args=[entry.pk]), {"action": "pay", "payment": "transfer", "reference": ""})
    entry.refresh_from_db()
    assert entry.state == Entry.State.ENTERED  # no reference: refused, with the message on the page
    assert b"reference" in client.get(reverse("entries:manage", args=[tournament.pk])).content
    client.post(reverse("entries:action", args=[entry.pk]), {"action": "pay", "payment": "transfer",
                                                               "reference": "MCR-1"})
    entry.refresh_from_db()
    assert entry.state == Entry.State.PAID
    export = client.get(reverse("entries:export", args=[tournament.pk])).content.decode("utf-8-sig")
    assert "'=HYPERLINK" in export and "MCR-1" in export
    outbox = client.get(reverse("entries:outbox", args=[tournament.pk]))
    assert b"You are in" in outbox.content
