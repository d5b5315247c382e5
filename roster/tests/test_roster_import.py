"""Roster import from CSV and XLSX: all or nothing, every bad row reported."""

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from roster import services
from roster.models import ImportJob
from roster.tests.helpers import problems, run_import, xlsx
from tournaments.models import AuditEvent, Player, Registration, Team
from tournaments.sessions import services as session_services

TEAMS_CSV = "name,country\nMadrid,ES\nTokyo,JP\n"
PLAYERS_CSV = (
    "entry,name,name_local,country,federation_id,team,leader\n"
    "1,Ana García,,ES,ES-1,Madrid,yes\n"
    "2,Sato Haruto,佐藤陽翔,JP,JP-2,Tokyo,no\n"
    "3,Pablo Sánchez,,ES,,Madrid,\n"
)


@pytest.mark.django_db
def test_csv_teams_then_players(organizer, tournament):
    assert run_import(organizer, tournament, "teams", "teams.csv", TEAMS_CSV.encode()).status == "done"
    job = run_import(organizer, tournament, "players", "players.csv", PLAYERS_CSV.encode())
    assert job.status == "done", job.errors
    assert job.imported_rows == 3
    ana = Registration.objects.get(tournament=tournament, entry_number=1)
    assert (ana.player.name, ana.team.name, ana.player.federation_id) == ("Ana García", "Madrid", "ES-1")
    assert Team.objects.get(tournament=tournament, name="Madrid").leader == ana
    assert Registration.objects.get(entry_number=2).player.name_local == "佐藤陽翔"
    assert tournament.tables.count() == 1  # three players need one table
    assert AuditEvent.objects.filter(tournament=tournament, action="import.done").count() == 2


@pytest.mark.django_db
def test_bad_players_file_saves_nothing_and_reports_every_row(organizer, tournament):
    run_import(organizer, tournament, "teams", "teams.csv", TEAMS_CSV.encode())
    bad = (
        "entry,name,country,team\n"
        "1,Ana,ES,Madrid\n"  # fine
        "1,Bea,ES,Madrid\n"  # duplicate entry number
        "2,,JP,Tokyo\n"  # missing name
        "3,Carl,DK,Copenhagen\n"  # unknown team
        "x,Dora,FR,\n"  # not a number
        ",Emil,DE,\n"  # missing entry
    )
    job = run_import(organizer, tournament, "players", "players.csv", bad.encode())
    assert job.status == "failed"
    assert problems(job) == [
        (3, "entry", "duplicate_in_file"),
        (4, "name", "required"),
        (5, "team", "unknown_team"),
        (6, "entry", "not_a_number"),
        (7, "entry", "required"),
    ]
    assert not Registration.objects.filter(tournament=tournament).exists()
    assert not Player.objects.filter(name__in=["Ana", "Bea", "Carl"]).exists()
    assert not tournament.tables.exists()


@pytest.mark.django_db
def test_entry_already_registered_is_refused(organizer, tournament):
    run_import(organizer, tournament, "teams", "teams.csv", TEAMS_CSV.encode())
    run_import(organizer, tournament, "players", "players.csv", PLAYERS_CSV.encode())
    again = run_import(organizer, tournament, "players", "more.csv", b"entry,name,federation_id\n3,Zoe,\n4,Yan,ES-1\n")
    assert problems(again) == [(2, "entry", "already_registered"), (3, "federation_id", "player_already_registered")]
    assert tournament.registrations.count() == 3


@pytest.mark.django_db
def test_xlsx_import_and_bad_xlsx(organizer, tournament):
    run_import(organizer, tournament, "teams", "teams.xlsx", xlsx([["Name", "Country"], ["Madrid", "ES"]]))
    good = xlsx([["Entry", "Name", "Team"], [7, "Ana", "Madrid"], [8.0, "Bea", "Madrid"]])
    job = run_import(organizer, tournament, "players", "players.xlsx", good)
    assert job.status == "done", job.errors
    assert sorted(tournament.registrations.values_list("entry_number", flat=True)) == [7, 8]
    bad = xlsx([["Entry", "Name", "Team"], [9, "Carl", "Nowhere"], [7, "Dora", "Madrid"], [10, None, None]])
    job = run_import(organizer, tournament, "players", "bad.xlsx", bad)
    assert problems(job) == [(2, "team", "unknown_team"), (3, "entry", "already_registered"), (4, "name", "required")]
    assert tournament.registrations.count() == 2


