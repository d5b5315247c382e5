import pathlib

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from pin_ranking.ledger.services import eligibility_recompute
from pin_ranking.people.awards import pin_awards_import


class Command(BaseCommand):
    help = (
        "Enter an earlier register's Pins from a file (7.4 建立档案), as the world body: the register's export "
        "(export_pin_ledger --register, CSV or XLSX) with a “federation_id” column added for the holders. All or "
        "nothing: every problem is printed with its row, and nothing is entered unless the whole file is clean."
    )

    def add_arguments(self, parser):
        parser.add_argument("file")

    def handle(self, *args, file, **options):
        path = pathlib.Path(file)
        if not path.is_file():
            raise CommandError(f"No file at {path}.")
        try:
            awards = pin_awards_import(actor=None, filename=path.name, content=path.read_bytes())
        except ValidationError as error:
            for message in error.messages:
                self.stderr.write(message)
            raise CommandError(f"Nothing imported from {path.name}.") from error
        eligibility_recompute(player_ids=[award.player_id for award in awards], reason="register imported")
        self.stdout.write(f"Imported {len(awards)} Pin(s) from {path.name}.")
