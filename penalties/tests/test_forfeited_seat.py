"""A seat forfeited for lateness (3.11.2.1 "超过15分钟按自动弃权处理，本局为0分") pays no one and is paid by no
one (scoring/READINGS.md P2), and a table whose seats are all forfeited plays no hand and counts no first place.

The table's sums: its contest points add up to minus its deductions, whatever order the forfeit and the hands
were recorded in."""

import pytest
from django.core.exceptions import ValidationError

from penalties import services
from penalties.models import Penalty
from scoring.engine import HandError, settle
from scoring.engine.table import seat_results
from testing.scenarios import CHICKEN, STRAIGHT, sign_all, win
from tournaments.models import SeatAssignment
from tournaments.sessions import services as session_services
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HandEntry
from tournaments.standings.compute import standings_compute


def players(sheet):
    seats = SeatAssignment.objects.filter(session=sheet.session, table=sheet.table).order_by("seat")
    return [place.registration for place in seats.select_related("registration")]


def record(referee, sheet, number, hand):
    entry = HandEntry(result="draw") if hand is None else HandEntry.from_mapping(hand)
    return sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=number, entry=entry)[0]


def forfeit(referee, sheet, seat):
    return services.penalty_record(actor=referee, sheet=sheet, foul="late", offender=players(sheet)[seat],
                                   late_seconds=901)


def session_lines(tournament, sheet):
    """(entry, rank, table points in twelfths, contest points) of the sheet's four players."""
    data = standings_compute(tournament=tournament)
    entries = {registration.entry_number for registration in players(sheet)}
    rows = [row for row in data["individuals"] + data["struck"] if row["entry"] in entries]
    return sorted((row["entry"], *next((line["rank"], line["table_points"], line["session_score"])
                                       for line in row["sessions"] if line["table"] == sheet.table.number))
                  for row in rows)


def test_p2_settle_leaves_an_absent_seat_out_of_every_payment():
    # 3.9.1.3 with seat 3 absent: a self-draw of 8 collects (8 + 8) x 2, a discard win 8 x 2 + 8.
    assert settle(8, winner=0, discarder=None, absent={3}) == (32, -16, -16, 0)
    assert settle(8, winner=0, discarder=1, absent={3}) == (24, -16, -8, 0)
    assert settle(25, winner=2, discarder=None, rule_set="elementary", absent={0}) == (0, -25, 50, -25)
    for winner, discarder in ((3, 1), (0, 3)):
        with pytest.raises(HandError):
            settle(8, winner=winner, discarder=discarder, absent={3})


@pytest.mark.django_db
def test_3_11_2_1_the_forfeited_seat_pays_no_one_and_the_table_sums_to_its_deductions(
        referee, sheet, tournament, pins):
    """F1: the forfeited seat was charged 8 on each discard win and 8 + fans on each self-draw, which the
    winners kept (a table's contest points summed to +41). Now its share is settled with no one."""
    forfeit(referee, sheet, 3)
    services.penalty_record(actor=referee, sheet=sheet, foul="late", offender=players(sheet)[1], late_seconds=300)
    hands = [record(referee, sheet, 1, win(0, None, STRAIGHT)), record(referee, sheet, 2, win(1, 2))]
    assert [hand.deltas for hand in hands] == [(66, -33, -33, 0), (-8, 24, -16, 0)]
    signed = sign_all(actor=referee, sheet=sheet)
    assert signed.totals == (58, -9, -49, 0)
    lines = session_lines(tournament, sheet)
    # East 58, South -9 - 10 (late 5:00), West -49, North forfeited: 0 and last, 0 table points.
    assert lines == [(1, 1, 48, 58), (2, 2, 24, -19), (3, 3, 12, -49), (4, 4, 0, 0)]
    assert sum(line[3] for line in lines) == -10  # the deductions alone


@pytest.mark.django_db
def test_3_11_2_1_hands_entered_before_the_forfeit_are_settled_again_and_back_on_its_cancellation(
        referee, chief_referee, sheet):
    record(referee, sheet, 1, win(0, None, STRAIGHT))
    record(referee, sheet, 2, win(1, 2))
    penalty = forfeit(referee, sheet, 3)
    sheet.refresh_from_db()
    assert [hand.deltas for hand in sheet.hands.order_by("number")] == [(66, -33, -33, 0), (-8, 24, -16, 0)]
    assert sheet.totals == (58, -9, -49, 0)
    event = sheet.session.tournament.audit_events.filter(action="penalty.recorded").latest("pk")
    assert event.detail["hands_settled_again"] == [1, 2]
    services.penalty_cancel(actor=chief_referee, penalty=penalty, reason="The player was at the table")
    sheet.refresh_from_db()
    assert [hand.deltas for hand in sheet.hands.order_by("number")] == [(99, -33, -33, -33), (-8, 32, -16, -8)]
    assert sheet.totals == (91, -1, -49, -41)


