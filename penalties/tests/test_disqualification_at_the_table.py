"""The session of a 停赛 at the table of the foul.

3.11.4 "停赛：即取消继续参加本次比赛的资格": from the foul the player takes no further part. 3.5.2 "竞赛采用每桌四人制"
knows no table of three, and no text says how the table of the foul goes on: the organizer's regulation
(PenaltyPolicy.disqualification_at_table) ends the table's session at the foul, or seats a substitute from the
next hand. Either way no hand from the foul names or charges the disqualified seat.
"""

import pytest
from django.core.exceptions import ValidationError

from archive.export import tournament_export_archive
from archive.services import tournament_import_archive
from penalties import services
from penalties.models import Penalty, PenaltyPolicy
from testing.archives import renamed
from testing.scenarios import sign_all, win
from tournaments import extensions
from tournaments.models import AuditEvent, Player, Registration, SeatAssignment
from tournaments.sheets import selectors as sheet_selectors
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HandEntry
from tournaments.standings.compute import standings_compute


def east_of(sheet):
    return SeatAssignment.objects.get(session=sheet.session, table=sheet.table, seat=0).registration


def record(referee, sheet, number, winner=None, discarder=None):
    entry = HandEntry(result="draw") if winner is None else HandEntry.from_mapping(win(winner, discarder))
    return sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=number, entry=entry)


def refused(referee, sheet, number, winner=None, discarder=None) -> str:
    with pytest.raises(ValidationError) as caught:
        record(referee, sheet, number, winner, discarder)
    return " ".join(caught.value.messages)


def disqualify(referee, sheet, hand):
    return services.penalty_record(actor=referee, sheet=sheet, foul="cheating", offender=east_of(sheet),
                                   hand_number=hand)


def regulation(organizer, tournament, at_table):
    services.penalty_policy_update(actor=organizer, tournament=tournament, escalation="double",
                                   disqualification_at_table=at_table)


def results(sheet):
    return sheet_selectors.sheet_detail(sheet=sheet)["results"]


def reserve(tournament, entry=99):
    return Registration.objects.create(
        tournament=tournament, player=Player.objects.create(name=f"Reserve {entry}"), entry_number=entry
    )


@pytest.mark.django_db
def test_3_11_4_stop_a_disqualification_in_hand_1_ends_the_table_and_charges_no_one_absent(
    client_for, referee, sheet
):
    assert PenaltyPolicy(tournament=sheet.session.tournament).disqualification_at_table == "stop"  # the default
    disqualify(referee, sheet, 1)
    # The hand of the foul stopped there: every win would charge the player (8 each, 3.9.1.3), so no win,
    # neither theirs nor another's, by discard or self-draw; it is recorded as a draw.
    for winner, discarder in ((0, 1), (1, 0), (1, 2), (2, None)):
        assert "reads the hand as stopped at the foul" in refused(referee, sheet, 1, winner, discarder)
    record(referee, sheet, 1)
    # After the hand of the foul the table's session is over: no win, no self-draw, no draw.
    for winner, discarder in ((1, 2), (2, None), (None, None)):
        assert "ended at hand 1" in refused(referee, sheet, 2, winner, discarder)
    seats = results(sheet)
    assert [r.hand_score for r in seats] == [0, 0, 0, 0]  # nobody is charged for the absent player
    assert seats[0].table_points == 0 and seats[0].rank == 4  # the disqualified seat takes no place
    assert [r.table_points for r in seats[1:]] == [28, 28, 28]  # 4, 2, 1 shared by the three tied
    tablet = client_for(referee).get(f"/t/sheets/{sheet.pk}/").content.decode()
    assert 'data-disqualified="1"' in tablet and "the table's session ended there" in tablet


@pytest.mark.django_db
def test_3_11_4_stop_a_disqualification_in_hand_16_takes_the_place_the_player_had(referee, sheet):
    # East wins four hands and would finish first; the others' order stays as they scored.
    for number in range(1, 5):
        record(referee, sheet, number, 0, 3)
    record(referee, sheet, 5, 1, 3)
    for number in range(6, 16):
        record(referee, sheet, number)
    before = results(sheet)
    assert before[0].rank == 1 and before[3].rank == 4
    disqualify(referee, sheet, 16)
    assert "reads the hand as stopped at the foul" in refused(referee, sheet, 16, 2, 1)
    record(referee, sheet, 16)
    after = results(sheet)
    assert [r.table_points for r in after] == [0, 48, 24, 12]  # the last of the three moves up to 1
    assert after[0].session_score == before[0].session_score  # the score recorded before the foul stands
    assert sum(r.session_score for r in after) == 0


