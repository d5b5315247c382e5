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
