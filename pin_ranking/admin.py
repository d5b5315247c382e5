"""The Pin register's rows, read-only: every write goes through the services (audited)."""

from django.contrib import admin

from pin_ranking.models import (
    AccountClaim,
    Application,
    ApplicationMessage,
    Committee,
    CommitteeSeat,
    Competition,
    CompetitionResult,
    Ledger,
    LedgerSnapshot,
    PinAward,
    PinRegister,
    PlayerAlias,
    PlayerMerge,
    ResultCertificate,
    ResultsImport,
)


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(PinRegister)
class PinRegisterAdmin(ReadOnly):
    list_display = ["pk", "edition", "standards_version", "updated_at"]


@admin.register(Committee)
class CommitteeAdmin(ReadOnly):
    list_display = ["name", "kind", "country"]


@admin.register(CommitteeSeat)
class CommitteeSeatAdmin(ReadOnly):
    list_display = ["committee", "user", "created_at"]


@admin.register(Competition)
class CompetitionAdmin(ReadOnly):
    list_display = ["name", "level", "klass", "players", "sessions", "source", "registered_at", "unregistered_at"]
    list_filter = ["klass", "level", "source"]
    search_fields = ["name"]


@admin.register(CompetitionResult)
class CompetitionResultAdmin(ReadOnly):
    list_display = ["competition", "name", "federation_id", "rank", "table_points", "contest_points", "superseded_at"]
    search_fields = ["name", "federation_id"]


@admin.register(ResultCertificate)
class ResultCertificateAdmin(ReadOnly):
    list_display = ["code", "result", "signer_name", "signed_at", "superseded_at"]
    search_fields = ["code"]


@admin.register(Ledger)
class LedgerAdmin(ReadOnly):
    list_display = ["player", "track", "version", "pin", "points", "contest_points", "competitions", "computed_at"]
    list_filter = ["track", "pin"]


@admin.register(LedgerSnapshot)
class LedgerSnapshotAdmin(ReadOnly):
    list_display = ["player", "track", "version", "pin", "reason", "computed_at"]


@admin.register(ResultsImport)
class ResultsImportAdmin(ReadOnly):
    list_display = ["filename", "kind", "status", "competition", "created_at"]


@admin.register(Application)
class ApplicationAdmin(ReadOnly):
    list_display = ["name", "track", "pin", "status", "committee", "signed_at"]
    list_filter = ["status", "track"]


@admin.register(ApplicationMessage)
class ApplicationMessageAdmin(ReadOnly):
    list_display = ["application", "kind", "created_at"]
    list_filter = ["kind"]


@admin.register(PinAward)
class PinAwardAdmin(ReadOnly):
    list_display = ["number", "name", "track", "pin", "country", "awarded_on"]


@admin.register(PlayerMerge)
class PlayerMergeAdmin(ReadOnly):
    list_display = ["merged", "kept", "created_at", "undone_at"]


@admin.register(PlayerAlias)
class PlayerAliasAdmin(ReadOnly):
    list_display = ["player", "name", "reason", "created_at"]


@admin.register(AccountClaim)
class AccountClaimAdmin(ReadOnly):
    list_display = ["user", "player", "status", "created_at", "decided_at"]
