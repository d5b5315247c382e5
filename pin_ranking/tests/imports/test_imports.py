"""Results of competitions run elsewhere: results files (CSV, XLSX) and archives, all or nothing."""

import datetime as dt
import io

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile

from pin_ranking.imports.services import (
    ExternalCompetition,
    ResultsFileInvalid,
    parse_table_points,
    results_archive_import,
    results_file_import,
)
from pin_ranking.models import Competition, CompetitionResult, Ledger, ResultCertificate, ResultsImport
from testing.archives import minimal
from tournaments.models import Player, Tournament

EVENT = ExternalCompetition(name="Paris Open", level="continental", starts_on=dt.date(2026, 3, 1),
                            ends_on=dt.date(2026, 3, 2), sessions=12, place="Paris", players=64,
                            chief_referee="Claire Martin", missing_rows_reason="Only the players with an ID")


def results_sheet():
    """The full results sheet (a scan): these files list a few of the 64 players the class rests on."""
    return SimpleUploadedFile("sheet.pdf", b"%PDF-1.4 results sheet", content_type="application/pdf")


def file_import(**kwargs):
    return results_file_import(**{"results_sheet": results_sheet(), **kwargs})


@pytest.fixture
def known(db):
    Player.objects.create(name="Ana García", federation_id="ES-1", country="ES")
    Player.objects.create(name="Bo Li", name_local="李博", federation_id="CN-7", country="CN")
    Player.objects.create(name="Chiho Sato", federation_id="JP-3", country="JP")


def csv_bytes(*lines):
    return ("\n".join(lines) + "\n").encode()


GOOD = csv_bytes(
    "federation_id,name,country,rank,table_points,contest_points,group_rank,team_rank",
    "ES-1,Ana García,ES,1,41.5,1200,,1",
    "CN-7,李博,CN,2,30,-40,2,",
    "JP-3,chiho  SATO,JP,2,30,-40,,",
)


@pytest.mark.django_db
def test_4_4_a_results_file_imports_every_row_with_certificates(known, committee_member, run_on_commit):
    competition = run_on_commit(lambda: file_import(actor=committee_member, filename="paris.csv", content=GOOD,
                                                    competition=EVENT))
    assert (competition.klass, competition.players, competition.source) == ("B", 64, "results_file")
    ana = CompetitionResult.objects.get(federation_id="ES-1")
    assert (ana.rank, ana.table_points, ana.contest_points, ana.team_rank) == (1, 498, 1200, 1)
    assert ana.certificate.signer_name == "Claire Martin" and ana.certificate.is_signed
    assert ResultsImport.objects.get().status == "done"
    assert Ledger.objects.get(player__federation_id="ES-1", track="pin").pin == 7  # 41.5 TP
    assert Ledger.objects.get(player__federation_id="CN-7", track="pin").contest_points == 0


@pytest.mark.django_db
def test_headers_in_chinese_and_japanese_and_xlsx(known, committee_member):
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.append(["会员号", "姓名", "名次", "标准分", "比赛分"])
    sheet.append(["ES-1", "Ana García", 1, 7.333333, 50])
    out = io.BytesIO()
    book.save(out)
    file_import(actor=committee_member, filename="r.xlsx", content=out.getvalue(), competition=EVENT)
    assert CompetitionResult.objects.get().table_points == 88
    ja = csv_bytes("会員番号,氏名,順位,標準点,素点", "JP-3,Chiho Sato,1,12,10")
    file_import(actor=committee_member, filename="ja.csv", content=ja,
                competition=ExternalCompetition(**{**EVENT.__dict__, "name": "Osaka Open"}))
    assert CompetitionResult.objects.filter(federation_id="JP-3").exists()


