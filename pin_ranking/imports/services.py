"""Results of competitions run elsewhere, for the Pin (Appendix 9, 4.4): a tournament archive (the
core's format, players carrying `federation_id`) or a results file (CSV or XLSX). All or nothing:
every problem is located (row, column) and nothing is saved unless the whole file is clean, as with
the roster import (tournaments.roster)."""

import datetime as dt
import unicodedata
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from pin_ranking.access import committee_member_required
from pin_ranking.engine import TWELFTHS, competition_class
from pin_ranking.ledger.services import eligibility_recompute_later
from pin_ranking.models import Competition, CompetitionResult, ResultCertificate, ResultsImport
from pin_ranking.register.services import certificate_code, class_reason, competition_register, level_of
from tournaments.archive.services import tournament_import_archive
from tournaments.audit import AuditAction, audit_record
from tournaments.models import Player, Tournament
from tournaments.roster.files import Problem, RosterFileError, read_table  # one reader for every file import
from tournaments.roster.files import problem_message as roster_problem_message

# Header spellings per column, compared after NFKC, case folding and dropping spaces and underscores.
RESULT_HEADERS = {
    "federation_id": ["federation_id", "federation id", "id", "member id", "会员号", "会员编号", "协会编号", "注册号",
                      "会員番号", "協会番号", "登録番号"],
    "name": ["name", "player", "姓名", "选手", "选手姓名", "氏名", "名前", "選手名"],
    "country": ["country", "region", "country/region", "国家/地区", "国家", "地区", "国家（地区）", "国", "国・地域"],
    "rank": ["rank", "individual rank", "place", "个人排名", "名次", "排名", "個人順位", "順位"],
    "table_points": ["table_points", "table points", "tp", "标准分", "標準点", "テーブルポイント"],
    "contest_points": ["contest_points", "contest points", "cp", "比赛分", "素点"],
    "group_rank": ["group_rank", "group rank", "团体排名", "団体順位"],
    "team_rank": ["team_rank", "team rank", "队伍排名", "参赛队排名", "チーム順位"],
    "group": ["group", "团体", "団体"],
    "team": ["team", "队伍", "参赛队", "チーム"],
}


REQUIRED = ["federation_id", "name", "rank", "table_points", "contest_points"]


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
}


MAX_LENGTH = {"federation_id": 64, "name": 200, "country": 64, "group": 200, "team": 200}


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
        table, _encoding = read_table(filename, content)
    except RosterFileError as error:  # unreadable, a zip bomb, not UTF-8: said as the roster import says it
        return [], list(error.problems)
    numbered = [(n, row) for n, row in enumerate(table, start=1) if any(str(cell).strip() for cell in row)]
    if len(numbered) < 2:
        return [], [Problem(0, "", "empty")]
    header = []
    for cell in numbered[0][1]:
        key = _key(str(cell))
        header.append(next((column for column, aliases in ALIASES.items() if key in aliases), ""))
    missing = [Problem(1, c, "missing_column", {"column": c}) for c in REQUIRED if c not in header]
    if missing:
        return [], missing
    rows = []
    for number, cells in numbered[1:]:
        rows.append((number, {column: str(cell).strip() for column, cell in zip(header, cells) if column}))
    return rows, []


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


def check_rows(rows) -> tuple[list[dict], list[Problem]]:
    """Every row checked against the players known by federation ID; every problem, located."""
    problems: list[Problem] = []
    ids = {values.get("federation_id", "") for _n, values in rows}
    players = {p.federation_id: p for p in Player.objects.filter(federation_id__in=[i for i in ids if i])}
    first_row: dict[str, int] = {}
    parsed = []
    for number, values in rows:
        row_problems = []
        for column in REQUIRED:
            if not values.get(column, ""):
                row_problems.append(Problem(number, column, "required", {"column": column}))
        for column, limit in MAX_LENGTH.items():
            if len(values.get(column, "")) > limit:
                row_problems.append(Problem(number, column, "too_long", {"column": column, "limit": limit}))
        fid = values.get("federation_id", "")
        player = None
        if fid:
            if fid in first_row:
                row_problems.append(Problem(number, "federation_id", "duplicate",
                                            {"value": fid, "first_row": first_row[fid]}))
            else:
                first_row[fid] = number
            player = players.get(fid)
            if player is None:
                row_problems.append(Problem(number, "federation_id", "unknown_federation_id", {"value": fid}))
            elif values.get("name") and name_key(values["name"]) not in {
                    name_key(player.name), name_key(player.name_local or player.name)}:
                row_problems.append(Problem(number, "name", "other_name",
                                            {"value": fid, "stored": player.name, "name": values["name"]}))
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
        parsed.append(parsed_row)
    return parsed, problems


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


