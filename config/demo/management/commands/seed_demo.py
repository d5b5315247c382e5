from django.core.management.base import BaseCommand, CommandError

from config.demo.seed import DEMO_LOGINS, DEMO_PASSWORD, DemoDataRefused, seed_demo


class Command(BaseCommand):
    help = "Create the demo tournament and demo users (idempotent) and print the demo logins."

    def handle(self, *args, **options):
        try:
            tournament, created = seed_demo()
        except DemoDataRefused as refused:
            raise CommandError(str(refused)) from None
        verb = "Created" if created else "Already present:"
        self.stdout.write(f"{verb} demo tournament “{tournament.name}” (id {tournament.pk}).")
        self.stdout.write(f"Demo logins (password for all: {DEMO_PASSWORD}):")
        for username, description in DEMO_LOGINS:
            self.stdout.write(f"  {username:<10} {description}")
