"""The sanctions of 3.11 as the Chinese text gives them: lateness and the forfeit's 0
(3.11.2.1), 停赛 (3.11.4) apart from 取消录取名次 (3.11.5), 通报, 罚张 (3.11.6.7(1)), the victim
amounts of 3.11.6.7(3) and 3.11.6.9, the seat at the foul on the Record of Fouls (Appendix 6), and
the data migration of the old "play on" arrangements and forfeit table points."""

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from penalties import services
from penalties.catalogue import NotLate, lateness_sanction
from penalties.models import Notice, Penalty, RankCancellation
from penalties.selectors import record_of_fouls, seat_at_hand
from scoring.engine.rotation import round_seats
from scoring.engine.table import seat_results
from testing.scenarios import play, publish, seat, seat_twelve, win
from tournaments import extensions
from tournaments.models import AuditEvent, Player, Registration, ScoreSheet, SeatAssignment, Tournament
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HandEntry
from tournaments.standings.compute import standings_compute


def table_players(sheet):
    seats = SeatAssignment.objects.filter(session=sheet.session, table=sheet.table).order_by("seat")
    return [s.registration for s in seats.select_related("registration")]


def draw(referee, sheet, number):
    sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=number, entry=HandEntry(result="draw"))


def won_by(referee, sheet, number, winner, discarder):
    sheet_services.hand_record(
        actor=referee, sheet_id=sheet.pk, number=number, entry=HandEntry.from_mapping(win(winner, discarder))
    )


def reserve(tournament, entry=99):
    return Registration.objects.create(
        tournament=tournament, player=Player.objects.create(name=f"Reserve {entry}"), entry_number=entry
    )


# --- 3.11.2.1 lateness -------------------------------------------------------------------------


def test_3_11_2_1_a_lateness_of_zero_is_no_foul_in_the_catalogue():
    for seconds in (0, -1):
        with pytest.raises(NotLate):
            lateness_sanction(seconds)
    assert (lateness_sanction(1).deduction, lateness_sanction(1).forfeit) == (10, False)


@pytest.mark.django_db
def test_3_11_2_1_a_lateness_of_zero_is_refused_with_a_message(client_for, referee, sheet):
    east = table_players(sheet)[0]
    with pytest.raises(ValidationError) as caught:
        services.penalty_record(actor=referee, sheet=sheet, foul="late", offender=east, late_seconds=0)
    assert "no foul" in caught.value.message_dict["late_seconds"][0]
    # The tablet's form: 0 minutes 0 seconds is shown back with the message, nothing saved.
    page = client_for(referee).post(
        f"/sheets/{sheet.pk}/fouls/record/",
        {"foul": "late", "offender": east.pk, "late_minutes": 0, "late_seconds": 0},
    )
    assert page.status_code == 200 and "A lateness of 0 is no lateness" in page.content.decode()
    assert not Penalty.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("seconds, points, forfeit", [(900, 20, False), (901, 0, True)])
def test_3_11_2_1_fifteen_minutes_is_minus_20_and_15_01_forfeits(referee, sheet, seconds, points, forfeit):
    """"15分钟以内扣罚20分。超过15分钟按自动弃权处理": 15:00 is within 15 minutes, 15:01 past them."""
    east = table_players(sheet)[0]
    penalty = services.penalty_record(actor=referee, sheet=sheet, foul="late", offender=east, late_seconds=seconds)
    assert (penalty.points, penalty.forfeit) == (points, forfeit)
    adjustment = extensions.sheet_adjustments([sheet.pk])[sheet.pk][0]
    assert (adjustment.deductions, adjustment.forfeit) == (points, forfeit)


def test_3_11_2_1_a_forfeit_scores_0_and_the_three_others_take_4_2_1_by_score():
    # The forfeiter (seat 0) had the best hands: it does not matter, the session is 0 and last.
    results = seat_results([50, 20, -10, -60], [0] * 4, [0] * 4, forfeits=[True, False, False, False])
    assert [(r.session_score, r.table_points, r.rank) for r in results] == [
        (0, 0, 4), (20, 48, 1), (-10, 24, 2), (-60, 12, 3)
    ]
    assert sum(r.table_points for r in results) == 7 * 12  # never more than 7 table points
    # Ties among the three share as always; a forfeit is never lifted by a low score of the others.
    results = seat_results([0, -8, -8, 16], [0] * 4, [0] * 4, forfeits=[False, False, False, True])
    assert [r.table_points for r in results] == [48, 18, 18, 0]
    # Two forfeits: the two others take 4 and 2, each forfeiter 0.
    results = seat_results([5, 5, 10, -20], [0] * 4, [0] * 4, forfeits=[True, True, False, False])
    assert [r.table_points for r in results] == [0, 0, 48, 24]


