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
    assert ids == sorted(ids) and "" not in ids and len(ids) == 82  # the player without an ID is left out
    ana = data[ids.index("ES-1")]
    assert ana == {"federation_id": "ES-1", "name": "Ana García", "competitions": 1, "table_points": 200,
                   "contest_points": 5200, "pin": 1, "web_pin": None}
    bo = data[ids.index("CN-7")]
    assert bo["table_points"] == 41.5 and bo["contest_points"] == 0 and bo["pin"] == 7
    assert isinstance(bo["table_points"], float) and isinstance(ana["table_points"], int)
    extra = data[ids.index(next(i for i in ids if i.startswith("T")))]
    assert extra["pin"] is None and extra["table_points"] == 0


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
