import pytest
from django.core.management import call_command

from config.demo.seed import DEMO_NAME, ELEMENTARY_DEMO_NAME
from tournaments.models import Membership, Registration, Team, Tournament


@pytest.mark.django_db
def test_demo_tournament_is_realistic_and_idempotent(capsys):
    call_command("seed_demo")
    seeded = Tournament.objects.count()  # the demo, the beginners' event, the Pin committee's past competitions
    call_command("seed_demo")
    assert Tournament.objects.count() == seeded

    tournament = Tournament.objects.get(name=DEMO_NAME)
    beginners = Tournament.objects.get(name=ELEMENTARY_DEMO_NAME)
    assert beginners.rule_set == "elementary" and beginners.registrations.count() == 8
    first_elementary = beginners.sessions.get(number=1)
    assert set(first_elementary.sheets.values_list("status", flat=True)) == {"locked"}
    assert beginners.sessions.get(number=2).status == "running"
    assert tournament.status == "running"  # its session 2 runs: the status follows the day (issue 13)
    assert tournament.sessions.count() == 6
    assert Registration.objects.filter(tournament=tournament).count() == 48
    assert tournament.tables.count() == 12
    teams = Team.objects.filter(tournament=tournament)
    assert teams.count() == 12
    assert all(team.members.count() == 4 and team.leader is not None for team in teams)
    countries = set(Registration.objects.values_list("player__country", flat=True))
    assert len(countries) >= 6
    roles = set(Membership.objects.filter(tournament=tournament).values_list("role", flat=True))
    assert roles == {"organizer", "chief_referee", "referee", "arbitrator", "team_leader"}
    # Session 1 is played and signed, session 2 is under way, and the standings show it.
    first, second = tournament.sessions.order_by("number")[:2]
    assert first.status == "finished" and set(first.sheets.values_list("status", flat=True)) == {"locked"}
    assert all(sheet.hands.count() == 16 for sheet in first.sheets.all())
    assert second.status == "running" and all(sheet.hands.count() == 5 for sheet in second.sheets.all())
    from tournaments.models import SeatAssignment

    assert SeatAssignment.objects.filter(session__tournament=tournament).count() == 6 * 48
    snapshot = tournament.standings_snapshots.order_by("-version").first()
    assert sum(row["table_points"] for row in snapshot.data["individuals"]) == 12 * 7 * 12
    assert sum(row["contest_points"] for row in snapshot.data["individuals"]) == 0
    output = capsys.readouterr().out
    assert "organizer" in output and "mahjong-demo" in output


@pytest.mark.django_db
def test_demo_pin_committee_and_ledgers_at_several_levels(capsys):
    from pin_ranking.access import is_committee_member
    from pin_ranking.models import Competition, Ledger
    from tournaments.models import Player

    call_command("seed_demo")
    call_command("seed_demo")  # idempotent
    from django.contrib.auth import get_user_model

    assert is_committee_member(get_user_model().objects.get(username="pin"))
    assert sorted(Competition.objects.values_list("klass", flat=True)) == ["A", "A", "B", "B", "B", "C", "C"]
    pins = {fid: Ledger.objects.get(player__federation_id=fid, track=track).pin
            for fid, track in (("DEMO-001", "pin"), ("DEMO-009", "pin"), ("DEMO-002", "pin"), ("DEMO-005", "pin"),
                               ("DEMO-010", "web_pin"))}
    assert pins == {"DEMO-001": 5, "DEMO-009": 3, "DEMO-002": 7, "DEMO-005": 9, "DEMO-010": 5}
    wang = Ledger.objects.get(player__federation_id="DEMO-001", track="pin")
    assert wang.data["missing"] == {"pin": 4, "points": 0, "contest_points": 120, "placing": None}
    assert Player.objects.get(federation_id="DEMO-001").user.username == "player"
    assert len({one.pin for one in Ledger.objects.filter(track="pin")}) >= 4


@pytest.mark.django_db
def test_seed_demo_refuses_when_demo_data_is_not_allowed(settings):
    from django.contrib.auth import get_user_model
    from django.core.management.base import CommandError

    settings.DEMO_DATA_ALLOWED = False
    with pytest.raises(CommandError, match="Refusing to create the demo data"):
        call_command("seed_demo")
    assert not get_user_model().objects.exists() and not Tournament.objects.exists()


def test_seed_demo_refuses_under_production_settings(tmp_path):
    """The command as an operator would run it on the server: production settings, a fresh database."""
    import os
    import pathlib
    import subprocess
    import sys

    root = pathlib.Path(__file__).resolve().parents[2]
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "DJANGO_SECRET_KEY": "x" * 50,
        "DJANGO_ALLOWED_HOSTS": "example.org",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'live.sqlite3'}",
    }
    refused = subprocess.run([sys.executable, "manage.py", "seed_demo"], cwd=root, env=env,
                             capture_output=True, text=True, timeout=120)
    assert refused.returncode != 0
    assert "Refusing to create the demo data" in refused.stderr and "admin" not in refused.stdout
    assert not (tmp_path / "live.sqlite3").exists() or (tmp_path / "live.sqlite3").stat().st_size == 0
