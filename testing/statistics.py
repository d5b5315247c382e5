"""The statistics scenario, built through the services: the reports' tests check the statistics against
its hand-computed figures; the penalties' tests add fouls (`fouls(referee, chief_referee, sheets,
by_entry)`, called while the sheets are open).

Session 1, three tables (entries East, South, West, North):
- table 1 (1 2 3 4): h1 entry 1 wins a Chicken Hand (8) off 4; h2 entry 2 self-draws the straight (25);
  h3 a draw; h4 entry 1 wins the straight (23) off 3, corrected after signing (an objection made
  before signing) to entry 3 winning a Chicken Hand (8) off 1.
- table 2 (5 6 7 8): h1 entry 5 wins a Chicken Hand (8) off 6; h2 entry 6 wins the straight (23) off 5.
- table 3 (9 10 11 12): two draws; not signed (its hands count nowhere until it is).
"""


from testing.scenarios import CHICKEN, STRAIGHT, objection_made_before_signing, publish, seat, sign_all, win
from tournaments.models import ScoreSheet
from tournaments.sessions import services as session_services
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HandEntry

DRAW = {"result": "draw"}


def record(actor, sheet, hands, start=1):
    for number, hand in enumerate(hands, start=start):
        sheet_services.hand_record(actor=actor, sheet_id=sheet.pk, number=number, entry=HandEntry.from_mapping(hand))


def build(*, tournament, registrations, organizer, referee, chief_referee, fouls=None) -> dict:
    by_entry = {r.entry_number: r for r in registrations}
    session = tournament.sessions.get(number=1)
    seat(actor=organizer, session=session, tables={1: [1, 2, 3, 4], 2: [5, 6, 7, 8], 3: [9, 10, 11, 12]})
    session_services.session_start(actor=organizer, session=session)
    sheets = {s.table.number: s for s in ScoreSheet.objects.filter(session=session).select_related("table")}
    record(referee, sheets[1], [win(0, 3, CHICKEN), win(1, None, STRAIGHT), DRAW, win(0, 2, STRAIGHT)])
    record(referee, sheets[2], [win(0, 1, CHICKEN), win(1, 0, STRAIGHT)])
    if fouls:
        fouls(referee, chief_referee, sheets, by_entry)
    record(referee, sheets[3], [DRAW, DRAW])
    session_services.session_end(actor=organizer, session=session)
    for table in (1, 2):
        sign_all(actor=referee, sheet=sheets[table])
    locked = ScoreSheet.objects.get(pk=sheets[1].pk)
    sheet_services.hand_correct(
        actor=chief_referee, sheet=locked, number=4, expected_version=locked.version,
        reason="the winner was West, on East's discard", entry=HandEntry.from_mapping(win(2, 0, CHICKEN)),
        basis="objection", reference=str(objection_made_before_signing(locked, 4).pk),
    )
    publish(tournament)
    return {"tournament": tournament, "sheets": sheets, "referee": referee}


def figures(stats, entry):
    p = stats.by_entry(entry)
    return (p.hands, p.wins, p.self_drawn, p.deal_ins, p.draws, p.average_win, p.biggest, p.chicken,
            p.false_wins, p.fouls)
