from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from archive.export import tournament_find
from pin_ranking.engine import Level
from pin_ranking.ledger.services import eligibility_recompute
from pin_ranking.register.services import LEVEL_ALIASES, competition_register


class Command(BaseCommand):
    help = (
        "Register a finished tournament for the Pin (Appendix 9, 4.4) as the committee would, audited; its class "
        "(A, B or C, Appendix 9, 5) follows from the level, the players and the sessions played. Eligibility is "
        "recomputed before the command returns. TOURNAMENT is its id or exact name."
    )

    def add_arguments(self, parser):
        parser.add_argument("tournament", help="the tournament's id or exact name")
        parser.add_argument("--level", required=True,
                            help="the competition's level (Appendix 9, 5.1.2, 5.2.2, 5.3.2-5.3.3): "
                                 f"{', '.join(level.value for level in Level)}, or the words the page and the "
                                 f"importer take too ({', '.join(sorted(LEVEL_ALIASES))})")
        parser.add_argument("--duplicate-reason", default="",
                            help="why these results are another competition than the near ones the register finds")

    def handle(self, *args, tournament, level, duplicate_reason, **options):
        try:
            found = tournament_find(tournament)
        except LookupError as error:
            raise CommandError(str(error)) from error
        try:
            competition = competition_register(actor=None, tournament=found, level=level,
                                               duplicate_reason=duplicate_reason)
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from error
        player_ids = list(competition.results.values_list("player_id", flat=True))
        summary = eligibility_recompute(player_ids=player_ids, reason="registered")
        self.stdout.write(
            f"Registered “{competition.name}” (tournament {found.pk}) at level {level}: class {competition.klass}, "
            f"{competition.players} player(s), {competition.sessions} session(s); "
            f"{len(player_ids)} result(s) frozen from standings version {competition.standings_version}; "
            f"{summary.changed} ledger(s) changed."
        )
