"""The Pin system (Appendix 9-10): the competition register, certified results and results
certificates, each player's ledger per track; built on the core, which never imports it."""
from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PinRankingConfig(AppConfig):
    name = "pin_ranking"
    verbose_name = _("Pin ranking")

    def ready(self):
        from pin_ranking.audit_sentences import SENTENCES
        from pin_ranking.services import standings_changed
        from tournaments import extensions

        extensions.register_audit_sentences(SENTENCES)
        # The registration and its certificates travel in the tournament archive (docs/archive.md).
        from pin_ranking.archive import SECTION

        extensions.register_tournament_archive_section(SECTION)
        # A registered tournament's standings changing later (an upheld appeal) corrects its frozen results.
        extensions.register_standings_listener(standings_changed)
        # The Pin held beside the player's name on the standings and player pages (7.4 公布).
        from pin_ranking.committee import pin_badges

        extensions.register_player_badges_provider(pin_badges)
        # The chief referee signs the results certificates (Appendix 9, 7.2) from the tournament's page.
        extensions.register_link("tournament", _("Results certificates (Pin)"), "pin_ranking:tournament_certificates",
                                 predicate=_certifies)


def _certifies(user, tournament) -> bool:
    from pin_ranking.access import is_chief_referee

    return tournament.status == "finished" and is_chief_referee(user, tournament.pk)
