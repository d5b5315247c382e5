from django.contrib import admin

from prints.models import PrintJob, PrintPart
from tournaments.admin import ReadOnlyAdminMixin


@admin.register(PrintJob)
class PrintJobAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Big documents made by the worker: shown; the beat sweep and the page's button retry."""

    list_display = ["filename", "tournament", "kind", "language", "status", "parts_done", "parts_total", "created_at"]
    list_filter = ["status", "kind"]


@admin.register(PrintPart)
class PrintPartAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["job", "index", "done"]
