"""Issue 16: the limits of a roster import (docs/limits.md) and its encodings, every bad input refused
with a sentence before the expensive work, never a crash, a 63 MB page or a garbled name."""

import io
import zipfile

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings
from django.urls import reverse

from roster import files as roster_files
from roster import services
from roster.models import ImportJob
from roster.tests.helpers import problems, run_import, xlsx
from tournaments.limits import MAX_PROBLEMS_SHOWN, MAX_XLSX_UNCOMPRESSED_BYTES

LATIN1 = "entry,name,country\n1,Jürgen Müller,DE\n2,Björn Dæhlie,NO\n3,Kurt Gödel,AT\n4,Lena Schäfer,DE\n"


def players_csv(count: int, start: int = 1) -> bytes:
    return ("entry,name\n" + "".join(f"{n},Player {n}\n" for n in range(start, start + count))).encode()


@pytest.mark.django_db
@override_settings(MCR_MAX_PLAYERS_PER_TOURNAMENT=10)
def test_players_per_tournament_limit_counts_those_already_registered(organizer, tournament):
    assert run_import(organizer, tournament, "players", "p.csv", players_csv(6)).status == "done"
    job = run_import(organizer, tournament, "players", "p.csv", players_csv(5, start=7))
    assert problems(job) == [(0, "", "too_many_players")]
    assert job.errors[0]["params"] == {"total": 11, "limit": 10}
    message = roster_files.problem_message(job.errors[0])
    assert "at most 10 can register" in message and "seating chart" in message  # the reason is given
    assert run_import(organizer, tournament, "players", "p.csv", players_csv(4, start=7)).status == "done"
    assert tournament.registrations.count() == 10  # exactly at the limit


@pytest.mark.django_db
@override_settings(MCR_MAX_PLAYERS_PER_TOURNAMENT=10)
def test_a_late_registration_beyond_the_limit_is_refused(organizer, tournament, registrations):
    from tournaments.models import Session
    Session.objects.get_or_create(tournament=tournament, number=1)
    with pytest.raises(ValidationError, match="the most one tournament can hold"):
        services.registration_add(actor=organizer, tournament=tournament, name="Late")


@pytest.mark.django_db
@override_settings(MCR_MAX_PLAYERS_PER_TOURNAMENT=10)
@pytest.mark.parametrize("filename", ["p.csv", "p.xlsx"])
def test_more_rows_than_players_allowed_is_refused_before_checking_rows(organizer, tournament, filename):
    rows = [["entry", "name"]] + [[n, f"Player {n}"] for n in range(1, 12)]
    content = xlsx(rows) if filename.endswith(".xlsx") else players_csv(11)
    job = run_import(organizer, tournament, "players", filename, content)
    assert problems(job) == [(0, "", "too_many_rows")]
    assert not tournament.registrations.exists()


