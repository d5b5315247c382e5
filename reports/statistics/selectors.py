"""Statistics from the recorded hands (issue 17), per tournament and per player.

What is counted: the hands of SIGNED score sheets only (status locked), the same sheets the standings
count, so the statistics are public where the standings are and never show a hand still being
entered. A corrected hand (3.9.1.4, an upheld appeal or an objection made before signing) is
changed in place (`hand_correct`), so it counts once, as corrected. Fouls come from the seam
`tournaments.extensions.foul_records` (the penalties app): cancelled penalties are left out there,
and only fouls on signed sheets are counted here, like the hands.

Per player (the player who held the seat: a substitute's hands are the substitute's):
- hands played: every hand (win or draw, 荒牌) of the sheets where they sat;
- wins (和牌), self-drawn wins (自摸和), deal-ins (点炮: their discard was won on), draws;
- average points of a win: the mean of the winning hands' value (fan points + flowers, Hand.total);
- biggest hand, chicken hands (fan 43 无番和, Chicken Hand, fan_table.csv), false wins (错和/诈和,
  3.11.6.6) and other fouls.

Ties: lists sorted by a figure give equal figures the same rank (1, 1, 3) and a cut keeps everyone
tied at its edge. A disqualified player (停赛, 3.11.4) keeps the hands they played, marked; a player
whose rank was cancelled (3.11.5) too, marked: the hands were played.
"""

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from django.utils.translation import get_language

from scoring.engine.fans import FAN_BY_NUMBER
from tournaments import extensions
from tournaments.models import Hand, Registration, ScoreSheet, SeatAssignment, Tournament

CHICKEN_HAND = 43  # 无番和 (fan_table.csv row 43)
BIGGEST_HANDS = 10
EXPECTED_FANS_FILE = Path(__file__).with_name("expected_fans.json")


def fan_label(number: int, language: str | None = None) -> str:
    fan = FAN_BY_NUMBER.get(number)
    if fan is None:
        return str(number)
    language = language or get_language() or "en"
    name = fan.name_zh if language.startswith("zh") else fan.name_ja if language.startswith("ja") else fan.name_en
    return f"{name} ({fan.points})"


def fan_labels(fans: list) -> list[str]:
    """A hand's fans as "Name (points)", with "×n" for a fan counted more than once."""
    return [fan_label(row["number"]) + (f" ×{row['count']}" if row.get("count", 1) > 1 else "") for row in fans]


@cache
def expected_fans() -> dict:
    """The expected share of winning hands scoring each fan, and where it comes from (a simulation:
    tools/fan_rarity/simulate.py; the model is in its "provenance")."""
    data = json.loads(EXPECTED_FANS_FILE.read_text())
    return {
        "provenance": data["provenance"],
        "frequencies": {int(number): share for number, share in data["frequencies"].items()},
    }


@dataclass
class HandRow:
    sheet_id: int
    session: int
    table: int
    number: int
    result: str
    winner: int | None  # starting seat
    discarder: int | None
    total: int
    fans: list
    tiles: str
    verified: bool
    players: list  # the four registration ids, East South West North (starting seats)

    @property
    def self_drawn(self) -> bool:
        return self.result == Hand.Result.WIN and self.discarder is None

    @property
    def winner_id(self) -> int | None:
        return self.players[self.winner] if self.winner is not None else None

    @property
    def discarder_id(self) -> int | None:
        return self.players[self.discarder] if self.discarder is not None else None

    def has_fan(self, number: int) -> bool:
        return any(row["number"] == number for row in self.fans)


@dataclass
class PlayerFigures:
    registration_id: int
    entry: int
    name: str
    name_local: str
    hands: int = 0
    wins: int = 0
    self_drawn: int = 0
    deal_ins: int = 0
    draws: int = 0
    win_points: int = 0
    biggest: int = 0
    chicken: int = 0
    false_wins: int = 0
    fouls: int = 0
    disqualified: bool = False
    rank_cancelled: bool = False
    foul_list: list = field(default_factory=list)

    @property
    def average_win(self) -> float | None:
        return round(self.win_points / self.wins, 1) if self.wins else None


