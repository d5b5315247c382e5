"""The core itself: tournaments, players, teams, registrations, staff roles."""