@pytest.mark.django_db
def test_every_problem_located_and_nothing_saved(known, committee_member):
    bad = csv_bytes(
        "federation_id,name,rank,table_points,contest_points",
        "ES-1,Ana García,1,41.5,1200",
        "ES-1,Ana García,2,30,10",  # duplicate
        "XX-9,Nobody,3,30,10",  # unknown
        "JP-3,Bo Li,4,30,10",  # another person's name
        "CN-7,Bo Li,0,7.1,1.5",  # bad rank, bad table points, bad contest points
        ",,,,",  # blank row: skipped
        "CN-7,,5,,",  # empty required fields + duplicate
    )
    with pytest.raises(ResultsFileInvalid) as error:
        file_import(actor=committee_member, filename="bad.csv", content=bad, competition=EVENT)
    found = {(p.row, p.column, p.code) for p in error.value.problems}
    # The unknown player (row 4) and the other name (row 5) are not problems: they wait for review once
    # the file is clean (test_review.py).
    assert found == {
        (3, "federation_id", "duplicate"),
        (6, "rank", "not_a_rank"), (6, "table_points", "not_table_points"), (6, "contest_points", "not_contest_points"),
        (8, "name", "required"), (8, "table_points", "required"), (8, "contest_points", "required"),
        (8, "federation_id", "duplicate"),
    }
    assert not Competition.objects.exists() and not CompetitionResult.objects.exists()
    record = ResultsImport.objects.get()
    assert record.status == "failed" and len(record.errors) == len(found)


@pytest.mark.django_db
@pytest.mark.parametrize("content, code", [
    (b"", "empty"), (csv_bytes("federation_id,name,rank"), "empty"),
    (csv_bytes("federation_id,name,rank", "ES-1,Ana García,1"), "missing_column"),
    (b"\x00\x01PK garbage", "unreadable"),
])
def test_unreadable_or_incomplete_files(known, committee_member, content, code):
    with pytest.raises(ResultsFileInvalid) as error:
        file_import(actor=committee_member, filename="x.csv", content=content, competition=EVENT)
    assert {p.code for p in error.value.problems} == {code}


@pytest.mark.django_db
def test_5_an_external_competition_meeting_no_class_is_refused(known, committee_member):
    small = ExternalCompetition(**{**EVENT.__dict__, "players": 30})
    with pytest.raises(ValidationError, match="meets no class"):
        file_import(actor=committee_member, filename="paris.csv", content=GOOD, competition=small)
    assert not Competition.objects.exists()


@pytest.mark.django_db
def test_7_2_the_chief_referee_must_be_named(known, committee_member):
    unsigned = ExternalCompetition(**{**EVENT.__dict__, "chief_referee": " "})
    with pytest.raises(ValidationError, match="chief referee"):
        file_import(actor=committee_member, filename="paris.csv", content=GOOD, competition=unsigned)


def test_table_points_in_twelfths():
    assert parse_table_points("41.5") == 498
    assert parse_table_points("7.333333") == 88
    assert parse_table_points("7,25") == 87
    assert parse_table_points("0") == 0
    for bad in ("7.1", "-1", "abc", "nan", "inf"):
        assert parse_table_points(bad) is None


@pytest.mark.django_db
def test_an_unfinished_archive_is_refused_and_nothing_is_saved(committee_member):
    with pytest.raises(ValidationError, match="not finished"):
        results_archive_import(actor=committee_member, data=minimal(), level="national")
    assert not Tournament.objects.exists() and not Competition.objects.exists()


@pytest.mark.django_db
def test_only_the_committee_imports(known, organizer):
    from tournaments.errors import NotFound

    with pytest.raises(NotFound):
        file_import(actor=organizer, filename="paris.csv", content=GOOD, competition=EVENT)
    assert not ResultCertificate.objects.exists()


@pytest.mark.django_db
def test_a_finished_archive_with_penalties_is_imported_and_registered_in_one_transaction(committee_member):
    """The archive's penalties lock score sheets and the registration locks the tournament: the import
    takes the new tournament first, in the order of tournaments/locks.py (LOCK_ORDER_CHECK is on in the tests)."""
    from django.conf import settings

    from testing.archives import finished

    assert settings.LOCK_ORDER_CHECK
    data = finished(penalties={(1, 1): [{"foul": "false_win", "offender": "1", "hand": 1}]})
    competition = results_archive_import(actor=committee_member, data=data, level="national")
    assert competition.source == Competition.Source.ARCHIVE and competition.players == 40
    assert competition.results.count() == 40
