import pytest
from django.core.management import call_command

from tournaments.models import Membership, Registration, Team, Tournament


@pytest.mark.django_db
def test_demo_tournament_is_realistic_and_idempotent(capsys):
    call_command("seed_demo")
    call_command("seed_demo")
    tournament = Tournament.objects.get()
    assert tournament.status == "published"
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
    output = capsys.readouterr().out
    assert "organizer" in output and "mahjong-demo" in output
