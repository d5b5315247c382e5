import pytest
from django.core.management import call_command

from tournaments.models import Membership, Registration, Team, Tournament


@pytest.mark.django_db
def test_demo_tournament_is_realistic_and_idempotent(capsys):
    call_command("seed_demo")
    call_command("seed_demo")
    from config.demo.seed import DEMO_NAME, ELEMENTARY_DEMO_NAME

    tournament = Tournament.objects.get(name=DEMO_NAME)
    assert Tournament.objects.count() == 2
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
