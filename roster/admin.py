from django.contrib import admin

from roster.models import ImportJob


@admin.register(ImportJob)
class ImportJobAdmin(admin.ModelAdmin):
    list_display = ["filename", "tournament", "kind", "status", "imported_rows", "created_at"]
    list_filter = ["status", "kind"]
    exclude = ["content"]
    readonly_fields = ["errors", "finished_at"]
