"""pin_register and export_pin_ledger, with the names and outputs the issue gives."""

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from pin_ranking.models import Competition, Ledger
from pin_ranking.testing import finished_tournament
from tournaments.models import AuditEvent, Player, Tournament

TP = 12


def run(*args):
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


@pytest.fixture
def world(db):
    rows = [
        {"fid": "ES-1", "name": "Ana García", "tp": 200 * TP, "cp": 5200, "team": "Madrid"},
        {"fid": "CN-7", "name": "Bo Li", "tp": 41 * TP + 6, "cp": -300, "team": "Madrid"},
        {"fid": "", "name": "No ID", "tp": 60 * TP, "cp": 900},
    ]
    return finished_tournament(name="World Championship", rows=rows, extra_players=80)


@pytest.mark.django_db
def test_pin_register_by_name_then_export(world):
    out = run("pin_register", "World Championship", "--level", "world")
    assert "class A" in out and "83 player(s)" in out and "8 session(s)" in out
    competition = Competition.objects.get()
    assert competition.klass == "A" and competition.registered_by is None
    event = AuditEvent.objects.get(action="pin.competition_registered")
    assert event.actor is None and event.detail["class"] == "A"
    assert Ledger.objects.filter(track="pin").count() == 83  # recomputed before the command returned
    data = json.loads(run("export_pin_ledger", "--format", "json"))
    ids = [row["federation_id"] for row in data]
    # Those with a federation ID first, in its order; the player without one last (not left out).
    assert ids[:-1] == sorted(ids[:-1]) and ids[-1] == "" and len(ids) == 83 and data[-1]["name"] == "No ID"
    ana = data[ids.index("ES-1")]
    assert ana == {"federation_id": "ES-1", "name": "Ana García", "competitions": 1, "table_points": 200,
                   "contest_points": 5200, "pin": 1, "web_pin": None, "player": ana["player"], "country": "CN",
                   "results": [{"track": "pin", "competition": "World Championship", "level": "world", "class": "A",
                                "starts_on": "2026-05-01", "rank": 1, "table_points": 200, "contest_points": 5200}]}
    bo = data[ids.index("CN-7")]
    assert bo["table_points"] == 41.5 and bo["contest_points"] == 0 and bo["pin"] == 7
    assert isinstance(bo["table_points"], float) and isinstance(ana["table_points"], int)
    extra = data[ids.index(next(i for i in ids if i.startswith("T")))]
    assert extra["pin"] is None and extra["table_points"] == 0


@pytest.mark.django_db
def test_export_pin_ledger_as_csv_and_xlsx_with_country_and_per_competition_rows(world, tmp_path):
    run("pin_register", "World Championship", "--level", "world")
    run("export_pin_ledger", "--format", "csv", "--output", str(tmp_path / "ledger.csv"))
    text = (tmp_path / "ledger.csv").read_bytes().decode("utf-8-sig").splitlines()
    assert text[0] == ("federation_id,name,country,track,competition,level,class,starts_on,rank,table_points,"
                       "contest_points,player")
    assert any(line.startswith("ES-1,Ana García,CN,pin,World Championship,world,A,2026-05-01,1,200,5200,")
               for line in text)
    run("export_pin_ledger", "--format", "xlsx", "--output", str(tmp_path / "ledger.xlsx"))
    from openpyxl import load_workbook

    book = load_workbook(tmp_path / "ledger.xlsx")
    assert book.sheetnames == ["Ledger", "Results", "Register"]
    header = [c.value for c in book["Ledger"][1]]
    ana = next(row for row in book["Ledger"].iter_rows(values_only=True) if row[0] == "ES-1")
    assert dict(zip(header, ana))["country"] == "CN" and dict(zip(header, ana))["pin"] == 1
    register = run("export_pin_ledger", "--register", "--format", "json")
    assert json.loads(register) == []


@pytest.mark.django_db
def test_pin_register_by_id_and_refusals(world):
    with pytest.raises(CommandError, match="No tournament"):
        run("pin_register", "Nope", "--level", "world")
    with pytest.raises(CommandError):
        run("pin_register", str(world.pk), "--level", "galactic")
    run("pin_register", str(world.pk), "--level", "national")
    assert Competition.objects.get().klass == "B"
    with pytest.raises(CommandError, match="already registered"):
        run("pin_register", str(world.pk), "--level", "national")
    Tournament.objects.filter(pk=world.pk).update(status=Tournament.Status.RUNNING)
    from pin_ranking.register.services import competition_unregister

    competition_unregister(actor=None, competition=Competition.objects.get(), reason="wrong level")
    with pytest.raises(CommandError, match="not finished"):
        run("pin_register", str(world.pk), "--level", "national")


@pytest.mark.django_db
def test_pin_register_a_real_tournament_too_small_for_any_class(played, tournament):
    from tournaments.models import Tournament as T

    T.objects.filter(pk=tournament.pk).update(status=T.Status.FINISHED)
    with pytest.raises(CommandError, match="meets no class"):
        run("pin_register", tournament.name, "--level", "world")
    assert not Competition.objects.exists()


@pytest.mark.django_db
def test_export_is_an_empty_list_without_registrations(db):
    Player.objects.create(name="Nobody", federation_id="X-1")
    assert json.loads(run("export_pin_ledger", "--format", "json")) == []


@pytest.mark.django_db
def test_export_counts_both_tracks_and_web_pin(world, db):
    web = finished_tournament(name="Web League", rows=[{"fid": "CN-7", "name": "Bo Li", "tp": 0, "cp": 16000}],
                              extra_players=50, fid_prefix="W", sessions=6)
    run("pin_register", "World Championship", "--level", "world")
    run("pin_register", str(web.pk), "--level", "web")
    data = {row["federation_id"]: row for row in json.loads(run("export_pin_ledger"))}
    bo = data["CN-7"]
    assert bo["competitions"] == 2 and bo["web_pin"] == 5 and bo["pin"] == 7 and bo["contest_points"] == 0
