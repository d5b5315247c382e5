import json

from django.core.management.base import BaseCommand, CommandError

from archive.export import adjusted_sheets, tournament_export_archive, tournament_find, unsigned_sheets


class Command(BaseCommand):
    help = "Write a tournament as an archive file (docs/archive.md); TOURNAMENT is its id or name."

    def add_arguments(self, parser):
        parser.add_argument("tournament", help="the tournament's id or exact name")
        parser.add_argument("-o", "--output", metavar="FILE", help="write here instead of standard output")

    def handle(self, *args, tournament, output=None, **options):
        try:
            found = tournament_find(tournament)
        except LookupError as error:
            raise CommandError(str(error)) from error
        text = json.dumps(tournament_export_archive(found), ensure_ascii=False, indent=2) + "\n"
        unsigned = unsigned_sheets(found)
        if unsigned:
            self.stderr.write(
                f"Warning: {unsigned} score sheet(s) are not signed yet; their hands are written as they "
                "stand, and an import treats them as final."
            )
        adjusted = adjusted_sheets(found)
        if adjusted:
            self.stderr.write(
                f"Warning: {adjusted} score sheet(s) have penalty points, which this archive format does not "
                "carry yet: an import of the file will not have them."
            )
        if output:
            try:
                with open(output, "w", encoding="utf-8") as handle:
                    handle.write(text)
            except OSError as error:
                raise CommandError(f"Cannot write {output}: {error.strerror or error}.") from error
        else:
            self.stdout.write(text, ending="")
