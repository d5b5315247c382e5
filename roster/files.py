"""Reading roster files (CSV or XLSX) into rows; no database access here.

Every problem is reported with its row and column so an organizer can fix the file; the caller
saves nothing unless the whole file is clean.
"""

import csv
import io
import re
import unicodedata
import zipfile
from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy as _

from tournaments import limits

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
    "not_yes_no": _("“{value}” is not yes or no: write yes, 是, はい or ○ (or leave it empty for no)."),
    "too_many_reserves": _(
        "Team “{value}” would have {count} reserves; the tournament allows {limit} a team (the tournament's "
        "settings: reserves a team may bring)."
    ),
    "too_long": _("“{column}” is longer than {limit} characters."),
    # Limits (docs/limits.md).
    "too_many_rows": _(
        "The file has more than {limit} rows: a tournament holds at most {limit} players (a limit that keeps"
        " the seating chart, the standings and the pages fast for every tournament on this server)."
    ),
    "too_many_players": _(
        "With this file the tournament would have {total} players; at most {limit} can register (a limit that"
        " keeps the seating chart, the standings and the pages fast for every tournament on this server)."
    ),
    "xlsx_too_large": _(
        "The spreadsheet expands to {mb} MB when opened; at most {limit} MB are read. Save only the sheet with the"
        " rows to import, or save it as CSV."
    ),
    "more_problems": _("{total} problems in all; the first {shown} are listed. Fix them and upload the file again."),
    # Encodings.
    "encoding_confirm": _(
        "The file is not UTF-8. Read as {encoding} it gives: {sample}. If these names are right, import it"
        " as {encoding}; otherwise choose its encoding below (or save the file as CSV UTF-8)."
    ),
    "encoding_unknown": _(
        "The file is not UTF-8 and no encoding reads it cleanly. Choose its encoding below, or save the file"
        " as CSV UTF-8."
    ),
    "encoding_bad_row": _("This row cannot be read as {encoding} (byte {byte} at position {position})."),
    "encoding_bad_file": _("The file cannot be read as {encoding}: {detail}"),
    "encoding_mixed_row": _(
        "Read as {encoding}, this row gives “{word}”, Latin and Chinese, Japanese or Korean letters in one word: "
        "the file is in another encoding. Choose its encoding below, or save the file as CSV UTF-8."
    ),
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
    "reserve": {  # not seated until they take a player's seats (Registration.reserve)
        "en": ["reserve", "substitute", "alternate"],
        "zh-hans": ["替补", "候补", "预备队员"],
        "ja": ["補欠", "リザーブ", "控え"],
    },
    "group": {  # 3.5.3 团体
        "en": ["group", "delegation", "club"],
        "zh-hans": ["团体", "代表团", "俱乐部"],
        "ja": ["団体", "クラブ"],
    },
}
TEAM_COLUMNS = ["name", "country"]
PLAYER_COLUMNS = ["entry", "name", "name_local", "country", "federation_id", "team", "contact", "leader", "reserve",
                  "group"]


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


# The marks rosters use: a Japanese roster marks its leaders ○ (issue 29: refused), a Chinese one 是 or √.
YES = {"yes", "y", "true", "1", "x", "是", "はい", "○", "◯", "〇", "✓", "✔", "√", "●"}
NO = {"", "no", "n", "false", "0", "否", "いいえ", "×", "✕", "✗", "-", "－"}
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


def column_label(column: str) -> str:
    """A column as the organizer's language names it in a roster (the first spelling accepted), not the
    internal name (issue 29: "leader", "team" in the Japanese page)."""
    from django.utils.translation import get_language

    spellings = COLUMN_HEADERS.get(column)
    if not spellings:
        return column
    language = (get_language() or "en").lower()
    key = "zh-hans" if language.startswith("zh") else "ja" if language.startswith("ja") else "en"
    return spellings[key][0]


def problem_message(problem: dict) -> str:
    """The problem in the active language."""
    template = MESSAGES.get(problem["code"], "{code}")
    return str(template).format(code=problem["code"], **problem.get("params", {}))


class RosterFileError(Exception):
    def __init__(self, problems: list[Problem]):
        super().__init__(f"{len(problems)} problem(s) in the file")
        self.problems = problems


def read_table(filename: str, content: bytes, encoding: str = "", sheet: str = "") -> tuple[list[list[str]], str]:
    """The cells of an uploaded CSV or XLSX and the encoding that read it ("xlsx" for a workbook), within
    the limits (a zip bomb refused before openpyxl opens it, a CSV decoded as `decode_csv` says).
    Every file import reads through here (the roster, the Pin committee's results files). `sheet`: the
    workbook's sheet of that title when it has one (the Pin ledger's "Results"), else its first."""
    try:
        if filename.lower().endswith(".xlsx"):
            _xlsx_check_sizes(content)
            return _xlsx_table(content, sheet), "xlsx"
        text, used = decode_csv(content, encoding)
        return _csv_table(text), used
    except RosterFileError:
        raise
    except Exception as exc:  # openpyxl and csv raise many kinds; all mean "not readable"
        raise RosterFileError([Problem(0, "", "unreadable", {"detail": str(exc)[:200]})]) from exc