@pytest.mark.django_db
@pytest.mark.parametrize(
    "filename, content, expected",
    [
        ("players.xlsx", b"this is not a spreadsheet", [(0, "", "unreadable")]),
        ("players.csv", b"", [(0, "", "empty")]),
        ("players.csv", b"entry,name\n", [(0, "", "empty")]),
        (
            "players.csv",
            b"nombre,equipo\nAna,Madrid\n",
            [(1, "entry", "missing_column"), (1, "name", "missing_column")],
        ),
        ("players.csv", b"\xff\xfe\x00\x00garbage\x00", [(0, "", "unreadable")]),
    ],
)
def test_unreadable_files_are_rejected(organizer, tournament, filename, content, expected):
    job = run_import(organizer, tournament, "players", filename, content)
    assert job.status == "failed"
    assert problems(job) == expected


@pytest.mark.django_db
def test_duplicate_team_and_second_leader(organizer, tournament):
    job = run_import(organizer, tournament, "teams", "t.csv", "name\nMadrid\nMadrid\n\n".encode())
    assert problems(job) == [(3, "name", "duplicate_in_file")]
    run_import(organizer, tournament, "teams", "t.csv", b"name\nMadrid\n")
    assert problems(run_import(organizer, tournament, "teams", "t.csv", b"name\nMadrid\n")) == [
        (2, "name", "team_exists")
    ]
    job = run_import(
        organizer,
        tournament,
        "players",
        "p.csv",
        b"entry,name,team,leader\n1,A,Madrid,yes\n2,B,Madrid,yes\n3,C,,maybe\n",
    )
    assert problems(job) == [(3, "leader", "second_leader"), (4, "leader", "not_yes_no")]


@pytest.mark.django_db
def test_gb18030_csv_from_chinese_excel(organizer, tournament):
    """Detected, shown, then imported as GB18030 once the organizer confirms (issue 16: never on a guess)."""
    content = "参赛号,姓名,国家\n1,王伟,CN\n".encode("gb18030")
    job = run_import(organizer, tournament, "players", "players.csv", content)
    assert problems(job) == [(0, "", "encoding_confirm")]
    assert job.errors[0]["params"]["encoding_code"] == "gb18030" and "王伟" in job.errors[0]["params"]["sample"]
    assert not tournament.registrations.exists()
    again = services.import_job_again(actor=organizer, job=job, encoding="gb18030")
    again = services.import_job_run(job_id=again.pk)
    assert again.status == "done", again.errors
    assert again.encoding_used == "gb18030"
    assert tournament.registrations.get().player.name == "王伟"


@pytest.mark.django_db
def test_same_federation_id_is_the_same_player_across_tournaments(organizer, tournament, outsider):
    from tournaments.models import Tournament

    run_import(organizer, tournament, "players", "p.csv", b"entry,name,federation_id\n1,Ana,ES-1\n")
    other = Tournament.objects.get(name="Other Cup")
    # The name as stored (case and spacing aside): another name is refused, see below.
    job = run_import(outsider, other, "players", "p.csv", b"entry,name,federation_id\n5,ANA ,ES-1\n")
    assert job.status == "done", job.errors
    assert Player.objects.filter(federation_id="ES-1").count() == 1
    assert Player.objects.get(federation_id="ES-1").registrations.count() == 2


@pytest.mark.django_db
def test_upload_page_reports_problems_in_the_users_language(
    client_for, organizer, tournament, django_capture_on_commit_callbacks
):
    run_import(organizer, tournament, "teams", "teams.csv", TEAMS_CSV.encode())
    client = client_for(organizer)
    upload = SimpleUploadedFile("players.csv", b"entry,name,team\n1,Ana,Nowhere\n", content_type="text/csv")
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("roster:import", args=[tournament.pk]), {"kind": "players", "file": upload})
    assert response.status_code == 302
    job = ImportJob.objects.get(kind="players")
    assert job.status == "failed"
    page = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert "Nowhere" in page.content.decode()
    assert "没有" in page.content.decode()  # the Chinese message for an unknown team


