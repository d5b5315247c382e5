"""Play sessions through the services, for the standings tests: hands, time-up, confirmations, signatures."""

from tournaments.models import Registration, ScoreSheet, Session
from tournaments.sessions import services as session_services
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HandEntry

CHICKEN = "[123m][345m]678p56sWW+7s"  # Chicken Hand: 8 points, plus flowers
STRAIGHT = "123m456m789m123p5p+5p"  # 23 points on a discard


def win(winner: int, discarder: int | None, tiles: str = CHICKEN, flowers: int = 0) -> dict:
    return {"result": "win", "winner": winner, "discarder": discarder, "tiles": tiles, "flowers": flowers}


def seat(*, actor, session: Session, tables: dict[int, list[int]]) -> None:
    """Seat a session by entry numbers: {table number: [entries East, South, West, North]}."""
    ids = dict(session.tournament.registrations.values_list("entry_number", "pk"))
    session_services.session_seats_replace(
        actor=actor, session=session, tables={table: [ids[entry] for entry in entries] for table, entries in tables.items()}
    )


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
        seated = Registration.objects.filter(seats__session=session, seats__table=sheet.table)
        for registration in seated:
            sheet_services.sheet_confirm(sheet=sheet, entry_number=registration.entry_number, pin=registration.confirm_pin)
        sheet_services.sheet_sign(actor=actor, sheet=sheet)
