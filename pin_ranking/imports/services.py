"""Results of competitions run elsewhere, for the Pin (Appendix 9, 4.4): a tournament archive (the
core's format, players carrying `federation_id`) or a results file (CSV or XLSX). All or nothing:
every problem is located (row, column) and nothing is saved unless the whole file is clean, as with
the roster import (roster)."""

import datetime as dt
import hashlib
import re
import unicodedata
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from itertools import groupby

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from archive.services import tournament_import_archive
from pin_ranking.access import committee_member_required
from pin_ranking.engine import TWELFTHS, competition_class
from pin_ranking.ledger.selectors import kept_players
from pin_ranking.ledger.services import eligibility_recompute_later
from pin_ranking.models import Competition, CompetitionResult, PlayerAlias, ResultCertificate, ResultsImport
from pin_ranking.register.sameness import alike, registered_identical, results_digest, who
from pin_ranking.register.services import (
    certificate_code,
    class_reason,
    competition_register,
    host_country,
    level_of,
    register_scope_check,
)
from roster.files import Problem, RosterFileError, read_table  # one reader for every file import
from roster.files import problem_message as roster_problem_message
from scoring.engine.table import twelfths_display
from tournaments.audit import AuditAction, audit_record
from tournaments.errors import NotFound
from tournaments.models import Player, Tournament
from tournaments.models.core import ISSUER_SEPARATOR, qualified_federation_id

# Header spellings per column, compared after NFKC, case folding and dropping spaces and underscores.
RESULT_HEADERS = {
    "federation_id": ["federation_id", "federation id", "id", "member id", "会员号", "会员编号", "协会编号", "注册号",
                      "会員番号", "協会番号", "登録番号"],
    # Who issued the ID (a national federation, the EMA, the world body): two federations' "1001" are two people.
    "issuer": ["issuer", "id issuer", "federation", "issued by", "发证机构", "证号机构", "所属协会", "発行団体",
               "発行元", "所属団体"],
    "name": ["name", "player", "姓名", "选手", "选手姓名", "氏名", "名前", "選手名"],
    # country_iso: the ranking report's column (reports.exports), so that the report re-imports as it is.
    "country": ["country", "region", "country/region", "country_iso", "country iso", "国家/地区", "国家", "地区",
                "国家（地区）", "国", "国・地域"],
    "rank": ["rank", "individual rank", "place", "个人排名", "名次", "排名", "個人順位", "順位"],
    "table_points": ["table_points", "table points", "tp", "标准分", "標準点", "テーブルポイント"],
    "contest_points": ["contest_points", "contest points", "cp", "比赛分", "素点"],
    "group_rank": ["group_rank", "group rank", "团体排名", "団体順位"],
    "team_rank": ["team_rank", "team rank", "队伍排名", "参赛队排名", "チーム順位"],
    "group": ["group", "团体", "団体"],
    "team": ["team", "队伍", "参赛队", "チーム"],
}


REQUIRED = ["federation_id", "name", "rank", "table_points", "contest_points"]
# A row may leave the federation ID empty: a walk-in without one, created on review (N9); every other is needed.
ROW_REQUIRED = ["name", "rank", "table_points", "contest_points"]


