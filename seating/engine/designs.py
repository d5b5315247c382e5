"""Catalogue of repeat-free starting schedules ("designs") for N players.

A design is a list of sessions on the points 0..N-1 in which no two points
share a table twice, plus optional "groups": sets of points that never share
a table at all (used to keep countries or teams apart, 3.5.1).  The chart
builder tries every design that fits, maps the players onto its points and
keeps the best; local search (annealing.py) then repairs whatever a design
cannot give (more sessions than the design has, or unusual avoid keys).
"""

from dataclasses import dataclass
from dataclasses import field as dataclass_field

from .affine import affine_classes, affine_dimension
from .rotational import FAMILIES, develop
from .rotational_data import BASE_CLASSES
from .stored_designs import STORED_DESIGNS
from .transversal import split_groups_session, transversal_classes, transversal_groups


@dataclass
class Design:
    name: str
    sessions: list            # sessions -> tables -> 4-tuples of points
    groups: list = dataclass_field(default_factory=list)  # points that never meet


def rotational_design(player_count):
    for family_name, by_m in BASE_CLASSES.items():
        family = FAMILIES[family_name]
        for m, base in by_m.items():
            if family.players(m) == player_count:
                groups = _rotational_groups(family_name, m)
                return Design(f"1-rotational {family_name} over Z_{m}", develop(base, m), groups)
    return None


def _rotational_groups(family_name, m):
    infinities = list(range(3 * m, 3 * m + FAMILIES[family_name].infinities))
    if family_name == "missing2":
        half = m // 2
        return [[c * m + x, c * m + x + half] for c in range(3) for x in range(half)] + [infinities]
    if family_name == "missing3":
        return [[x, m + x, 2 * m + x] for x in range(m)] + [infinities]
    return []


def candidate_designs(player_count, session_count):
    """Designs for `player_count` points, each with at least one session."""
    found = []
    dimension = affine_dimension(player_count)
    if dimension is not None:
        found.append(Design(f"affine geometry AG({dimension}, 4)", affine_classes(dimension)))
    rotational = rotational_design(player_count)
    if rotational is not None:
        found.append(rotational)
    group_size = player_count // 4
    # One spare session beyond the need lets session 0 carry teams of 4.
    transversal = transversal_classes(group_size, session_count + 1)
    found.append(
        Design(
            f"transversal design, 4 groups of {group_size}",
            transversal,
            transversal_groups(group_size),
        )
    )
    split = split_groups_session(group_size)
    if split is not None and len(transversal) <= session_count:
        # Too few sessions otherwise: also play the groups cut into tables
        # (the groups then no longer keep anyone apart).
        found.append(
            Design(f"transversal design, 4 groups of {group_size}, plus groups as tables", transversal + [split])
        )
    if player_count in STORED_DESIGNS:
        # Last, so that designs listed earlier keep winning ties (e.g. 32 x 9).
        name, sessions, groups = STORED_DESIGNS[player_count]
        found.append(Design(name, [list(tables) for tables in sessions], [list(g) for g in groups]))
    return found
