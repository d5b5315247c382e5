from django.contrib import admin

from tournaments.models import (
    AuditEvent,
    Hand,
    ImportJob,
    Membership,
    Player,
    Registration,
    ScoreSheet,
    SeatAssignment,
    Session,
    SheetSignature,
    StandingsSnapshot,
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
    # Only standings_recompute moves the version: a stale form saving an old one back would make
    # every later recompute collide with an existing snapshot.
    readonly_fields = ["standings_version"]


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


@admin.register(SeatAssignment)
class SeatAssignmentAdmin(admin.ModelAdmin):
    list_display = ["session", "table", "seat", "registration"]
    list_filter = ["session__tournament", "session__number"]
    raw_id_fields = ["registration"]


class HandInline(admin.TabularInline):
    model = Hand
    extra = 0
    fields = ["number", "result", "winner", "discarder", "tiles", "total", "d0", "d1", "d2", "d3", "verified"]
    readonly_fields = fields
    can_delete = False


@admin.register(ScoreSheet)
class ScoreSheetAdmin(admin.ModelAdmin):
    """Hands change only through the services (audited): the admin shows them read-only."""

    list_display = ["session", "table", "referee", "status", "version", "ended_by_time"]
    list_filter = ["status", "session__tournament"]
    inlines = [HandInline]

    def has_change_permission(self, request, obj=None):
        # Status, referee and hands change through the services: audited, results recomputed.
        return False


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin):
    list_display = ["sheet", "number", "result", "winner", "discarder", "tiles", "total", "verified"]
    list_filter = ["result", "verified"]

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        # Hands are taken back through the services, which keep the sheet's totals and audit it.
        return False


@admin.register(SheetSignature)
class SheetSignatureAdmin(admin.ModelAdmin):
    list_display = ["sheet", "kind", "registration", "user", "signed_at"]

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(StandingsSnapshot)
class StandingsSnapshotAdmin(admin.ModelAdmin):
    list_display = ["tournament", "version", "computed_at"]
    readonly_fields = ["tournament", "version", "data"]
