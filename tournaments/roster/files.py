"""Reading roster files (CSV or XLSX) into rows; no database access here.

Every problem is reported with its row and column so an organizer can fix the file; the caller
saves nothing unless the whole file is clean.
"""

import csv
import io
import unicodedata
from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy as _

# Problem codes, shown through MESSAGES in the user's language.
MESSAGES = {
    "unreadable": _("The file could not be read as CSV or XLSX: {detail}"),
    "empty": _("The file has no data rows."),
    "unexpected": _(
        "The import stopped on an unexpected error and saved nothing. Upload the file again; if it fails"
        " again, tell the administrator. (Another import running at the same time can cause this.)"
    ),
    "missing_column": _("The column “{column}” is missing; the first row must name the columns."),
    "required": _("“{column}” is empty; every row needs it."),
    "not_a_number": _("“{value}” is not a whole number above zero."),
    "entry_too_large": _("Entry number {value} is too large: entry numbers go up to {limit}."),
    "duplicate_in_file": _("“{value}” appears again in this file (first on row {first_row})."),
    "already_registered": _("Entry number {value} is already registered in this tournament."),
    "player_already_registered": _("The player with federation ID “{value}” is already registered."),
    "federation_id_other_name": _(
        "Federation ID “{value}” belongs to “{stored}”, but this row names “{name}”: correct the ID or the name."
    ),
    "team_exists": _("The team “{value}” already exists in this tournament."),
    "unknown_team": _("There is no team “{value}” in this tournament: correct the name or import that team first."),
    "unknown_team_close": _("There is no team “{value}” in this tournament. Did you mean “{closest}”?"),
    "no_teams": _(
        "This file names teams, but the tournament has no teams yet: import the teams file first, then this file."
    ),
    "second_leader": _("The team “{value}” already has a leader (row {first_row})."),
    "team_has_leader": _("The team “{value}” already has a leader."),
    "unknown_group": _(
        "There is no group “{value}” in this tournament; create it on the groups page first, or correct the name."
    ),
    "not_yes_no": _("“{value}” is not yes or no."),
    "too_long": _("“{column}” is longer than {limit} characters."),
}

# Header spellings accepted for each column, compared after NFKC, case folding and dropping spaces,
# underscores and a trailing colon: "Entry No.", "entry_no", "参赛号：" and "ＥＮＴＲＹ" all name the entry column.
# The first spelling of each language is the one the import page shows.
COLUMN_HEADERS = {
    "entry": {
        "en": ["entry", "entry number", "entry no", "number", "no"],
        "zh-hans": ["参赛号", "编号", "参赛编号", "选手编号", "号码", "序号"],
        "ja": ["番号", "参加番号", "選手番号", "エントリー番号", "ゼッケン"],
    },
    "name": {
        "en": ["name", "player", "player name"],
        "zh-hans": ["姓名", "选手", "选手姓名", "名称", "名字"],
        "ja": ["氏名", "名前", "選手名", "選手"],
    },
    "name_local": {
        "en": ["name_local", "local name", "name in own script"],
        "zh-hans": ["本地姓名", "原文姓名", "中文名", "中文姓名"],
        "ja": ["現地名", "本名", "漢字名", "日本語名"],
    },
    "country": {
        "en": ["country", "region", "country/region", "nation"],
        "zh-hans": ["国家/地区", "国家", "地区", "国家或地区"],
        "ja": ["国", "国・地域", "国/地域", "国名"],
    },
    "federation_id": {
        "en": ["federation_id", "federation id", "id", "member id", "ema id", "wmo id"],
        "zh-hans": ["会员号", "会员编号", "协会编号", "注册号"],
        "ja": ["会員番号", "協会番号", "登録番号"],
    },
    "team": {
        "en": ["team", "team name"],
        "zh-hans": ["队伍", "队", "参赛队", "队名", "团队"],
        "ja": ["チーム", "チーム名"],
    },
    "contact": {
        "en": ["contact", "email", "e-mail", "phone"],
        "zh-hans": ["联系方式", "电话", "邮箱", "电子邮件"],
        "ja": ["連絡先", "電話", "メール", "メールアドレス"],
    },
    "leader": {
        "en": ["leader", "team leader", "captain"],
        "zh-hans": ["领队", "队长"],
        "ja": ["リーダー", "チームリーダー", "監督", "主将"],
    },
    "group": {  # 3.5.3 团体
        "en": ["group", "delegation", "club"],
        "zh-hans": ["团体", "代表团", "俱乐部"],
        "ja": ["団体", "クラブ"],
    },
}
TEAM_COLUMNS = ["name", "country"]
PLAYER_COLUMNS = ["entry", "name", "name_local", "country", "federation_id", "team", "contact", "leader", "group"]


def _header_key(header: str) -> str:
    text = unicodedata.normalize("NFKC", header).casefold().strip().rstrip(":").strip()
    return "".join(char for char in text if char not in " _.\t\u3000")


