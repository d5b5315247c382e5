from django.contrib import admin

from penalties.models import Notice, Penalty, PenaltyPolicy, RankCancellation


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


class _ReadOnly(admin.ModelAdmin):
    """Written through the services (audited, standings recomputed): read-only here."""

    def has_change_permission(self, request, obj=None):
        return False

    def has_add_permission(self, request):
        return False


@admin.register(RankCancellation)
class RankCancellationAdmin(_ReadOnly):
    list_display = ["tournament", "registration", "article", "status", "migrated", "created_at"]
    list_filter = ["status", "migrated"]


@admin.register(Notice)
class NoticeAdmin(_ReadOnly):
    list_display = ["tournament", "registration", "article", "created_at"]
