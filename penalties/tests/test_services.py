"""Every foul with its sanction, and what penalties do to a table's results and the standings."""

import pytest
from django.core.exceptions import ValidationError

from penalties import services
from penalties.catalogue import FOULS, Sanction
from penalties.models import Penalty, PenaltyPolicy
from testing.scenarios import STRAIGHT
from tournaments import extensions
from tournaments.models import AuditEvent, SeatAssignment, StandingsSnapshot
from tournaments.sessions import services as session_services
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HandEntry
from tournaments.sheets.selectors import sheet_detail


def players(sheet):
    """The four registrations of the sheet, by starting seat."""
    seats = SeatAssignment.objects.filter(session=sheet.session, table=sheet.table).order_by("seat")
    return [seat.registration for seat in seats.select_related("registration")]


def adjustments(sheet):
    return extensions.sheet_adjustments([sheet.pk])[sheet.pk]


def sign(sheet, referee, pins, capture):
    sheet.refresh_from_db()
    sheet_services.sheet_close(actor=referee, sheet=sheet, expected_version=sheet.version)
    for registration in players(sheet):
        sheet_services.sheet_confirm(
            sheet=sheet, entry_number=registration.entry_number, pin=pins[registration.entry_number]
        )
    with capture(execute=True):
        sheet_services.sheet_sign(actor=referee, sheet=sheet)


CHOICES = {"violation": 20, "passing_information": 10, "exposed_other_tiles": 30}


@pytest.mark.django_db
@pytest.mark.parametrize("foul", FOULS, ids=lambda foul: foul.code)
def test_every_foul_gets_its_sanction(referee, sheet, foul):
    east, south, west, north = players(sheet)
    kwargs = {"hand_number": 1 if foul.needs_hand else None}
    if foul.code in CHOICES:
        kwargs["points"] = CHOICES[foul.code]
    if foul.sanction == Sanction.PAY_VICTIM:
        kwargs["victim"] = west
    if foul.sanction == Sanction.LATENESS:
        kwargs["late_seconds"] = 300
    if foul.code == "serious_disruption":
        kwargs["notice"] = "Refused the referee's ruling twice and stopped play."  # 3.11.6.10 "给予通报"
    penalty = services.penalty_record(actor=referee, sheet=sheet, foul=foul.code, offender=east, **kwargs)
    seats = adjustments(sheet)
    transfers = [seat.transfers for seat in seats]
    deductions = [seat.deductions for seat in seats]
    assert sum(transfers) == 0  # transfers are zero-sum
    expected = {
        Sanction.WARNING: ([0, 0, 0, 0], [0, 0, 0, 0]),
        Sanction.PENALTY_TILES: ([0, 0, 0, 0], [0, 0, 0, 0]),  # 3.11.6.7(1) 罚张: no points
        Sanction.NO_WIN: ([0, 0, 0, 0], [0, 0, 0, 0]),
        Sanction.DISQUALIFICATION: ([0, 0, 0, 0], [0, 0, 0, 0]),
        Sanction.ESCALATING: ([0, 0, 0, 0], [0, 0, 0, 0]),  # first time in a hand: a warning
        Sanction.DEDUCTION: ([0, 0, 0, 0], [CHOICES.get(foul.code, 0), 0, 0, 0]),
        Sanction.LATENESS: ([0, 0, 0, 0], [10, 0, 0, 0]),
        Sanction.PAY_VICTIM: ([-30, 0, 30, 0], [0, 0, 0, 0]),
        Sanction.PAY_EACH: ([-3 * foul.pay_each, foul.pay_each, foul.pay_each, foul.pay_each], [0, 0, 0, 0]),
    }[foul.sanction]
    assert (transfers, deductions) == expected
    assert penalty.no_win == foul.no_win
    assert penalty.disqualification == (foul.sanction == Sanction.DISQUALIFICATION)
    event = AuditEvent.objects.get(action="penalty.recorded")
    assert event.detail["article"] == foul.article


@pytest.mark.django_db
def test_false_win_payments_3_11_6_6(referee, sheet):
    east = players(sheet)[0]
    services.penalty_record(actor=referee, sheet=sheet, foul="false_win", offender=east, hand_number=1)
    assert [seat.transfers for seat in adjustments(sheet)] == [-30, 10, 10, 10]
    sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=1, entry=HandEntry(result="draw"))
    services.penalty_record(actor=referee, sheet=sheet, foul="false_win_not_waiting", offender=east, hand_number=2)
    assert [seat.transfers for seat in adjustments(sheet)] == [-90, 30, 30, 30]


