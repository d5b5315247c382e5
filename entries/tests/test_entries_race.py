"""The last places, for real: 200 confirmations at once on PostgreSQL for 10 free places."""

import datetime as dt

import pytest
from django.db import connection
from django.utils import timezone

from entries import services
from entries.models import Entry
from testing.concurrency import race

pytestmark = pytest.mark.postgres

THREADS, EACH = 50, 4  # 200 confirmations, 50 connections at once (the test server allows 200 in all)


@pytest.mark.django_db(transaction=True)
def test_two_hundred_confirmations_for_ten_places(organizer, tournament):
    assert connection.vendor == "postgresql"
    from testing.scenarios import publish

    publish(tournament)
    services.entry_window_set(actor=organizer, tournament=tournament, opens_at=timezone.now() - dt.timedelta(hours=1),
                              closes_at=timezone.now() + dt.timedelta(days=1), capacity=12)
    for n in range(2):  # two places already held: ten are free
        services.entry_confirm(entry=services.entry_submit(
            tournament=tournament, name=f"Early {n}", country="NL", email=f"early{n}@example.org", language="en",
            consent=True))
    Entry.objects.bulk_create(
        Entry(tournament=tournament, name=f"Racer {n}", country="CN", email=f"r{n}@example.org", language="en",
              privacy_notice=services.PRIVACY_NOTICE_VERSION, secret=f"s{n}") for n in range(THREADS * EACH))
    racers = list(Entry.objects.filter(name__startswith="Racer").values_list("pk", flat=True))

    def confirm(i):
        return [services.entry_confirm(entry=Entry(pk=pk, tournament_id=tournament.pk)).state
                for pk in racers[i * EACH:(i + 1) * EACH]]

    outcomes = race(THREADS, confirm)
    errors = [o for o in outcomes if not isinstance(o, list)]
    assert not errors, errors[:3]
    states = [state for outcome in outcomes for state in outcome]
    assert states.count(Entry.State.ENTERED) == 10 and states.count(Entry.State.WAITING) == 190
    queue = list(Entry.objects.filter(tournament=tournament).order_by("queue_number").values_list(
        "queue_number", "state"))
    # None lost or doubled: queue numbers 1..202 once each; the first twelve hold the places, the rest wait in order.
    assert [number for number, _state in queue] == list(range(1, 203))
    assert {state for _n, state in queue[:12]} == {Entry.State.ENTERED}
    assert {state for _n, state in queue[12:]} == {Entry.State.WAITING}
    assert tournament.registrations.count() == 12
