import json

from django.core.management.base import BaseCommand

from pin_ranking.ledger.selectors import ledger_export


class Command(BaseCommand):
    help = (
        "Print the Pin ledger: one object per player with a federation ID and at least one counted competition, "
        "ordered by federation ID: federation_id, name, competitions, table_points (a number, e.g. 41.5), "
        "contest_points (the sum of positive competition totals), pin and web_pin (the highest Pin reached, 1-9, "
        "or null)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--format", choices=["json"], default="json", help="output format (json)")

    def handle(self, *args, **options):
        self.stdout.write(json.dumps(ledger_export(), ensure_ascii=False, indent=2))
