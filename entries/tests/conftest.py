"""The entries tests' world: the shared organizer's tournament, published, with entries open now."""

import datetime as dt
import itertools

import pytest
from django.utils import timezone

from entries import services
from testing.scenarios import publish

_people = itertools.count(1)


@pytest.fixture
def opened(organizer, tournament, django_capture_on_commit_callbacks):
    """Entries open for 8 places (two tables); returns a function that opens them again with other settings."""
    publish(tournament)

    def open_entries(**settings):
        now = timezone.now()
        values = {"opens_at": now - dt.timedelta(days=1), "closes_at": now + dt.timedelta(days=30), "capacity": 8,
                  **settings}
        with django_capture_on_commit_callbacks(execute=True):
            return services.entry_window_set(actor=organizer, tournament=tournament, **values)

    open_entries()
    return open_entries


def enter(tournament, *, country="NL", name=None, language="en", federation_id="", issuer="", **extra):
    """An entry as the public form makes it (its e-mail not yet confirmed)."""
    n = next(_people)
    return services.entry_submit(
        tournament=tournament, name=name or f"Player {n}", country=country, email=f"p{n}@example.org",
        language=language, consent=True, federation_id=federation_id, issuer=issuer, **extra)


def confirmed(tournament, capture, **kwargs):
    """An entry made and confirmed, with its on-commit work done (mail, the waiting list served)."""
    with capture(execute=True):
        entry = enter(tournament, **kwargs)
        return services.entry_confirm(entry=entry)
