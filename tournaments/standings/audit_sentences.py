"""The audit trail's sentences for the standings recomputed.

Registered with the audit page (tournaments.extensions.seams.audit_sentences) when the app is ready, built
from what this room's services put in each event's detail; tournaments.core.audit_display holds the helpers
and falls back to the label and the detail for an event no sentence fits.
"""

from django.utils.translation import gettext as _

from tournaments.audit import AuditAction


def _standings_recomputed(d, event, places):
    return _("Standings recomputed: version %(version)s") % {"version": d["version"]}


def _standings_requested(d, event, places):
    return _("Standings recomputation requested")


SENTENCES = {
    AuditAction.STANDINGS_RECOMPUTED: _standings_recomputed,
    AuditAction.STANDINGS_RECOMPUTE_REQUESTED: _standings_requested,
}
