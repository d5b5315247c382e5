from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

# The rooms whose services write audit events, each with its sentences beside it (audit_sentences.py).
AUDITED_ROOMS = ("core", "players", "sessions", "sheets", "standings")


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

        checks.register(check_cjk_fonts)  # PDFs need a Chinese and Japanese font

        # Each room's sentences for the audit page, as the apps register theirs from their hooks.
        from importlib import import_module

        from tournaments.extensions import audit_sentences_register

        for room in AUDITED_ROOMS:
            audit_sentences_register(import_module(f"tournaments.{room}.audit_sentences").SENTENCES)
