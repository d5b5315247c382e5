"""The audit trail's sentences for entries, built from what entries.services put in each event's detail."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from entries.models import Entry
from tournaments.audit import AuditAction
from tournaments.core.audit_display import when_shown


def _state(value: str) -> str:
    return str(Entry.State(value).label) if value in Entry.State.values else value


def _window_set(d, event, places):
    return _("Entries set: %(capacity)s places, from %(opens)s to %(closes)s") % {
        "capacity": d["capacity"], "opens": when_shown(d["opens_at"]), "closes": when_shown(d["closes_at"])}


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


def _entry_moved(d, event, places):
    return _("%(name)s moved on the waiting list from position %(before)s to %(after)s") % {
        "name": d["name"], "before": d["from"], "after": d["to"]}


def _account_linked(d, event, places):
    return _("%(name)s: entry kept in the account %(user)s") % d


def _mailed(d, event, places):
    kinds = {"payment_reminder": _("payment reminders"), "schedule": _("seats and times"),
             "results": _("results published")}
    return ngettext("%(count)d mail to the entrants: %(kind)s", "%(count)d mails to the entrants: %(kind)s",
                    d["count"]) % {"count": d["count"], "kind": kinds.get(d["kind"], d["kind"])}


def _mail_consent(d, event, places):
    if d.get("consent"):
        return _("%(name)s agreed to mail again") % d
    return _("%(name)s withdrew their consent to mail") % d


SENTENCES = {
    AuditAction.ENTRY_MAIL_CONSENT: _mail_consent,
    AuditAction.ENTRY_MOVED: _entry_moved,
    AuditAction.ENTRY_ACCOUNT_LINKED: _account_linked,
    AuditAction.ENTRIES_MAILED: _mailed,
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
