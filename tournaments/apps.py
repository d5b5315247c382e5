from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self):
        # The tasks register which of them does each kind of later work (tournaments/events.py).
        from django.core import checks

        from tournaments import tasks  # noqa: F401
        from tournaments.documents import check_cjk_fonts

        # The big documents the worker makes, declared where they are drawn (tournaments.documents.PrintKind).
        from tournaments.sheets import paper  # noqa: F401
        from tournaments.standings import results_files  # noqa: F401

        checks.register(check_cjk_fonts)  # PDFs need a Chinese and Japanese font (issue 29)
