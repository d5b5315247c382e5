from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect
from django.urls import reverse

from tournaments.core.services import membership_grant, membership_revoke
from tournaments.models import (
    AuditEvent,
    Group,
    Hand,
    HandObjection,
    Membership,
    PlannedReferee,
    Player,
    RateLimitCounter,
    Registration,
    ScoreSheet,
    SeatAssignment,
    Session,
    SessionCheckIn,
    SheetAmendment,
    SheetSignature,
    StandingsChange,
    StandingsSnapshot,
    Table,
    TakenBackKey,
    Team,
    Tournament,
)


class ReadOnlyAdminMixin:
    """Shown, never written: these rows change only through the services, which keep the sheets'
    totals and versions, recompute results and write the audit trail in the same transaction."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class SessionInline(ReadOnlyAdminMixin, admin.TabularInline):
    model = Session
    extra = 0
    fields = ["number", "status", "scheduled_start", "started_at", "ended_at"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "venue", "starts_on", "ends_on", "rule_set", "rules", "planned_sessions", "status"]
    list_filter = ["status", "rule_set", "rules"]
    search_fields = ["name", "venue"]
    inlines = [SessionInline]
    # Only standings_recompute moves the version: a stale form saving an old one back would make
    # every later recompute collide with an existing snapshot. The sessions follow the plan, the
    # rules and the status are checked against play under way: those go through the organizer's
    # pages (tournament_update).
    readonly_fields = ["standings_version", "planned_sessions", "rules", "rule_set", "status", "session_minutes"]


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


@admin.register(Group)
class GroupAdmin(admin.ModelAdmin):
    """Groups (团体, 3.5.3); organizers manage them on the tournament's groups page."""

    list_display = ["name", "tournament"]
    list_filter = ["tournament"]


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ["entry_number", "player", "tournament", "team", "group"]
    list_filter = ["tournament"]
    search_fields = ["player__name", "entry_number"]
    raw_id_fields = ["player", "team", "group"]


@admin.register(Session)
class SessionAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["tournament", "number", "status", "scheduled_start", "started_at", "ended_at"]
    list_filter = ["tournament", "status"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number"]
    list_filter = ["tournament"]


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    """Staff roles are granted and revoked through the services, so the audit trail has them; a
    role is changed by revoking it and granting another."""

    list_display = ["user", "tournament", "role", "team"]
    list_filter = ["tournament", "role"]
    raw_id_fields = ["user", "team"]
    actions = None  # no bulk delete: each revocation goes through membership_revoke

    def has_change_permission(self, request, obj=None):
        return obj is None  # the list, yes; editing a membership in place, no

    def save_model(self, request, obj, form, change):
        granted = membership_grant(
            actor=request.user, tournament=obj.tournament, user=obj.user, role=obj.role, team=obj.team
        )
        obj.pk = granted.pk

    def delete_model(self, request, obj):
        membership_revoke(actor=request.user, membership=obj)

    def delete_view(self, request, object_id, extra_context=None):
        try:
            return super().delete_view(request, object_id, extra_context)
        except ValidationError as error:  # e.g. a referee still holding tables: nothing was deleted
            self.message_user(request, " ".join(error.messages), level=messages.ERROR)
            return redirect(reverse("admin:tournaments_membership_change", args=[object_id]))


@admin.register(AuditEvent)
class AuditEventAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """The audit trail is append-only: the admin shows it and changes nothing."""

    list_display = ["created_at", "action", "actor", "tournament", "object_type", "object_id"]
    list_filter = ["action", "tournament"]
    search_fields = ["action", "object_id"]


@admin.register(SeatAssignment)
class SeatAssignmentAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["session", "table", "seat", "registration"]
    list_filter = ["session__tournament", "session__number"]
    raw_id_fields = ["registration"]


@admin.register(SessionCheckIn)
class SessionCheckInAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Check-ins are made and undone through the services (audited), not here."""

    list_display = ["session", "registration", "checked_in_at", "method", "checked_in_by"]
    list_filter = ["session__tournament", "session__number", "method"]


class HandInline(admin.TabularInline):
    model = Hand
    extra = 0
    fields = ["number", "result", "winner", "discarder", "tiles", "total", "d0", "d1", "d2", "d3", "verified"]
    readonly_fields = fields
    can_delete = False


@admin.register(ScoreSheet)
class ScoreSheetAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Status, referee and hands change through the services: audited, results recomputed."""

    list_display = ["session", "table", "referee", "status", "version", "ended_by_time"]
    list_filter = ["status", "session__tournament"]
    inlines = [HandInline]


@admin.register(Hand)
class HandAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["sheet", "number", "result", "winner", "discarder", "tiles", "total", "verified"]
    list_filter = ["result", "verified"]


@admin.register(SheetSignature)
class SheetSignatureAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["sheet", "kind", "registration", "user", "signed_at"]


@admin.register(HandObjection)
class HandObjectionAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["sheet", "hand_number", "seat", "text", "recorded_at"]


@admin.register(SheetAmendment)
class SheetAmendmentAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["sheet", "hand_number", "basis", "reference", "article", "changed_by", "changed_at"]
    list_filter = ["basis"]


@admin.register(TakenBackKey)
class TakenBackKeyAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Client keys of hands taken back: their resends are answered with the take-back (issue 16)."""

    list_display = ["sheet", "hand_number", "client_key", "taken_back_by", "taken_back_at"]


@admin.register(StandingsSnapshot)
class StandingsSnapshotAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["tournament", "version", "computed_at"]
    readonly_fields = ["tournament", "version", "data"]


@admin.register(StandingsChange)
class StandingsChangeAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """The standings' outbox: changes not counted yet (docs/deployment.md); the recompute deletes them."""

    list_display = ["tournament", "created_at"]
    readonly_fields = ["tournament", "created_at"]


@admin.register(RateLimitCounter)
class RateLimitCounterAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Rate-limit windows (tournaments/ratelimit.py)."""

    list_display = ["key", "window_start", "count"]
    readonly_fields = ["key", "window_start", "count"]
    search_fields = ["key"]


@admin.register(PlannedReferee)
class PlannedRefereeAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Planned on a session's referees screen (the staff app), audited."""

    list_display = ["session", "table", "referee"]