def _zip_bomb(uncompressed: int) -> bytes:
    """A valid-looking XLSX whose sheet expands to `uncompressed` bytes (blank rows compress to almost nothing)."""
    buffer = io.BytesIO()
    real = zipfile.ZipFile(io.BytesIO(xlsx([["entry", "name"], [1, "Ana"]])))
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as bomb:
        for item in real.infolist():
            data = real.read(item.filename)
            if item.filename == "xl/worksheets/sheet1.xml":
                data = data.replace(b"</sheetData>", b"<row/>" * ((uncompressed - len(data)) // 6) + b"</sheetData>")
            bomb.writestr(item.filename, data)
    return buffer.getvalue()


@pytest.mark.django_db
def test_xlsx_zip_bomb_is_refused_from_its_declared_sizes(organizer, tournament, monkeypatch):
    bomb = _zip_bomb(MAX_XLSX_UNCOMPRESSED_BYTES + 1024)
    assert len(bomb) < 200_000  # small on the wire
    opened = []
    monkeypatch.setattr(roster_files, "_xlsx_table", lambda content: opened.append(1))
    job = run_import(organizer, tournament, "players", "bomb.xlsx", bomb)
    assert problems(job) == [(0, "", "xlsx_too_large")]
    assert opened == []  # openpyxl never opened it
    assert "expands to 20 MB" in roster_files.problem_message(job.errors[0])


@pytest.mark.django_db
def test_xlsx_just_under_the_size_limit_is_read(organizer, tournament):
    job = run_import(organizer, tournament, "players", "p.xlsx", _zip_bomb(2 * 1024 * 1024))
    assert job.status == "done", job.errors


@pytest.mark.django_db
def test_only_the_first_problems_are_stored_with_the_count(organizer, tournament):
    content = ("entry,name\n" + "x,\n" * 300).encode()  # two problems per row
    job = run_import(organizer, tournament, "players", "p.csv", content)
    assert len(job.errors) == MAX_PROBLEMS_SHOWN + 1
    assert job.errors[-1]["code"] == "more_problems"
    assert job.errors[-1]["params"] == {"total": 600, "shown": MAX_PROBLEMS_SHOWN}
    assert "600 problems in all; the first 200 are listed" in roster_files.problem_message(job.errors[-1])


# Encodings.


@pytest.mark.django_db
def test_latin1_roster_is_never_imported_as_chinese(organizer, tournament):
    """The probe's file: before, GB18030 turned it into "J黵gen M黮ler" and reported success."""
    job = run_import(organizer, tournament, "players", "p.csv", LATIN1.encode("latin-1"))
    assert problems(job) == [(0, "", "encoding_confirm")]
    params = job.errors[0]["params"]
    assert params["encoding_code"] in ("cp1252", "cp1250")
    assert params["sample"].startswith("Jürgen Müller, Björn Dæhlie") or params["encoding_code"] == "cp1250"
    assert "黵" not in str(job.errors) and not tournament.registrations.exists()
    again = services.import_job_run(job_id=services.import_job_again(actor=organizer, job=job, encoding="cp1252").pk)
    assert again.status == "done", again.errors
    names = list(tournament.registrations.order_by("entry_number").values_list("player__name", flat=True))
    assert names == ["Jürgen Müller", "Björn Dæhlie", "Kurt Gödel", "Lena Schäfer"]


@pytest.mark.django_db
def test_a_latin1_roster_read_as_a_chosen_gb18030_is_refused_with_the_mojibake_shown(organizer, tournament):
    """Issue 28: GB18030 reads Latin-1's bytes "cleanly"; chosen by hand it imported "J黵gen M黮ler"."""
    job = services.import_job_create(actor=organizer, tournament=tournament, kind="players", filename="p.csv",
                                     content=LATIN1.encode("latin-1"), encoding="gb18030")
    job = services.import_job_run(job_id=job.pk)
    assert [code for _row, _column, code in problems(job)] == ["encoding_mixed_row"] * 4
    message = roster_files.problem_message(job.errors[0])
    assert "GB18030" in message and "J黵gen" in message and "another encoding" in message
    assert not tournament.registrations.exists()
    again = services.import_job_run(job_id=services.import_job_again(actor=organizer, job=job, encoding="cp1252").pk)
    assert again.status == "done", again.errors


@pytest.mark.django_db
def test_a_chosen_encoding_that_fails_lists_the_rows(organizer, tournament):
    content = "entry,name\n1,Ana\n".encode() + "2,Jürgen\n".encode("latin-1") + b"3,Bo\n" + "4,Zoë\n".encode("latin-1")
    job = services.import_job_create(actor=organizer, tournament=tournament, kind="players", filename="p.csv",
                                     content=content, encoding="utf-8")
    job = services.import_job_run(job_id=job.pk)
    assert problems(job) == [(3, "", "encoding_bad_row"), (5, "", "encoding_bad_row")]
    assert "cannot be read as UTF-8" in roster_files.problem_message(job.errors[0])


@pytest.mark.django_db
@pytest.mark.parametrize("encoding, text", [
    ("gb18030", "参赛号,姓名\n1,王伟\n"),
    ("cp932", "番号,氏名\n1,山田太郎\n"),
    ("big5", "entry,name\n1,陳大文\n"),
    ("cp1250", "entry,name\n1,Łukasz Żółć\n"),
    ("utf-16", "entry,name\n1,Jürgen 王伟\n"),
])
def test_each_offered_encoding_imports_when_chosen(organizer, tournament, encoding, text):
    job = services.import_job_create(actor=organizer, tournament=tournament, kind="players", filename="p.csv",
                                     content=text.encode(encoding), encoding=encoding)
    job = services.import_job_run(job_id=job.pk)
    assert job.status == "done", job.errors
    assert job.encoding_used == encoding
    assert tournament.registrations.get().player.name == text.splitlines()[1].split(",")[1]


@pytest.mark.django_db
def test_utf8_imports_without_asking_and_an_unknown_encoding_is_refused(organizer, tournament):
    job = run_import(organizer, tournament, "players", "p.csv", LATIN1.encode("utf-8-sig"))
    assert job.status == "done" and job.encoding_used == "utf-8"
    assert job.preview[1] == ["1", "Jürgen Müller", "DE"]
    with pytest.raises(ValidationError):
        services.import_job_create(actor=organizer, tournament=tournament, kind="players", filename="p.csv",
                                   content=b"x", encoding="rot13")


@pytest.mark.django_db
def test_the_page_shows_the_reading_and_imports_with_the_chosen_encoding(
    client_for, organizer, tournament, referee, django_capture_on_commit_callbacks
):
    client = client_for(organizer)
    upload = SimpleUploadedFile("p.csv", LATIN1.encode("latin-1"), content_type="text/csv")
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("roster:import", args=[tournament.pk]), {"kind": "players", "file": upload})
    job = ImportJob.objects.get()
    page = client.get(response["Location"]).content.decode()
    assert "Jürgen Müller" in page and "Import with this encoding" in page
    url = reverse("roster:job_again", args=[job.pk])
    assert client_for(referee).post(url, {"encoding": "cp1252"}).status_code == 404
    client = client_for(organizer)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {"encoding": "cp1252"})
    again = ImportJob.objects.exclude(pk=job.pk).get()
    assert again.status == "done"
    page = client.get(response["Location"]).content.decode()
    assert "read as Windows-1252" in page
    # The encoding can be chosen on the upload form too.
    upload = SimpleUploadedFile("t.csv", "name\nMünchen\n".encode("latin-1"), content_type="text/csv")
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("roster:import", args=[tournament.pk]),
                    {"kind": "teams", "file": upload, "encoding": "latin-1"})
    assert tournament.teams.get().name == "München"