@dataclass
class TournamentStatistics:
    hands: list[HandRow]
    players: dict[int, PlayerFigures]  # by registration id
    fouls: list  # FoulRecord on signed sheets

    def by_entry(self, entry: int) -> PlayerFigures | None:
        return next((p for p in self.players.values() if p.entry == entry), None)


def statistics_compute(*, tournament: Tournament) -> TournamentStatistics:
    """Four queries (sheets, seats, hands, registrations) and the foul providers' own."""
    sheets = {
        row["id"]: row
        for row in ScoreSheet.objects.filter(session__tournament=tournament, status=ScoreSheet.Status.LOCKED).values(
            "id", "session_id", "table_id", "session__number", "table__number"
        )
    }
    seats: dict[tuple[int, int], list] = {}
    for row in SeatAssignment.objects.filter(session__tournament=tournament).values(
        "session_id", "table_id", "seat", "registration_id"
    ):
        seats.setdefault((row["session_id"], row["table_id"]), [None] * 4)[row["seat"]] = row["registration_id"]
    hands: list[HandRow] = []
    for row in Hand.objects.filter(sheet_id__in=list(sheets)).order_by("sheet_id", "number").values(
        "sheet_id", "number", "result", "winner", "discarder", "total", "fans", "tiles", "verified"
    ):
        sheet = sheets[row["sheet_id"]]
        players = seats.get((sheet["session_id"], sheet["table_id"]), [None] * 4)
        hands.append(HandRow(session=sheet["session__number"], table=sheet["table__number"], players=players, **row))
    hands.sort(key=lambda h: (h.session, h.table, h.number))

    flags = extensions.standing_flags(tournament.pk)
    unflagged = extensions.StandingFlags()
    players = {
        row["id"]: PlayerFigures(
            registration_id=row["id"], entry=row["entry_number"], name=row["player__name"],
            name_local=row["player__name_local"],
            disqualified=flags.get(row["id"], unflagged).disqualified,
            rank_cancelled=flags.get(row["id"], unflagged).rank_cancelled,
        )
        for row in Registration.objects.filter(tournament=tournament).values(
            "id", "entry_number", "player__name", "player__name_local"
        )
    }
    for hand in hands:
        for registration_id in hand.players:
            if registration_id in players:
                figures = players[registration_id]
                figures.hands += 1
                if hand.result == Hand.Result.DRAW:
                    figures.draws += 1
        if hand.result != Hand.Result.WIN:
            continue
        winner = players.get(hand.winner_id)
        if winner is not None:
            winner.wins += 1
            winner.win_points += hand.total
            winner.biggest = max(winner.biggest, hand.total)
            winner.self_drawn += hand.self_drawn
            winner.chicken += hand.has_fan(CHICKEN_HAND)
        if hand.discarder_id in players:
            players[hand.discarder_id].deal_ins += 1

    fouls = [record for record in extensions.foul_records(tournament.pk) if record.sheet_id in sheets]
    for record in fouls:
        figures = players.get(record.registration_id)
        if figures is None:
            continue
        figures.foul_list.append(record)
        if record.false_win:
            figures.false_wins += 1
        else:
            figures.fouls += 1
    return TournamentStatistics(hands=hands, players=players, fouls=fouls)


def ranked(items: list, key, limit: int | None = None) -> list[tuple[int, object]]:
    """(rank, item) by `key` descending; equal keys share a rank (1, 1, 3); a cut at `limit` keeps
    everyone tied with the last one kept."""
    ordered = sorted(items, key=key, reverse=True)
    out: list[tuple[int, object]] = []
    for index, item in enumerate(ordered):
        rank = out[-1][0] if out and key(out[-1][1]) == key(item) else index + 1
        if limit is not None and index >= limit and rank != out[-1][0]:
            break
        out.append((rank, item))
    return out


def _wins(hands: list[HandRow]) -> list[HandRow]:
    return [hand for hand in hands if hand.result == Hand.Result.WIN]