@pytest.mark.django_db
def test_upload_refuses_other_file_types(client_for, organizer, tournament):
    upload = SimpleUploadedFile("players.pdf", b"%PDF", content_type="application/pdf")
    response = client_for(organizer).post(
        reverse("roster:import", args=[tournament.pk]), {"kind": "players", "file": upload}
    )
    assert response.status_code == 200
    assert "Upload a .csv or .xlsx file." in response.content.decode()
    assert not ImportJob.objects.exists()


@pytest.mark.django_db
def test_rerunning_a_finished_job_changes_nothing(organizer, tournament):
    job = run_import(organizer, tournament, "players", "p.csv", b"entry,name\n1,Ana\n")
    again = services.import_job_run(job_id=job.pk)
    assert again.status == "done"
    assert tournament.registrations.count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize(
    "entry",
    ["²", "①", "1²", "٣", "3000000000", "2147483648", "0", "-1", "1.5", "1e3", "12.01"],
)
def test_odd_entry_numbers_are_row_problems(organizer, tournament, entry):
    """Superscripts and circled digits pass str.isdigit() but are no entry number; a number the
    database cannot hold is refused on its row instead of failing the whole import."""
    job = run_import(organizer, tournament, "players", "p.csv", f"entry,name\n1,Ana\n{entry},Bea\n".encode())
    assert job.status == "failed"
    assert [(p["row"], p["column"]) for p in job.errors] == [(3, "entry")]
    assert job.errors[0]["code"] in {"not_a_number", "entry_too_large"}
    assert not tournament.registrations.exists()


@pytest.mark.django_db
def test_largest_entry_number_and_its_message(organizer, tournament):
    from roster.files import problem_message

    job = run_import(organizer, tournament, "players", "p.csv", b"entry,name\n3000000000,Bea\n")
    assert problems(job) == [(2, "entry", "entry_too_large")]
    assert "3000000000" in problem_message(job.errors[0]) and "2147483647" in problem_message(job.errors[0])
    job = run_import(organizer, tournament, "players", "p.csv", b"entry,name\n2147483647,Bea\n")
    assert job.status == "done", job.errors


@pytest.mark.django_db
def test_full_width_and_whole_decimal_entry_numbers_in_csv(organizer, tournament):
    job = run_import(
        organizer, tournament, "players", "p.csv", "entry,name\n１２,Ana\n13.0,Bea\n ０１４ ,Carl\n".encode()
    )
    assert job.status == "done", job.errors
    assert sorted(tournament.registrations.values_list("entry_number", flat=True)) == [12, 13, 14]


@pytest.mark.django_db
def test_unexpected_error_fails_the_job_and_saves_nothing(organizer, tournament, monkeypatch, caplog):
    from roster import services as core

    def boom(job):
        core._import_players(job.tournament, [(2, {"entry": "1", "name": "Ana"})])
        raise RuntimeError("something broke")

    monkeypatch.setattr(core, "_import_rows", boom)
    job = run_import(organizer, tournament, "players", "p.csv", b"entry,name\n1,Ana\n")
    job.refresh_from_db()
    assert job.status == "failed" and job.finished_at is not None
    assert problems(job) == [(0, "", "unexpected")]
    assert not tournament.registrations.exists()
    assert AuditEvent.objects.filter(tournament=tournament, action="import.failed").count() == 1
    assert "something broke" in caplog.text


@pytest.mark.django_db
def test_overlapping_import_integrity_error_fails_the_job(organizer, tournament, monkeypatch):
    """Two imports at once may both pass the checks; the second one's insert then fails."""
    from django.db import IntegrityError

    from roster import services as core

    original = core._import_rows

    def overlapping(job):
        original(job)
        raise IntegrityError('duplicate key value violates unique constraint "registration_entry_unique"')

    monkeypatch.setattr(core, "_import_rows", overlapping)
    job = run_import(organizer, tournament, "players", "p.csv", b"entry,name\n1,Ana\n")
    job.refresh_from_db()
    assert job.status == "failed"
    assert problems(job) == [(0, "", "unexpected")]
    assert not tournament.registrations.exists() and not tournament.tables.exists()


