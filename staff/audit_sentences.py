"""The audit trail's sentences for the staff page: invitations, accounts with a one-time password, referees planned.

Registered with the audit page (tournaments.extensions.seams.audit_sentences) when the app is ready, built
from what this room's services put in each event's detail; tournaments.core.audit_display holds the helpers
and falls back to the label and the detail for an event no sentence fits.
"""

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournaments.audit import AuditAction
from tournaments.core.audit_display import when_shown
from tournaments.core.audit_sentences import role_words


def _membership_invited(d, event, places):
    if d.get("email"):
        return _("Invitation sent to %(email)s: %(role)s") % {"email": d["email"], "role": role_words(d)}
    return _("Invitation link created: %(role)s") % {"role": role_words(d)}


def _membership_invitation_accepted(d, event, places):
    return _("%(user)s accepted an invitation: %(role)s") % {"user": d["user"], "role": role_words(d)}


def _membership_invitation_cancelled(d, event, places):
    return _("Invitation cancelled: %(role)s") % {"role": role_words(d)}


def _membership_account_created(d, event, places):
    return _("Account %(user)s created with a one-time password: %(role)s") % {"user": d["user"], "role": role_words(d)}


def _membership_password_set(d, event, places):
    return _("%(user)s replaced their one-time password") % {"user": d["user"]}


def _membership_otp_renewed(d, event, places):
    return _("New one-time password for %(user)s, valid until %(until)s") % {
        "user": d["user"], "until": when_shown(d.get("expires_at"))}


def _membership_otp_revoked(d, event, places):
    return _("One-time password of %(user)s revoked") % {"user": d["user"]}


def _referees_planned(d, event, places):
    planned = pgettext("list separator", ", ").join(
        _("table %(table)s: %(user)s") % {"table": table, "user": user or "—"} for table, user in d["tables"]
    )
    return _("Session %(session)s, referees planned: %(planned)s") % {"session": d["session"], "planned": planned}


SENTENCES = {
    AuditAction.MEMBERSHIP_INVITED: _membership_invited,
    AuditAction.MEMBERSHIP_INVITATION_ACCEPTED: _membership_invitation_accepted,
    AuditAction.MEMBERSHIP_INVITATION_CANCELLED: _membership_invitation_cancelled,
    AuditAction.MEMBERSHIP_ACCOUNT_CREATED: _membership_account_created,
    AuditAction.MEMBERSHIP_PASSWORD_SET: _membership_password_set,
    AuditAction.MEMBERSHIP_OTP_RENEWED: _membership_otp_renewed,
    AuditAction.MEMBERSHIP_OTP_REVOKED: _membership_otp_revoked,
    AuditAction.SESSION_REFEREES_PLANNED: _referees_planned,
}
