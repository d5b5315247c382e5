import sys

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from archive.loading import ArchiveFileError, archive_loads
from archive.read import ArchiveInvalid
from archive.services import tournament_import_archive
from tournaments.standings.services import standings_recompute


class Command(BaseCommand):
    help = (
        "Import a whole tournament from an archive file (docs/archive.md). Every hand is checked by the "
        "scoring engine; the file is imported completely or not at all, and every problem is listed."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="the archive (JSON, UTF-8); - reads standard input")
        parser.add_argument("--organizer", metavar="USERNAME", help="make this user the tournament's organizer")

    def handle(self, *args, file, organizer=None, **options):
        actor = None
        if organizer:
            actor = get_user_model().objects.filter(username=organizer).first()
            if actor is None:
                raise CommandError(f"There is no user “{organizer}”.")
        data = _load(file)
        try:
            tournament = tournament_import_archive(actor=actor, data=data)
        except ArchiveInvalid as error:
            for problem in error.problems:
                self.stderr.write(str(problem))
            raise CommandError(f"{len(error.problems)} problem(s) in {file}: nothing was imported.") from error
        # The service also queues a recompute on commit; doing it here makes the standings ready
        # before the command returns (export_standings right after works).
        snapshot = standings_recompute(tournament_id=tournament.pk)
        players = tournament.registrations.count()
        sessions = tournament.sessions.filter(sheets__isnull=False).distinct().count()
        self.stdout.write(
            f"Imported “{tournament.name}” (id {tournament.pk}): {players} player(s), {sessions} session(s); "
            f"standings version {snapshot.version}."
        )


def _load(path: str):
    """The archive's data; a file too large, not UTF-8, nested too deep or not JSON is refused with a sentence."""
    try:
        if path == "-":
            raw = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as handle:
                raw = handle.read()
    except OSError as error:
        raise CommandError(f"Cannot read {path}: {error.strerror or error}.") from error
    try:
        return archive_loads(raw)
    except ArchiveFileError as error:
        raise CommandError(f"{path}: {error}") from error