@pytest.mark.django_db
def test_failure_after_the_import_is_still_recorded(organizer, tournament, monkeypatch):
    """Even when recording the outcome fails, the import is rolled back and the job ends failed."""
    from roster import services as core

    original = core.audit_record

    def failing_audit(**kwargs):
        if kwargs.get("action") == "import.done":
            raise RuntimeError("audit down")
        return original(**kwargs)

    monkeypatch.setattr(core, "audit_record", failing_audit)
    job = run_import(organizer, tournament, "players", "p.csv", b"entry,name\n1,Ana\n")
    job.refresh_from_db()
    assert job.status == "failed" and problems(job) == [(0, "", "unexpected")]
    assert not tournament.registrations.exists()
    assert AuditEvent.objects.filter(tournament=tournament, action="import.failed").count() == 1
    assert services.import_job_run(job_id=job.pk).status == "failed"  # a redelivery changes nothing


def _with_dimension(content: bytes, ref: bytes) -> bytes:
    import re
    import zipfile

    source = zipfile.ZipFile(io.BytesIO(content))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as target:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename == "xl/worksheets/sheet1.xml":
                data, count = re.subn(rb'<dimension ref="[^"]*" ?/>', b'<dimension ref="' + ref + b'"/>', data)
                assert count == 1
            target.writestr(item, data)
    return out.getvalue()


@pytest.mark.django_db
def test_xlsx_with_a_wrong_recorded_dimension_reads_every_row_and_column(organizer, tournament):
    content = _with_dimension(
        xlsx([["entry", "name", "country"], [1, "A", "ES"], [2, "B", "JP"], [3, "C", "CN"]]), b"A1:B2"
    )
    job = run_import(organizer, tournament, "players", "p.xlsx", content)
    assert job.status == "done", job.errors
    assert job.imported_rows == 3
    assert sorted(tournament.registrations.values_list("entry_number", "player__country")) == [
        (1, "ES"), (2, "JP"), (3, "CN")
    ]


@pytest.mark.django_db
def test_federation_id_of_a_differently_named_player_is_a_row_problem(organizer, tournament):
    from roster.files import problem_message

    Player.objects.create(name="Li Na", name_local="李娜", federation_id="CN-100")
    job = run_import(
        organizer, tournament, "players", "p.csv", "entry,name,federation_id\n1,Zhang Wei,CN-100\n".encode()
    )
    assert job.status == "failed"
    assert problems(job) == [(2, "federation_id", "federation_id_other_name")]
    message = problem_message(job.errors[0])
    assert "CN-100" in message and "Li Na" in message and "Zhang Wei" in message
    assert not tournament.registrations.exists()
    assert Player.objects.get(federation_id="CN-100").name == "Li Na"

    # The local name is compared too, when the file gives one.
    job = run_import(
        organizer, tournament, "players", "p.csv", "entry,name,name_local,federation_id\n1,Li Na,张伟,CN-100\n".encode()
    )
    assert problems(job) == [(2, "federation_id", "federation_id_other_name")]
    assert "李娜" in problem_message(job.errors[0]) and "张伟" in problem_message(job.errors[0])

    # Case and spacing are no difference; an empty local name in the file is not compared.
    job = run_import(
        organizer, tournament, "players", "p.csv", "entry,name,federation_id\n1, li  NA ,CN-100\n".encode()
    )
    assert job.status == "done", job.errors
    assert tournament.registrations.get().player.name == "Li Na"


@pytest.mark.django_db
def test_imported_players_get_pins_and_a_session_start_fills_any_gap(organizer, tournament, registrations, referee):
    job = services.import_job_create(
        actor=organizer,
        tournament=tournament,
        kind="players",
        filename="p.csv",
        content=b"entry,name\n13,Ann\n14,Bo\n15,Cy\n16,Di\n",
    )
    services.import_job_run(job_id=job.pk)
    assert all(
        len(r.confirm_pin) == 4 and r.confirm_pin.isdigit()
        for r in tournament.registrations.filter(entry_number__gte=13)
    )
    assert not Registration.objects.filter(tournament=tournament, entry_number__lt=13).exclude(confirm_pin="").exists()
    session = tournament.sessions.get(number=1)
    ids = list(tournament.registrations.order_by("entry_number").values_list("pk", flat=True))
    session_services.session_seats_replace(
        actor=organizer, session=session, tables={n + 1: ids[4 * n : 4 * n + 4] for n in range(4)}
    )
    session_services.session_start(actor=organizer, session=session)
    assert not tournament.registrations.filter(confirm_pin="").exists()