COLUMN_ALIASES = {
    column: {_header_key(spelling) for spellings in by_language.values() for spelling in spellings}
    for column, by_language in COLUMN_HEADERS.items()
}


# A teams file's name column is the team's name: headed "name" or as the players file's team column.
TEAM_NAME_HEADERS = {
    "en": ["name", "team", "team name"],
    "zh-hans": ["名称", "队名", "队伍", "参赛队"],
    "ja": ["チーム名", "チーム", "名称"],
}


def accepted_headers(columns: list[str], *, teams_file: bool = False) -> list[dict]:
    """The columns of one kind of file with their accepted spellings per language, for the import page."""
    rows = []
    for column in columns:
        spellings = TEAM_NAME_HEADERS if teams_file and column == "name" else COLUMN_HEADERS[column]
        rows.append({"column": column, "en": spellings["en"], "zh_hans": spellings["zh-hans"], "ja": spellings["ja"]})
    return rows


YES = {"yes", "y", "true", "1", "x", "是", "はい"}
NO = {"", "no", "n", "false", "0", "否", "いいえ"}
MAX_LENGTH = {
    "name": 200, "name_local": 200, "country": 64, "federation_id": 64, "team": 200, "contact": 200, "group": 200,
}


@dataclass
class Problem:
    row: int  # 1 is the header row; 0 means the file as a whole
    column: str
    code: str
    params: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {"row": self.row, "column": self.column, "code": self.code, "params": self.params}


def problem_message(problem: dict) -> str:
    """The problem in the active language."""
    template = MESSAGES.get(problem["code"], "{code}")
    return str(template).format(code=problem["code"], **problem.get("params", {}))


class RosterFileError(Exception):
    def __init__(self, problems: list[Problem]):
        super().__init__(f"{len(problems)} problem(s) in the file")
        self.problems = problems


def read_rows(filename: str, content: bytes) -> list[tuple[int, dict[str, str]]]:
    """Rows as (row number in the file, {column: text}) keyed by canonical column names; 1 is the header."""
    try:
        if filename.lower().endswith(".xlsx"):
            table = _xlsx_table(content)
        else:
            table = _csv_table(content)
    except Exception as exc:  # openpyxl and csv raise many kinds; all mean "not readable"
        raise RosterFileError([Problem(0, "", "unreadable", {"detail": str(exc)[:200]})]) from exc
    # Row numbers are those a spreadsheet shows, blank rows included, so problems can be found.
    numbered = [(number, row) for number, row in enumerate(table, start=1) if any(cell.strip() for cell in row)]
    if len(numbered) < 2:
        raise RosterFileError([Problem(0, "", "empty")])
    header = [_canonical_column(cell) for cell in numbered[0][1]]
    rows = []
    for number, cells in numbered[1:]:
        values = {}
        for column, cell in zip(header, cells):
            if column:
                values[column] = cell.strip()
        rows.append((number, values))
    return rows


def _canonical_column(header: str) -> str:
    key = _header_key(header)
    for column, aliases in COLUMN_ALIASES.items():
        if key in aliases:
            return column
    return ""


def _csv_table(content: bytes) -> list[list[str]]:
    # Excel in Chinese locales saves CSV as GB18030; everything else should be UTF-8.
    for encoding in ("utf-8-sig", "gb18030"):
        try:
            text = content.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    else:
        raise ValueError("the text is neither UTF-8 nor GB18030")
    if "\0" in text:
        raise ValueError("binary data")
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    return [list(row) for row in csv.reader(io.StringIO(text), dialect)]


def _xlsx_table(content: bytes) -> list[list[str]]:
    from openpyxl import load_workbook

    workbook = load_workbook(io.BytesIO(content), read_only=True, data_only=True)
    try:
        sheet = workbook.worksheets[0]
        # Read-only mode trusts the size the file records (<dimension>); writers get it wrong, and
        # rows or columns past it would be dropped without a word. Read what the sheet holds.
        sheet.reset_dimensions()
        return [[_cell_text(value) for value in row] for row in sheet.iter_rows(values_only=True)]
    finally:
        workbook.close()


def _cell_text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))  # Excel stores 12 as 12.0
    return str(value)


def require_columns(rows, columns: list[str]) -> None:
    present = set().union(*(values.keys() for _number, values in rows))
    missing = [Problem(1, column, "missing_column", {"column": column}) for column in columns if column not in present]
    if missing:
        raise RosterFileError(missing)


def parse_yes_no(value: str) -> bool | None:
    lowered = value.strip().lower()
    if lowered in YES:
        return True
    if lowered in NO:
        return False
    return None


def check_lengths(number: int, values: dict[str, str]) -> list[Problem]:
    return [
        Problem(number, column, "too_long", {"column": column, "limit": limit})
        for column, limit in MAX_LENGTH.items()
        if len(values.get(column, "")) > limit
    ]
