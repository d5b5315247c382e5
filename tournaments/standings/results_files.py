"""The final results sheet written out as CSV, XLSX and PDF; the table itself is `results_sheet`."""

import csv
import io

from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring.engine.table import twelfths_display, twelfths_number
from tournaments import documents
from tournaments.access import Capability, can
from tournaments.core import selectors as core_selectors
from tournaments.errors import NotFound
from tournaments.standings import selectors as standings_selectors
from tournaments.standings.results_sheet import ResultsSheet, ranking_notes, results_sheet

# A text cell starting with one of these is run as a formula by spreadsheet programs; the files are
# public, and names come from rosters, so such text is written as text. A leading tab or carriage
# return can hide one of the others from a check and still be read as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_text(value):
    """`value` as a spreadsheet cell shows it and never runs it (FORMULA_STARTS); the exports use it too."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def results_csv(data: dict) -> bytes:
    """UTF-8 with a byte-order mark, so spreadsheet programs read Chinese and Japanese names."""
    sheet = results_sheet(data, points=twelfths_display, identity=True)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([column.full_label for column in sheet.columns])
    writer.writerows([spreadsheet_text(value) for value in row] for row in sheet.rows)
    # How the order was made (3.10.1; the organizer's tie-breaks or cut, 3.5.4): after a blank row.
    writer.writerow([])
    writer.writerows([note] for note in ranking_notes(data))
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def results_xlsx(data: dict, *, title: str) -> bytes:
    """One worksheet; table points are numbers (10.5, 7.333333) so they can be summed."""
    from openpyxl import Workbook
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
    from openpyxl.styles import Font

    def append(row):
        # Control characters (a name pasted with a vertical tab) cannot be stored in XLSX: dropped.
        worksheet.append([ILLEGAL_CHARACTERS_RE.sub("", value) if isinstance(value, str) else value for value in row])
        for cell in worksheet[worksheet.max_row]:
            if isinstance(cell.value, str) and cell.value.startswith(FORMULA_STARTS):
                cell.data_type = "s"  # openpyxl took it for a formula: keep it as text

    sheet = results_sheet(data, points=twelfths_number, identity=True)
    workbook = Workbook()
    worksheet = workbook.active
    worksheet.title = "Results"
    append([title])  # the tournament's name, typed by its organizer: as guarded as the rows
    worksheet["A1"].font = Font(bold=True)
    append([column.full_label for column in sheet.columns])
    for cell in worksheet[2]:
        cell.font = Font(bold=True)
    for row in sheet.rows:
        append(row)
    append([])
    for note in ranking_notes(data):  # how the order was made (3.10.1, 3.5.4)
        append([note])
    worksheet.freeze_panes = "D3"  # entry, team and name stay in view
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def results_pdf(data: dict, *, context: dict) -> bytes:
    """A4 landscape (tournaments.documents)."""
    sheet: ResultsSheet = results_sheet(data, points=twelfths_display)
    header_top, header_bottom = sheet.header_rows()
    html = render_to_string(
        "tournaments/standings/results_pdf.html",
        {**context, "sheet": sheet, "header_top": header_top, "header_bottom": header_bottom,
         "notes": ranking_notes(data)},
    )
    return documents.html_to_pdf(html)


# The results sheet as a big document made by the worker (prints, issue 30): a few hundred players
# take WeasyPrint seconds. One part (one table over many pages: its header repeats on each). Public once the
# tournament is, like the CSV and XLSX.
def _results_authorize(user, tournament, options: dict) -> None:
    if not can(user, tournament, Capability.VIEW):
        raise NotFound("No such tournament.")


def _results_version(tournament, options: dict):
    snapshot = standings_selectors.standings_snapshot_latest(tournament=tournament)
    return (tournament.name, tournament.venue, tournament.starts_on, tournament.ends_on,
            core_selectors.results_title(tournament=tournament),
            (snapshot.pk, snapshot.version, snapshot.computed_at) if snapshot else None)


def _results_render(tournament, options: dict, payload) -> bytes:
    snapshot = standings_selectors.standings_snapshot_latest(tournament=tournament)
    return results_pdf(standings_selectors.standings_data(snapshot=snapshot), context={
        "tournament": tournament, "snapshot": snapshot, "language": get_language(),
        "results_title": core_selectors.results_title(tournament=tournament)})


RESULTS_PDF = documents.print_kind_register(documents.PrintKind(
    name="results", title=lambda options: _("Results sheet"), authorize=_results_authorize,
    version=_results_version, parts=lambda tournament, options: [None], render=_results_render,
    filename=lambda tournament, options: f"results-{tournament.pk}.pdf",
))
