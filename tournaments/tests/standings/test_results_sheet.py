"""The final results sheet (Appendix 7): the shared rows, and the CSV, XLSX and PDF downloads."""

import csv
import io

import pytest
from django.urls import reverse

from scoring.engine.table import twelfths_number
from testing.documents import document_get
from testing.scenarios import CHICKEN, STRAIGHT, play, publish, seat, win
from tournaments.models import Tournament
from tournaments.standings.results_sheet import results_sheet
from tournaments.standings.services import standings_recompute

DATA = {
    "sessions": [1, 2],
    "individuals": [
        {"rank": 1, "entry": 7, "name": "Wang Wei", "name_local": "王伟", "team": "Beijing", "team_id": 1,
         "table_points": 54, "contest_points": 40,
         "sessions": [{"session": 1, "table": 2, "seat": 0, "rank": 1, "table_points": 48, "session_score": 32},
                      {"session": 2, "table": 1, "seat": 3, "rank": 2, "table_points": 6, "session_score": 8}]},
        {"rank": 2, "entry": 3, "name": "山田太郎", "name_local": "", "team": None, "team_id": None,
         "group": "Kanto", "group_id": 4, "table_points": 28, "contest_points": -5,
         "sessions": [{"session": 2, "table": 3, "seat": 1, "rank": 1, "table_points": 28, "session_score": -5}]},
    ],
    "teams": [{"team": "Beijing", "team_id": 1, "rank": 1, "table_points": 100, "contest_points": 12, "members": [7]}],
    "groups": [{"group": "Kanto", "group_id": 4, "rank": 1, "table_points": 28, "contest_points": -5, "members": [3]}],
}


def test_appendix_7_rows_hold_individual_group_and_team_totals_and_running_totals_per_session():
    sheet = results_sheet(DATA)
    labels = [column.full_label for column in sheet.columns]
    # Appendix 7: 编号, 队别, 姓名 (and the group's name), then 个人总成绩, 团体总成绩, 队伍总成绩.
    assert labels[:13] == ["Entry", "Team", "Name", "Group",
                           "Individual totals: Table points", "Individual totals: Contest points",
                           "Individual totals: Rank",
                           "Group totals: Table points", "Group totals: Contest points", "Group totals: Rank",
                           "Team totals: Table points", "Team totals: Contest points", "Team totals: Rank"]
    assert labels[13:17] == ["Session 1: Table points", "Session 1: Table points, running total",
                             "Session 1: Contest points", "Session 1: Contest points, running total"]
    assert len(labels) == 13 + 2 * 4
    assert sheet.rows[0] == [7, "Beijing", "Wang Wei 王伟", "", "4.5", 40, 1, "", "", "", "8.33", 12, 1,
                             "4", "4", 32, 32, "0.5", "4.5", 8, 40]
    # No result in session 1: blank, and the running totals carry on from zero.
    assert sheet.rows[1] == [3, "", "山田太郎", "Kanto", "2.33", -5, 2, "2.33", -5, 1, "", "", "",
                             "", "0", "", 0, "2.33", "2.33", -5, -5]
    numbers = results_sheet(DATA, points=twelfths_number)
    assert numbers.rows[0][4] == 4.5 and numbers.rows[0][10] == 8.333333
    top, bottom = sheet.header_rows()
    assert top[-1] == {"label": "Session 2", "colspan": 4, "rowspan": 1}
    assert top[4:7] == [{"label": "Individual totals", "colspan": 3, "rowspan": 1},
                        {"label": "Group totals", "colspan": 3, "rowspan": 1},
                        {"label": "Team totals", "colspan": 3, "rowspan": 1}]
    assert len(bottom) == 9 + 8
    assert [cell["label"] for cell in top[:4]] == ["Entry", "Team", "Name", "Group"]
    assert bottom[:3] == ["TP", "CP", "Rank"] and bottom[9:13] == ["TP", "TP Σ", "CP", "CP Σ"]