@pytest.mark.django_db
@pytest.mark.parametrize("setting, series", [("double", [0, 5, 10, 20, 40]), ("flat", [0, 5, 10, 20, 20])])
def test_escalation_within_one_hand(referee, sheet, tournament, setting, series):
    PenaltyPolicy.objects.create(tournament=tournament, escalation=setting)
    east, south = players(sheet)[:2]
    points = [
        services.penalty_record(actor=referee, sheet=sheet, foul="empty_call", offender=east, hand_number=1).points
        for _ in range(5)
    ]
    assert points == series
    sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=1, entry=HandEntry(result="draw"))
    # Counting starts again in the next hand, and for another player.
    assert (
        services.penalty_record(actor=referee, sheet=sheet, foul="empty_call", offender=east, hand_number=2).points == 0
    )
    assert (
        services.penalty_record(actor=referee, sheet=sheet, foul="empty_call", offender=south, hand_number=1).points
        == 0
    )
    assert adjustments(sheet)[0].deductions == sum(series)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "seconds, deduction, forfeit", [(600, 10, False), (601, 20, False), (900, 20, False), (901, 0, True)]
)
def test_lateness_at_the_boundaries(referee, sheet, seconds, deduction, forfeit):
    east = players(sheet)[0]
    penalty = services.penalty_record(actor=referee, sheet=sheet, foul="late", offender=east, late_seconds=seconds)
    assert (penalty.points, penalty.forfeit) == (deduction, forfeit)


@pytest.mark.django_db
def test_a_forfeited_session_scores_zero_and_last_place(referee, organizer, sheet):
    east = players(sheet)[0]
    sheet_services.hand_record(
        actor=referee, sheet_id=sheet.pk, number=1,
        entry=HandEntry(result="win", winner=1, discarder=None, tiles=STRAIGHT)
    )
    penalty = services.penalty_record(actor=referee, sheet=sheet, foul="late", offender=east, late_seconds=1200)
    results = sheet_detail(sheet=sheet)["results"]
    assert penalty.forfeit
    assert (results[0].session_score, results[0].table_points, results[0].rank) == (0, 0, 4)
    # South self-drew the only hand, settled again without East (READINGS.md P2): 33 from West and North, who
    # share places 2-3: 1.5 each.
    assert [(r.session_score, r.table_points) for r in results[1:]] == [(66, 48), (-33, 18), (-33, 18)]
    assert not hasattr(services, "forfeit_points_set")  # 3.11.2.1: no override


@pytest.mark.django_db
def test_no_win_refuses_a_win_by_that_player_in_that_hand(referee, sheet):
    east = players(sheet)[0]
    services.penalty_record(actor=referee, sheet=sheet, foul="wrong_call", offender=east, hand_number=1)
    with pytest.raises(ValidationError) as caught:
        sheet_services.hand_record(
            actor=referee, sheet_id=sheet.pk, number=1,
            entry=HandEntry(result="win", winner=0, discarder=1, tiles=STRAIGHT)
        )
    assert caught.value.error_dict["winner"][0].code == "hand_refused"
    # Another player may win that hand, and East may win the next one.
    sheet_services.hand_record(
        actor=referee, sheet_id=sheet.pk, number=1, entry=HandEntry(result="win", winner=1, discarder=0, tiles=STRAIGHT)
    )
    sheet_services.hand_record(
        actor=referee, sheet_id=sheet.pk, number=2, entry=HandEntry(result="win", winner=0, discarder=1, tiles=STRAIGHT)
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    "tiles, foul, each",
    [
        ("[123m][345m]678p56s77s+5s", "false_win", 10),  # complete, but under 8 points
        ("123m456m789m12p55s+6p", "false_win", 10),  # waiting on 3p: the wrong tile
        ("123m456m789m14p55s+6p", "false_win_not_waiting", 20),  # not even waiting
    ],
)
def test_false_win_kind_comes_from_the_engine(referee, sheet, tiles, foul, each):
    east = players(sheet)[0]
    penalty = services.false_win_record(actor=referee, sheet=sheet, hand_number=1, offender=east, tiles=tiles)
    assert (penalty.foul, penalty.points, penalty.no_win) == (foul, each, True)