@pytest.mark.django_db
def test_3_11_2_1_a_forfeit_has_no_table_points_to_set(client_for, referee, organizer, sheet, tournament):
    east = table_players(sheet)[0]
    late = services.penalty_record(actor=referee, sheet=sheet, foul="late", offender=east, late_seconds=1200)
    assert not hasattr(Penalty, "forfeit_table_points") and not hasattr(services, "forfeit_points_set")
    assert "forfeit_table_points" not in extensions.SeatAdjustment.__dataclass_fields__
    assert client_for(organizer).post(f"/penalties/{late.pk}/forfeit-points/", {"table_points": 12}).status_code == 404


# --- 3.11.4 停赛 --------------------------------------------------------------------------------


@pytest.mark.django_db
def test_3_11_4_a_cancelled_disqualification_refuses_nothing(referee, chief_referee, sheet):
    east = table_players(sheet)[0]
    penalty = services.penalty_record(actor=referee, sheet=sheet, foul="cheating", offender=east, hand_number=1)
    services.penalty_cancel(actor=chief_referee, penalty=penalty, reason="Not cheating after all.")
    won_by(referee, sheet, 1, 0, 1)


@pytest.mark.django_db
def test_3_11_4_a_disqualified_player_cannot_be_seated_in_a_later_session(
    referee, organizer, sheet, tournament, registrations
):
    east = table_players(sheet)[0]
    services.penalty_record(actor=referee, sheet=sheet, foul="cheating", offender=east, hand_number=1)
    with pytest.raises(ValidationError) as caught:
        seat_twelve(actor=organizer, tournament=tournament, number=2, registrations=registrations)
    assert "cannot be seated" in str(caught.value)
    # Without them, with a substitute in the seat: accepted (nobody else is left out).
    substitute = reserve(tournament)
    ids = [substitute.pk] + [r.pk for r in registrations[1:]]
    session_services.session_seats_replace(
        actor=organizer, session=tournament.sessions.get(number=2), tables={1: ids[:4], 2: ids[4:8], 3: ids[8:12]}
    )


@pytest.mark.django_db
def test_3_11_4_a_table_holding_a_disqualified_player_is_not_started_until_a_substitute_sits(
    client_for, referee, organizer, sheet, tournament, registrations
):
    east = table_players(sheet)[0]
    # seated before the foul
    session2 = seat_twelve(actor=organizer, tournament=tournament, number=2, registrations=registrations)
    penalty = services.penalty_record(actor=referee, sheet=sheet, foul="cheating", offender=east, hand_number=1)
    session_services.session_end(actor=organizer, session=sheet.session)
    response = client_for(organizer).post(
        reverse("tournaments:session_start", args=[session2.pk]), {"confirmed": "1"}, follow=True
    )
    assert "Tables 1 are not started" in response.content.decode()
    session2.refresh_from_db()
    assert session2.status == "running"
    assert sorted(session2.sheets.values_list("table__number", flat=True)) == [2, 3]
    assert session_selectors.session_tables_held(session=session2) == [1]
    assert AuditEvent.objects.get(action="session.started", object_id=str(session2.pk)).detail["held"] == [1]
    board = client_for(organizer).get(reverse("tournaments:board", args=[tournament.pk])).content.decode()
    assert "Waiting for a substitute" in board and "tables 1 are not started" in board
    # The legacy case: were the player's table started anyway, their win there is refused.
    forced = ScoreSheet.objects.create(session=session2, table=tournament.tables.get(number=1))
    assert "3.11.4" in extensions.hand_ruling(extensions.HandAt(forced.pk, session2.pk, forced.table_id, 1, 0)).refusal
    assert extensions.hand_ruling(extensions.HandAt(forced.pk, session2.pk, forced.table_id, 1, 1)).refusal is None
    forced.delete()
    # The organizer seats a substitute: the held table starts with them.
    substitute = reserve(tournament)
    services.disqualification_arrange(actor=organizer, penalty=penalty, substitute=substitute)
    assert sorted(session2.sheets.values_list("table__number", flat=True)) == [1, 2, 3]
    assert SeatAssignment.objects.get(session=session2, table__number=1, seat=0).registration == substitute
    assert session_selectors.session_tables_held(session=session2) == []
    assert AuditEvent.objects.filter(action="session.tables_started").exists()
    board = client_for(organizer).get(reverse("tournaments:board", args=[tournament.pk])).content.decode()
    assert "Waiting for a substitute" not in board
    table1 = session2.sheets.get(table__number=1)
    won_by(referee, table1, 1, 0, 1)  # the substitute may win