@pytest.fixture
def finished(organizer, tournament, seated_session, referee, pins, registrations):
    """Two signed sessions; entry 1 is 王伟 and entry 2 山田太郎; the tournament is published."""
    for registration, name in ((registrations[0], "王伟"), (registrations[1], "山田太郎")):
        registration.player.name = name
        registration.player.save()
    publish(tournament)
    play(actor=referee, session=seated_session, hands={1: [win(0, 1, CHICKEN)], 2: [win(0, 1, STRAIGHT)]})
    second = tournament.sessions.get(number=2)
    seat(actor=organizer, session=second, tables={1: [1, 5, 9, 2], 2: [3, 6, 10, 4], 3: [7, 8, 11, 12]})
    play(actor=referee, session=second, hands={1: [win(3, 0, STRAIGHT)]})
    standings_recompute(tournament_id=tournament.pk)
    return tournament


@pytest.mark.django_db
def test_csv_download_parses_back(client, finished):
    response = client.get(reverse("tournaments:results_csv", args=[finished.pk]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    header, body, notes = rows[0], rows[1:13], rows[13:]
    # Appendix 7's columns, with the local name, ISO country and federation ID each in a column of its own.
    assert header[:7] == ["Entry", "Team", "Name", "Local name", "Country (ISO code)", "Federation ID", "Group"]
    assert len(header) == 16 + 2 * 4
    wang = next(row for row in body if row[2] == "王伟")
    assert wang[4] == "CN"
    # Session 1: first with 32 (4 table points); the running totals end at the totals.
    assert wang[16:20] == ["4", "4", "32", "32"]
    assert float(wang[21]) == float(wang[7]) and int(wang[23]) == int(wang[8])
    assert [int(row[9]) for row in body] == sorted(int(row[9]) for row in body)
    # After a blank row, how the order was made (3.10.1): no tie-break by default.
    assert notes[0] == [] and notes[1][0].startswith("Ranked by total table points, then total contest points")
    assert not any("regulation" in note[0] for note in notes[1:])


@pytest.mark.django_db
def test_xlsx_download_has_numbers(client, finished):
    from openpyxl import load_workbook

    response = client.get(reverse("tournaments:results_xlsx", args=[finished.pk]))
    assert response.status_code == 200
    rows = list(load_workbook(io.BytesIO(response.content)).active.iter_rows(values_only=True))
    assert finished.name in rows[0][0]
    header, body = rows[1], rows[2:14]
    assert header[7] == "Individual totals: Table points" and all(row[0] for row in body)
    names = {row[2]: row for row in body}
    assert "山田太郎" in names
    assert isinstance(names["王伟"][7], (int, float)) and isinstance(names["王伟"][8], int)


@pytest.mark.django_db
def test_pdf_download_renders_chinese_and_japanese_names(client, finished):
    from pypdf import PdfReader

    response = document_get(client, reverse("tournaments:results_pdf", args=[finished.pk]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response.getvalue().startswith(b"%PDF")
    reader = PdfReader(io.BytesIO(response.getvalue()))
    text = "".join(page.extract_text() for page in reader.pages)
    assert "王伟" in text and "山田太郎" in text
    fonts = {
        str(font.get_object()["/BaseFont"])
        for page in reader.pages
        for font in page["/Resources"]["/Font"].values()
    }
    assert any("WenQuanYi" in font for font in fonts), fonts



@pytest.mark.django_db
def test_pdf_is_made_once_per_standings_version(client, finished, monkeypatch):
    url = reverse("tournaments:results_pdf", args=[finished.pk])
    first = document_get(client, url).getvalue()

    def fail(*args, **kwargs):
        raise AssertionError("rendered again")

    monkeypatch.setattr("tournaments.standings.results_files.results_pdf", fail)
    assert document_get(client, url).getvalue() == first
    standings_recompute(tournament_id=finished.pk)  # nothing changed: same version, same file
    assert document_get(client, url).getvalue() == first


def test_names_that_look_like_formulas_stay_text():
    import csv
    import io

    from openpyxl import load_workbook

    from tournaments.standings.results_files import results_csv, results_xlsx

    data = {
        "sessions": [1],
        "individuals": [{"rank": 1, "entry": 1, "name": "=HYPERLINK(\"x\")", "team": "+Team", "registration": 1,
                         "table_points": 48, "contest_points": 10, "places": [1, 0, 0, 0], "best_session": 10,
                         "disqualified": False,
                         "sessions": [{"session": 1, "table": 1, "seat": 0, "rank": 1, "table_points": 48,
                                       "session_score": 10, "hand_score": 10, "transfers": 0, "deductions": 0}]}],
        "teams": [],
    }
    rows = list(csv.reader(io.StringIO(results_csv(data).decode("utf-8-sig"))))
    assert "'=HYPERLINK(\"x\")" in rows[1] and "'+Team" in rows[1]
    worksheet = load_workbook(io.BytesIO(results_xlsx(data, title="T"))).active
    names = [cell for cell in worksheet[3] if cell.value == "=HYPERLINK(\"x\")"]
    assert names and names[0].data_type == "s"


@pytest.mark.django_db
def test_xlsx_drops_control_characters_and_guards_the_title(client, finished, registrations):
    """A name with a control character (openpyxl refuses it) and a tournament name that looks like a
    formula: the file is still made, the name without the character, the title as text."""
    import zipfile

    from openpyxl import load_workbook

    player = registrations[0].player
    player.name = "Li\x0bWei"
    player.save()
    Tournament.objects.filter(pk=finished.pk).update(name='=HYPERLINK("http://evil","x")')
    standings_recompute(tournament_id=finished.pk)
    response = client.get(reverse("tournaments:results_xlsx", args=[finished.pk]))
    assert response.status_code == 200
    assert "<f>" not in zipfile.ZipFile(io.BytesIO(response.content)).read("xl/worksheets/sheet1.xml").decode()
    worksheet = load_workbook(io.BytesIO(response.content)).active
    assert worksheet["A1"].value.startswith("=HYPERLINK(") and worksheet["A1"].data_type == "s"
    assert "LiWei" in [cell.value for row in worksheet.iter_rows(min_row=3) for cell in row]


def test_tab_and_carriage_return_starts_are_inert():
    from tournaments.standings.results_files import spreadsheet_text as inert

    assert inert("\t=1+1") == "'\t=1+1" and inert("\r=1") == "'\r=1" and inert("Wang") == "Wang"


@pytest.fixture
def finished_with_groups(finished, organizer):
    from tournaments.core.services import group_create, group_members_add

    kanto = group_create(actor=organizer, tournament=finished, name="关东团体")
    group_members_add(actor=organizer, group=kanto, entries=[1, 2])
    kansai = group_create(actor=organizer, tournament=finished, name="Kansai")
    group_members_add(actor=organizer, group=kansai, entries=[5, 6])
    standings_recompute(tournament_id=finished.pk)
    return finished


@pytest.mark.django_db
def test_appendix_7_xlsx_has_the_three_totals_blocks(client, finished_with_groups):
    from openpyxl import load_workbook

    from tournaments.standings.compute import standings_compute

    data = standings_compute(finished_with_groups)
    groups = {group["group"]: group for group in data["groups"]}
    teams = {team["team"]: team for team in data["teams"]}
    response = client.get(reverse("tournaments:results_xlsx", args=[finished_with_groups.pk]))
    worksheet = load_workbook(io.BytesIO(response.content)).active
    header = [cell.value for cell in worksheet[2]]
    assert header[:16] == [
        "Entry", "Team", "Name", "Local name", "Country (ISO code)", "Federation ID", "Group",
        "Individual totals: Table points", "Individual totals: Contest points", "Individual totals: Rank",
        "Group totals: Table points", "Group totals: Contest points", "Group totals: Rank",
        "Team totals: Table points", "Team totals: Contest points", "Team totals: Rank",
    ]
    rows = {row[0]: row for row in worksheet.iter_rows(min_row=3, max_row=14, values_only=True)}
    wang = rows[1]
    assert wang[2] == "王伟" and wang[6] == "关东团体"
    kanto = groups["关东团体"]
    assert wang[10:13] == (twelfths_number(kanto["table_points"]), kanto["contest_points"], kanto["rank"])
    assert rows[2][10:13] == wang[10:13]  # both members carry their group's totals
    team_1 = teams["Team 1"]
    assert wang[13:16] == (twelfths_number(team_1["table_points"]), team_1["contest_points"], team_1["rank"])
    assert rows[9][6] is None and rows[9][10] is None  # no group: the block is blank
    # The group's totals are its members' sums (TP, CP).
    members = [r for r in data["individuals"] if r["entry"] in (1, 2)]
    assert kanto["table_points"] == sum(r["table_points"] for r in members)
    assert kanto["contest_points"] == sum(r["contest_points"] for r in members)
    notes = [row[0] for row in worksheet.iter_rows(min_row=16, values_only=True) if row[0]]
    assert notes and notes[0].startswith("Ranked by total table points")


@pytest.mark.django_db
def test_appendix_7_pdf_prints_the_three_blocks_in_chinese(client, finished_with_groups):
    from pypdf import PdfReader

    response = document_get(
        client, reverse("tournaments:results_pdf", args=[finished_with_groups.pk]), HTTP_ACCEPT_LANGUAGE="zh-hans"
    )
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.getvalue())).pages)
    for words in ("个人总成绩", "团体总成绩", "队伍总成绩", "关东团体", "Kansai", "标准分", "比赛分", "名次"):
        assert words in text, words
    assert "3.10.1" in text  # how the order was made
    assert text.index("个人总成绩") < text.index("团体总成绩") < text.index("队伍总成绩")  # Appendix 7's order


def test_exports_carry_name_local_name_iso_country_and_federation_id_in_columns_of_their_own():
    data = {**DATA, "individuals": [
        {**DATA["individuals"][0], "country": "China", "federation_id": "CN-0042"},
        {**DATA["individuals"][1], "country": "日本"},  # an older snapshot has no federation_id
    ]}
    sheet = results_sheet(data, identity=True)
    labels = [column.full_label for column in sheet.columns]
    assert labels[:7] == ["Entry", "Team", "Name", "Local name", "Country (ISO code)", "Federation ID", "Group"]
    assert sheet.rows[0][:7] == [7, "Beijing", "Wang Wei", "王伟", "CN", "CN-0042", ""]
    assert sheet.rows[1][:7] == [3, "", "山田太郎", "", "JP", "", "Kanto"]
    # Per-session results follow, as in Appendix 7 (TP, TP Σ, CP, CP Σ for each session).
    assert labels[16:20] == ["Session 1: Table points", "Session 1: Table points, running total",
                             "Session 1: Contest points", "Session 1: Contest points, running total"]
    assert sheet.rows[0][16:] == ["4", "4", 32, 32, "0.5", "4.5", 8, 40]
    # The PDF keeps Appendix 7's single name column.
    assert results_sheet(data).rows[0][:4] == [7, "Beijing", "Wang Wei 王伟", ""]


@pytest.mark.parametrize(
    "text, code",
    [("cn", "CN"), ("China", "CN"), ("中国", "CN"), ("日本", "JP"), ("Hong Kong", "HK"), ("香港", "HK"),
     ("ＤＥ", "DE"), ("  Denmark ", "DK"), ("ドイツ", "DE"), ("Atlantis", "Atlantis"), ("", "")],
)
def test_country_as_iso_code(text, code):
    from tournaments.countries import country_code

    assert country_code(text) == code
