from django.contrib import admin

from staff.models import PasswordChangeDue, StaffInvitation
from tournaments.admin import ReadOnlyAdminMixin


@admin.register(StaffInvitation)
class StaffInvitationAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Invitations are made, accepted and cancelled on the staff page, audited; only the token's hash is
    stored, so the admin cannot show a link."""

    list_display = ["tournament", "role", "team", "email", "created_at", "expires_at", "used_at", "cancelled_at"]
    list_filter = ["tournament", "role"]
    exclude = ["token_hash"]


@admin.register(PasswordChangeDue)
class PasswordChangeDueAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["user", "created_at"]
