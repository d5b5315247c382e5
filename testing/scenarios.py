"""Scenarios: a tournament played through the services, as organizers, referees and players would.

Plain functions, no pytest: the tests build on them, and so do the demo (config/demo/seed.py) and
the benches (bench/). Hands are mappings for `HandEntry.from_mapping` (`win(...)`, or
`{"result": "draw"}`); seats are starting seats 0-3 (East, South, West, North).
"""

import random

from tournaments.models import ScoreSheet, SeatAssignment, Session, StandingsSnapshot, Tournament
from tournaments.sessions import services as session_services
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HandEntry

CHICKEN = "[123m][345m]678p56sWW+7s"  # Chicken Hand: 8 points on a discard, plus flowers
STRAIGHT = "123m456m789m123p5p+5p"  # 23 points on a discard, 25 self-drawn


def win(winner: int, discarder: int | None, tiles: str = CHICKEN, flowers: int = 0, **extra) -> dict:
    """A win by `winner` off `discarder` (None: self-drawn); `extra`: the win flags, declared fans."""
    return {"result": "win", "winner": winner, "discarder": discarder, "tiles": tiles, "flowers": flowers, **extra}


def publish(tournament: Tournament) -> None:
    """Make the tournament public (its standings and pages), whatever its status now."""
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.PUBLISHED)
    tournament.refresh_from_db()


def seat(*, actor, session: Session, tables: dict[int, list[int]]) -> None:
    """Seat a session by entry numbers: {table number: [entries East, South, West, North]}."""
    ids = dict(session.tournament.registrations.values_list("entry_number", "pk"))
    by_table = {table: [ids[entry] for entry in entries] for table, entries in tables.items()}
    session_services.session_seats_replace(actor=actor, session=session, tables=by_table)


def seat_twelve(*, actor, tournament: Tournament, number: int, registrations) -> Session:
    """Seat session `number` of the tournament of twelve in the order given: 1–4 at table 1, 5–8, 9–12."""
    ids = [registration.pk for registration in registrations]
    session = tournament.sessions.get(number=number)
    session_services.session_seats_replace(
        actor=actor, session=session, tables={1: ids[:4], 2: ids[4:8], 3: ids[8:12]}
    )
    return session


def play(*, actor, session: Session, hands: dict[int, list[dict]]) -> None:
    """Record each table's hands, end the session, and have every sheet confirmed and signed.

    `hands`: {table number: [hand, ...]}; tables not named play no hand (all four score 0).
    The tournament's players need confirmation PINs (the `pins` fixture).
    """
    session.refresh_from_db()
    if session.status == Session.Status.PLANNED:
        session_services.session_start(actor=actor, session=session)
    sheets = ScoreSheet.objects.filter(session=session).select_related("session__tournament", "table")
    for sheet in sheets:
        for number, hand in enumerate(hands.get(sheet.table.number, []), start=1):
            sheet_services.hand_record(
                actor=actor, sheet_id=sheet.pk, number=number, entry=HandEntry.from_mapping(hand)
            )
    session_services.session_end(actor=actor, session=session)
    for sheet in sheets:
        sign_all(actor=actor, sheet=sheet)


def sign_all(*, actor, sheet: ScoreSheet, pins: dict[int, str] | None = None) -> ScoreSheet:
    """Close the sheet if it is still open, have the four players of its table confirm, and `actor` sign.

    `pins`: {entry number: PIN}; by default each player's own confirmation PIN (the `pins` fixture,
    or `confirm_pins_issue`, issues them). Returns the locked sheet.
    """
    sheet.refresh_from_db()
    if sheet.status == ScoreSheet.Status.OPEN:
        sheet = sheet_services.sheet_close(actor=actor, sheet=sheet, expected_version=sheet.version)
    places = SeatAssignment.objects.filter(session_id=sheet.session_id, table_id=sheet.table_id).order_by("seat")
    confirmed = set(
        sheet.signatures.filter(kind="player", sheet_version=sheet.version).values_list("registration_id", flat=True)
    )
    for place in places.select_related("registration"):
        if place.registration_id in confirmed:  # confirmed already: nothing to send again
            continue
        entry = place.registration.entry_number
        pin = place.registration.confirm_pin if pins is None else pins[entry]
        sheet_services.sheet_confirm(sheet=sheet, entry_number=entry, pin=pin)
    return sheet_services.sheet_sign(actor=actor, sheet=sheet)


FAMILY = ["王", "李", "张", "刘", "陈", "山田", "佐藤", "Müller", "García", "Smith"]
GIVEN = ["伟", "芳", "娜", "太郎", "花子", "Anna", "Jean-Pierre", "Olga", "Sebastián", "Li"]


def big_snapshot(tournament: Tournament, players: int = 300, sessions: int = 6) -> StandingsSnapshot:
    """Store made-up standings of `players` players over `sessions` sessions as the tournament's latest
    (no sheets behind them): long names in three scripts, for the size and layout of the pages."""
    rng = random.Random(7)
    individuals = []
    for entry in range(1, players + 1):
        played = []
        for number in range(1, sessions + 1):
            rank = rng.randint(1, 4)
            played.append({"session": number, "table": rng.randint(1, players // 4), "seat": rng.randint(0, 3),
                           "rank": rank, "table_points": [48, 24, 12, 0][rank - 1],
                           "session_score": rng.randint(-150, 300), "hand_score": 0, "transfers": 0, "deductions": 0})
        name = f"{rng.choice(FAMILY)} {rng.choice(GIVEN)}"
        individuals.append({
            "registration": entry, "entry": entry, "name": name, "name_local": rng.choice(["", "王小明", "山田花子"]),
            "country": "CN", "team": f"Team {(entry - 1) // 4 + 1:02d} Mahjong Club", "team_id": (entry - 1) // 4 + 1,
            "table_points": sum(p["table_points"] for p in played) + rng.choice([0, 6, 4, 8, 3]),
            "contest_points": sum(p["session_score"] for p in played), "places": [1, 2, 2, 1],
            "best_session": max(p["session_score"] for p in played), "sessions": played,
        })
    individuals.sort(key=lambda row: (-row["table_points"], -row["contest_points"]))
    for rank, row in enumerate(individuals, start=1):
        row["rank"] = rank
    teams = [{"team": f"Team {n:02d} Mahjong Club", "team_id": n, "table_points": 500 - n, "contest_points": n,
              "members": [4 * n - 3, 4 * n - 2, 4 * n - 1, 4 * n], "rank": n} for n in range(1, players // 4 + 1)]
    data = {"individuals": individuals, "teams": teams, "sessions": list(range(1, sessions + 1))}
    Tournament.objects.filter(pk=tournament.pk).update(standings_version=1)
    return StandingsSnapshot.objects.create(tournament=tournament, version=1, data=data)


def objection_made_before_signing(sheet, hand_number: int = 1, text: str = "the winner's fans are disputed"):
    """An objection recorded at the table on `hand_number` before `sheet` was signed (3.9.1.4 如有异议), for a
    ruling on the signed sheet to name: written as the table's referee would have recorded it a minute
    before the signature (tests whose sheets a fixture already signed)."""
    import datetime as dt

    from tournaments.models import HandObjection

    objection = HandObjection.objects.create(sheet=sheet, hand_number=hand_number, text=text)
    HandObjection.objects.filter(pk=objection.pk).update(recorded_at=sheet.locked_at - dt.timedelta(minutes=1))
    objection.refresh_from_db()
    return objection
