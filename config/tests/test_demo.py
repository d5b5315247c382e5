import pytest
from django.core.management import call_command

from tournaments.models import Membership, Registration, Team, Tournament


@pytest.mark.django_db
def test_demo_tournament_is_realistic_and_idempotent(capsys):
    call_command("seed_demo")
    call_command("seed_demo")
    tournament = Tournament.objects.get()
    assert tournament.status == "running"  # its session 2 runs: the status follows the day (issue 13)
    assert tournament.sessions.count() == 6
    assert Registration.objects.filter(tournament=tournament).count() == 48
    assert tournament.tables.count() == 12
    teams = Team.objects.filter(tournament=tournament)
    assert teams.count() == 12
    assert all(team.members.count() == 4 and team.leader is not None for team in teams)
    countries = set(Registration.objects.values_list("player__country", flat=True))
    assert len(countries) >= 6
    roles = set(Membership.objects.values_list("role", flat=True))
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
