"""Put the players (0..N-1) on the points of a design, keeping avoid keys apart.

Three ways, tried in this order; the first two keep same-key players apart
by construction, the third is a greedy best effort that local search repairs:

1. Groups: pack each key's players into one group of the design (points of a
   group never share a table), e.g. four countries of 36 into the four
   groups of a transversal design for 144 players (3.5.1).
2. Spare session: pack keys of at most 4 players (teams) into the tables of
   one session of the design and do not play that session; teammates then
   "have already met" there, so the design never seats them together again.
3. Greedy: place the largest keys first, each player on the free point that
   meets the fewest already placed players of its key; then swap players
   between points while that lowers the number of same-key pairs the design
   seats together (the design itself, and so its repeat-freeness, is kept).
"""

from collections import defaultdict


def _pack(key_sizes, capacities):
    """Largest keys first, each into the emptiest bin; {key: bin} or None."""
    room = list(capacities)
    chosen = {}
    for key, size in sorted(key_sizes.items(), key=lambda item: -item[1]):
        # The emptiest bin keeps room for the remaining large keys.
        best = max(range(len(room)), key=lambda b: room[b])
        if room[best] < size:
            return None
        room[best] -= size
        chosen[key] = best
    return chosen


def _members_by_key(keys):
    members = defaultdict(list)
    for player, key in enumerate(keys):
        if key is not None:
            members[key].append(player)
    return members


def _fill_bins(bins, members, assignment, player_count, rng):
    """Map points to players: key members into their bin, the rest anywhere."""
    point_to_player = [None] * player_count
    free_points = {b: list(points) for b, points in enumerate(bins)}
    for points in free_points.values():
        rng.shuffle(points)
    for key, players in members.items():
        points = free_points[assignment[key]]
        for player in players:
            point_to_player[points.pop()] = player
    keyed = {p for players in members.values() for p in players}
    loose = [p for p in range(player_count) if p not in keyed]
    rng.shuffle(loose)
    for point in range(player_count):
        if point_to_player[point] is None:
            point_to_player[point] = loose.pop()
    return point_to_player


def _cycled(sessions, count):
    return [sessions[i % len(sessions)] for i in range(count)]


UNTANGLE_STEPS = 20_000
UNTANGLE_PATIENCE = 1_500  # steps without fewer clashes before giving up


def _untangle(point_to_player, partners, keys, rng):
    """Swap players between points to seat fewer same-key pairs together."""
    n = len(point_to_player)
    point_of = [0] * n
    for point, player in enumerate(point_to_player):
        point_of[player] = point
    mates = {}
    for player, key in enumerate(keys):
        if key is not None:
            mates.setdefault(key, []).append(player)

    def clashes(player, point, ignore):
        key = keys[player]
        if key is None:
            return 0
        return sum(
            1 for mate in mates[key]
            if mate != player and mate != ignore and point_of[mate] in partners[point]
        )

    troubled = [p for p in range(n) if clashes(p, point_of[p], None)]
    last_gain = 0
    for step in range(UNTANGLE_STEPS):
        if not troubled or step - last_gain > UNTANGLE_PATIENCE:
            break
        p = troubled[rng.randrange(len(troubled))]
        if not clashes(p, point_of[p], None):
            troubled.remove(p)
            continue
        q = rng.randrange(n)
        if q == p or keys[q] == keys[p]:
            continue
        x, y = point_of[p], point_of[q]
        before = clashes(p, x, q) + clashes(q, y, p)
        after = clashes(p, y, q) + clashes(q, x, p)
        if after <= before:
            if after < before:
                last_gain = step
            point_of[p], point_of[q] = y, x
            point_to_player[x], point_to_player[y] = q, p
            if clashes(q, x, None) and q not in troubled:
                troubled.append(q)
    return point_to_player


def _greedy(sessions, members, keys, player_count, rng):
    partners = [set() for _ in range(player_count)]
    for tables in sessions:
        for table in tables:
            for point in table:
                partners[point].update(table)
                partners[point].discard(point)
    point_to_player = [None] * player_count
    for key in sorted(members, key=lambda k: -len(members[k])):
        placed = []
        for player in members[key]:
            free = [p for p in range(player_count) if point_to_player[p] is None]
            rng.shuffle(free)
            point = min(free, key=lambda p: sum(1 for q in placed if q in partners[p]))
            point_to_player[point] = player
            placed.append(point)
    keyed = {p for players in members.values() for p in players}
    loose = [p for p in range(player_count) if p not in keyed]
    rng.shuffle(loose)
    for point in range(player_count):
        if point_to_player[point] is None:
            point_to_player[point] = loose.pop()
    return _untangle(point_to_player, partners, keys, rng)


def placements(design, player_count, session_count, keys, rng):
    """Yield (sessions of player tables, method) for every way that applies.

    The caller keeps the cheapest: e.g. packing countries into the groups of
    a design with too few sessions can lose to a greedy placement on a
    design with enough sessions.
    """
    sessions = list(design.sessions)
    rng.shuffle(sessions)
    members = _members_by_key(keys)
    key_sizes = {key: len(players) for key, players in members.items()}

    def seat(point_to_player, played):
        return [[[point_to_player[p] for p in table] for table in tables] for tables in played]

    if not members:
        point_to_player = list(range(player_count))
        rng.shuffle(point_to_player)
        yield seat(point_to_player, _cycled(sessions, session_count)), "no avoid keys"
        return
    packed = False
    if design.groups:
        assignment = _pack(key_sizes, [len(g) for g in design.groups])
        if assignment is not None:
            packed = True
            point_to_player = _fill_bins(design.groups, members, assignment, player_count, rng)
            yield seat(point_to_player, _cycled(sessions, session_count)), "keys packed into design groups"
    if len(sessions) > session_count and max(key_sizes.values()) <= 4:
        spare, rest = sessions[0], sessions[1:]
        assignment = _pack(key_sizes, [4] * len(spare))
        if assignment is not None:
            packed = True
            point_to_player = _fill_bins(spare, members, assignment, player_count, rng)
            yield seat(point_to_player, rest[:session_count]), "keys packed into a spare session"
    if not packed or len(sessions) < session_count:
        played = _cycled(sessions, session_count)
        point_to_player = _greedy(played, members, keys, player_count, rng)
        yield seat(point_to_player, played), "greedy placement of keys"
