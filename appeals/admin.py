from django.contrib import admin

from appeals.models import Appeal, AppealDecision, AppealPolicy


class AppealDecisionInline(admin.TabularInline):
    model = AppealDecision
    extra = 0
    can_delete = False
    readonly_fields = ["stage", "outcome", "reasons", "remedy", "decided_by", "decided_at"]


@admin.register(Appeal)
class AppealAdmin(admin.ModelAdmin):
    """Appeals move through the services (audited): read-only here."""

    list_display = ["pk", "tournament", "appellant", "subject", "stage", "status", "fee_status", "filed_at"]
    list_filter = ["status", "stage", "subject", "fee_status", "on_paper", "direct_to_arbitration"]
    inlines = [AppealDecisionInline]

    def has_change_permission(self, request, obj=None):
        return False

    def has_add_permission(self, request):
        return False


@admin.register(AppealDecision)
class AppealDecisionAdmin(admin.ModelAdmin):
    list_display = ["appeal", "stage", "outcome", "decided_by", "decided_at"]

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(AppealPolicy)
class AppealPolicyAdmin(admin.ModelAdmin):
    list_display = ["tournament", "window_minutes", "fee_amount", "fee_currency", "other_appeals_body"]