@pytest.mark.django_db
def test_false_win_refuses_a_legal_win_and_bad_tiles(referee, sheet):
    east = players(sheet)[0]
    with pytest.raises(ValidationError):
        services.false_win_record(actor=referee, sheet=sheet, hand_number=1, offender=east, tiles=STRAIGHT)
    with pytest.raises(ValidationError):
        services.false_win_record(actor=referee, sheet=sheet, hand_number=1, offender=east, tiles="12x")
    assert not Penalty.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("counts, expected_points", [(True, [24, 48, 0, 12]), (False, [48, 24, 0, 12])])
def test_deductions_and_the_ranking_setting(
    referee, sheet, pins, tournament, counts, expected_points, django_capture_on_commit_callbacks
):
    tournament.deductions_count_for_ranking = counts
    tournament.save()
    sheet.session.tournament = tournament
    east = players(sheet)[0]
    sheet_services.hand_record(
        actor=referee, sheet_id=sheet.pk, number=1, entry=HandEntry(result="win", winner=0, discarder=1, tiles=STRAIGHT)
    )
    sheet_services.hand_record(
        actor=referee, sheet_id=sheet.pk, number=2,
        entry=HandEntry(result="win", winner=1, discarder=2, tiles="123m456m789m12p55s+3p")
    )
    services.penalty_record(actor=referee, sheet=sheet, foul="violation", offender=east, hand_number=2, points=30)
    results = sheet_detail(sheet=sheet)["results"]
    # Hand 1: East wins 23 on South's discard (+47); hand 2: South wins 22 on West's discard (+46).
    assert [r.hand_score for r in results] == [47 - 8, -31 + 46, -8 - 30, -8 - 8]
    assert [r.session_score for r in results] == [39 - 30, 15, -38, -16]
    assert [r.table_points for r in results] == expected_points


@pytest.mark.django_db
def test_cancelling_a_penalty_recomputes_the_standings(
    referee, chief_referee, sheet, pins, django_capture_on_commit_callbacks
):
    east = players(sheet)[0]
    sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=1, entry=HandEntry(result="draw"))
    penalty = services.penalty_record(
        actor=referee, sheet=sheet, foul="violation", offender=east, hand_number=1, points=30
    )
    sign(sheet, referee, pins, django_capture_on_commit_callbacks)
    before = StandingsSnapshot.objects.order_by("-version").first().data["individuals"]
    assert {row["entry"]: row["contest_points"] for row in before}[east.entry_number] == -30
    with pytest.raises(ValidationError):
        services.penalty_cancel(actor=chief_referee, penalty=penalty, reason=" ")
    with django_capture_on_commit_callbacks(execute=True):
        services.penalty_cancel(actor=chief_referee, penalty=penalty, reason="the referee misread the situation")
    after = StandingsSnapshot.objects.order_by("-version").first().data["individuals"]
    assert {row["entry"]: row["contest_points"] for row in after}[east.entry_number] == 0
    with pytest.raises(ValidationError):
        services.penalty_cancel(actor=chief_referee, penalty=penalty, reason="again")


@pytest.mark.django_db
def test_disqualification_marks_the_standings_and_a_substitute_takes_later_seats(
    referee, organizer, sheet, pins, tournament, registrations, django_capture_on_commit_callbacks
):
    from tournaments.models import Player, Registration

    east = players(sheet)[0]
    session2 = tournament.sessions.get(number=2)
    ids = [r.pk for r in registrations]
    session_services.session_seats_replace(
        actor=organizer, session=session2, tables={1: ids[:4], 2: ids[4:8], 3: ids[8:12]}
    )
    penalty = services.penalty_record(actor=referee, sheet=sheet, foul="cheating", offender=east, hand_number=1)
    sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=1, entry=HandEntry(result="draw"))
    sign(sheet, referee, pins, django_capture_on_commit_callbacks)
    rows = StandingsSnapshot.objects.order_by("-version").first().data["individuals"]
    # 3.11.4 alone: marked, and the rank earned so far stands (3.11.5 is a sanction of its own).
    (row,) = [row for row in rows if row["entry"] == east.entry_number]
    assert row["disqualified"] and row["rank"] is not None
    assert all(row["rank"] is not None for row in rows)
    # Session 2 was seated before the foul; a substitute takes the disqualified player's seat there.
    substitute = Registration.objects.create(
        tournament=tournament, player=Player.objects.create(name="Reserve"), entry_number=99
    )
    with pytest.raises(ValidationError):
        services.disqualification_arrange(actor=organizer, penalty=penalty, arrangement="substitute")
    services.disqualification_arrange(actor=organizer, penalty=penalty, arrangement="substitute", substitute=substitute)
    assert SeatAssignment.objects.get(session=session2, registration=substitute).seat == 0
    assert not SeatAssignment.objects.filter(session=session2, registration=east).exists()