@pytest.mark.django_db
def test_3_5_3_players_file_with_a_group_column(organizer, tournament):
    from tournaments.core.services import group_create

    group_create(actor=organizer, tournament=tournament, name="Kansai Club")
    group_create(actor=organizer, tournament=tournament, name="东京代表团")
    good = "entry,name,团体\n1,Ana,Kansai Club\n2,Bea,东京代表团\n3,Carl,\n"
    job = run_import(organizer, tournament, "players", "players.csv", good.encode())
    assert job.status == "done", job.errors
    groups = dict(tournament.registrations.values_list("entry_number", "group__name"))
    assert groups == {1: "Kansai Club", 2: "东京代表团", 3: None}


@pytest.mark.django_db
def test_3_5_3_an_unknown_or_too_long_group_is_refused_with_a_clear_error(organizer, tournament):
    from roster.files import problem_message
    from tournaments.core.services import group_create

    group_create(actor=organizer, tournament=tournament, name="Kansai Club")
    bad = f"entry,name,group\n1,Ana,Kansai club\n2,Bea,{'x' * 201}\n3,Carl,Kansai Club\n"
    job = run_import(organizer, tournament, "players", "players.csv", bad.encode())
    assert job.status == "failed"
    # A group's name must match one of the tournament's groups exactly; too long is said as such.
    assert problems(job) == [(2, "group", "unknown_group"), (3, "group", "too_long")]
    messages = [problem_message(problem) for problem in job.errors]
    assert messages[0] == (
        "There is no group “Kansai club” in this tournament; create it on the groups page first, or correct the name."
    )
    assert messages[1] == "“group” is longer than 200 characters."
    assert not tournament.registrations.exists()  # all or nothing


@pytest.mark.django_db
@pytest.mark.parametrize(
    "header",
    [
        "编号,姓名,本地姓名,国家/地区,会员号,队伍,领队",
        "参赛号,选手姓名,中文名,国家,会员编号,参赛队,队长",
        "选手编号,姓名,原文姓名,地区,会员号,队伍,领队",
        "番号,氏名,現地名,国,会員番号,チーム,リーダー",
        "選手番号,名前,本名,国・地域,会員番号,チーム名,リーダー",
        "Entry No.,Player Name,Local name,Country,Federation ID,Team Name,Team leader",
        "ＥＮＴＲＹ,ｎａｍｅ,name_local,country,federation_id,team,leader",
        "参赛号：,姓名：,本地姓名,国家/地区,会员号,队伍,领队",
    ],
)
def test_chinese_japanese_and_loose_english_headers_are_accepted(organizer, tournament, header):
    run_import(organizer, tournament, "teams", "teams.csv", TEAMS_CSV.encode())
    body = "1,Sato Haruto,佐藤陽翔,JP,JP-2,Tokyo,是\n2,Ana García,,ES,ES-1,Madrid,はい\n"
    job = run_import(organizer, tournament, "players", "players.csv", (header + "\n" + body).encode())
    assert job.status == "done", job.errors
    sato = Registration.objects.get(tournament=tournament, entry_number=1)
    assert (sato.player.name, sato.player.name_local, sato.player.country) == ("Sato Haruto", "佐藤陽翔", "JP")
    assert (sato.player.federation_id, sato.team.name, sato.team.leader) == ("JP-2", "Tokyo", sato)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "header", ["队伍,国家/地区", "名称,国家", "チーム,国", "队名,国家", "チーム名,国", "team,country"]
)
def test_teams_file_headed_team_or_chinese_name(organizer, tournament, header):
    job = run_import(organizer, tournament, "teams", "teams.csv", f"{header}\nMadrid,ES\nTokyo,JP\n".encode())
    assert job.status == "done", job.errors
    assert sorted(tournament.teams.values_list("name", "country")) == [("Madrid", "ES"), ("Tokyo", "JP")]


@pytest.mark.django_db
def test_unknown_header_words_are_not_guessed(organizer, tournament):
    # "团体" is the group (3.5.3), never the team; "名" alone is nothing.
    job = run_import(organizer, tournament, "players", "p.csv", "编号,名\n1,Ana\n".encode())
    assert problems(job) == [(1, "name", "missing_column")]


@pytest.mark.django_db
def test_players_before_teams_is_one_problem_for_the_whole_file(organizer, tournament):
    rows = "".join(f"{n},Player {n},Team {n % 9}\n" for n in range(1, 37))
    job = run_import(organizer, tournament, "players", "p.csv", ("entry,name,team\n" + rows).encode())
    assert job.status == "failed"
    assert problems(job) == [(0, "team", "no_teams")]
    assert not tournament.registrations.exists()