@pytest.mark.django_db
def test_3_11_4_stop_a_hand_recorded_before_the_foul_stands(referee, sheet):
    record(referee, sheet, 1, 1, 0)  # the win in which the foul came to light, recorded first
    disqualify(referee, sheet, 1)
    assert "ended at hand 1" in refused(referee, sheet, 2)
    assert results(sheet)[0].hand_score < 0


@pytest.mark.django_db
def test_3_11_4_a_disqualification_before_hands_the_player_went_on_playing_is_refused(referee, sheet):
    record(referee, sheet, 1, 0, 1)
    record(referee, sheet, 2, 0, 1)
    with pytest.raises(ValidationError) as caught:
        disqualify(referee, sheet, 1)
    assert "records 1 hand(s) after hand 1" in caught.value.message_dict["hand_number"][0]
    assert "(3)" in caught.value.message_dict["hand_number"][0]  # the hand in which it is decided
    assert not Penalty.objects.exists()
    disqualify(referee, sheet, 3)  # decided now: from hand 3


@pytest.mark.django_db
def test_3_11_4_stand_in_a_substitute_plays_from_the_next_hand_and_the_seat_counts_for_no_one(
    client_for, referee, organizer, chief_referee, pins, sheet, tournament
):
    regulation(organizer, tournament, "stand_in")
    record(referee, sheet, 1, 0, 1)  # East's win before the foul
    penalty = disqualify(referee, sheet, 2)
    assert "reads the hand as stopped at the foul" in refused(referee, sheet, 2, 1, 0)
    record(referee, sheet, 2)
    # No hand until the substitute sits.
    assert "seats a substitute" in refused(referee, sheet, 3, 1, 2)
    substitute = reserve(tournament)
    services.disqualification_arrange(actor=chief_referee, penalty=penalty, substitute=substitute)
    penalty.refresh_from_db()
    assert penalty.stand_in_from_hand == 3
    assert AuditEvent.objects.get(action="penalty.disqualification_arranged").detail["stand_in_from_hand"] == 3
    record(referee, sheet, 3, 0, 2)  # the substitute in the seat wins
    record(referee, sheet, 4, 1, 0)  # and discards
    seats = results(sheet)
    assert sum(r.hand_score for r in seats) == 0
    # The seat finished first (48: East's win, the substitute's win, a discard) yet takes no place: the three
    # who did nothing wrong take 4-2-1 by their scores (South 8, North -24, West -32), as when the session ends
    # at the foul (READINGS.md P3). They once got 2-1-0.
    assert [(r.hand_score, r.rank, r.table_points) for r in seats] == [(48, 4, 0), (8, 1, 48), (-32, 3, 12),
                                                                       (-24, 2, 24)]
    assert "Reserve 99 sits in for" in " ".join(extensions.hand_marks(sheet.pk)[3])
    tablet = client_for(referee).get(f"/t/sheets/{sheet.pk}/").content.decode()
    assert 'data-disqualified="2"' in tablet and "a substitute plays the later hands" in tablet
    sign_all(actor=referee, sheet=sheet)
    individuals = {row["entry"]: row for row in standings_compute(tournament)["individuals"]}
    east = east_of(sheet)
    # The seat's session counts for neither the disqualified player nor the substitute.
    assert individuals[east.entry_number]["table_points"] == 0
    assert individuals[east.entry_number]["contest_points"] == 0
    assert individuals[substitute.entry_number]["table_points"] == 0
    others = [individuals[s.registration.entry_number] for s in
              SeatAssignment.objects.filter(session=sheet.session, table=sheet.table, seat__gt=0)]
    assert sum(row["table_points"] for row in others) == 7 * 12  # in twelfths
    # The archive carries the regulation and who sat in; the copy's results are the same.
    exported = tournament_export_archive(tournament)
    assert exported["tournament"]["penalty_policy"]["disqualification_at_table"] == "stand_in"
    copy = tournament_import_archive(actor=organizer, data=renamed(exported, "Stand-in (copy)"))
    copied = Penalty.objects.get(sheet__session__tournament=copy, disqualification=True)
    assert (copied.stand_in_from_hand, copied.substitute.entry_number) == (3, substitute.entry_number)
    copy_rows = {row["entry"]: row for row in standings_compute(copy)["individuals"]}
    at_table = [*(s.registration.entry_number for s in SeatAssignment.objects.filter(
        session=sheet.session, table=sheet.table)), substitute.entry_number]  # the other tables were not signed
    assert [(copy_rows[e]["table_points"], copy_rows[e]["contest_points"]) for e in at_table] == [
        (individuals[e]["table_points"], individuals[e]["contest_points"]) for e in at_table]