@pytest.mark.django_db
def test_bad_penalty_input(referee, sheet, tournament, registrations):
    east, south = players(sheet)[:2]
    stranger = registrations[5]  # sits at table 2
    with pytest.raises(ValidationError):
        services.penalty_record(actor=referee, sheet=sheet, foul="no-such-foul", offender=east, hand_number=1)
    with pytest.raises(ValidationError):
        services.penalty_record(
            actor=referee, sheet=sheet, foul="violation", offender=stranger, hand_number=1, points=10
        )
    with pytest.raises(ValidationError):
        services.penalty_record(actor=referee, sheet=sheet, foul="violation", offender=east, hand_number=1, points=15)
    with pytest.raises(ValidationError):
        services.penalty_record(actor=referee, sheet=sheet, foul="violation", offender=east, hand_number=5, points=10)
    with pytest.raises(ValidationError):
        services.penalty_record(
            actor=referee, sheet=sheet, foul="exposed_other_tiles", offender=east, hand_number=1, points=10, victim=east
        )
    with pytest.raises(ValidationError):
        services.penalty_record(actor=referee, sheet=sheet, foul="late", offender=east)
    assert not Penalty.objects.exists()


@pytest.mark.django_db
def test_the_organizer_seats_a_substitute_from_the_record_and_sets_no_forfeit_points(
    client_for, referee, organizer, chief_referee, sheet, tournament, registrations
):
    from tournaments.models import Player, Registration

    east, south = players(sheet)[:2]
    late = services.penalty_record(actor=referee, sheet=sheet, foul="late", offender=east, late_seconds=1000)
    cheat = services.penalty_record(actor=referee, sheet=sheet, foul="cheating", offender=south, hand_number=1)
    page = client_for(organizer).get(f"/t/{tournament.pk}/sessions/1/fouls/").content.decode()
    # 3.11.2.1: no form or URL gives a forfeit table points any more.
    assert "forfeit-points" not in page and f"/penalties/{cheat.pk}/arrangement/" in page
    assert client_for(organizer).post(f"/penalties/{late.pk}/forfeit-points/", {"table_points": 12}).status_code == 404
    reserve = Registration.objects.create(
        tournament=tournament, player=Player.objects.create(name="Reserve"), entry_number=50
    )
    response = client_for(organizer).post(f"/penalties/{cheat.pk}/arrangement/", {"substitute": reserve.pk})
    assert response.status_code == 302
    cheat.refresh_from_db()
    assert (cheat.arrangement, cheat.substitute) == ("substitute", reserve)


@pytest.mark.django_db
def test_after_a_disqualification_the_seats_still_work(referee, organizer, sheet, tournament, registrations):
    from seating import services as seating_services
    from tournaments.models import Player, Registration

    east = players(sheet)[0]
    penalty = services.penalty_record(actor=referee, sheet=sheet, foul="cheating", offender=east, hand_number=1)
    substitute = Registration.objects.create(
        tournament=tournament, player=Player.objects.create(name="Reserve"), entry_number=99
    )
    # Later sessions are drawn without the disqualified player and with the substitute.
    seating_services.chart_generate(actor=organizer, tournament=tournament, seed=3)
    later = SeatAssignment.objects.filter(session__number__gt=1)
    assert not later.filter(registration=east).exists()
    assert later.filter(registration=substitute).count() == tournament.planned_sessions - 1
    # A manual swap in a later session still validates.
    session2 = tournament.sessions.get(number=2)
    a, b = [
        seat.registration for seat in session2.seats.filter(table__number__in=[1, 2], seat=0).order_by("table__number")
    ]
    seating_services.seats_swap(
        actor=organizer, session=session2, first_entry=a.entry_number, second_entry=b.entry_number
    )
    assert session2.seats.get(registration=a).table.number == 2
    assert penalty.disqualification


