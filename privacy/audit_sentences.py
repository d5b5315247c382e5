"""The audit trail's sentences for a person's own data: what happened, never what was erased."""

from django.utils.translation import gettext as _

from tournaments.audit import AuditAction


def _export_requested(d, event, places):
    return _("A person asked for their data")


def _erasure_requested(d, event, places):
    return _("A person asked for their erasure") + (" (" + _("under a pseudonym") + ")" if d.get("pseudonym") else "")


def _erasure_decided(d, event, places):
    if not d.get("approved"):
        return _("Erasure refused")
    return _("Erasure done; %(n)s registration(s) kept with the results") % {
        "n": d.get("kept", {}).get("registrations", 0)}


def _retention(d, event, places):
    return _("Retention: %(contacts)s contact(s), %(entries)s entry(ies), %(mails)s mail(s), %(pin_forms)s Pin "
             "form(s) and %(exports)s expired export(s) deleted") % {"exports": 0, **d}


SENTENCES = {
    AuditAction.PRIVACY_EXPORT_REQUESTED: _export_requested,
    AuditAction.PRIVACY_ERASURE_REQUESTED: _erasure_requested,
    AuditAction.PRIVACY_ERASURE_DECIDED: _erasure_decided,
    AuditAction.PRIVACY_RETENTION_RUN: _retention,
}
