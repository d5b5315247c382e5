from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


def _rank_official(user, tournament) -> bool:
    from tournaments.access import Capability, can

    return can(user, tournament, Capability.SUPERVISE_SCORES) or can(user, tournament, Capability.MANAGE)


class PenaltiesConfig(AppConfig):
    name = "penalties"
    verbose_name = _("Penalties")

    def ready(self):
        # The tournament core asks registered providers; it never imports this app.
        from penalties import archive, board, providers
        from penalties.audit_sentences import SENTENCES
        from tournaments import extensions
        from tournaments.access import Capability, can_write_sheet

        extensions.register_adjustment_provider(providers.sheet_adjustments)
        extensions.register_audit_sentences(SENTENCES)
        extensions.register_win_refusal_provider(providers.win_refusal)
        # the fouls of each hand, marked on the sheet's hand rows
        extensions.register_hand_marks_provider(providers.hand_marks)
        # Declared scoring: an under-declaration is a false win (3.11.6.6), recorded on the foul page.
        extensions.register_false_win_page("penalties:sheet_fouls")
        extensions.register_standing_flags_provider(providers.standing_flags)
        # the statistics count false wins and other fouls per player (tournaments.statistics)
        extensions.register_foul_records_provider(providers.foul_records, providers.FOUL_NAMES)
        # The foul page writes the sheet: linked only where the viewer may write it.
        extensions.register_link(
            "sheet", _("Fouls"), "penalties:sheet_fouls", Capability.RECORD_SCORES,
            predicate=can_write_sheet,
        )
        # The Record of Fouls (Appendix 6): where penalties are cancelled, forfeits and
        # disqualifications settled.
        extensions.register_link("session", _("Record of Fouls"), "penalties:record", Capability.VIEW_ROSTER)
        extensions.register_link("tournament", _("Penalty settings"), "penalties:settings", Capability.MANAGE)
        # 通报 (3.11.4, 3.11.6.10): public where the tournament (and so its standings) is.
        extensions.register_link("tournament", _("Public notices"), "penalties:notices")
        # 3.11.5: the chief referee or an organizer cancels a rank.
        extensions.register_link(
            "tournament", _("Rank cancellations (3.11.5)"), "penalties:rank_cancellations",
            predicate=_rank_official,
        )
        # 3.11.4: the board keeps telling the organizer which tables wait for a substitute.
        extensions.register_board_panel("penalties/_board_panel.html", board.board_panel)
        extensions.register_archive_section(archive.SECTION)
        # The player's own records page (tournaments.players) lists the fouls recorded against them.
        from penalties.player_section import player_fouls

        extensions.register_player_section("penalties/_player_section.html", player_fouls)
        extensions.register_tournament_archive_section(archive.POLICY_SECTION)