@pytest.mark.django_db
def test_a_given_occurrence_fixes_the_escalating_points(referee, sheet):
    """An archive's occurrence is kept (3.11.6.3-5), and only escalating fouls take one."""
    east = players(sheet)[0]
    given = services.penalty_record(
        actor=referee, sheet=sheet, foul="empty_call", offender=east, hand_number=1, occurrence=3
    )
    assert (given.occurrence, given.points) == (3, 10)
    for foul, occurrence in (("violation", 1), ("empty_call", 0), ("empty_call", True)):
        with pytest.raises(ValidationError) as caught:
            services.penalty_record(
                actor=referee, sheet=sheet, foul=foul, offender=east, hand_number=1, points=10, occurrence=occurrence
            )
        assert "occurrence" in caught.value.message_dict


@pytest.mark.django_db
@pytest.mark.parametrize("setting, before, after", [
    ("double", [0, 5, 10, 20, 40], [0, 5, 10, 20, 40]),
    ("flat", [0, 5, 10, 20, 20], [0, 5, 10, 20, 20]),
])
def test_cancelling_an_escalating_foul_renumbers_the_rest(
    referee, chief_referee, sheet, tournament, setting, before, after
):
    """3.11.6.3-5 count the fouls that stand: warning, 5, 10 with the first cancelled becomes
    warning, 5, and the next one recorded is 10, under the tournament's escalation setting."""
    PenaltyPolicy.objects.create(tournament=tournament, escalation=setting)
    east, south = players(sheet)[:2]
    recorded = [services.penalty_record(actor=referee, sheet=sheet, foul="empty_call", offender=east, hand_number=1)
                for _ in range(5)]
    other = services.penalty_record(actor=referee, sheet=sheet, foul="empty_call", offender=south, hand_number=1)
    assert [p.points for p in recorded] == before
    version = sheet.__class__.objects.get(pk=sheet.pk).version
    services.penalty_cancel(actor=chief_referee, penalty=recorded[0], reason="not a foul")
    services.penalty_record(actor=referee, sheet=sheet, foul="empty_call", offender=east, hand_number=1)
    active = Penalty.objects.filter(offender=east, status="active").order_by("created_at")
    assert [(p.occurrence, p.points) for p in active] == [(n, points) for n, points in enumerate(after, start=1)]
    other.refresh_from_db()
    assert (other.occurrence, other.points) == (1, 0)
    assert AuditEvent.objects.filter(action="penalty.renumbered").count() == 1
    assert sheet.__class__.objects.get(pk=sheet.pk).version > version


@pytest.mark.django_db
@pytest.mark.parametrize("foul", ["false_win", "wrong_call"])
def test_no_win_refused_on_a_hand_the_offender_won(referee, sheet, foul):
    """3.11.3, 3.11.6.6: the win and the loss of the right to win cannot both stand."""
    east, south = players(sheet)[:2]
    sheet_services.hand_record(
        actor=referee, sheet_id=sheet.pk, number=1, entry=HandEntry(result="win", winner=0, discarder=1, tiles=STRAIGHT)
    )
    with pytest.raises(ValidationError) as caught:
        services.penalty_record(actor=referee, sheet=sheet, foul=foul, offender=east, hand_number=1)
    assert "correct the hand first" in caught.value.message_dict["hand_number"][0]
    assert not Penalty.objects.exists()
    # Another player of that hand can still be penalised.
    services.penalty_record(actor=referee, sheet=sheet, foul=foul, offender=south, hand_number=1)


@pytest.mark.django_db
def test_lateness_is_bounded_and_given_once_per_session(client_for, referee, chief_referee, sheet):
    """3.11.2.1: one sanction for being late to a session; an absurd lateness is a typing error."""
    east = players(sheet)[0]
    response = client_for(referee).post(f"/sheets/{sheet.pk}/fouls/record/", {
        "foul": "late", "offender": east.pk, "late_minutes": 40000000, "late_seconds": 0})
    assert response.status_code == 200 and not Penalty.objects.exists()
    with pytest.raises(ValidationError) as caught:
        services.penalty_record(actor=referee, sheet=sheet, foul="late", offender=east, late_seconds=24 * 3600 + 1)
    assert "late_seconds" in caught.value.message_dict
    first = services.penalty_record(actor=referee, sheet=sheet, foul="late", offender=east, late_seconds=300)
    with pytest.raises(ValidationError) as caught:
        services.penalty_record(actor=referee, sheet=sheet, foul="late", offender=east, late_seconds=700)
    assert "cancel it first" in caught.value.message_dict["offender"][0]
    assert Penalty.objects.count() == 1
    services.penalty_cancel(actor=chief_referee, penalty=first, reason="The clock was wrong.")
    assert (
        services.penalty_record(actor=referee, sheet=sheet, foul="late", offender=east, late_seconds=700).points == 20
    )