def read_rows(filename: str, content: bytes, encoding: str = "", read: dict | None = None):
    """Rows as (row number in the file, {column: text}) keyed by canonical column names; 1 is the header.

    `encoding` is the one the organizer chose for a CSV ("" = UTF-8, or detect and ask); `read`, if given,
    receives the encoding used and the first rows as read (the import page's preview)."""
    read = read if read is not None else {}
    table, read["encoding"] = read_table(filename, content, encoding)
    read["preview"] = [[cell.strip() for cell in row] for row in table[:6]]
    # Row numbers are those a spreadsheet shows, blank rows included, so problems can be found.
    numbered = [(number, row) for number, row in enumerate(table, start=1) if any(cell.strip() for cell in row)]
    if len(numbered) < 2:
        raise RosterFileError([Problem(0, "", "empty")])
    if len(numbered) - 1 > limits.max_rows():
        raise RosterFileError([Problem(0, "", "too_many_rows", {"limit": limits.max_rows()})])
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


# Encodings an organizer can choose for a CSV (Excel saves CSV in the system's code page), and the order in
# which a detected one is preferred when several read the file equally well: the app's audience first.
ENCODINGS = [
    ("utf-8", _("UTF-8 (Unicode)")),
    ("gb18030", _("GB18030 (Simplified Chinese, Excel in China)")),
    ("big5", _("Big5 (Traditional Chinese)")),
    ("cp932", _("Shift_JIS (Japanese, Excel in Japan)")),
    ("cp949", _("EUC-KR (Korean)")),
    ("cp1252", _("Windows-1252 (Western European, Excel in Europe and the Americas)")),
    ("cp1250", _("Windows-1250 (Central European)")),
    ("cp1251", _("Windows-1251 (Cyrillic)")),
    ("latin-1", _("ISO-8859-1 (Latin-1)")),
    ("utf-16", _("UTF-16")),
]
ENCODING_NAMES = dict(ENCODINGS)
_DETECT = ["gb18030", "cp932", "big5", "cp1252", "cp1250", "cp1251", "cp949"]
_ALIASES = {"utf_8": "utf-8", "shift_jis": "cp932", "euc_kr": "cp949", "latin_1": "latin-1", "iso8859_1": "latin-1",
            "windows-1252": "cp1252", "utf_16": "utf-16"}
# A "word" holding Latin letters and CJK/kana/hangul at once ("J黵gen") is what a wrong multi-byte
# reading of an accented Latin name looks like; names never mix scripts inside a word.
_LATIN = r"A-Za-z\u00c0-\u024f"
_EAST_ASIAN = r"\u1100-\u11ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
_MIXED_WORD = re.compile(rf"[{_LATIN}][{_EAST_ASIAN}]|[{_EAST_ASIAN}][{_LATIN}]")


def encoding_label(code: str) -> str:
    return str(ENCODING_NAMES.get(code, code))


def _plausible(text: str) -> bool:
    if _MIXED_WORD.search(text):
        return False
    return not any(unicodedata.category(char) in ("Cc", "Co", "Cs") and char not in "\t\r\n" for char in text)


def detect_encoding(content: bytes) -> str | None:
    """The likeliest encoding of a non-UTF-8 text, by charset-normalizer's measure of mess, among the
    encodings the audience uses; readings that mix Latin and CJK letters in one word are discarded,
    and near-ties go to the earlier encoding in _DETECT. None when nothing reads the file plausibly."""
    from charset_normalizer import from_bytes

    matches = []
    for match in from_bytes(content, cp_isolation=_DETECT):
        code = _ALIASES.get(match.encoding, match.encoding)
        if code in _DETECT and _plausible(str(match)):
            matches.append((match.chaos, _DETECT.index(code), code))
    if not matches:
        return None
    best = min(chaos for chaos, _order, _code in matches)
    return min((order, code) for chaos, order, code in matches if chaos <= best + 0.05)[1]


