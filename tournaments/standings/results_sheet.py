"""The final results sheet (Appendix 7, 最终成绩表) as rows, from a standings snapshot's data.

One pure function builds the table; the CSV, XLSX and PDF downloads only write it out. Table points
arrive in twelfths and leave through `points` (text for CSV and PDF, numbers for XLSX).
"""

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext as _

from scoring.engine.table import twelfths_display


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


def results_sheet(data: dict, *, points: Callable[[int], object] = twelfths_display) -> ResultsSheet:
    """Appendix 7: number, team, name; totals and rank; team totals; each session with running totals.

    `data` is a StandingsSnapshot's data (see tournaments.standings); rows follow its ranking.
    A session a player has no signed result in stays blank and the running totals carry on.
    """
    sessions = list(data.get("sessions", []))
    team_label = _("Team")
    tp, cp = _("TP"), _("CP")
    tp_total, cp_total = _("%(points)s Σ") % {"points": tp}, _("%(points)s Σ") % {"points": cp}
    columns = [
        Column("", _("Entry")),
        Column("", _("Team")),
        Column("", _("Name")),
        Column("", _("Table points"), tp),
        Column("", _("Contest points"), cp),
        Column("", _("Rank")),
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
    rows = []
    for row in data.get("individuals", []):
        team = teams.get(row.get("team_id"))
        cells = [
            row["entry"],
            row.get("team") or "",
            player_name(row),
            points(row["table_points"]),
            row["contest_points"],
            row["rank"],
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
