"""What the penalties app plugs into the tournament core (tournaments.extensions.seams), in one place.

Called once by PenaltiesConfig.ready(); the core asks these entries and never imports this app.
"""

from django.utils.translation import gettext_lazy as _


def _rank_official(user, tournament) -> bool:
    from tournaments.access import Capability, can

    return can(user, tournament, Capability.SUPERVISE_SCORES) or can(user, tournament, Capability.MANAGE)


def register() -> None:
    from penalties import archive, board, providers
    from penalties.audit_sentences import SENTENCES
    from penalties.player_section import player_fouls
    from tournaments.access import Capability, can_write_sheet
    from tournaments.extensions import FoulRecords, Link, Panel, TimeZonePath, audit_sentences_register, seams

    seams.sheet_adjustments.register(providers.sheet_adjustments)
    seams.hand_rulings.register(providers.hand_ruling)
    seams.time_zone_paths.register(TimeZonePath("penalty_id", "sessions__sheets__penalties__pk"))
    seams.hand_marks.register(providers.hand_marks)  # the fouls of each hand, on the sheet's hand rows
    seams.standing_flags.register(providers.standing_flags)
    # Declared scoring: an under-declaration is a false win (3.11.6.6), recorded on the foul page.
    seams.false_win_pages.register("penalties:sheet_fouls")
    # The statistics count false wins and other fouls per player (reports.statistics).
    seams.foul_records.register(FoulRecords(providers.foul_records, providers.FOUL_NAMES))
    audit_sentences_register(SENTENCES)
    # The foul page writes the sheet: linked only where the viewer may write it.
    seams.links.register(Link("sheet", _("Fouls"), "penalties:sheet_fouls", Capability.RECORD_SCORES,
                              predicate=can_write_sheet))
    # The Record of Fouls (Appendix 6): where penalties are cancelled, forfeits and disqualifications settled.
    seams.links.register(Link("session", _("Record of Fouls"), "penalties:record", Capability.VIEW_ROSTER))
    seams.links.register(Link("tournament", _("Penalty settings"), "penalties:settings", Capability.MANAGE))
    # 通报 (3.11.4, 3.11.6.10): public where the tournament (and so its standings) is.
    seams.links.register(Link("tournament", _("Public notices"), "penalties:notices"))
    # 3.11.5: the chief referee or an organizer cancels a rank.
    seams.links.register(Link("tournament", _("Rank cancellations (3.11.5)"), "penalties:rank_cancellations",
                              predicate=_rank_official))
    # 3.11.4: the board keeps telling the organizer which tables wait for a substitute.
    seams.board_panels.register(Panel("penalties/_board_panel.html", board.board_panel))
    # The player's own records page (tournaments.players) lists the fouls recorded against them.
    seams.player_sections.register(Panel("penalties/_player_section.html", player_fouls))
    seams.table_archive_sections.register(archive.SECTION)
    seams.tournament_archive_sections.register(archive.POLICY_SECTION)
