import sys

from django.core.management.base import BaseCommand

from pin_ranking.committee.selectors import pin_register_public
from pin_ranking.ledger.exports import FORMATS, ledger_file, register_file
from pin_ranking.ledger.selectors import ledger_export


class Command(BaseCommand):
    help = (
        "Write the Pin ledger (or, with --register, the public Pin register) to standard output or --output. "
        "JSON: one object per player with a counted competition, those with a federation ID first, ordered by "
        "it: federation_id, name, competitions, table_points (a number, e.g. 41.5), contest_points (the sum of "
        "positive competition totals), pin and web_pin (the highest Pin reached, 1-9, or null), player, "
        "country and results (one object per counted competition). CSV: one row per player and counted "
        "competition. XLSX: the sheets Ledger, Results and Register."
    )

    def add_arguments(self, parser):
        parser.add_argument("--format", choices=FORMATS, default="json", help="output format (json, csv, xlsx)")
        parser.add_argument("--register", action="store_true", help="the public Pin register instead of the ledger")
        parser.add_argument("--output", help="a file to write (XLSX needs one, or a redirected standard output)")

    def handle(self, *args, **options):
        fmt = options["format"]
        if options["register"]:
            content = register_file(pin_register_public(), fmt)
        else:
            content = ledger_file(ledger_export(), fmt, awards=pin_register_public())
        if options["output"]:
            with open(options["output"], "wb") as out:
                out.write(content)
        elif fmt == "json":
            self.stdout.write(content.decode("utf-8"))
        else:
            self.stdout.flush()
            sys.stdout.buffer.write(content)