MESSAGES = {
    "unreadable": gettext_lazy("The file could not be read as CSV or XLSX: {detail}"),
    "empty": gettext_lazy("The file has no data rows."),
    "missing_column": gettext_lazy("The column “{column}” is missing; the first row must name the columns."),
    "required": gettext_lazy("“{column}” is empty; every row needs it."),
    "not_a_rank": gettext_lazy("“{value}” is not a rank (a whole number from 1)."),
    "not_table_points": gettext_lazy(
        "“{value}” is not a number of table points (0 or more, in steps of a twelfth, such as 41.5)."),
    "not_contest_points": gettext_lazy("“{value}” is not a whole number of contest points."),
    "duplicate": gettext_lazy("Federation ID “{value}” appears again in this file (first on row {first_row})."),
    "unknown_federation_id": gettext_lazy(
        "No player has the federation ID “{value}”: correct it, or register the player first."),
    "other_name": gettext_lazy(
        "Federation ID “{value}” belongs to “{stored}”, but this row names “{name}”: correct the ID or the name."),
    "too_long": gettext_lazy("“{column}” is longer than {limit} characters."),
    "not_an_issuer": gettext_lazy(
        "“{value}” is not an issuer: write its short name in letters and digits (EMA, CMA, WMO)."),
    "too_many_table_points": gettext_lazy(
        "{value} table points over {sessions} sessions: a player earns at most 4 a session, {most} in all "
        "(3.9.2)."),
    "table_points_total": gettext_lazy(
        "The table points add up to {total}, but {tables} tables over {sessions} sessions give out at most {most} "
        "(7 a table each session, 3.9.2): a row is wrong, or players are missing."),
    "rank_order": gettext_lazy(
        "Rank {rank} does not follow the points: row {other_row} has rank {other_rank} with {other_tp} table "
        "points and {other_cp} contest points, against {tp} and {cp} here (3.10.1: table points first, then "
        "contest points)."),
    "more_rows_than_players": gettext_lazy(
        "The file has {rows} players, more than the {players} stated: correct the number of players."),
    "rank_sequence": gettext_lazy(
        "Rank {rank} cannot come here: {above} players rank above it, so the next rank is {expected} (3.10.1: "
        "players who share a rank take its places, and the next rank skips them, as in 5, 5, 5, 8)."),
    "rank_beyond": gettext_lazy("Rank {rank} is beyond the {players} players of the competition."),
    "same_person": gettext_lazy(
        "“{value}” is the player of row {first_row} again (“{other}”): one person has one row."),
}


# The longest competition the register takes (a month): a typo in a year ("2062" for "2026") is caught.
MAX_DAYS = 31

MAX_LENGTH = {"federation_id": 47, "issuer": 16, "name": 200, "country": 64, "group": 200, "team": 200}
ISSUER = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]{0,15}")


def _key(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).casefold().strip().rstrip(":").strip()
    return "".join(char for char in text if char not in " _.\t\u3000")


ALIASES = {column: {_key(spelling) for spelling in spellings} for column, spellings in RESULT_HEADERS.items()}


