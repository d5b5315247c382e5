"""The final results sheet (Appendix 7, 竞赛成绩统计公布表 / 最终成绩表) as rows, from a standings snapshot's data.

Appendix 7's layout: 编号 (No.), 队别 (Team), 姓名 (Name); then three totals blocks, each 标准分 (TP),
比赛分 (CP), 名次 (Rank): 个人总成绩 (the player), 团体总成绩 (the player's group, 团体, 3.5.3) and
队伍总成绩 (the player's team, 参赛队); then each session (局) with its TP and CP and their running
totals (累计). A Group column after Name names the group the middle block is about.

One pure function builds the table; the CSV, XLSX and PDF downloads only write it out. Table points
arrive in twelfths and leave through `points` (text for CSV and PDF, numbers for XLSX).
"""

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scoring.engine.table import twelfths_display
from tournaments.countries import country_code
from tournaments.models.core import FinalRanking, Tiebreak


@dataclass(frozen=True)
class Column:
    group: str  # "" for the player columns, else "Session 3" or "Team"
    label: str
    short: str = ""  # for the narrow columns of the PDF; the label when empty

    @property
    def full_label(self) -> str:
        return f"{self.group}: {self.label}" if self.group else self.label


@dataclass(frozen=True)
class ResultsSheet:
    columns: list[Column]
    rows: list[list]
    sessions: list[int]

    def header_rows(self) -> tuple[list[dict], list[str]]:
        """A two-row header: the top row's cells ({label, colspan, rowspan}) and the second row's labels.

        Ungrouped columns span both rows; a group ("Session 2") spans its columns.
        """
        top: list[dict] = []
        bottom: list[str] = []
        for column in self.columns:
            if not column.group:
                top.append({"label": column.short or column.label, "colspan": 1, "rowspan": 2})
                continue
            if top and top[-1]["label"] == column.group and top[-1]["rowspan"] == 1:
                top[-1]["colspan"] += 1
            else:
                top.append({"label": column.group, "colspan": 1, "rowspan": 1})
            bottom.append(column.short or column.label)
        return top, bottom


def player_name(row: dict) -> str:
    local = row.get("name_local") or ""
    return f"{row['name']} {local}" if local and local != row["name"] else row["name"]


def ranking_notes(data: dict) -> list[str]:
    """What a reader of the standings must be told about how the order was made, in the active language.

    3.10.1 ranks by table points, then contest points, and players equal on both share the rank. Any
    further tie-break is the organizer's regulation, and so is the order of a competition with a cut
    (3.5.4): the pages, the API and the results sheet say so.
    """
    notes = [_("Ranked by total table points, then total contest points (3.10.1); equal on both share the rank.")]
    tiebreaks = data.get("tiebreaks") or []
    if tiebreaks:
        names = [str(Tiebreak(code).label) if code in Tiebreak.values else code for code in tiebreaks]
        notes.append(
            _("Ties after TP and CP broken by the organizer's regulation: %(tiebreaks)s.")
            % {"tiebreaks": pgettext("between the items of a list", ", ").join(names)}
        )
    stage = data.get("final_stage")
    if stage and data.get("final_ranking") == FinalRanking.FINALISTS_FIRST:
        notes.append(
            _("By the organizer's regulation (3.5.4), the %(n)d finalists rank first by their totals from session "
              "%(session)d on, then the other players by their cumulative totals.")
            % {"n": stage["finalists"], "session": stage["from_session"]}
        )
    return notes


def results_sheet(
    data: dict, *, points: Callable[[int], object] = twelfths_display, identity: bool = False
) -> ResultsSheet:
    """Appendix 7: number, team, name, group; individual, group and team totals with their ranks; each
    session with running totals.

    With `identity` (the CSV and XLSX files, read by ranking bodies' programs), Name is the roster name
    alone, followed by the local name, the country or region as an ISO 3166 code where it can be read as
    one, and the federation ID, each in a column of its own. The PDF keeps Appendix 7's one name column.

    `data` is a StandingsSnapshot's data (see tournaments.standings); rows follow its ranking.
    A session a player has no signed result in stays blank and the running totals carry on.
    """
    sessions = list(data.get("sessions", []))
    # Appendix 7's three blocks: 个人总成绩, 团体总成绩, 队伍总成绩.
    player_label, group_label, team_label = _("Individual totals"), _("Group totals"), _("Team totals")
    tp, cp = _("TP"), _("CP")
    tp_total, cp_total = _("%(points)s Σ") % {"points": tp}, _("%(points)s Σ") % {"points": cp}
    columns = [
        Column("", _("Entry")),
        Column("", _("Team")),
        Column("", _("Name")),
        *(
            [Column("", _("Local name")), Column("", _("Country (ISO code)")), Column("", _("Federation ID"))]
            if identity
            else []
        ),
        Column("", _("Group")),
        Column(player_label, _("Table points"), tp),
        Column(player_label, _("Contest points"), cp),
        Column(player_label, _("Rank")),
        Column(group_label, _("Table points"), tp),
        Column(group_label, _("Contest points"), cp),
        Column(group_label, _("Rank")),
        Column(team_label, _("Table points"), tp),
        Column(team_label, _("Contest points"), cp),
        Column(team_label, _("Rank")),
    ]
    for number in sessions:
        group = _("Session %(n)s") % {"n": number}
        columns += [
            Column(group, _("Table points"), tp),
            Column(group, _("Table points, running total"), tp_total),
            Column(group, _("Contest points"), cp),
            Column(group, _("Contest points, running total"), cp_total),
        ]
    teams = {team["team_id"]: team for team in data.get("teams", [])}
    groups = {group["group_id"]: group for group in data.get("groups", [])}
    rows = []
    for row in data.get("individuals", []):
        team = teams.get(row.get("team_id"))
        group = groups.get(row.get("group_id"))
        names = (
            [row["name"], row.get("name_local") or "", country_code(row.get("country") or ""),
             row.get("federation_id") or ""]
            if identity
            else [player_name(row)]
        )
        cells = [
            row["entry"],
            row.get("team") or "",
            *names,
            row.get("group") or "",
            points(row["table_points"]),
            row["contest_points"],
            row["rank"],
            points(group["table_points"]) if group else "",
            group["contest_points"] if group else "",
            group["rank"] if group else "",
            points(team["table_points"]) if team else "",
            team["contest_points"] if team else "",
            team["rank"] if team else "",
        ]
        by_session = {played["session"]: played for played in row.get("sessions", [])}
        table_total = contest_total = 0
        for number in sessions:
            played = by_session.get(number)
            if played is None:
                cells += ["", points(table_total), "", contest_total]
                continue
            table_total += played["table_points"]
            contest_total += played["session_score"]
            cells += [points(played["table_points"]), points(table_total), played["session_score"], contest_total]
        rows.append(cells)
    return ResultsSheet(columns=columns, rows=rows, sessions=sessions)
