"""Staff in the app: invitations to a role and accounts whose one-time password must be changed.

An organizer grants a role (tournaments.models.Role) by an invitation link or by creating an account with
a one-time password (staff.services). Memberships themselves are the core's (tournaments.models.core),
and so is a session's planned referee (tournaments.models.sessions.PlannedReferee), which session_start
reads. The tables were made when staff was a room of the core: they keep their names (db_table).
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Role, Team, Tournament


class StaffInvitation(models.Model):
    """A link that gives one role in one tournament to whoever opens it first, before it expires.

    Only the token's SHA-256 is stored: the link is shown once to the organizer (and mailed when a
    mail server is configured); the database alone cannot rebuild it.
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="staff_invitations")
    role = models.CharField(_("role"), max_length=32, choices=Role.choices)
    team = models.ForeignKey(Team, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    email = models.EmailField(_("e-mail"), blank=True)
    token_hash = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    cancelled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "tournaments_staffinvitation"
        ordering = ["-created_at", "-id"]
        verbose_name = _("staff invitation")
        verbose_name_plural = _("staff invitations")
        constraints = [
            # As Membership: a team leader's invitation names the team, no other role's does.
            models.CheckConstraint(
                condition=(Q(role=Role.TEAM_LEADER) & Q(team__isnull=False))
                | (~Q(role=Role.TEAM_LEADER) & Q(team__isnull=True)),
                name="staff_invitation_team_iff_team_leader",
                violation_error_message=_("A team leader's invitation names their team; no other role's does."),
            ),
            models.CheckConstraint(
                condition=Q(role__in=Role.values), name="staff_invitation_role_valid",
                violation_error_message=_("Choose one of the tournament's roles."),
            ),
            # Used or cancelled, never both.
            models.CheckConstraint(
                condition=Q(used_at__isnull=True) | Q(cancelled_at__isnull=True),
                name="staff_invitation_used_or_cancelled",
                violation_error_message=_("An invitation is either used or cancelled, not both."),
            ),
        ]

    def __str__(self):
        return f"{self.get_role_display()} @ {self.tournament}"


class PasswordChangeDue(models.Model):
    """An account created with a one-time password: its user must choose a password at first login.

    The one-time password logs in once (`used_at`), before `expires_at` (settings.STAFF_OTP_HOURS, 72 by
    default); the organizers of
    `tournament` (where it was made) see it outstanding on the Staff page, and revoke or renew it."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, primary_key=True, on_delete=models.CASCADE, related_name="password_change_due"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    tournament = models.ForeignKey(
        "tournaments.Tournament", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    expires_at = models.DateTimeField(null=True, blank=True)  # null only for rows older than expiring passwords
    used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "tournaments_passwordchangedue"
        verbose_name = _("password change due")
        verbose_name_plural = _("password changes due")
