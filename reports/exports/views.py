"""Downloads for ranking bodies and researchers (docs/exports.md); public where the standings are,
like the results sheet (Appendix 7, tournaments.standings)."""

from django.http import HttpResponse

from reports.exports import files
from reports.exports import selectors as export_selectors
from tournaments.core import selectors as core_selectors
from tournaments.standings import selectors as standings_selectors

CONTENT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}


def _attachment(content: bytes, fmt: str, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type=CONTENT_TYPES[fmt])
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def ranking_report(request, tournament_id: int, fmt: str):
    """Rank, name, local name, federation ID, ISO country, table and contest points per player."""
    tournament = core_selectors.tournament_get_for_user(user=request.user, tournament_id=tournament_id)
    data = standings_selectors.standings_data(
        snapshot=standings_selectors.standings_snapshot_latest(tournament=tournament)
    )
    content = files.ranking_csv(data) if fmt == "csv" else files.ranking_xlsx(data)
    return _attachment(content, fmt, f"ranking-{tournament.pk}.{fmt}")


def hands_download(request, tournament_id: int):
    """The hand-by-hand record of every signed sheet, as CSV."""
    tournament = core_selectors.tournament_get_for_user(user=request.user, tournament_id=tournament_id)
    return _attachment(files.hands_csv(export_selectors.hands_record(tournament=tournament)), "csv",
                       f"hands-{tournament.pk}.csv")