@pytest.mark.django_db
def test_3_11_4_3_11_5_a_disqualified_player_keeps_the_rank_and_counts_for_the_team(
    referee, organizer, pins, tournament, registrations
):
    session1 = tournament.sessions.get(number=1)
    seat(actor=organizer, session=session1, tables={1: [1, 2, 3, 4], 2: [5, 6, 7, 8], 3: [9, 10, 11, 12]})
    session_services.session_start(actor=organizer, session=session1)
    sheet = session1.sheets.get(table__number=1)
    won_by(referee, sheet, 1, 0, 1)
    services.penalty_record(actor=referee, sheet=sheet, foul="cheating", offender=registrations[0], hand_number=2)
    play(actor=referee, session=session1, hands={})
    data = standings_compute(tournament)
    (row,) = [r for r in data["individuals"] if r["entry"] == 1]
    # Ranked on what was earned before (the table of the foul ended there: no place, 0 table points; issue 27).
    assert row["disqualified"] and not row["rank_cancelled"] and row["rank"] == 12 and row["table_points"] == 0
    team1 = next(team for team in data["teams"] if team["team"] == "Team 1")
    assert 1 in team1["members"] and team1["contest_points"] == 0  # 1's +24 and 2's -24 etc. all counted
    assert data["struck"] == []


# --- 3.11.5 取消录取名次 -------------------------------------------------------------------------


@pytest.mark.django_db
def test_3_11_5_a_rank_cancelled_after_the_event_strikes_the_name_from_standings_and_team_totals(
    client_for, referee, organizer, chief_referee, pins, tournament, registrations
):
    session1 = tournament.sessions.get(number=1)
    seat(actor=organizer, session=session1, tables={1: [1, 2, 3, 4], 2: [5, 6, 7, 8], 3: [9, 10, 11, 12]})
    play(actor=referee, session=session1, hands={1: [win(0, 1), win(0, 2)], 2: [win(1, 0)]})
    # play() ended and signed session 1: the rank is cancelled afterwards.
    before = standings_compute(tournament)
    team1_before = next(team for team in before["teams"] if team["team"] == "Team 1")
    entry1 = next(r for r in before["individuals"] if r["entry"] == 1)
    assert entry1["rank"] == 1
    cancellation = services.rank_cancel(
        actor=chief_referee, tournament=tournament, registration=registrations[0],
        reason="Collusion found after the event", notice="Entry 1's rank is cancelled for collusion.",
    )
    after = standings_compute(tournament)
    assert [r["entry"] for r in after["struck"]] == [1] and after["struck"][0]["rank"] is None
    assert 1 not in [r["entry"] for r in after["individuals"]]
    assert sorted(r["rank"] for r in after["individuals"])[0] == 1  # someone else is first now
    team1 = next(team for team in after["teams"] if team["team"] == "Team 1")
    assert 1 not in team1["members"]
    assert team1["table_points"] == team1_before["table_points"] - entry1["table_points"]
    assert team1["contest_points"] == team1_before["contest_points"] - entry1["contest_points"]
    # The others' table results are untouched: entry 2 was at the table, and keeps their place.
    assert next(r for r in after["individuals"] if r["entry"] == 2)["table_points"] == next(
        r for r in before["individuals"] if r["entry"] == 2
    )["table_points"]
    # Refused: twice, without a reason, a player of another tournament.
    with pytest.raises(ValidationError):
        services.rank_cancel(actor=chief_referee, tournament=tournament, registration=registrations[0], reason="x")
    with pytest.raises(ValidationError):
        services.rank_cancel(actor=chief_referee, tournament=tournament, registration=registrations[1], reason=" ")
    assert RankCancellation.objects.count() == 1
    assert AuditEvent.objects.filter(action="penalty.rank_cancelled").count() == 1
    # Withdrawn: ranked again, the notice is no longer shown.
    services.rank_cancellation_withdraw(actor=organizer, cancellation=cancellation, reason="Appeal upheld")
    assert 1 in [r["entry"] for r in standings_compute(tournament)["individuals"]]
    publish(tournament)
    assert "collusion" not in client_for(None).get(f"/t/{tournament.pk}/notices/").content.decode()