def summary(hands: list[HandRow], fouls: list) -> dict:
    """The headline figures of a set of hands (a tournament's, a session's)."""
    wins = _wins(hands)
    self_drawn = sum(hand.self_drawn for hand in wins)
    return {
        "hands": len(hands),
        "wins": len(wins),
        "self_drawn": self_drawn,
        "discard_wins": len(wins) - self_drawn,
        "draws": len(hands) - len(wins),
        "average_win": round(sum(hand.total for hand in wins) / len(wins), 1) if wins else None,
        "chicken": sum(hand.has_fan(CHICKEN_HAND) for hand in wins),
        "declared": sum(not hand.verified for hand in wins),
        "false_wins": sum(record.false_win for record in fouls),
        "fouls": sum(not record.false_win for record in fouls),
    }


def biggest_hands(hands: list[HandRow], limit: int = BIGGEST_HANDS) -> list[tuple[int, HandRow]]:
    """The largest wins by value (fan points + flowers); ties share a rank and all stay at the cut.
    Among equals the earlier hand is listed first."""
    wins = sorted(_wins(hands), key=lambda h: (h.session, h.table, h.number))
    return ranked(wins, key=lambda h: h.total, limit=limit)


def fan_frequencies(hands: list[HandRow]) -> list[dict]:
    """Each fan scored in the wins: in how many winning hands, their share of the wins, and the
    expected share from the simulation (None where the model does not generate the fan)."""
    wins = _wins(hands)
    counts: dict[int, int] = {}
    for hand in wins:
        for number in {row["number"] for row in hand.fans}:
            counts[number] = counts.get(number, 0) + 1
    expected = expected_fans()["frequencies"]
    rows = []
    for number, count in counts.items():
        share = count / len(wins)
        expectation = expected.get(number)
        rows.append({
            "number": number,
            "fan": FAN_BY_NUMBER.get(number),
            "count": count,
            "share": share,
            "expected": expectation,
            # how many times more (>1) or less often than the model expects
            "ratio": (share / expectation) if expectation else None,
        })
    rows.sort(key=lambda row: (-row["count"], row["number"]))
    return rows


def hands_filtered(
    stats: TournamentStatistics, *, kind: str = "", entry: int | None = None, fan: int | None = None,
    session: int | None = None, table: int | None = None,
) -> list[HandRow]:
    """The hands behind a figure: `kind` is one of HAND_KINDS; `entry` a player (their hands; with a
    kind, their wins, self-drawn wins, deal-ins...)."""
    if kind and kind not in HAND_KINDS:
        raise ValueError(kind)
    registration_id = None
    if entry is not None:
        figures = stats.by_entry(entry)
        registration_id = figures.registration_id if figures else -1
    out = []
    for hand in stats.hands:
        if session is not None and hand.session != session:
            continue
        if table is not None and hand.table != table:
            continue
        if fan is not None and not (hand.result == Hand.Result.WIN and hand.has_fan(fan)):
            continue
        if kind:
            if not HAND_KINDS[kind](hand, registration_id):
                continue
        elif registration_id is not None and registration_id not in hand.players:
            continue
        if fan is not None and registration_id is not None and hand.winner_id != registration_id:
            continue
        out.append(hand)
    return out


def _wins_of(hand: HandRow, registration_id) -> bool:
    return hand.result == Hand.Result.WIN and (registration_id is None or hand.winner_id == registration_id)


HAND_KINDS = {
    "wins": _wins_of,
    "self_drawn": lambda hand, rid: _wins_of(hand, rid) and hand.self_drawn,
    "discard_wins": lambda hand, rid: _wins_of(hand, rid) and not hand.self_drawn,
    "deal_ins": lambda hand, rid: hand.discarder is not None and (rid is None or hand.discarder_id == rid),
    "draws": lambda hand, rid: hand.result == Hand.Result.DRAW and (rid is None or rid in hand.players),
    "chicken": lambda hand, rid: _wins_of(hand, rid) and hand.has_fan(CHICKEN_HAND),
}