def name_key(name: str) -> str:
    """A name as compared: case, width and spacing make no difference."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def problem_message(problem: dict) -> str:
    if problem["code"] not in MESSAGES:  # the file itself (unreadable, encoding, size): the roster's words
        return roster_problem_message(problem)
    template = MESSAGES[problem["code"]]
    return str(template).format(code=problem["code"], **problem.get("params", {}))


class ResultsFileInvalid(ValidationError):
    def __init__(self, problems: list[Problem], record: ResultsImport | None = None):
        self.problems = problems
        self.record = record
        super().__init__([problem_message(p.as_dict()) for p in problems])


def read_results(filename: str, content: bytes) -> tuple[list[tuple[int, dict]], list[Problem]]:
    """(rows as (row number, {column: text}), problems about the file's shape)."""
    try:
        table, _encoding = read_table(filename, content, sheet="Results")  # the ledger workbook's results sheet
    except RosterFileError as error:  # unreadable, a zip bomb, not UTF-8: said as the roster import says it
        return [], list(error.problems)
    numbered = [(n, row) for n, row in enumerate(table, start=1) if any(str(cell).strip() for cell in row)]
    if len(numbered) < 2:
        return [], [Problem(0, "", "empty")]
    header = _header([_key(str(cell)) for cell in numbered[0][1]])
    missing = [Problem(1, c, "missing_column", {"column": c}) for c in REQUIRED if c not in header]
    if missing:
        return [], missing
    rows = []
    for number, cells in numbered[1:]:
        rows.append((number, {column: str(cell).strip() for column, cell in zip(header, cells) if column}))
    return rows, []


def _header(keys: list[str]) -> list[str]:
    """The field each column holds: one column a field, the column named exactly as the field before an alias
    (the Pin ledger's export has "name" and "player", its record number: "player" is only an alias of the name),
    else the first; any other column is left out ("")."""
    fields = [next((column for column, aliases in ALIASES.items() if key in aliases), "") for key in keys]
    chosen = {}
    for index, (key, column) in enumerate(zip(keys, fields, strict=True)):
        if column and (column not in chosen or (key == _key(column) and keys[chosen[column]] != key)):
            chosen[column] = index
    return [column if column and chosen[column] == index else "" for index, column in enumerate(fields)]


def parse_table_points(text: str) -> int | None:
    """Table points as twelfths: "41.5" is 498; "7.333333" (a spreadsheet's 7 1/3) is 88."""
    try:
        value = Decimal(text.replace(",", "."))
    except InvalidOperation:
        return None
    if not value.is_finite() or value < 0:
        return None
    twelfths = value * TWELFTHS
    rounded = int(twelfths.to_integral_value())
    if abs(twelfths - rounded) > Decimal("0.001"):
        return None
    return rounded


def _int(text: str, *, minimum=None) -> int | None:
    text = text.strip().replace("\u2212", "-")
    if text.endswith(".0"):
        text = text[:-2]
    try:
        value = int(text)
    except ValueError:
        return None
    if minimum is not None and value < minimum:
        return None
    return value


@dataclass
class Findings:
    """What the committee reviews before an import counts: players the register does not know (created from
    the file on confirmation), names that differ from the stored ones (accepted with a reason), and registered
    competitions near these results (taken as another competition with a reason, 4.1)."""

    unknown: list[dict]
    other_names: list[dict]
    near: list[dict] = field(default_factory=list)


def check_rows(rows) -> tuple[list[dict], list[Problem], Findings]:
    """Every row checked against the players known by federation ID; every problem, located."""
    problems: list[Problem] = []
    findings = Findings([], [])
    ids = {qualified_federation_id(values.get("issuer", ""), values.get("federation_id", "")) for _n, values in rows}
    # A merged record's ID finds the record it was merged into (pin_ranking.people).
    players = kept_players({p.federation_id: p for p in Player.objects.filter(federation_id__in=[i for i in ids if i])})
    first_row: dict[str, int] = {}
    seen_player: dict[int, tuple[int, str]] = {}
    # Spellings accepted before with a reason (PlayerAlias): not asked about again.
    aliases = defaultdict(set)
    for player_id, key in PlayerAlias.objects.filter(player__in=[p for p in players.values() if p]).values_list(
            "player_id", "key"):
        aliases[player_id].add(key)
    parsed = []
    for number, values in rows:
        row_problems = []
        for column in ROW_REQUIRED:
            if not values.get(column, ""):
                row_problems.append(Problem(number, column, "required", {"column": column}))
        for column, limit in MAX_LENGTH.items():
            if len(values.get(column, "")) > limit:
                row_problems.append(Problem(number, column, "too_long", {"column": column, "limit": limit}))
        issuer = values.get("issuer", "")
        if issuer and not ISSUER.fullmatch(issuer):
            row_problems.append(Problem(number, "issuer", "not_an_issuer", {"value": issuer}))
        fid = qualified_federation_id(issuer, values.get("federation_id", ""))
        player = None
        if fid:
            if fid in first_row:
                row_problems.append(Problem(number, "federation_id", "duplicate",
                                            {"value": fid, "first_row": first_row[fid]}))
            else:
                first_row[fid] = number
            player = players.get(fid)
            # One person twice under two IDs: the same record (a merged one's ID beside the kept one's), or one
            # number given with its issuer and without it (EXT-005 beside XFED:EXT-005).
            bare = fid.rsplit(ISSUER_SEPARATOR, 1)[-1]
            earlier = (seen_player.get(player.pk) if player is not None else None) or next(
                ((row, other) for other, row in first_row.items()
                 if other != fid and other.rsplit(ISSUER_SEPARATOR, 1)[-1] == bare
                 and ISSUER_SEPARATOR not in (other if ISSUER_SEPARATOR in fid else fid)), None)
            if earlier is not None and earlier[1] != fid:
                row_problems.append(Problem(number, "federation_id", "same_person",
                                            {"value": fid, "first_row": earlier[0], "other": earlier[1]}))
            if player is not None:
                seen_player.setdefault(player.pk, (number, fid))
            if player is None:
                findings.unknown.append({"row": number, "federation_id": fid, "name": values.get("name", ""),
                                         "country": values.get("country", "")})
            elif values.get("name") and name_key(values["name"]) not in {
                    name_key(player.name), name_key(player.name_local or player.name), *aliases.get(player.pk, ())}:
                findings.other_names.append({"row": number, "federation_id": fid, "name": values["name"],
                                             "stored": player.name})
        elif values.get("name"):
            # A walk-in without a federation ID: created from the file on review, as an unknown player (N9).
            findings.unknown.append({"row": number, "federation_id": "", "name": values["name"],
                                     "country": values.get("country", "")})
        parsed_row = {"player": player, "federation_id": fid, "name": values.get("name", ""),
                      "country": values.get("country", ""), "group_name": values.get("group", ""),
                      "team_name": values.get("team", "")}
        for column, parse, code in (
            ("rank", lambda t: _int(t, minimum=1), "not_a_rank"),
            ("table_points", parse_table_points, "not_table_points"),
            ("contest_points", _int, "not_contest_points"),
            ("group_rank", lambda t: _int(t, minimum=1), "not_a_rank"),
            ("team_rank", lambda t: _int(t, minimum=1), "not_a_rank"),
        ):
            text = values.get(column, "")
            if not text:
                parsed_row[column] = None
                continue
            value = parse(text)
            if value is None:
                row_problems.append(Problem(number, column, code, {"value": text}))
            parsed_row[column] = value
        problems.extend(row_problems)
        parsed_row["row"] = number
        parsed.append(parsed_row)
    return parsed, problems, findings


def plausibility_problems(parsed: list[dict], *, sessions: int, players: int,
                          ranks_follow_points: bool = True) -> list[Problem]:
    """What no real competition can produce (3.9.2 4-2-1-0 a table; 3.10.1 the order; 参赛人数):
    - a player's table points above 4 a session;
    - the rows' total above 7 a table each session, the tables counted from the stated players (or the
      rows, when more), whatever number is typed (less is possible: forfeits, 3.11.2.1);
    - ranks that are not a competition ranking (`rank_sequence_problems`);
    - a rank that does not follow the points: more table points (or as many, and more contest points)
      never ranks below (the competition's own tie-breaks apply only among equal points: 按竞赛规定), unless
      the competition ranked a final's players first (3.5.4, `ranks_follow_points=False`, said at import);
    - more rows than the stated number of players."""
    problems = []
    most = 4 * TWELFTHS * sessions
    for row in parsed:
        if row["table_points"] is not None and row["table_points"] > most:
            problems.append(Problem(row["row"], "table_points", "too_many_table_points", {
                "value": _points(row["table_points"]), "sessions": sessions, "most": 4 * sessions}))
    if len(parsed) > players:
        problems.append(Problem(0, "players", "more_rows_than_players", {"rows": len(parsed), "players": players}))
    complete = [r for r in parsed if r["table_points"] is not None and r["rank"] is not None
                and r["contest_points"] is not None]
    if len(complete) == len(parsed):
        # 7 a table each session (3.9.2) bounds the rows given, whatever number of players is stated.
        total = sum(r["table_points"] for r in complete)
        tables = -(-max(players, len(parsed)) // 4)
        if total > 7 * TWELFTHS * tables * sessions:
            problems.append(Problem(0, "table_points", "table_points_total", {
                "total": _points(total), "tables": tables, "sessions": sessions, "most": 7 * tables * sessions}))
        problems += rank_sequence_problems(complete, players=players)
    if not ranks_follow_points:
        return problems
    ordered = sorted(complete, key=lambda r: (-r["table_points"], -r["contest_points"], r["row"]))
    worst_above = None  # of the rows with strictly better points, the one ranked lowest
    for _points_key, group in groupby(ordered, key=lambda r: (r["table_points"], r["contest_points"])):
        group = list(group)
        for row in group:
            if worst_above is not None and row["rank"] <= worst_above["rank"]:
                problems.append(Problem(row["row"], "rank", "rank_order", {
                    "rank": row["rank"], "other_row": worst_above["row"], "other_rank": worst_above["rank"],
                    "other_tp": _points(worst_above["table_points"]), "other_cp": worst_above["contest_points"],
                    "tp": _points(row["table_points"]), "cp": row["contest_points"]}))
        lowest = max(group, key=lambda r: r["rank"])
        if worst_above is None or lowest["rank"] > worst_above["rank"]:
            worst_above = lowest
    return problems


def rank_sequence_problems(rows: list[dict], *, players: int) -> list[Problem]:
    """3.10.1 "标准分之和高者列前": the ranks are a competition ranking. Players who share a rank take its places and
    the next rank skips them (5, 5, 5, then 8); a file of every player starts at 1 and skips no other rank; a file
    with rows missing (stated, with a reason) may skip ranks, never come back below a shared rank's places; no rank
    lies beyond the players. The first wrong row is named."""
    counts = Counter(row["rank"] for row in rows)
    every_player = len(rows) >= players
    expected = 1
    for rank in sorted(counts):
        if rank < expected or (every_player and rank != expected):
            row = min((r for r in rows if r["rank"] == rank), key=lambda r: r["row"])
            return [Problem(row["row"], "rank", "rank_sequence", {"rank": rank, "above": expected - 1,
                                                                   "expected": expected})]
        expected = rank + counts[rank]
    last = max(counts, default=0)
    if last > players:
        row = min((r for r in rows if r["rank"] == last), key=lambda r: r["row"])
        return [Problem(row["row"], "rank", "rank_beyond", {"rank": last, "players": players})]
    return []


def _points(twelfths: int) -> str:
    return str(twelfths_display(twelfths))


@dataclass(frozen=True)
class ExternalCompetition:
    name: str
    level: str
    starts_on: dt.date
    ends_on: dt.date
    sessions: int
    place: str = ""
    players: int | None = None  # None: the rows in the file
    chief_referee: str = ""  # who signed the results on paper (7.2)
    country: str = ""  # the host country or region (delegated registration, pin_ranking.access)
    countries: int | None = None  # how many countries or regions took part (metadata)
    # 3.5.4: the regulation ranked a final's players first, so a finalist may rank above more table points.
    ranked_by_final: bool = False
    # A stated number of players above the file's rows: why the other players' rows are not in it (5.1.1).
    missing_rows_reason: str = ""

    def as_params(self) -> dict:
        return {"name": self.name, "level": self.level, "starts_on": self.starts_on.isoformat(),
                "ends_on": self.ends_on.isoformat(), "sessions": self.sessions, "place": self.place,
                "players": self.players, "chief_referee": self.chief_referee, "country": self.country,
                "countries": self.countries, "ranked_by_final": self.ranked_by_final,
                "missing_rows_reason": self.missing_rows_reason}

    @classmethod
    def from_params(cls, params: dict) -> "ExternalCompetition":
        return cls(**{**params, "starts_on": dt.date.fromisoformat(params["starts_on"]),
                      "ends_on": dt.date.fromisoformat(params["ends_on"])})


class ResultsNeedReview(Exception):
    """The file is clean but names players the register does not know, or names that differ from the
    stored ones: it waits (a ResultsImport in review) for the committee to confirm."""

    def __init__(self, record: ResultsImport):
        self.record = record
        super().__init__(record.pk)


def _particulars(competition: ExternalCompetition):
    level = level_of(competition.level)
    errors = {}
    if not competition.name.strip():
        errors["name"] = _("Give the competition's name.")
    if competition.ends_on < competition.starts_on:
        errors["ends_on"] = _("The last day cannot come before the first day.")
    elif competition.ends_on > timezone.localdate():
        # 4.4 "获得": results of a competition not yet over are no results.
        errors["ends_on"] = _("The last day is in the future: only a competition that is over has results.")
    elif (competition.ends_on - competition.starts_on).days + 1 > MAX_DAYS:
        errors["ends_on"] = _("A competition of %(days)d days: no competition lasts more than %(most)d days; check "
                              "the dates.") % {"days": (competition.ends_on - competition.starts_on).days + 1,
                                               "most": MAX_DAYS}
    if not competition.chief_referee.strip():
        errors["chief_referee"] = _(
            "Name the chief referee who signed these results (Appendix 9, 7.2: signed by a qualified referee).")
    if not isinstance(competition.sessions, int) or competition.sessions < 1:
        errors["sessions"] = _("Give the number of sessions played (1 or more).")
    if errors:
        raise ValidationError(errors)
    return level


def content_rows(parsed: list[dict]) -> list:
    """The rows as the register compares results (pin_ranking.register.sameness)."""
    return [(who(item["player"], item["federation_id"]), item["rank"], item["table_points"], item["contest_points"])
            for item in parsed]


def _already_counted(*, digest: str, competition: ExternalCompetition, likeness=()) -> None:
    """The same results never count twice (4.1): refused when the same rows (by content: whatever the file's
    order, encoding, format, columns or name; a tournament registered here too) or a competition of the same
    name and first day is registered, naming the earlier one."""
    earlier = registered_identical(digest, list(likeness))
    if earlier is None:
        earlier = Competition.objects.filter(unregistered_at__isnull=True, starts_on=competition.starts_on,
                                             name__iexact=competition.name.strip()).first()
    if earlier is not None:
        source = earlier.imports.filter(status=ResultsImport.Status.DONE).first()
        raise ValidationError(_("These results are already registered as “%(name)s” (%(date)s, registered %(when)s"
                                "%(file)s): the same results never count twice. Unregister the earlier one first "
                                "if it was wrong.") % {
            "name": earlier.name, "date": earlier.starts_on.isoformat(),
            "when": earlier.registered_at.date().isoformat(),
            "file": (_(" from the file “%(file)s”") % {"file": source.filename}) if source else ""})


def results_file_import(*, actor, filename: str, content: bytes, competition: ExternalCompetition,
                        create_players: bool = False, names_reason: str = "", duplicate_reason: str = "",
                        results_sheet=None, review: ResultsImport | None = None) -> Competition:
    """Import a results file of a competition run elsewhere; every problem located, nothing half-saved.

    A rejected file leaves a ResultsImport row with its problems (and an audit event); the error raised
    carries them too (ResultsFileInvalid). The same results registered already (by content, whatever the
    file) are refused. A clean file naming players the register does not know, names other than the stored
    ones, or results near a registered competition's (pin_ranking.register.sameness) waits for review
    (ResultsNeedReview) unless `create_players`, `names_reason` and `duplicate_reason` already confirm them
    (the command's --create-players, --names-reason and --duplicate-reason)."""
    committee_member_required(actor)
    level = _particulars(competition)
    country = host_country(competition.country)
    register_scope_check(actor, country=country, klass=None)
    file_digest = hashlib.sha256(content).hexdigest()  # names the stored results sheet, and nothing else
    rows, problems = read_results(filename, content)
    parsed, findings = [], Findings([], [])
    players = competition.players
    if not problems:
        parsed, problems, findings = check_rows(rows)
        players = competition.players if competition.players is not None else len(parsed)
        if not problems:
            problems = plausibility_problems(parsed, sessions=competition.sessions, players=players,
                                             ranks_follow_points=not competition.ranked_by_final)
    digest, likeness = "", []
    if not problems:
        rows_compared = content_rows(parsed)
        digest = results_digest(rows_compared)
        likeness = alike(rows_compared, starts_on=competition.starts_on, ends_on=competition.ends_on)
    _already_counted(digest=digest, competition=competition, likeness=likeness)
    findings.near = [item.as_dict() for item in likeness]
    if problems:
        record = _record_rejection(actor, filename, problems)
        raise ResultsFileInvalid(problems, record)
    if players > len(parsed) and not competition.missing_rows_reason.strip():
        # 5.1.1 参赛人数: the stated number is the competition's; rows missing from the file need a word.
        raise ValidationError({"missing_rows_reason": _(
            "The file lists %(rows)d players but %(players)d are stated: add the missing rows, or say why they are "
            "not in the file (players without a federation ID, say).") % {"rows": len(parsed), "players": players}})
    decision = competition_class(level=level, players=players, sessions=competition.sessions)
    if decision.klass is None:
        raise ValidationError(_("“%(name)s” meets no class of Appendix 9, 5 and would not count: %(reason)s.")
                              % {"name": competition.name, "reason": class_reason(decision)})
    if review is not None and review.results_sheet:
        results_sheet = review.results_sheet
    _class_rests_on_rows(level=level, players=players, rows=len(parsed), sessions=competition.sessions,
                         results_sheet=results_sheet)
    register_scope_check(actor, country=country, klass=decision.klass.value)
    names_reason = (names_reason or "").strip()
    duplicate_reason = (duplicate_reason or "").strip()
    if review is not None and _beyond_review(findings, review):
        raise ValidationError(_("The register changed since this file was reviewed (a player it named was added "
                                "or renamed, or like results were registered): upload the file again to review it "
                                "as it stands."))
    if ((findings.unknown and not create_players) or (findings.other_names and not names_reason)
            or (findings.near and not duplicate_reason)):
        raise ResultsNeedReview(_record_review(actor, filename, content, file_digest, competition, findings,
                                               results_sheet))
    try:
        return _save_results_file(actor, filename, competition, level, decision, players, parsed, digest=digest,
                                  file_digest=file_digest, findings=findings, names_reason=names_reason,
                                  duplicate_reason=duplicate_reason, results_sheet=results_sheet, record=review)
    except IntegrityError:  # the same results imported at the same moment by someone else
        _already_counted(digest=digest, competition=competition)
        raise


def _beyond_review(findings: Findings, review: ResultsImport) -> bool:
    """Whether the file now finds what its review did not show (confirming it would confirm unseen things)."""
    unknown = {u["federation_id"] or u["row"] for u in review.unknown_players}
    names = {(n["federation_id"], n["name"]) for n in review.other_names}
    near = {n["competition"] for n in review.near_duplicates}
    return (any((u["federation_id"] or u["row"]) not in unknown for u in findings.unknown)
            or any((n["federation_id"], n["name"]) not in names for n in findings.other_names)
            or any(n["competition"] not in near for n in findings.near))


def _class_rests_on_rows(*, level, players: int, rows: int, sessions: int, results_sheet) -> None:
    """5.1.1 参赛人数: a class that only a stated number larger than the file's rows reaches needs the full
    results sheet behind that number."""
    if players > rows and results_sheet is None:
        by_rows = competition_class(level=level, players=rows, sessions=sessions).klass
        by_stated = competition_class(level=level, players=players, sessions=sessions).klass
        if by_rows != by_stated:
            raise ValidationError({"results_sheet": _(
                "The class (%(stated)s) rests on %(players)d players, but the file lists %(rows)d (class %(by_rows)s): "
                "attach the full results sheet signed by the chief referee.") % {
                "stated": by_stated, "players": players, "rows": rows, "by_rows": by_rows or "none"}})


@transaction.atomic
def _record_review(actor, filename, content, digest, competition, findings, results_sheet) -> ResultsImport:
    record = ResultsImport(
        kind=ResultsImport.Kind.RESULTS_FILE, filename=filename[:255], status=ResultsImport.Status.REVIEW,
        content=content, digest=digest, params=competition.as_params(), unknown_players=findings.unknown,
        other_names=findings.other_names, near_duplicates=findings.near, created_by=actor)
    if results_sheet is not None:
        record.results_sheet.save(f"results-sheet-{digest[:12]}", results_sheet, save=False)
    record.save()
    audit_record(actor=actor, action=AuditAction.PIN_RESULTS_IMPORT_REVIEW, obj=record,
                 detail={"file": record.filename, "unknown": len(findings.unknown),
                         "names": len(findings.other_names), "near": [n["competition"] for n in findings.near]})
    return record


def results_import_confirm(*, actor, import_id: int, create_players: bool, names_reason: str = "",
                           duplicate_reason: str = "") -> Competition:
    """The committee confirms a file waiting for review: the unknown players are created from the file
    (name, country, federation ID), the differing names accepted with `names_reason`, and results near a
    registered competition's taken as another competition with `duplicate_reason` (audited). The file is
    checked again as on upload (another import may have come meanwhile)."""
    committee_member_required(actor)
    record = ResultsImport.objects.filter(pk=import_id, status=ResultsImport.Status.REVIEW).first()
    if record is None:
        raise NotFound(_("No such page."))
    if record.unknown_players and not create_players:
        raise ValidationError({"create_players": _("Confirm that the players listed are created from the file.")})
    if record.other_names and not (names_reason or "").strip():
        raise ValidationError({"names_reason": _("Say why the names differ (word order, spacing, script…).")})
    if record.near_duplicates and not (duplicate_reason or "").strip():
        raise ValidationError({"duplicate_reason": _(
            "Say why these results are not those of the competition listed (4.1: each competition counts once).")})
    return results_file_import(actor=actor, filename=record.filename, content=bytes(record.content),
                               competition=ExternalCompetition.from_params(record.params),
                               create_players=create_players, names_reason=names_reason,
                               duplicate_reason=duplicate_reason, review=record)


@transaction.atomic
def _record_rejection(actor, filename, problems) -> ResultsImport:
    record = ResultsImport.objects.create(kind=ResultsImport.Kind.RESULTS_FILE, filename=filename[:255],
                                          status=ResultsImport.Status.FAILED,
                                          errors=[p.as_dict() for p in problems], created_by=actor)
    audit_record(actor=actor, action=AuditAction.PIN_RESULTS_IMPORT_REJECTED, obj=record,
                 detail={"file": filename[:255], "problems": len(problems)})
    return record


@transaction.atomic
def _save_results_file(actor, filename, competition, level, decision, players, parsed, *, digest, file_digest,
                       findings, names_reason, duplicate_reason, results_sheet, record=None) -> Competition:
    created = {}
    for unknown in findings.unknown:  # confirmed on review: created from the file (a walk-in without an ID too)
        created[unknown["row"]] = Player.objects.create(
            name=unknown["name"][:200], country=unknown["country"][:64], federation_id=unknown["federation_id"])
    for item in parsed:
        if item["player"] is None:
            item["player"] = created[item["row"]]
    if created:  # the new records' identities (a walk-in's is its record's number): the fingerprint as stored
        digest = results_digest(content_rows(parsed))
    by_id = {item["federation_id"]: item["player"] for item in parsed if item["federation_id"]}
    for other in findings.other_names:  # accepted with a reason: remembered, not asked again (N9)
        PlayerAlias.objects.get_or_create(
            player=by_id[other["federation_id"]], key=name_key(other["name"])[:200],
            defaults={"name": other["name"][:200], "reason": names_reason[:300], "created_by": actor})
    row = Competition.objects.create(
        source=Competition.Source.RESULTS_FILE, name=competition.name.strip()[:200], place=competition.place[:200],
        country=host_country(competition.country), countries=competition.countries,
        starts_on=competition.starts_on, ends_on=competition.ends_on, level=level.value, klass=decision.klass.value,
        players=players, sessions=competition.sessions, registered_by=actor, digest=digest,
    )
    results = CompetitionResult.objects.bulk_create(
        CompetitionResult(
            competition=row, player=item["player"], federation_id=item["federation_id"], name=item["name"][:200],
            country=item["country"][:64], rank=item["rank"], table_points=item["table_points"],
            contest_points=item["contest_points"], group_name=item["group_name"][:200],
            group_rank=item["group_rank"], team_name=item["team_name"][:200], team_rank=item["team_rank"],
        )
        for item in parsed
    )
    # 7.2: the results as signed on paper by the competition's chief referee, entered here by `actor`: the
    # certificates say so ("signed on paper by X; entered by Y on DATE"), never that they were signed here.
    now = timezone.now()
    ResultCertificate.objects.bulk_create(
        ResultCertificate(result=result, code=certificate_code(), signed_at=now,
                          signer_name=competition.chief_referee.strip()[:200], entered_by=actor, entered_at=now)
        for result in results
    )
    if record is None:  # imported at once; else the reviewed record (its file and results sheet kept) is done
        record = ResultsImport(kind=ResultsImport.Kind.RESULTS_FILE, filename=filename[:255], created_by=actor)
        if results_sheet is not None:
            record.results_sheet.save(f"results-sheet-{file_digest[:12]}", results_sheet, save=False)
    record.status, record.competition, record.content = ResultsImport.Status.DONE, row, None
    record.digest = file_digest
    record.unknown_players, record.other_names = findings.unknown, findings.other_names
    record.near_duplicates, record.duplicate_reason = findings.near, duplicate_reason[:300]
    record.names_reason = names_reason[:300]
    record.save()
    audit_record(actor=actor, action=AuditAction.PIN_RESULTS_IMPORTED, obj=row,
                 detail={"name": row.name, "results": len(results), "level": level.value,
                         "class": decision.klass.value, "file": filename[:255], "created": len(created),
                         "ranked_by_final": competition.ranked_by_final,
                         "names_accepted": len(findings.other_names), "names_reason": names_reason[:300],
                         **({"near": [n["competition"] for n in findings.near],
                             "duplicate_reason": duplicate_reason[:300]} if findings.near else {}),
                         **({"missing_rows_reason": competition.missing_rows_reason.strip()[:300]}
                            if players > len(parsed) else {})})
    eligibility_recompute_later(player_ids=[r.player_id for r in results], reason="imported")
    return row


@transaction.atomic
def results_archive_import(*, actor, data, level: str, country: str = "") -> Competition:
    """Import a tournament archive (docs/archive.md) of a competition run elsewhere and register it:
    its players are matched by federation ID (the archive import's rule), its planned sessions must
    all have been played (a finished tournament). All or nothing: the archive's problems
    (ArchiveInvalid) or the registration's refusal leave nothing behind."""
    committee_member_required(actor)
    level_of(level)
    tournament = tournament_import_archive(actor=actor, data=data)
    if tournament.status != Tournament.Status.FINISHED:
        raise ValidationError(_("The archive's tournament is not finished (not every planned session was played): "
                                "only final results can be registered (Appendix 9, 4.4)."))
    competition = competition_register(actor=actor, tournament=tournament, level=level, country=country)
    Competition.objects.filter(pk=competition.pk).update(source=Competition.Source.ARCHIVE)
    competition.source = Competition.Source.ARCHIVE
    ResultsImport.objects.create(kind=ResultsImport.Kind.ARCHIVE, filename=tournament.name[:255],
                                 status=ResultsImport.Status.DONE, competition=competition, created_by=actor)
    return competition