@pytest.mark.django_db
def test_3_11_5_only_the_chief_referee_or_an_organizer_cancels_a_rank(
    client_for, referee, organizer, chief_referee, tournament, registrations
):
    url = f"/t/{tournament.pk}/rank-cancellations/"
    assert client_for(referee).get(url).status_code == 404
    data = {"registration": registrations[3].pk, "article": "3.11.5", "reason": "Illegal gain"}
    assert client_for(referee).post(url, data).status_code == 404
    assert client_for(chief_referee).post(url, data).status_code == 302
    assert RankCancellation.objects.get().registration == registrations[3]
    assert client_for(organizer).get(url).status_code == 200


@pytest.mark.django_db
def test_3_11_5_the_public_standings_show_the_name_struck(client, chief_referee, referee, organizer, pins,
                                                           tournament, registrations):
    from tournaments.standings.services import standings_recompute

    session1 = tournament.sessions.get(number=1)
    seat(actor=organizer, session=session1, tables={1: [1, 2, 3, 4], 2: [5, 6, 7, 8], 3: [9, 10, 11, 12]})
    play(actor=referee, session=session1, hands={1: [win(0, 1)]})
    services.rank_cancel(actor=chief_referee, tournament=tournament, registration=registrations[0], reason="Cheat")
    publish(tournament)
    standings_recompute(tournament_id=tournament.pk)
    page = client.get(reverse("tournaments:standings", args=[tournament.pk])).content.decode()
    assert "Struck from the results" in page and "<s>1 Player 1</s>" in page
    csv = client.get(reverse("tournaments:results_csv", args=[tournament.pk])).content.decode()
    assert "Player 1," not in csv and "Player 2" in csv


# --- 通报 ---------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_3_11_4_a_public_notice_is_recorded_with_the_sanction_and_shown_on_the_public_page(
    client, referee, chief_referee, sheet, tournament
):
    east, south = table_players(sheet)[:2]
    penalty = services.penalty_record(
        actor=referee, sheet=sheet, foul="cheating", offender=east, hand_number=1,
        notice="Entry 1 swapped tiles with the wall and is out of the competition.",
    )
    notice = Notice.objects.get()
    assert (notice.penalty, notice.created_by, notice.article) == (penalty, referee, "3.11.6.1")
    assert AuditEvent.objects.get(action="penalty.recorded").detail["notice"].startswith("Entry 1 swapped")
    url = f"/t/{tournament.pk}/notices/"
    # A session start now publishes the tournament (issue 13); a draft (as before that) is not public.
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.DRAFT)
    assert client.get(url).status_code == 404  # a draft: not public, as its standings
    publish(tournament)
    page = client.get(url).content.decode()
    assert "swapped tiles with the wall" in page and "3.11.6.1" in page
    assert "/notices/" in client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    services.penalty_cancel(actor=chief_referee, penalty=penalty, reason="Appeal upheld")
    assert "swapped tiles" not in client.get(url).content.decode()


@pytest.mark.django_db
def test_3_11_6_10_requires_a_notice_and_a_lighter_sanction_takes_none(referee, sheet):
    east = table_players(sheet)[0]
    with pytest.raises(ValidationError) as caught:
        services.penalty_record(actor=referee, sheet=sheet, foul="serious_disruption", offender=east, hand_number=1)
    assert "3.11.6.10" in caught.value.message_dict["notice"][0]
    with pytest.raises(ValidationError):
        services.penalty_record(
            actor=referee, sheet=sheet, foul="violation", offender=east, hand_number=1, points=10, notice="Public!"
        )
    assert not Penalty.objects.exists() and not Notice.objects.exists()


# --- 3.11.6.7 and 3.11.6.9 -----------------------------------------------------------------------


