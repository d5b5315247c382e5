from django.contrib import admin

from penalties.models import Penalty, PenaltyPolicy


@admin.register(Penalty)
class PenaltyAdmin(admin.ModelAdmin):
    """Penalties change through the services (audited, results recomputed): read-only here."""

    list_display = ["sheet", "hand_number", "offender", "foul", "points", "no_win", "status", "created_at"]
    list_filter = ["foul", "status"]

    def has_change_permission(self, request, obj=None):
        return False

    def has_add_permission(self, request):
        return False


@admin.register(PenaltyPolicy)
class PenaltyPolicyAdmin(admin.ModelAdmin):
    list_display = ["tournament", "escalation"]
