"""The audit trail's sentences for entries, built from what entries.services put in each event's detail."""

from django.utils.translation import gettext as _

from entries.models import Entry
from tournaments.audit import AuditAction


def _state(value: str) -> str:
    return str(Entry.State(value).label) if value in Entry.State.values else value


def _window_set(d, event, places):
    return _("Entries set: %(capacity)s places, from %(opens)s to %(closes)s") % {
        "capacity": d["capacity"], "opens": d["opens_at"][:16].replace("T", " "),
        "closes": d["closes_at"][:16].replace("T", " ")}


def _moved(d, event, places):
    sentence = _("%(name)s: %(before)s → %(after)s") % {
        "name": d["name"], "before": _state(d.get("from", "")), "after": _state(d.get("to", ""))}
    if d.get("reason"):
        sentence += " (" + d["reason"] + ")"
    return sentence


def _submitted(d, event, places):
    return _("%(name)s (%(country)s) entered, waiting for the e-mail confirmation") % d


def _refunded(d, event, places):
    return _("%(name)s: entry fee refunded") % d


SENTENCES = {
    AuditAction.ENTRIES_WINDOW_SET: _window_set,
    AuditAction.ENTRY_SUBMITTED: _submitted,
    AuditAction.ENTRY_CONFIRMED: _moved,
    AuditAction.ENTRY_OFFERED: _moved,
    AuditAction.ENTRY_ACCEPTED: _moved,
    AuditAction.ENTRY_PAID: _moved,
    AuditAction.ENTRY_WITHDRAWN: _moved,
    AuditAction.ENTRY_CANCELLED: _moved,
    AuditAction.ENTRY_EXPIRED: _moved,
    AuditAction.ENTRY_REFUNDED: _refunded,
}
