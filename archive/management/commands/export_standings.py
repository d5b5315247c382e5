import json

from django.core.management.base import BaseCommand, CommandError

from archive.export import standings_export, tournament_find


class Command(BaseCommand):
    help = (
        "Print a tournament's standings, best first (3.10.1): individuals, or teams with --teams. "
        "TOURNAMENT is its id or name."
    )

    def add_arguments(self, parser):
        parser.add_argument("tournament", help="the tournament's id or exact name")
        parser.add_argument("--format", choices=["json"], default="json", help="output format (json)")
        parser.add_argument("--teams", action="store_true", help="the team standings instead of the individual ones")

    def handle(self, *args, tournament, teams=False, **options):
        try:
            found = tournament_find(tournament)
        except LookupError as error:
            raise CommandError(str(error)) from error
        rows = standings_export(found, teams=teams)
        self.stdout.write(json.dumps(rows, ensure_ascii=False, indent=2))
