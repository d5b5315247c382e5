"""What the Pin app plugs into the tournament core (tournaments.extensions.seams), in one place.

Called once by PinRankingConfig.ready(); the core asks these entries and never imports this app.
"""

from django.utils.translation import gettext_lazy as _


def _certifies(user, tournament) -> bool:
    from pin_ranking.access import is_chief_referee
    from tournaments.models import Tournament

    return tournament.status == Tournament.Status.FINISHED and is_chief_referee(user, tournament.pk)


def register() -> None:
    from pin_ranking import tasks  # noqa: F401  (registers the Pin's later work with tournaments.events)
    from pin_ranking.audit_sentences import SENTENCES
    from pin_ranking.committee.selectors import pin_badges
    from pin_ranking.register.archive import SECTION
    from pin_ranking.register.services import standings_changed
    from tournaments.extensions import Link, audit_sentences_register, seams

    audit_sentences_register(SENTENCES)
    # The registration and its certificates travel in the tournament archive (docs/archive.md).
    seams.tournament_archive_sections.register(SECTION)
    # A registered tournament's standings changing later (an upheld appeal) corrects its frozen results.
    seams.standings_listeners.register(standings_changed)
    # The Pin held beside the player's name on the standings and player pages (7.4 公布).
    seams.player_badges.register(pin_badges)
    # The chief referee signs the results certificates (Appendix 9, 7.2) from the tournament's page.
    seams.links.register(Link("tournament", _("Results certificates (Pin)"), "pin_ranking:tournament_certificates",
                              predicate=_certifies))
