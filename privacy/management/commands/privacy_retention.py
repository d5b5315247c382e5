from django.core.management.base import BaseCommand

from privacy.services import retention_run


class Command(BaseCommand):
    help = "Delete the personal data no rule needs any more (docs/privacy.md, 'How long'); --dry-run only counts."

    def add_arguments(self, parser):
        parser.add_argument("--dry-run", action="store_true", help="say what would be deleted, delete nothing")

    def handle(self, *args, dry_run: bool = False, **options):
        counts = retention_run(dry_run=dry_run)
        verb = "would delete" if dry_run else "deleted"
        self.stdout.write(f"{verb}: {counts['contacts']} contact(s), {counts['entries']} entry(ies), "
                          f"{counts['mails']} mail(s), {counts['pin_forms']} Pin application form(s), "
                          f"{counts['exports']} expired export(s)")
