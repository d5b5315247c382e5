"""Exports for ranking bodies and researchers (docs/exports.md): the ranking report and the
hand-by-hand record. The WMO results sheet (Appendix 7) is `tournaments.standings.results_files`.

Column headers are fixed English identifiers, not translated: ranking bodies' programs read these files
by column name, whatever language the organizer's browser speaks. Text cells that a spreadsheet would
run as a formula are written as text, as in the results sheet (FORMULA_STARTS).
"""

import csv
import io

from scoring.engine.table import twelfths_display, twelfths_number
from tournaments.countries import country_code
from tournaments.standings.results_files import FORMULA_STARTS, spreadsheet_text

RANKING_COLUMNS = [
    "rank", "name", "local_name", "federation_id", "country_iso", "table_points", "contest_points", "entry",
    "disqualified",
]


def iso_country(text: str) -> str:
    """ISO 3166-1 alpha-2 where the roster's country can be read as one ("China", "中国", "cn" -> "CN"),
    else empty (the text as typed is in the results sheet)."""
    code = country_code(text or "")
    return code if len(code) == 2 and code.isascii() and code.isalpha() and code.isupper() else ""


def ranking_rows(data: dict, *, points) -> list[list]:
    """One row per ranked player, in the standings' order (3.10.1). A player whose rank was cancelled
    (3.11.5, 取消录取名次) is not in the standings' individuals and so not here; a disqualified one
    (停赛, 3.11.4) keeps the rank earned so far, marked."""
    return [
        [
            row["rank"], row["name"], row.get("name_local") or "", row.get("federation_id") or "",
            iso_country(row.get("country") or ""), points(row["table_points"]), row["contest_points"], row["entry"],
            "yes" if row.get("disqualified") else "",
        ]
        for row in data.get("individuals", [])
    ]


def _csv(header: list[str], rows: list[list]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows([spreadsheet_text(value) for value in row] for row in rows)
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def ranking_csv(data: dict) -> bytes:
    """UTF-8 with a byte-order mark; table points as people write them (10.5, 7.33)."""
    return _csv(RANKING_COLUMNS, ranking_rows(data, points=twelfths_display))


def ranking_xlsx(data: dict, *, sheet_title: str = "Ranking") -> bytes:
    """Row 1 the headers, then one row per player; table points are numbers (7.333333)."""
    from openpyxl import Workbook
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
    from openpyxl.styles import Font

    workbook = Workbook()
    worksheet = workbook.active
    worksheet.title = sheet_title
    worksheet.append(RANKING_COLUMNS)
    for cell in worksheet[1]:
        cell.font = Font(bold=True)
    for row in ranking_rows(data, points=twelfths_number):
        worksheet.append([ILLEGAL_CHARACTERS_RE.sub("", v) if isinstance(v, str) else v for v in row])
        for cell in worksheet[worksheet.max_row]:
            if isinstance(cell.value, str) and cell.value.startswith(FORMULA_STARTS):
                cell.data_type = "s"  # openpyxl took it for a formula: keep it as text
    worksheet.freeze_panes = "A2"
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


HAND_COLUMNS = [
    "session", "table", "hand", "result", "entry_east", "entry_south", "entry_west", "entry_north",
    "winner_seat", "winner_entry", "discarder_seat", "discarder_entry", "self_drawn", "tiles", "flowers",
    "last_of_kind", "last_wall_tile", "kong_replacement", "robbing_kong", "fans", "fan_points", "total",
    "verified", "points_east", "points_south", "points_west", "points_north", "corrected",
]
SEAT_LETTERS = "ESWN"


def hands_csv(rows: list[dict]) -> bytes:
    """The hand-by-hand record (selectors.hands_record), one row per hand."""
    def flag(value):
        return 1 if value else 0

    out = []
    for row in rows:
        entries = row["entries"]
        winner, discarder = row["winner"], row["discarder"]
        out.append([
            row["session"], row["table"], row["number"], row["result"], *[e or "" for e in entries],
            SEAT_LETTERS[winner] if winner is not None else "", entries[winner] if winner is not None else "",
            SEAT_LETTERS[discarder] if discarder is not None else "",
            entries[discarder] if discarder is not None else "",
            flag(row["result"] == "win" and discarder is None), row["tiles"], row["flowers"],
            flag(row["last_of_kind"]), flag(row["last_wall_tile"]), flag(row["kong_replacement"]),
            flag(row["robbing_kong"]),
            ";".join(f"{fan['number']}x{fan.get('count', 1)}" for fan in row["fans"]),
            row["fan_points"], row["total"], flag(row["verified"]), row["d0"], row["d1"], row["d2"], row["d3"],
            flag(row["corrected"]),
        ])
    return _csv(HAND_COLUMNS, out)
