"""What the appeals app plugs into the tournament core (tournaments.extensions.seams), in one place.

Called once by AppealsConfig.ready(); the core asks these entries and never imports this app.
"""

from django.utils.translation import gettext_lazy as _


def register() -> None:
    from appeals import archive
    from appeals.audit_sentences import SENTENCES
    from appeals.board import board_panel
    from appeals.player_section import player_appeals
    from appeals.selectors import amendment_basis, can_open_appeals, results_pending
    from tournaments.access import Capability
    from tournaments.extensions import AmendmentBasis, Link, Panel, TimeZonePath, audit_sentences_register, seams

    seams.time_zone_paths.register(TimeZonePath("appeal_id", "appeals__pk"))  # filed, deadline: the venue's time
    seams.time_zone_paths.register(TimeZonePath("cancellation_id", "rank_cancellations__pk"))

    seams.links.register(Link("tournament", _("Appeals"), "appeals:list", predicate=can_open_appeals))
    seams.links.register(Link("tournament", _("Appeal settings"), "appeals:settings", Capability.MANAGE))
    seams.board_panels.register(Panel("appeals/_board_panel.html", board_panel))
    audit_sentences_register(SENTENCES)
    # Issue 13: the tournament finishes once no appeal window is open and no appeal undecided.
    seams.results_pending.register(results_pending)
    # The player's own records page (tournaments.players) lists their appeals.
    seams.player_sections.register(Panel("appeals/_player_section.html", player_appeals))
    # 3.11.6.11(7): a signed sheet changes only through an upheld appeal (or an objection made before
    # signing, which the core checks itself).
    seams.amendment_bases.register(AmendmentBasis("appeal", amendment_basis))
    # The tournament archive carries the appeals (docs/archive.md): registered after the penalties'
    # section (INSTALLED_APPS order), whose penalties a penalty appeal links.
    seams.table_archive_sections.register(archive.SECTION)
    seams.tournament_archive_sections.register(archive.POLICY_SECTION)