@pytest.mark.django_db
def test_3_11_4_stand_in_no_hand_left_after_hand_16_places_nobody_in_the_seat(
    referee, organizer, chief_referee, sheet, tournament
):
    regulation(organizer, tournament, "stand_in")
    for number in range(1, 16):
        record(referee, sheet, number)
    penalty = disqualify(referee, sheet, 16)
    services.disqualification_arrange(actor=chief_referee, penalty=penalty, substitute=reserve(tournament))
    penalty.refresh_from_db()
    assert penalty.stand_in_from_hand is None  # no hand left to play: the seat takes no place
    assert results(sheet)[0].table_points == 0


@pytest.mark.django_db
def test_3_11_4_the_regulation_is_fixed_while_a_disqualification_is_in_force(referee, organizer, sheet, tournament):
    regulation(organizer, tournament, "stand_in")
    event = AuditEvent.objects.filter(action="penalty_policy.updated").latest("pk")
    assert event.detail == {"disqualification_at_table": ["stop", "stand_in"]}
    disqualify(referee, sheet, 1)
    with pytest.raises(ValidationError) as caught:
        regulation(organizer, tournament, "stop")
    assert "cannot change now" in caught.value.message_dict["disqualification_at_table"][0]
    with pytest.raises(ValidationError):
        regulation(organizer, tournament, "three_play_on")


@pytest.mark.django_db
def test_3_11_4_the_settings_page_offers_the_regulation(client_for, organizer, tournament):
    page = client_for(organizer).get(f"/t/{tournament.pk}/penalty-settings/")
    assert page.status_code == 200 and "disqualification_at_table" in page.content.decode()
    response = client_for(organizer).post(f"/t/{tournament.pk}/penalty-settings/",
                                          {"escalation": "flat", "disqualification_at_table": "stand_in"})
    assert response.status_code == 302
    policy = PenaltyPolicy.objects.get(tournament=tournament)
    assert (policy.escalation, policy.disqualification_at_table) == ("flat", "stand_in")


@pytest.mark.django_db
def test_3_11_2_1_a_forfeited_seat_discards_into_no_hand(referee, sheet):
    services.penalty_record(actor=referee, sheet=sheet, foul="late", offender=east_of(sheet), late_seconds=1000)
    assert "3.11.2.1" in refused(referee, sheet, 1, 1, 0)
    record(referee, sheet, 1, 1, 2)
    assert extensions.sheet_adjustments([sheet.pk])[sheet.pk][0].forfeit
    seats = results(sheet)
    assert sum(r.hand_score for r in seats) == 0  # the sheet's hands sum to zero
    assert (seats[0].session_score, seats[0].table_points) == (0, 0)  # 3.11.2.1 本局为0分
    assert sorted(r.table_points for r in seats[1:]) == [12, 24, 48]


# --- the archive import refuses what the score sheet refuses ------------------------------------------

SEATS = ["1", "2", "3", "4"]


def hands(*results):
    """Archive hands: (winner entry, discarder entry) or None for a draw."""
    return [{"number": n, "result": "draw"} if r is None else
            {"number": n, "result": "win", "winner": r[0], "discarder": r[1]} for n, r in enumerate(results, 1)]


def archive_problems(items, table_hands):
    from penalties.archive import check

    return check(items, SEATS, "wmo-2006", len(table_hands), table={"hands": table_hands})


def test_3_11_4_archive_hands_after_a_disqualification_are_refused_without_a_stand_in():
    cheating = {"foul": "cheating", "offender": "1", "hand": 1}
    assert archive_problems([cheating], hands(None)) == []
    (problem,) = archive_problems([cheating], hands(None, ("2", "3")))
    assert "hands after hand 1" in problem and "stand_in" in problem
    stand_in = {**cheating, "stand_in": {"substitute": "9", "from_hand": 2}}
    assert archive_problems([stand_in], hands(None, ("1", "3"))) == []
    for wrong in ({"substitute": "2", "from_hand": 2}, {"substitute": "9", "from_hand": 3}, "9"):
        assert "“stand_in”" in archive_problems([{**cheating, "stand_in": wrong}], hands(None, ("2", "3")))[0]
    assert "disqualification" in archive_problems(
        [{"foul": "warning", "offender": "1", "stand_in": {"substitute": "9", "from_hand": 2}}], hands(None))[0]


def test_3_11_3_and_3_11_2_1_archive_wins_the_sheet_refuses_are_refused():
    no_win = {"foul": "wrong_call", "offender": "2", "hand": 2}
    assert "停和" in archive_problems([no_win], hands(None, ("2", "1")))[0]
    assert archive_problems([no_win], hands(("2", "1"), ("3", "1"))) == []  # another hand, another winner
    forfeit = {"foul": "late", "offender": "3", "late_seconds": 901}
    assert len(archive_problems([forfeit], hands(("3", "1"), ("1", "3"), ("1", None)))) == 2
    assert archive_problems([{**forfeit, "late_seconds": 900}], hands(("3", "1"))) == []  # -20, not forfeited
