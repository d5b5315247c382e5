"""A minimal tournament archive (docs/archive.md) and ways to vary it, for the import tests."""

import copy

from testing.scenarios import CHICKEN

MINIMAL = {
    "format": "mcr-tournament-archive/1",
    "tournament": {"name": "Demo Open", "rules": "green_book", "sessions": 6},
    "teams": [{"name": "Madrid", "leader": "12"}],
    "players": [
        {"entry": "12", "name": "Ana García", "country": "ES", "team": "Madrid"},
        {"entry": "7", "name": "Bo Li", "country": "CN"},
        {"entry": "33", "name": "Chiho Sato", "country": "JP"},
        {"entry": "41", "name": "Dan Weber", "country": "DE"},
    ],
    "sessions": [
        {
            "number": 1,
            "tables": [
                {
                    "number": 1,
                    "seats": ["12", "7", "33", "41"],
                    "hands": [
                        {
                            "number": 1, "result": "win", "winner": "7", "discarder": "33", "tiles": CHICKEN,
                            "flowers": 0, "last_of_kind": False, "last_wall_tile": False,
                            "kong_replacement": False, "robbing_kong": False,
                        },
                        {"number": 2, "result": "draw"},
                    ],
                }
            ],
        }
    ],
}


def minimal(**changes):
    """A copy of MINIMAL with `changes`: a path of keys and list positions joined by `__`
    (`players__3__entry="41a"`) to a new value, or DELETE to drop the key."""
    data = copy.deepcopy(MINIMAL)
    for path, value in changes.items():
        target = data
        keys = path.split("__")
        for key in keys[:-1]:
            target = target[int(key)] if isinstance(target, list) else target[key]
        last = keys[-1]
        if isinstance(target, list):
            target[int(last)] = value
        elif value is DELETE:
            del target[last]
        else:
            target[last] = value
    return data


DELETE = object()


def renamed(data, name):
    """A copy of the archive `data` under another tournament name (names are unique)."""
    data = copy.deepcopy(data)
    data["tournament"]["name"] = name
    return data


def finished(*, players: int = 40, sessions: int = 6, penalties: dict | None = None):
    """A finished tournament's archive: `players` (a multiple of four, entries 1…) at `players // 4`
    tables in each of `sessions` planned and played sessions, one drawn hand a table. `penalties`:
    {(session, table): [items]} (docs/archive.md, "Penalties per table")."""
    countries = ["CN", "JP", "KR", "DE", "ES"]
    entries = [str(number) for number in range(1, players + 1)]
    data = {
        "format": MINIMAL["format"],
        "tournament": {"name": "Finished Open", "rules": "green_book", "sessions": sessions},
        "players": [{"entry": entry, "name": f"Player {entry}", "country": countries[int(entry) % 5],
                     "federation_id": f"FIN-{entry}"} for entry in entries],
        "sessions": [],
    }
    for session in range(1, sessions + 1):
        shift = [entries[(index * session) % players] for index in range(players)] if players % session else entries
        order = list(dict.fromkeys(shift + entries))
        tables = []
        for table in range(1, players // 4 + 1):
            item = {"number": table, "seats": order[(table - 1) * 4:table * 4],
                    "hands": [{"number": 1, "result": "draw"}]}
            if penalties and (session, table) in penalties:
                item["penalties"] = penalties[(session, table)]
            tables.append(item)
        data["sessions"].append({"number": session, "tables": tables})
    return data
