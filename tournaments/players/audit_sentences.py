"""The audit trail's sentences for players' own records: a PIN re-issued.

Registered with the audit page (tournaments.extensions.seams.audit_sentences) when the app is ready, built
from what this room's services put in each event's detail; tournaments.core.audit_display holds the helpers
and falls back to the label and the detail for an event no sentence fits.
"""

from django.utils.translation import gettext as _

from tournaments.audit import AuditAction


def _pin_reissued(d, event, places):
    return _("New confirmation PIN issued to entry %(entry)s") % {"entry": d["entry"]}


SENTENCES = {
    AuditAction.PIN_REISSUED: _pin_reissued,
}
