"""The audit trail's sentences for API tokens: which device, never the token."""

from django.utils.translation import gettext as _

from tournaments.audit import AuditAction


def _created(d, event, places):
    return _("API token made for %(device)s") % d


def _revoked(d, event, places):
    return _("API token of %(device)s revoked") % d


SENTENCES = {AuditAction.API_TOKEN_CREATED: _created, AuditAction.API_TOKEN_REVOKED: _revoked}
