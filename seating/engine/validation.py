"""Checks on the inputs of the public functions, with messages that say what to fix."""

from collections import Counter
from collections.abc import Mapping

TABLE_SIZE = 4  # 3.5.2: four players per table


def substitutes_needed(player_count):
    return (-player_count) % TABLE_SIZE


def check_players(players):
    players = list(players)
    duplicates = sorted((repr(p) for p, n in Counter(players).items() if n > 1))
    if duplicates:
        raise ValueError(
            "each player must appear once; remove the duplicates: " + ", ".join(duplicates)
        )
    if not players:
        raise ValueError("no players given; a chart needs at least one table of 4 players")
    missing = substitutes_needed(len(players))
    if missing:
        raise ValueError(
            f"{len(players)} players cannot fill tables of 4: add {missing} "
            f"substitute{'s' if missing > 1 else ''} to reach {len(players) + missing} players"
        )
    return players


def check_sessions(sessions):
    if isinstance(sessions, bool) or not isinstance(sessions, int):
        raise ValueError(f"sessions must be a whole number >= 1, got {sessions!r}")
    if sessions < 1:
        raise ValueError(f"sessions must be at least 1, got {sessions}")
    return sessions


def check_avoid(avoid, players):
    """Return {player: key} restricted to keyed players (None keys are ignored)."""
    if avoid is None:
        return {}
    if not isinstance(avoid, Mapping):
        raise ValueError("avoid must be a mapping {player: team or country key}")
    known = set(players)
    unknown = [p for p in avoid if p not in known]
    if unknown:
        raise ValueError(
            "avoid names players who are not in the player list; remove them or add them as players: "
            + ", ".join(sorted(repr(p) for p in unknown))
        )
    return {p: key for p, key in avoid.items() if key is not None}
