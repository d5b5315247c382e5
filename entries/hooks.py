"""What the entries app plugs into the core (tournaments.extensions.seams), in one place: the organizer's
Entries link, the public Enter link while entries are open, its audit sentences, its sweep."""

from django.utils import timezone
from django.utils.translation import gettext_lazy as _


def entries_open(user, tournament) -> bool:
    from entries.selectors import open_window

    window = open_window(tournament)
    return window is not None and window.opens_at <= timezone.now() < window.closes_at


def sweep() -> dict:
    """Beat's sweep (tournaments.tasks.standings_sweep_task): entries and offers past their time, lost mail."""
    from entries import mail, services

    return {**services.entries_expire(), "mail": mail.mails_resend_stale()}


def register() -> None:
    from entries.audit_sentences import SENTENCES
    from tournaments import events
    from tournaments.access import Capability
    from tournaments.extensions import Link, TimeZonePath, audit_sentences_register, seams

    seams.links.register(Link("tournament", _("Entries"), "entries:manage", Capability.MANAGE))
    seams.links.register(Link("tournament", _("Enter this tournament"), "entries:enter", None,
                              predicate=entries_open))
    seams.time_zone_paths.register(TimeZonePath("entry_id", "entries__pk"))
    audit_sentences_register(SENTENCES)
    events.sweep_register(sweep)