def decode_csv(content: bytes, encoding: str = "") -> tuple[str, str]:
    """The text of a CSV and the encoding that read it.

    No encoding chosen: a BOM or clean UTF-8 is read as such; anything else is detected and refused with
    the detected reading shown, for the organizer to confirm or correct (never imported on a guess: a
    Latin-1 "Jürgen Müller" read as GB18030 is "J黵gen M黮ler"). A chosen encoding must read every row
    cleanly; the rows that fail are listed."""
    if content.startswith((b"\xff\xfe", b"\xfe\xff")):
        encoding = encoding or "utf-16"
    if not encoding:
        try:
            return content.decode("utf-8-sig"), "utf-8"
        except UnicodeDecodeError:
            pass
        detected = detect_encoding(content)
        if detected is None:
            raise RosterFileError([Problem(0, "", "encoding_unknown", {"encoding": ""})])
        text = content.decode(detected)
        # The cells that the encoding decides: those with letters outside ASCII, as this reading gives them.
        cells = []
        # The names, not the header: a Japanese file's header is all non-ASCII too (issue 29 showed only it).
        for line in text.splitlines()[1:200]:
            for cell in re.split(r"[,;\t]", line):
                cell = cell.strip().strip('"')
                if not cell.isascii() and cell not in cells and len(cells) < 6:
                    cells.append(cell)
        sample = ", ".join(cells)[:200]
        raise RosterFileError([Problem(0, "", "encoding_confirm", {"encoding": encoding_label(detected),
                                                                   "encoding_code": detected, "sample": sample})])
    codec = "utf-8-sig" if encoding == "utf-8" else encoding
    try:
        text = content.decode(codec)
    except UnicodeDecodeError as error:
        label = encoding_label(encoding)
        if encoding == "utf-16":
            params = {"encoding": label, "detail": str(error)[:200]}
            raise RosterFileError([Problem(0, "", "encoding_bad_file", params)]) from error
        problems = []
        for number, line in enumerate(content.split(b"\n"), start=1):
            try:
                line.decode(codec)
            except UnicodeDecodeError as bad:
                problems.append(Problem(number, "", "encoding_bad_row", {
                    "encoding": label, "byte": f"0x{line[bad.start]:02X}", "position": bad.start + 1,
                }))
        raise RosterFileError(problems or [Problem(0, "", "encoding_bad_file", {
            "encoding": label, "detail": str(error)[:200]})]) from error
    # A chosen encoding reads any bytes "cleanly" when it is a wide one (GB18030 takes Latin-1's bytes too):
    # the same test as detection refuses the reading a name never gives ("J黵gen M黮ler").
    mixed = [
        Problem(number, "", "encoding_mixed_row", {"encoding": encoding_label(encoding), "word": word})
        for number, line in enumerate(text.splitlines(), start=1)
        for word in [_mixed_word(line)] if word
    ]
    if mixed and "\0" not in text:  # binary data is refused as unreadable when the table is read
        raise RosterFileError(mixed)
    return text, encoding


def _mixed_word(line: str) -> str:
    """The first word of `line` mixing Latin and East Asian letters, or ""."""
    match = _MIXED_WORD.search(line)
    if match is None:
        return ""
    start = max(line.rfind(sep, 0, match.start()) for sep in " ,;\t\"") + 1
    ends = [index for index in (line.find(sep, match.end()) for sep in " ,;\t\"") if index != -1]
    return line[start:min(ends, default=len(line))][:40]


def _csv_table(text: str) -> list[list[str]]:
    if "\0" in text:
        raise ValueError("binary data")
    if text.count("\n") > limits.max_rows() + 1000:  # before parsing: far more lines than rows allowed
        raise RosterFileError([Problem(0, "", "too_many_rows", {"limit": limits.max_rows()})])
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    return [list(row) for row in csv.reader(io.StringIO(text), dialect)]


def _xlsx_check_sizes(content: bytes) -> None:
    """Refuse a zip bomb before openpyxl opens it: the parts' declared uncompressed sizes are summed
    (a zip's central directory states them; zipfile also stops reading a part at its declared size)."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(content))
    except zipfile.BadZipFile as error:
        raise RosterFileError([Problem(0, "", "unreadable", {"detail": str(error)[:200]})]) from error
    with archive:
        parts = archive.infolist()
        total = sum(part.file_size for part in parts)
    limit = limits.MAX_XLSX_UNCOMPRESSED_BYTES
    if total > limit or len(parts) > limits.MAX_XLSX_PARTS:
        params = {"mb": max(1, total // 2**20), "limit": limit // 2**20}
        raise RosterFileError([Problem(0, "", "xlsx_too_large", params)])


def _xlsx_table(content: bytes, title: str = "") -> list[list[str]]:
    from openpyxl import load_workbook

    workbook = load_workbook(io.BytesIO(content), read_only=True, data_only=True)
    try:
        sheet = workbook[title] if title and title in workbook.sheetnames else workbook.worksheets[0]
        # Read-only mode trusts the size the file records (<dimension>); writers get it wrong, and
        # rows or columns past it would be dropped without a word. Read what the sheet holds.
        sheet.reset_dimensions()
        table, filled = [], 0
        for row in sheet.iter_rows(values_only=True):
            cells = [_cell_text(value) for value in row]
            table.append(cells)
            filled += any(cell.strip() for cell in cells)
            if filled > limits.max_rows() + 1:  # the header and one row too many: stop reading
                raise RosterFileError([Problem(0, "", "too_many_rows", {"limit": limits.max_rows()})])
        return table
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
