from django.contrib import admin

from tournaments.models import (
    AuditEvent,
    ImportJob,
    Membership,
    Player,
    Registration,
    Session,
    Table,
    Team,
    Tournament,
)


class SessionInline(admin.TabularInline):
    model = Session
    extra = 0


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "venue", "starts_on", "ends_on", "rules", "planned_sessions", "status"]
    list_filter = ["status", "rules"]
    search_fields = ["name", "venue"]
    inlines = [SessionInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "name_local", "country", "federation_id", "user"]
    search_fields = ["name", "name_local", "federation_id"]
    raw_id_fields = ["user"]


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["name", "tournament", "country", "leader"]
    list_filter = ["tournament"]
    raw_id_fields = ["leader"]


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ["entry_number", "player", "tournament", "team", "checked_in"]
    list_filter = ["tournament", "checked_in"]
    search_fields = ["player__name", "entry_number"]
    raw_id_fields = ["player", "team"]


@admin.register(Session)
class SessionAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "status", "scheduled_start", "started_at", "ended_at"]
    list_filter = ["tournament", "status"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number"]
    list_filter = ["tournament"]


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ["user", "tournament", "role", "team"]
    list_filter = ["tournament", "role"]
    raw_id_fields = ["user", "team"]


@admin.register(ImportJob)
class ImportJobAdmin(admin.ModelAdmin):
    list_display = ["filename", "tournament", "kind", "status", "imported_rows", "created_at"]
    list_filter = ["status", "kind"]
    exclude = ["content"]
    readonly_fields = ["errors", "finished_at"]


@admin.register(AuditEvent)
class AuditEventAdmin(admin.ModelAdmin):
    """The audit trail is append-only: the admin shows it and changes nothing."""

    list_display = ["created_at", "action", "actor", "tournament", "object_type", "object_id"]
    list_filter = ["action", "tournament"]
    search_fields = ["action", "object_id"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