@pytest.mark.django_db
def test_an_arrangement_is_not_changed_and_cancelling_gives_the_seats_back(
    referee, organizer, chief_referee, sheet, tournament, registrations
):
    """3.11.4: the substitute's planned seats go back to the player when the disqualification is
    cancelled; changing an arrangement is refused (cancel and record again)."""
    from tournaments.models import Player, Registration

    east = players(sheet)[0]
    # Session 2 seated before the foul (3.11.4: a 停赛 player cannot be seated after it).
    session2 = tournament.sessions.get(number=2)
    ids = [r.pk for r in registrations]
    session_services.session_seats_replace(
        actor=organizer, session=session2, tables={1: ids[:4], 2: ids[4:8], 3: ids[8:12]}
    )
    penalty = services.penalty_record(actor=referee, sheet=sheet, foul="cheating", offender=east, hand_number=1)
    a = Registration.objects.create(tournament=tournament, player=Player.objects.create(name="A"), entry_number=98)
    b = Registration.objects.create(tournament=tournament, player=Player.objects.create(name="B"), entry_number=99)
    services.disqualification_arrange(actor=organizer, penalty=penalty, arrangement="substitute", substitute=a)
    with pytest.raises(ValidationError) as caught:
        services.disqualification_arrange(actor=organizer, penalty=penalty, arrangement="substitute", substitute=b)
    assert "cancel the disqualification" in caught.value.message_dict["arrangement"][0]
    # 3.5.2: "play on" is no longer an arrangement.
    with pytest.raises(ValidationError) as caught:
        services.disqualification_arrange(actor=organizer, penalty=penalty, arrangement="play_on")
    assert "four players" in caught.value.message_dict["arrangement"][0]
    penalty.refresh_from_db()
    assert (penalty.arrangement, penalty.substitute) == ("substitute", a)
    assert SeatAssignment.objects.get(session=session2, table__number=1, seat=0).registration == a
    services.penalty_cancel(actor=chief_referee, penalty=penalty, reason="No cheating after all.")
    assert SeatAssignment.objects.get(session=session2, table__number=1, seat=0).registration == east
    assert not SeatAssignment.objects.filter(registration=a).exists()
    assert AuditEvent.objects.filter(action="penalty.disqualification_seats_returned").exists()


@pytest.mark.django_db
def test_a_substitute_stands_down_when_the_disqualification_is_cancelled(
    referee, organizer, chief_referee, sheet, tournament, registrations
):
    from seating import services as seating_services
    from tournaments.models import Player, Registration

    east = players(sheet)[0]
    seating_services.chart_generate(actor=organizer, tournament=tournament, seed=3)
    penalty = services.penalty_record(actor=referee, sheet=sheet, foul="cheating", offender=east, hand_number=1)
    substitute = Registration.objects.create(
        tournament=tournament, player=Player.objects.create(name="Reserve"), entry_number=99
    )
    services.disqualification_arrange(actor=organizer, penalty=penalty, arrangement="substitute", substitute=substitute)
    services.penalty_cancel(actor=chief_referee, penalty=penalty, reason="upheld on appeal")
    # Back in: the player has the seats back, the substitute needs none; both are ranked as usual.
    assert extensions.standing_flags(tournament.pk) == {substitute.pk: extensions.StandingFlags(stood_down=True)}
    later = SeatAssignment.objects.filter(session__number__gt=1)
    assert later.filter(registration=east).count() == tournament.planned_sessions - 1
    assert not later.filter(registration=substitute).exists()
    session_services.session_end(actor=organizer, session=sheet.session)
    session_services.session_start(actor=organizer, session=tournament.sessions.get(number=2))  # nobody left out
    # A chart drawn again seats the player and leaves the substitute out.
    seating_services.chart_generate(actor=organizer, tournament=tournament, seed=4)
    assert not SeatAssignment.objects.filter(session__number__gt=2, registration=substitute).exists()


