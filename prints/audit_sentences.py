"""The audit trail's sentences for big documents asked of the worker.

Registered with the audit page (tournaments.extensions.seams.audit_sentences) when the app is ready, built
from what this room's services put in each event's detail; tournaments.core.audit_display holds the helpers
and falls back to the label and the detail for an event no sentence fits.
"""

from django.utils.translation import gettext as _

from tournaments.audit import AuditAction


def _document_requested(d, event, places):
    return _("Document “%(file)s” requested (made by the worker)") % {"file": d["filename"]}


SENTENCES = {
    AuditAction.DOCUMENT_REQUESTED: _document_requested,
}