def results_file_import(*, actor, filename: str, content: bytes, competition: ExternalCompetition) -> Competition:
    """Import a results file of a competition run elsewhere; every problem located, nothing half-saved.

    A rejected file leaves a ResultsImport row with its problems (and an audit event); the error raised
    carries them too (ResultsFileInvalid)."""
    committee_member_required(actor)
    level = level_of(competition.level)
    if not competition.name.strip():
        raise ValidationError({"name": _("Give the competition's name.")})
    if competition.ends_on < competition.starts_on:
        raise ValidationError({"ends_on": _("The last day cannot come before the first day.")})
    if not competition.chief_referee.strip():
        raise ValidationError({"chief_referee": _(
            "Name the chief referee who signed these results (Appendix 9, 7.2: signed by a qualified referee).")})
    rows, problems = read_results(filename, content)
    parsed = []
    if not problems:
        parsed, problems = check_rows(rows)
    if problems:
        record = _record_rejection(actor, filename, problems)
        raise ResultsFileInvalid(problems, record)
    players = competition.players if competition.players is not None else len(parsed)
    decision = competition_class(level=level, players=players, sessions=competition.sessions)
    if decision.klass is None:
        raise ValidationError(_("“%(name)s” meets no class of Appendix 9, 5 and would not count: %(reason)s.")
                              % {"name": competition.name, "reason": class_reason(decision)})
    return _save_results_file(actor, filename, competition, level, decision, players, parsed)


@transaction.atomic
def _record_rejection(actor, filename, problems) -> ResultsImport:
    record = ResultsImport.objects.create(kind=ResultsImport.Kind.RESULTS_FILE, filename=filename[:255],
                                          status=ResultsImport.Status.FAILED,
                                          errors=[p.as_dict() for p in problems], created_by=actor)
    audit_record(actor=actor, action=AuditAction.PIN_RESULTS_IMPORT_REJECTED, obj=record,
                 detail={"file": filename[:255], "problems": len(problems)})
    return record


@transaction.atomic
def _save_results_file(actor, filename, competition, level, decision, players, parsed) -> Competition:
    from django.utils import timezone

    row = Competition.objects.create(
        source=Competition.Source.RESULTS_FILE, name=competition.name.strip()[:200], place=competition.place[:200],
        starts_on=competition.starts_on, ends_on=competition.ends_on, level=level.value, klass=decision.klass.value,
        players=players, sessions=competition.sessions, registered_by=actor,
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
    # 7.2: the results as signed on paper by the competition's chief referee, named here.
    now = timezone.now()
    ResultCertificate.objects.bulk_create(
        ResultCertificate(result=result, code=certificate_code(), signed_at=now,
                          signer_name=competition.chief_referee.strip()[:200])
        for result in results
    )
    ResultsImport.objects.create(kind=ResultsImport.Kind.RESULTS_FILE, filename=filename[:255],
                                 status=ResultsImport.Status.DONE, competition=row, created_by=actor)
    audit_record(actor=actor, action=AuditAction.PIN_RESULTS_IMPORTED, obj=row,
                 detail={"name": row.name, "results": len(results), "level": level.value,
                         "class": decision.klass.value, "file": filename[:255]})
    eligibility_recompute_later(player_ids=[r.player_id for r in results], reason="imported")
    return row


@transaction.atomic
def results_archive_import(*, actor, data, level: str) -> Competition:
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
    competition = competition_register(actor=actor, tournament=tournament, level=level)
    Competition.objects.filter(pk=competition.pk).update(source=Competition.Source.ARCHIVE)
    competition.source = Competition.Source.ARCHIVE
    ResultsImport.objects.create(kind=ResultsImport.Kind.ARCHIVE, filename=tournament.name[:255],
                                 status=ResultsImport.Status.DONE, competition=competition, created_by=actor)
    return competition
