from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AppealsConfig(AppConfig):
    name = "appeals"
    verbose_name = _("Appeals")

    def ready(self):
        from appeals.audit_sentences import SENTENCES
        from appeals.board import board_panel
        from appeals.selectors import amendment_basis, can_open_appeals, results_pending
        from tournaments import extensions
        from tournaments.access import Capability

        extensions.register_link("tournament", _("Appeals"), "appeals:list", predicate=can_open_appeals)
        extensions.register_link("tournament", _("Appeal settings"), "appeals:settings", Capability.MANAGE)
        extensions.register_board_panel("appeals/_board_panel.html", board_panel)
        extensions.register_audit_sentences(SENTENCES)
        # Issue 13: the tournament finishes once no appeal window is open and no appeal undecided.
        extensions.register_results_pending_provider(results_pending)
        # The player's own records page (tournaments.players) lists their appeals.
        from appeals.player_section import player_appeals

        extensions.register_player_section("appeals/_player_section.html", player_appeals)
        # 3.11.6.11(7): a signed sheet changes only through an upheld appeal (or an objection made
        # before signing, which the core checks itself).
        extensions.register_amendment_basis("appeal", amendment_basis)
        # The tournament archive carries the appeals (docs/archive.md): registered after the
        # penalties' section (INSTALLED_APPS order), whose penalties a penalty appeal links.
        from appeals import archive

        extensions.register_archive_section(archive.SECTION)
        extensions.register_tournament_archive_section(archive.POLICY_SECTION)
