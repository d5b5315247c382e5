"""The ledger and the Pin register written out for the world body's website and the member bodies
(7.4 建立档案，通过世界麻将组织网站公布): JSON, CSV (UTF-8 with a byte-order mark) and XLSX. One row per
player and, beside it, one row per counted competition; text that a spreadsheet would run as a formula
is written as text (the core's `spreadsheet_text`)."""

import csv
import io
import json

from tournaments.standings.results_files import FORMULA_STARTS, spreadsheet_text

PLAYER_COLUMNS = ["federation_id", "name", "country", "pin", "web_pin", "table_points", "contest_points",
                  "competitions", "player"]
RESULT_COLUMNS = ["federation_id", "name", "country", "track", "competition", "level", "class", "starts_on", "rank",
                  "table_points", "contest_points", "player"]
REGISTER_COLUMNS = ["number", "name", "country", "track", "pin", "awarded_on", "committee", "source"]
FORMATS = ("json", "csv", "xlsx")


def result_rows(ledger: list[dict]) -> list[dict]:
    return [{**{key: player[key] for key in ("federation_id", "name", "country", "player")}, **row}
            for player in ledger for row in player["results"]]


def register_rows(awards) -> list[dict]:
    """The public register: public fields only (no personal field of any form, no federation ID)."""
    return [{"number": a.number, "name": a.name, "country": a.country, "track": a.track, "pin": a.pin,
             "awarded_on": a.awarded_on.isoformat(), "committee": a.committee.name, "source": a.source}
            for a in awards]


def as_json(rows) -> bytes:
    return json.dumps(rows, ensure_ascii=False, indent=2).encode("utf-8")


def as_csv(rows: list[dict], columns: list[str]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(columns)
    writer.writerows([spreadsheet_text("" if row.get(c) is None else row.get(c)) for c in columns] for row in rows)
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def as_xlsx(sheets: dict[str, tuple[list[str], list[dict]]]) -> bytes:
    """One worksheet per entry: {title: (columns, rows)}; numbers stay numbers so they can be summed."""
    from openpyxl import Workbook
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
    from openpyxl.styles import Font

    workbook = Workbook()
    workbook.remove(workbook.active)
    for title, (columns, rows) in sheets.items():
        sheet = workbook.create_sheet(title)
        sheet.append(columns)
        for cell in sheet[1]:
            cell.font = Font(bold=True)
        for row in rows:
            sheet.append([ILLEGAL_CHARACTERS_RE.sub("", v) if isinstance(v, str) else v
                          for v in (row.get(c) for c in columns)])
            for cell in sheet[sheet.max_row]:
                if isinstance(cell.value, str) and cell.value.startswith(FORMULA_STARTS):
                    cell.data_type = "s"  # text, never a formula
        sheet.freeze_panes = "C2"
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def ledger_file(ledger: list[dict], fmt: str, *, awards=None) -> bytes:
    """The ledger (and, for XLSX, the register beside it) in `fmt`. CSV holds one row per counted
    competition, each carrying the player's identity (a spreadsheet filters it per player or country)."""
    if fmt == "json":
        return as_json(ledger)
    if fmt == "csv":
        return as_csv(result_rows(ledger), RESULT_COLUMNS)
    sheets = {"Ledger": (PLAYER_COLUMNS, ledger), "Results": (RESULT_COLUMNS, result_rows(ledger))}
    if awards is not None:
        sheets["Register"] = (REGISTER_COLUMNS, register_rows(awards))
    return as_xlsx(sheets)


def register_file(awards, fmt: str) -> bytes:
    rows = register_rows(awards)
    if fmt == "json":
        return as_json(rows)
    if fmt == "csv":
        return as_csv(rows, REGISTER_COLUMNS)
    return as_xlsx({"Register": (REGISTER_COLUMNS, rows)})
