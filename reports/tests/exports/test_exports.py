"""Exports for ranking bodies (docs/exports.md): the ranking report in CSV and XLSX (opened with
openpyxl, checked cell by cell) and the hand-by-hand record."""

import csv
import io
import zipfile

import pytest
from django.urls import reverse

from reports.exports.files import HAND_COLUMNS, RANKING_COLUMNS
from scoring.engine.table import twelfths_display, twelfths_number
from testing.scenarios import publish
from tournaments.models import StandingsSnapshot
from tournaments.standings.services import standings_recompute


def _csv_rows(content: bytes) -> list[list[str]]:
    text = content.decode("utf-8")
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text[1:])))


@pytest.fixture
def ranked(played, registrations):
    """The two played sessions, entry 1 with a local name and federation ID, entry 2 from Japan by
    name, entry 3 with a name a spreadsheet would run as a formula and a country no code fits."""
    second, third = registrations[1].player, registrations[2].player
    second.country, second.name_local = "Japan", "山田太郎"
    second.save()
    third.name, third.country = '=HYPERLINK("http://evil","x")', "Atlantis"
    third.save()
    standings_recompute(tournament_id=played.pk)
    publish(played)
    return played


@pytest.mark.django_db
def test_ranking_report_xlsx_cell_by_cell(client, ranked):
    from openpyxl import load_workbook

    response = client.get(reverse("reports:ranking_report_xlsx", args=[ranked.pk]))
    assert response.status_code == 200
    assert "<f>" not in zipfile.ZipFile(io.BytesIO(response.content)).read("xl/worksheets/sheet1.xml").decode()
    worksheet = load_workbook(io.BytesIO(response.content)).active
    assert [cell.value for cell in worksheet[1]] == RANKING_COLUMNS
    data = StandingsSnapshot.objects.filter(tournament=ranked).order_by("-version").first().data
    assert worksheet.max_row == 1 + len(data["individuals"]) == 13
    for index, row in enumerate(data["individuals"], start=2):
        cells = [cell.value for cell in worksheet[index]]
        assert cells[0] == row["rank"]
        assert cells[5] == twelfths_number(row["table_points"]) and isinstance(cells[5], (int, float))
        assert cells[6] == row["contest_points"] and isinstance(cells[6], int)
        assert cells[7] == row["entry"]
    by_entry = {worksheet.cell(row=r, column=8).value: [c.value for c in worksheet[r]] for r in range(2, 14)}
    assert by_entry[1][1:5] == ["Player 1", "选手一", "CN-0001", "CN"]
    assert by_entry[2][1:5] == ["Player 2", "山田太郎", None, "JP"]
    assert by_entry[3][1] == '=HYPERLINK("http://evil","x")' and by_entry[3][4] is None  # text, not a formula
    assert worksheet.cell(row=2 + [r["entry"] for r in data["individuals"]].index(3), column=2).data_type == "s"
    ranks = [worksheet.cell(row=r, column=1).value for r in range(2, 14)]
    assert ranks == sorted(ranks)  # the standings order (3.10.1)


@pytest.mark.django_db
def test_ranking_report_csv_matches_and_is_formula_safe(client, ranked):
    rows = _csv_rows(client.get(reverse("reports:ranking_report_csv", args=[ranked.pk])).content)
    assert rows[0] == RANKING_COLUMNS and len(rows) == 13
    data = StandingsSnapshot.objects.filter(tournament=ranked).order_by("-version").first().data
    for cells, row in zip(rows[1:], data["individuals"], strict=True):
        assert cells[0] == str(row["rank"]) and cells[5] == twelfths_display(row["table_points"])
        assert cells[6] == str(row["contest_points"]) and cells[7] == str(row["entry"])
    third = next(cells for cells in rows[1:] if cells[7] == "3")
    assert third[1] == "'=HYPERLINK(\"http://evil\",\"x\")"


@pytest.mark.django_db
def test_a_draft_has_no_public_exports(client, tournament):
    for name in ("ranking_report_csv", "ranking_report_xlsx", "hands_csv"):
        assert client.get(reverse(f"reports:{name}", args=[tournament.pk])).status_code == 404


@pytest.mark.django_db
def test_hands_csv_every_signed_hand_as_corrected(client, scenario):
    rows = _csv_rows(client.get(reverse("reports:hands_csv", args=[scenario["tournament"].pk])).content)
    assert rows[0] == HAND_COLUMNS
    body = [dict(zip(HAND_COLUMNS, row, strict=True)) for row in rows[1:]]
    # table 3 is not signed: only tables 1 (4 hands) and 2 (2 hands)
    assert [(r["session"], r["table"], r["hand"]) for r in body] == [
        ("1", "1", "1"), ("1", "1", "2"), ("1", "1", "3"), ("1", "1", "4"), ("1", "2", "1"), ("1", "2", "2"),
    ]
    first, second, draw, corrected = body[:4]
    assert [first[k] for k in ("entry_east", "entry_south", "entry_west", "entry_north")] == ["1", "2", "3", "4"]
    assert (first["result"], first["winner_seat"], first["winner_entry"], first["discarder_seat"],
            first["discarder_entry"], first["self_drawn"], first["fans"], first["total"]) == (
        "win", "E", "1", "N", "4", "0", "43x1", "8")
    assert (first["points_east"], first["points_south"], first["points_west"], first["points_north"]) == (
        "32", "-8", "-8", "-16")  # 3.9.1.3: the discarder pays 8 + 8, the others 8
    assert second["self_drawn"] == "1" and second["discarder_seat"] == "" and second["total"] == "25"
    assert draw["result"] == "draw" and draw["winner_entry"] == "" and draw["points_east"] == "0"
    assert (corrected["winner_entry"], corrected["discarder_entry"], corrected["corrected"]) == ("3", "1", "1")
    assert first["corrected"] == "0" and first["tiles"] == "[123m][345m]678p56sWW+7s"
