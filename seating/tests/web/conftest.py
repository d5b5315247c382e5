import pytest

from tournaments.models import Player, Registration, Team

COUNTRIES = ["CN", "JP", "DK", "FR", "NL", "DE", "HK", "US", "AT", "CZ", "SE", "IT"]


@pytest.fixture
def field48(tournament):
    """48 players in 12 teams of 4; each team mixes four countries (12 countries of 4 players)."""
    teams = [Team.objects.create(tournament=tournament, name=f"Team {n}") for n in range(1, 13)]
    registrations = []
    for index in range(48):
        team = index // 4
        country = COUNTRIES[(team + 3 * (index % 4)) % 12]
        name_local = "张伟" if index == 0 else ""
        player = Player.objects.create(name=f"Player {index + 1}", name_local=name_local, country=country)
        registrations.append(
            Registration.objects.create(tournament=tournament, player=player, entry_number=index + 1, team=teams[team])
        )
    return registrations