@pytest.mark.django_db
def test_players_without_team_column_need_no_teams(organizer, tournament):
    job = run_import(organizer, tournament, "players", "p.csv", b"entry,name,team\n1,Ana,\n2,Bea,\n")
    assert job.status == "done", job.errors


@pytest.mark.django_db
def test_a_team_name_typo_names_the_closest_team(organizer, tournament, settings):
    run_import(organizer, tournament, "teams", "t.csv", "name\nHong Kong Bamboo\nTokyo\nMadrid\n".encode())
    job = run_import(
        organizer, tournament, "players", "p.csv",
        b"entry,name,team\n1,Ana,Hong Kong Bambo\n2,Bea,tokyo \n3,Carl,Copenhagen\n",
    )
    by_row = {p["row"]: p for p in job.errors}
    assert by_row[2]["code"] == "unknown_team_close"
    assert by_row[2]["params"] == {"value": "Hong Kong Bambo", "closest": "Hong Kong Bamboo"}
    assert by_row[3]["params"]["closest"] == "Tokyo"  # case and a stray space
    assert by_row[4]["code"] == "unknown_team"  # nothing close: no guess
    from roster.files import problem_message

    assert problem_message(by_row[2]) == (
        "There is no team “Hong Kong Bambo” in this tournament. Did you mean “Hong Kong Bamboo”?"
    )
    assert "import the teams first" not in problem_message(by_row[4])


@pytest.mark.django_db
def test_import_page_lists_accepted_headers_in_three_languages(client_for, organizer, tournament):
    page = client_for(organizer).get(reverse("roster:import", args=[tournament.pk])).content.decode()
    spellings = ["entry", "federation_id", "参赛号", "编号", "选手编号", "番号", "氏名"]
    spellings += ["队伍", "チーム", "国家/地区", "国"]
    for spelling in spellings:
        assert f"<code>{spelling}</code>" in page, spelling


def test_every_spelling_shown_for_the_teams_file_is_read_as_the_team_name():
    from roster.files import TEAM_NAME_HEADERS, _canonical_column

    for spellings in TEAM_NAME_HEADERS.values():
        for spelling in spellings:
            assert _canonical_column(spelling) in {"name", "team"}, spelling


@pytest.mark.django_db
def test_a_japanese_roster_marks_its_leaders_with_a_circle(organizer, tournament):
    """Issue 29: 「○」 in the リーダー column was refused once per leader."""
    run_import(organizer, tournament, "teams", "t.csv", "チーム名\n大阪\n東京\n北京\n".encode())
    content = ("参加番号,氏名,チーム名,リーダー\n1,田中,大阪,○\n2,佐藤,大阪,\n3,山田,東京,◯\n4,王,北京,是\n"
               "5,李,北京,×\n").encode()
    job = run_import(organizer, tournament, "players", "p.csv", content)
    assert job.status == "done", job.errors
    leaders = sorted(tournament.teams.values_list("name", "leader__entry_number"))
    assert leaders == [("北京", 4), ("大阪", 1), ("東京", 3)]


@pytest.mark.django_db
def test_the_japanese_page_names_the_columns_and_asks_about_shift_jis(client_for, organizer, tournament):
    """Issue 29: errors named `leader`, `team`; the Shift_JIS question was shown as "Rejected" with the header only."""
    from django.utils import translation

    job = run_import(organizer, tournament, "players", "p.csv", "番号,氏名,リーダー\n1,田中,たぶん\n".encode())
    with translation.override("ja"):
        page = client_for(organizer).get(reverse("roster:job", args=[job.pk]),
                                         HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert "<td>リーダー</td>" in page and "<td>leader</td>" not in page
    sjis = run_import(organizer, tournament, "players", "p.csv", "番号,氏名\n1,田中太郎\n2,山田花子\n".encode("cp932"))
    assert sjis.errors[0]["code"] == "encoding_confirm"
    assert sjis.errors[0]["params"]["sample"].startswith("田中太郎, 山田花子")  # names, not the header
    page = client_for(organizer).get(reverse("roster:job", args=[sjis.pk])).content.decode()
    assert "status-question" in page and "status-failed" not in page and "Fix these rows" not in page
    assert "田中太郎" in page and "Import with this encoding" in page