@pytest.mark.django_db
def test_3_11_6_7_1_exposed_own_tiles_are_penalty_tiles_not_a_warning(referee, sheet):
    east = table_players(sheet)[0]
    penalty = services.penalty_record(actor=referee, sheet=sheet, foul="exposed_own_tiles", offender=east,
                                      hand_number=1)
    assert (penalty.sanction, penalty.points) == ("penalty_tiles", 0)
    (table,) = record_of_fouls(session=sheet.session)
    assert "罚张" in table["rows"][0]["sanction"] and "warning" not in table["rows"][0]["sanction"]


@pytest.mark.django_db
@pytest.mark.parametrize("points, ok", [(4, False), (5, True), (7, True), (60, True), (61, False)])
def test_3_11_6_7_3_the_victim_gets_any_amount_from_5_to_60(referee, sheet, points, ok):
    east, south = table_players(sheet)[:2]
    call = dict(actor=referee, sheet=sheet, foul="exposed_other_tiles", offender=east, hand_number=1,
                points=points, victim=south)
    if ok:
        assert services.penalty_record(**call).points == points
    else:
        with pytest.raises(ValidationError):
            services.penalty_record(**call)


@pytest.mark.django_db
@pytest.mark.parametrize("foul, points, ok", [
    ("passing_information", 15, True), ("passing_information", 100, True), ("passing_information", 0, False),
    ("violation", 15, False), ("violation", 30, True),  # 3.11.2.2 keeps its seven amounts
])
def test_3_11_6_9_any_positive_amount_while_3_11_2_2_keeps_its_scale(referee, sheet, foul, points, ok):
    east = table_players(sheet)[0]
    call = dict(actor=referee, sheet=sheet, foul=foul, offender=east, hand_number=1, points=points)
    if ok:
        assert services.penalty_record(**call).points == points
    else:
        with pytest.raises(ValidationError):
            services.penalty_record(**call)


# --- Appendix 6 ---------------------------------------------------------------------------------


def test_appendix_6_the_seat_at_the_foul_follows_the_rounds_of_appendix_4():
    for starting_seat in range(4):
        assert seat_at_hand(starting_seat, None) == starting_seat
        for hand in (1, 4):
            assert seat_at_hand(starting_seat, hand) == starting_seat  # round 1: as drawn
        for hand in (5, 9, 13, 16):
            positions = round_seats((0, 1, 2, 3), (hand - 1) // 4)
            assert positions[seat_at_hand(starting_seat, hand)] == starting_seat
    assert [seat_at_hand(0, hand) for hand in (1, 5, 9, 13)] != [0, 0, 0, 0]  # East moves


@pytest.mark.django_db
def test_appendix_6_the_record_prints_the_seat_at_the_foul_and_the_table_s_referee(
    client_for, referee, organizer, sheet, tournament
):
    east = table_players(sheet)[0]
    for number in range(1, 5):
        draw(referee, sheet, number)
    services.penalty_record(actor=referee, sheet=sheet, foul="violation", offender=east, hand_number=5, points=10)
    (table,) = record_of_fouls(session=sheet.session)
    seat_then = round_seats((0, 1, 2, 3), 1).index(0)
    assert table["rows"][0]["seat"] == seat_then != 0
    assert table["referee"] == referee.username and table["date"] == sheet.session.started_at
    page = client_for(organizer).get(f"/t/{tournament.pk}/sessions/1/fouls/").content.decode()
    assert f"Referee: {referee.username}" in page and "Seat at the foul" in page
    assert ["East", "South", "West", "North"][seat_then] in page


# --- the data migration ---------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_the_migration_keeps_play_on_as_legacy_and_drops_forfeit_points_into_the_note(
    referee, organizer, sheet, tournament, registrations
):
    east, south, west, north = table_players(sheet)
    cheat = services.penalty_record(actor=referee, sheet=sheet, foul="cheating", offender=south, hand_number=1)
    late = services.penalty_record(actor=referee, sheet=sheet, foul="late", offender=east, late_seconds=1000,
                                   note="Came at 9:17")
    shown = services.penalty_record(actor=referee, sheet=sheet, foul="exposed_own_tiles", offender=west,
                                    hand_number=1)
    Notice.objects.all().delete()
    RankCancellation.objects.all().delete()
    executor = MigrationExecutor(connection)
    executor.migrate([("penalties", "0003_passing_information_no_win")])
    old = executor.loader.project_state([("penalties", "0003_passing_information_no_win")]).apps
    OldPenalty = old.get_model("penalties", "Penalty")
    OldPenalty.objects.filter(pk=cheat.pk).update(arrangement="play_on")
    OldPenalty.objects.filter(pk=late.pk).update(forfeit_table_points=24)
    OldPenalty.objects.filter(pk=shown.pk).update(sanction="warning")
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    cheat.refresh_from_db()
    late.refresh_from_db()
    shown.refresh_from_db()
    # "Play on" kept, marked legacy, still to be given a substitute; nothing moved.
    assert cheat.arrangement == "play_on" and cheat.substitute is None
    (row,) = [r for r in record_of_fouls(session=sheet.session)[0]["rows"] if r["penalty"].pk == cheat.pk]
    assert row["needs_substitute"] and row["legacy_play_on"]
    # The rank the 停赛 took before is kept taken, by a 3.11.5 marked as migrated.
    (cancellation,) = RankCancellation.objects.all()
    assert (cancellation.registration_id, cancellation.migrated, cancellation.status) == (south.pk, True, "active")
    # The forfeit's table points: gone, said in the note.
    assert late.note.startswith("Came at 9:17 [issue 12: the 2 table points")
    assert "3.11.2.1 gives 0" in late.note
    assert shown.sanction == "penalty_tiles"
    # The legacy arrangement takes a substitute now.
    substitute = reserve(tournament)
    services.disqualification_arrange(actor=organizer, penalty=cheat, substitute=substitute)
    cheat.refresh_from_db()
    assert (cheat.arrangement, cheat.substitute) == ("substitute", substitute)
    assert AuditEvent.objects.filter(action="penalty.disqualification_arranged").last().detail[
        "replaces_legacy"] == "play_on"