@pytest.mark.django_db
def test_3_11_2_1_a_forfeit_is_refused_while_a_hand_names_the_seat(referee, sheet):
    record(referee, sheet, 1, win(3, 0))
    with pytest.raises(ValidationError, match="correct that hand first"):
        forfeit(referee, sheet, 3)
    assert not Penalty.objects.exists()
    sheet.refresh_from_db()
    assert sheet.hands.get().deltas == (-16, -8, -8, 32)


@pytest.mark.django_db
def test_3_11_2_1_a_pay_each_penalty_pays_the_seats_that_take_part(referee, sheet, tournament, pins):
    """3.11.6.6 "向每家各罚付": each player at the table; the forfeited seat is not at it."""
    forfeit(referee, sheet, 2)
    services.penalty_record(actor=referee, sheet=sheet, foul="false_win", offender=players(sheet)[0], hand_number=1)
    record(referee, sheet, 1, None)
    sign_all(actor=referee, sheet=sheet)
    lines = session_lines(tournament, sheet)
    assert [line[3] for line in lines] == [-20, 10, 0, 10]
    assert sum(line[3] for line in lines) == 0


def test_3_11_2_1_forfeited_seats_take_the_last_place_however_many():
    """F6: each unplaced seat is last (4th) with 0 table points; four forfeits used to count four first places."""
    results = seat_results([0] * 4, [0] * 4, [0] * 4, forfeits=[True] * 4)
    assert [(r.rank, r.table_points, r.session_score) for r in results] == [(4, 0, 0)] * 4
    results = seat_results([5, 5, 10, -20], [0] * 4, [0] * 4, forfeits=[True, True, False, False])
    assert [(r.rank, r.table_points) for r in results] == [(4, 0), (4, 0), (1, 48), (2, 24)]


@pytest.mark.django_db
def test_3_11_2_1_a_table_of_four_forfeits_plays_no_hand_and_counts_no_first_place(
        referee, organizer, sheet, tournament, pins):
    for seat in range(3):
        forfeit(referee, sheet, seat)
    # Three forfeits leave one player: no hand, not even a draw, can be played.
    with pytest.raises(ValidationError, match="no hand"):
        record(referee, sheet, 1, None)
    forfeit(referee, sheet, 3)
    with pytest.raises(ValidationError, match="no hand"):
        record(referee, sheet, 1, win(0, None, CHICKEN))
    assert not sheet.hands.exists()
    session_services.session_end(actor=organizer, session=sheet.session)
    sign_all(actor=referee, sheet=sheet)
    assert session_lines(tournament, sheet) == [(entry, 4, 0, 0) for entry in (1, 2, 3, 4)]
    places = {row["entry"]: row["places"] for row in standings_compute(tournament=tournament)["individuals"]}
    assert places[1] == [0, 0, 0, 1]


@pytest.mark.django_db
def test_the_migration_settles_again_the_hands_of_a_forfeit_recorded_before(referee, sheet):
    """Forfeits recorded before this reading charged the seat: the data migration settles those hands again
    (run here with today's models, which have the fields it reads)."""
    import importlib

    from django.apps import apps

    record(referee, sheet, 1, win(0, None, STRAIGHT))
    record(referee, sheet, 2, win(1, 3))  # names the forfeiter: left for the referee to correct
    Penalty.objects.create(sheet=sheet, offender=players(sheet)[3], foul="late", sanction="lateness",
                           late_seconds=1000, forfeit=True)
    migration = importlib.import_module("penalties.migrations.0009_forfeited_seat_pays_no_one")
    migration.settle_again(apps, None)
    sheet.refresh_from_db()
    assert [hand.deltas for hand in sheet.hands.order_by("number")] == [(66, -33, -33, 0), (-8, 32, -8, -16)]
    assert sheet.totals == (58, -1, -41, -16)