@pytest.mark.django_db
def test_a_change_after_confirmations_asks_for_them_again(referee, sheet, pins, registrations):
    sheet_services.hand_record(
        actor=referee, sheet_id=sheet.pk, number=1, entry=HandEntry(result="win", winner=2, discarder=0, tiles=STRAIGHT)
    )
    sheet.refresh_from_db()
    sheet = sheet_services.sheet_close(actor=referee, sheet=sheet, expected_version=sheet.version)
    for entry in (1, 2, 3, 4):
        sheet_services.sheet_confirm(sheet=sheet, entry_number=entry, pin=pins[entry])
    sheet.refresh_from_db()
    sheet_services.hand_correct(
        actor=referee,
        sheet=sheet,
        number=1,
        expected_version=sheet.version,
        entry=HandEntry(result="win", winner=1, discarder=0, tiles=STRAIGHT),
    )
    with pytest.raises(ValidationError, match="0 of 4"):
        sheet_services.sheet_sign(actor=referee, sheet=sheet)
    for entry in (1, 2, 3, 4):
        sheet_services.sheet_confirm(sheet=sheet, entry_number=entry, pin=pins[entry])
    services.penalty_record(
        actor=referee, sheet=sheet, foul="violation", offender=registrations[0], hand_number=1, points=10
    )
    with pytest.raises(ValidationError, match="0 of 4"):  # a penalty changes the results too
        sheet_services.sheet_sign(actor=referee, sheet=sheet)


@pytest.mark.django_db
def test_3_11_4_a_player_under_停赛_or_with_a_cancelled_rank_is_no_substitute(
    referee, organizer, chief_referee, sheet, tournament, registrations
):
    """3.11.4 取消继续参加本次比赛的资格, 3.11.5 取消录取名次: neither takes another's seats, on either route
    (a 停赛 arrangement, a withdrawal's substitute), and neither is offered."""
    from penalties.selectors import arrangement_candidates
    from roster import services as roster_services
    from roster.selectors import substitute_candidates
    from tournaments.models import Player, Registration

    east, south = players(sheet)[:2]
    session2 = tournament.sessions.get(number=2)
    ids = [r.pk for r in registrations]
    session_services.session_seats_replace(
        actor=organizer, session=session2, tables={1: ids[:4], 2: ids[4:8], 3: ids[8:12]})
    # A late entry, not playing the running session: they will leave.
    leaving = Registration.objects.create(tournament=tournament, player=Player.objects.create(name="Leaver"),
                                          entry_number=96)
    first = services.penalty_record(actor=referee, sheet=sheet, foul="cheating", offender=east, hand_number=1)
    reserve = Registration.objects.create(tournament=tournament, player=Player.objects.create(name="Reserve"),
                                          entry_number=99)
    services.disqualification_arrange(actor=organizer, penalty=first, substitute=reserve)  # east now holds no seat
    second = services.penalty_record(actor=referee, sheet=sheet, foul="cheating", offender=south, hand_number=1)
    assert east not in arrangement_candidates(tournament=tournament)
    with pytest.raises(ValidationError, match="disqualified"):
        services.disqualification_arrange(actor=organizer, penalty=second, substitute=east)
    cancelled = Registration.objects.create(tournament=tournament, player=Player.objects.create(name="Struck"),
                                            entry_number=98)
    services.rank_cancel(actor=chief_referee, tournament=tournament, registration=cancelled, reason="illegal gain")
    assert cancelled not in arrangement_candidates(tournament=tournament)
    with pytest.raises(ValidationError, match="rank is cancelled"):
        services.disqualification_arrange(actor=organizer, penalty=second, substitute=cancelled)
    assert east not in substitute_candidates(registration=leaving)  # the same refusals on the withdrawal route
    assert cancelled not in substitute_candidates(registration=leaving)
    with pytest.raises(ValidationError, match="rank is cancelled"):
        roster_services.registration_substitute(actor=organizer, registration=leaving, substitute=cancelled)
    fresh = Registration.objects.create(tournament=tournament, player=Player.objects.create(name="Fresh"),
                                        entry_number=97)
    assert fresh in arrangement_candidates(tournament=tournament)
    services.disqualification_arrange(actor=organizer, penalty=second, substitute=fresh)