@pytest.mark.django_db
def test_3_11_4_a_held_table_starts_when_the_disqualification_is_cancelled(
    referee, organizer, chief_referee, sheet, tournament, registrations
):
    east = table_players(sheet)[0]
    session2 = seat_twelve(actor=organizer, tournament=tournament, number=2, registrations=registrations)
    penalty = services.penalty_record(actor=referee, sheet=sheet, foul="cheating", offender=east, hand_number=1)
    session_services.session_end(actor=organizer, session=sheet.session)
    session_services.session_start(actor=organizer, session=session2)
    session2.refresh_from_db()
    assert session_selectors.session_tables_held(session=session2) == [1]
    services.penalty_cancel(actor=chief_referee, penalty=penalty, reason="Upheld on appeal")
    assert session_selectors.session_tables_held(session=session2) == []
    table1 = session2.sheets.get(table__number=1)
    won_by(referee, table1, 1, 0, 1)  # the player is back, and may win


@pytest.mark.django_db
def test_3_11_2_1_a_forfeited_seat_wins_no_hand_of_the_session(referee, sheet, client_for):
    """"超过15分钟按自动弃权处理，本局为0分" (J "その1回戦の参加資格を失い"): once the forfeit is recorded the seat
    takes no part; the tablet shows it; a hand naming it as the winner is refused, and nothing is recorded."""
    from testing.scenarios import CHICKEN

    east = table_players(sheet)[0]
    sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=1, entry=HandEntry(result="draw"))
    page = client_for(referee).get(reverse("tournaments:sheet", args=[sheet.pk])).content.decode()
    assert "takes no part in this session" not in page
    services.penalty_record(actor=referee, sheet=sheet, foul="late", offender=east, late_seconds=901)
    page = client_for(referee).get(reverse("tournaments:sheet", args=[sheet.pk])).content.decode()
    assert page.count("forfeited: takes no part in this session (rule 3.11.2.1)") == 1
    with pytest.raises(ValidationError, match="forfeited the session"):
        sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=2,
                                   entry=HandEntry(result="win", winner=0, discarder=1, tiles=CHICKEN))
    assert sheet.hands.count() == 1
    # A lateness of 15:00 (−20, no forfeit) leaves the right to win.
    south = table_players(sheet)[1]
    services.penalty_record(actor=referee, sheet=sheet, foul="late", offender=south, late_seconds=900)
    hand, _created = sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=2,
                                                entry=HandEntry(result="win", winner=1, discarder=2, tiles=CHICKEN))
    assert hand.winner == 1
