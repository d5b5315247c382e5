"""`python manage.py pin_import_results FILE --name … --level … --sessions N --date YYYY-MM-DD --chief-referee …`:
a results file of a competition run elsewhere, imported as the committee's imports page does it
(pin_ranking.imports.services.results_file_import): all or nothing, every problem located by row and column,
exit status 1 on refusal. The operator acts as the world body (no actor in the audit trail)."""

import datetime as dt
import pathlib

from django.core.exceptions import ValidationError
from django.core.files import File
from django.core.management.base import BaseCommand, CommandError

from pin_ranking.imports.services import (
    ExternalCompetition,
    ResultsFileInvalid,
    ResultsNeedReview,
    problem_message,
    results_file_import,
)
from pin_ranking.ledger.services import eligibility_recompute


def _date(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise CommandError(f"“{text}” is not a date: write it as YYYY-MM-DD.") from None


class Command(BaseCommand):
    help = ("Import a results file (CSV or XLSX) of a competition run elsewhere for the Pin (Appendix 9, 4.4), as "
            "the committee's imports page does: all or nothing, every problem located, exit status 1 on refusal. "
            "Players the register does not know, and names written otherwise than stored, are refused unless "
            "--create-players and --names-reason confirm them.")

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--name", required=True, help="the competition's name")
        parser.add_argument("--level", required=True, help="world, intercontinental, continental, national, "
                            "international (or bilateral, multinational), regional, friendly, web")
        parser.add_argument("--sessions", required=True, type=int, help="sessions played (比赛局数)")
        parser.add_argument("--date", required=True, help="the first day, YYYY-MM-DD")
        parser.add_argument("--end-date", help="the last day (default: the first day)")
        parser.add_argument("--chief-referee", required=True, help="who signed the results on paper (7.2)")
        parser.add_argument("--players", type=int, help="players (参赛人数; default: the file's rows)")
        parser.add_argument("--countries", type=int, help="countries or regions taking part")
        parser.add_argument("--country", default="", help="the host country or region (such as CN)")
        parser.add_argument("--place", default="")
        parser.add_argument("--ranked-by-final", action="store_true",
                            help="the competition ranked a final's players first (3.5.4): ranks need not follow "
                                 "the table points")
        parser.add_argument("--results-sheet", help="the full results sheet (when --players exceeds the rows)")
        parser.add_argument("--create-players", action="store_true",
                            help="create the players the register does not know from the file")
        parser.add_argument("--names-reason", default="",
                            help="accept names written otherwise than stored, for this reason")
        parser.add_argument("--duplicate-reason", default="",
                            help="import results near a registered competition's as another competition, for this "
                                 "reason (4.1: each competition counts once)")
        parser.add_argument("--missing-rows-reason", default="",
                            help="why --players exceeds the file's rows (players without a federation ID, say)")

    def handle(self, *args, **options):
        path = pathlib.Path(options["file"])
        if not path.is_file():
            raise CommandError(f"No file at {path}.")
        starts_on = _date(options["date"])
        event = ExternalCompetition(
            name=options["name"], level=options["level"], starts_on=starts_on,
            ends_on=_date(options["end_date"]) if options["end_date"] else starts_on, sessions=options["sessions"],
            place=options["place"], players=options["players"], chief_referee=options["chief_referee"],
            country=options["country"], countries=options["countries"], ranked_by_final=options["ranked_by_final"],
            missing_rows_reason=options["missing_rows_reason"])
        sheet = open(options["results_sheet"], "rb") if options["results_sheet"] else None  # noqa: SIM115
        try:
            competition = results_file_import(
                actor=None, filename=path.name, content=path.read_bytes(), competition=event,
                create_players=options["create_players"], names_reason=options["names_reason"],
                duplicate_reason=options["duplicate_reason"],
                results_sheet=File(sheet, name=pathlib.Path(sheet.name).name) if sheet else None)
        except ResultsFileInvalid as error:
            for problem in error.problems:
                where = f"row {problem.row}, {problem.column}: " if problem.row else ""
                self.stderr.write(f"{where}{problem_message(problem.as_dict())}")
            raise CommandError(f"Nothing imported: {len(error.problems)} problem(s) in {path.name}.") from error
        except ResultsNeedReview as review:
            record = review.record
            for unknown in record.unknown_players:
                self.stderr.write(f"row {unknown['row']}: unknown player {unknown['federation_id']} "
                                  f"“{unknown['name']}” ({unknown['country'] or '?'})")
            for other in record.other_names:
                self.stderr.write(f"row {other['row']}: “{other['name']}” for {other['federation_id']}, stored as "
                                  f"“{other['stored']}”")
            for near in record.near_duplicates:
                self.stderr.write(f"like “{near['name']}” ({near['starts_on']}): {near['shared']} of {near['rows']} "
                                  "rows in common")
            raise CommandError("Nothing imported: confirm with --create-players (and --names-reason …, "
                               "--duplicate-reason …), or on the committee's review page "
                               f"(import {record.pk}).") from review
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from error
        finally:
            if sheet:
                sheet.close()
        player_ids = list(competition.results.values_list("player_id", flat=True))
        summary = eligibility_recompute(player_ids=player_ids, reason="imported")
        self.stdout.write(f"Imported “{competition.name}” ({competition.starts_on}): class {competition.klass}, "
                          f"{competition.players} player(s), {competition.sessions} session(s); "
                          f"{len(player_ids)} result(s); {summary.changed} ledger(s) changed.")
