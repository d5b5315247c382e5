"""Starting seats (winds) for every table of the chart, balanced per player.

Think of a bipartite graph: players on one side, (session, table) pairs on
the other, an edge for each seat.  We colour the edges East/South/West/North
so that every table gets each wind once and every player gets each wind
floor(S/4) or ceil(S/4) times; such a colouring always exists (de Werra's
equitable edge colouring of bipartite graphs).  It is built by two rounds of
halving: an Euler circuit through the graph, coloured alternately, splits
every vertex's edges into two halves differing by at most one ({E,S} vs
{W,N}, then E vs S and W vs N).  Tables have 4 (then 2) edges, so they split
exactly.
"""


def _halve(edges, vertex_count, rng):
    """Split edge ids into two lists, every vertex balanced within one.

    `edges` maps edge id -> (u, v).  Odd-degree vertices are joined to an
    extra vertex; each Euler circuit starts there when it can, so only the
    extra vertex can end unbalanced.  Circuits avoiding it lie in the
    bipartite graph and have even length, so alternating colours close up.
    """
    dummy = vertex_count
    adjacency = [[] for _ in range(vertex_count + 1)]
    ends = {}
    for edge_id, (u, v) in edges.items():
        ends[edge_id] = (u, v)
        adjacency[u].append(edge_id)
        adjacency[v].append(edge_id)
    fake = 0
    for vertex in range(vertex_count):
        if len(adjacency[vertex]) % 2:
            fake -= 1
            ends[fake] = (vertex, dummy)
            adjacency[vertex].append(fake)
            adjacency[dummy].append(fake)
    for neighbours in adjacency:
        rng.shuffle(neighbours)
    used = set()
    pointer = [0] * (vertex_count + 1)
    halves = ([], [])
    starts = [dummy] + list(range(vertex_count))
    for start in starts:
        if pointer[start] >= len(adjacency[start]):
            continue
        # Hierholzer: the circuit is the reverse pop order of the edge stack.
        circuit = []
        stack = [(start, None)]
        while stack:
            vertex, via = stack[-1]
            neighbours = adjacency[vertex]
            while pointer[vertex] < len(neighbours) and neighbours[pointer[vertex]] in used:
                pointer[vertex] += 1
            if pointer[vertex] < len(neighbours):
                edge_id = neighbours[pointer[vertex]]
                used.add(edge_id)
                u, v = ends[edge_id]
                stack.append((v if u == vertex else u, edge_id))
            else:
                stack.pop()
                if via is not None:
                    circuit.append(via)
        for position, edge_id in enumerate(circuit):
            if edge_id >= 0:
                halves[position % 2].append(edge_id)
    return halves


def balance_winds(chart, player_count, rng):
    """Reorder every table of `chart` (lists of player indices) as (E, S, W, N)."""
    table_count = player_count // 4
    edges = {}
    seat_edges = []
    for s, tables in enumerate(chart):
        for t, table in enumerate(tables):
            table_vertex = player_count + s * table_count + t
            for player in table:
                edge_id = len(seat_edges)
                seat_edges.append((s, t, player))
                edges[edge_id] = (player, table_vertex)
    vertex_count = player_count + len(chart) * table_count
    wind_of = {}
    first, second = _halve(edges, vertex_count, rng)
    for half, winds in ((first, (0, 1)), (second, (2, 3))):
        a, b = _halve({e: edges[e] for e in half}, vertex_count, rng)
        for edge_id in a:
            wind_of[edge_id] = winds[0]
        for edge_id in b:
            wind_of[edge_id] = winds[1]
    for s, tables in enumerate(chart):
        for t in range(len(tables)):
            tables[t] = [None] * 4
    for edge_id, (s, t, player) in enumerate(seat_edges):
        chart[s][t][wind_of[edge_id]] = player
    return chart
