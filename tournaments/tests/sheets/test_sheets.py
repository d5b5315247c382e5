"""Recording hands on a score sheet: validation by the engine, winds, idempotency, signing, locking."""

import uuid

import pytest
from django.core.exceptions import ValidationError
from django.http import Http404
from django.urls import reverse

from scoring.engine import settle
from testing.scenarios import CHICKEN, STRAIGHT, objection_made_before_signing
from tournaments.errors import Conflict
from tournaments.models import AuditEvent, Hand, RateLimitCounter, ScoreSheet, StandingsSnapshot
from tournaments.sessions import services as session_services
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HandEntry


def record(actor, sheet, number, **entry):
    entry.setdefault("result", "win")
    hand, _created = sheet_services.hand_record(
        actor=actor, sheet_id=sheet.pk, number=number, entry=HandEntry.from_mapping(entry)
    )
    return hand


@pytest.mark.django_db
def test_win_on_a_discard_pays_as_3_9_1_3(referee, sheet):
    hand = record(referee, sheet, 1, winner=2, discarder=0, tiles=STRAIGHT)
    assert (hand.fan_points, hand.total, hand.verified) == (23, 23, True)
    assert hand.deltas == settle(23, winner=2, discarder=0) == (-31, -8, 47, -8)
    assert {fan["number"] for fan in hand.fans} == {28, 62, 63, 70, 75, 79}
    sheet.refresh_from_db()
    assert sheet.version == 2
    assert AuditEvent.objects.get(action="hand.recorded").detail["deltas"] == [-31, -8, 47, -8]


@pytest.mark.django_db
def test_self_drawn_and_draw_and_flowers(referee, sheet):
    hand = record(referee, sheet, 1, winner=1, discarder=None, tiles=STRAIGHT, flowers=2)
    assert (hand.fan_points, hand.total) == (25, 27)
    assert hand.deltas == (-35, 105, -35, -35)
    assert hand.self_drawn
    draw = record(referee, sheet, 2, result="draw")
    assert draw.deltas == (0, 0, 0, 0) and draw.winner is None


@pytest.mark.django_db
def test_the_engine_gets_the_derived_winds(referee, sheet):
    # Hand 1: starting seat 0 is East in the East round: a pung of East is both winds (60 + 61).
    first = record(referee, sheet, 1, winner=0, discarder=1, tiles="[EEE]123m456m789m1s+1s")
    assert {60, 61} <= {fan["number"] for fan in first.fans}
    # Hand 2: the deal has passed; seat 0 is North, so East is the prevalent wind only.
    second = record(referee, sheet, 2, winner=0, discarder=1, tiles="[EEE]123m456m789m1s+1s")
    numbers = {fan["number"] for fan in second.fans}
    assert 60 in numbers and 61 not in numbers


@pytest.mark.django_db
@pytest.mark.parametrize(
    "entry, field, code",
    [
        ({"winner": 0, "discarder": 1, "tiles": "123m456m789m12p55s+7p"}, "tiles", "not_complete"),
        ({"winner": 0, "discarder": 1, "tiles": "[123m][345m]678p56sWW+7s", "flowers": 9}, "tiles", "context"),
        ({"winner": 0, "discarder": 1, "tiles": "123m456m789m123p5p5p+5p"}, "tiles", "tile_count"),
        ({"winner": 0, "discarder": 1, "tiles": "[123m]11111m456p78s+9s"}, "tiles", "too_many_copies"),
        ({"winner": 0, "discarder": 1, "tiles": "12x"}, "tiles", "notation"),
        ({"winner": 0, "discarder": 0, "tiles": CHICKEN}, "discarder", None),
        ({"winner": 5, "discarder": 1, "tiles": CHICKEN}, "winner", None),
        ({"winner": 0, "discarder": 1}, "tiles", None),
        ({"winner": 0, "discarder": 1, "declared_fans": [1, 38]}, "declared_fans", "declared"),
        ({"winner": 0, "discarder": 1, "declared_fans": [76]}, "declared_fans", "declared"),
    ],
)
def test_bad_hands_are_refused_and_nothing_is_saved(referee, sheet, entry, field, code):
    with pytest.raises(ValidationError) as caught:
        record(referee, sheet, 1, **entry)
    assert field in caught.value.message_dict
    if code:
        assert caught.value.error_dict[field][0].code == code
    assert not Hand.objects.exists()
    sheet.refresh_from_db()
    assert sheet.version == 1


@pytest.mark.django_db
def test_below_minimum_names_the_points(referee, sheet):
    with pytest.raises(ValidationError) as caught:
        record(referee, sheet, 1, winner=0, discarder=1, tiles="[123m][456m][789p]11s23s+4s", last_wall_tile=False)
    assert "at least 8" in caught.value.message_dict["tiles"][0] or "8" in caught.value.message_dict["tiles"][0]


@pytest.mark.django_db
def test_declared_fans_are_marked_unverified(referee, sheet):
    hand = record(referee, sheet, 1, winner=3, discarder=None, declared_fans=[49, 73, 76], flowers=1)
    assert (hand.verified, hand.fan_points, hand.total) == (False, 8, 9)
    assert hand.fans == [{"number": 49, "count": 1}, {"number": 73, "count": 1}, {"number": 76, "count": 1},
                         {"number": 81, "count": 1}]


@pytest.mark.django_db
def test_a_retry_never_records_twice_and_stale_numbers_conflict(referee, sheet):
    key = uuid.uuid4()
    first, created = sheet_services.hand_record(
        actor=referee, sheet_id=sheet.pk, number=1, client_key=key, entry=HandEntry(result="draw")
    )
    again, created_again = sheet_services.hand_record(
        actor=referee, sheet_id=sheet.pk, number=1, client_key=key, entry=HandEntry(result="draw")
    )
    assert created and not created_again and first.pk == again.pk
    with pytest.raises(Conflict) as caught:
        sheet_services.hand_record(
            actor=referee, sheet_id=sheet.pk, number=1, client_key=uuid.uuid4(), entry=HandEntry(result="draw")
        )
    assert caught.value.current_version == 2
    assert sheet.hands.count() == 1


@pytest.mark.django_db
def test_only_the_sheets_referee_records_checked_on_the_locked_row(referee, organizer, outsider, chief_referee, sheet):
    from django.http import Http404

    from testing.fixtures import member

    for stranger in (organizer, outsider):  # staff without RECORD_SCORES, another tournament's organizer
        with pytest.raises(Http404):
            record(stranger, sheet, 1, result="draw")
    with pytest.raises(Http404):  # no such sheet
        sheet_services.hand_record(actor=referee, sheet_id=10**9, number=1, entry=HandEntry(result="draw"))
    # Reassigned to another referee: the old one's tablet can no longer write, even mid-session.
    other = member(sheet.session.tournament, "referee2", "referee")
    sheet_services.sheet_assign_referee(actor=chief_referee, sheet=sheet, referee=other)
    with pytest.raises(Http404):
        record(referee, sheet, 1, result="draw")
    assert not sheet.hands.exists() and not AuditEvent.objects.filter(action="hand.recorded").exists()
    record(other, sheet, 1, result="draw")
    record(chief_referee, sheet, 2, result="draw")  # the chief referee writes any sheet
    assert sheet.hands.count() == 2


@pytest.mark.django_db
def test_sixteen_hands_at_most(referee, sheet):
    for number in range(1, 17):
        record(referee, sheet, number, result="draw")
    with pytest.raises(ValidationError):
        record(referee, sheet, 17, result="draw")


@pytest.mark.django_db
def test_close_confirm_sign_lock_and_standings(referee, sheet, pins, registrations, django_capture_on_commit_callbacks):
    record(referee, sheet, 1, winner=2, discarder=0, tiles=STRAIGHT)
    with pytest.raises(ValidationError):  # not closed yet
        sheet_services.sheet_confirm(sheet=sheet, entry_number=1, pin=pins[1])
    sheet = sheet_services.sheet_close(actor=referee, sheet=sheet, expected_version=2)
    assert sheet.status == ScoreSheet.Status.CLOSED and sheet.ended_by_time
    with pytest.raises(ValidationError):  # wrong PIN
        sheet_services.sheet_confirm(sheet=sheet, entry_number=1, pin="no")
    with pytest.raises(ValidationError):  # a player of another table
        sheet_services.sheet_confirm(sheet=sheet, entry_number=5, pin=pins[5])
    for entry in (1, 2, 3):
        sheet_services.sheet_confirm(sheet=sheet, entry_number=entry, pin=pins[entry])
    with pytest.raises(ValidationError):  # only three have confirmed
        sheet_services.sheet_sign(actor=referee, sheet=sheet)
    sheet_services.sheet_confirm(sheet=sheet, entry_number=4, pin=pins[4])
    twice = sheet_services.sheet_confirm(sheet=sheet, entry_number=4, pin=pins[4])
    # A second confirmation is safe (a retry) and said plainly: nothing recorded, the tablet told.
    assert twice.already and "Player 4 (entry 4) has already confirmed this sheet" in twice.notice()
    assert AuditEvent.objects.filter(action="sheet.confirmed").count() == 4
    with django_capture_on_commit_callbacks(execute=True):
        sheet = sheet_services.sheet_sign(actor=referee, sheet=sheet)
    assert sheet.status == ScoreSheet.Status.LOCKED
    assert sheet.signatures.count() == 5
    with pytest.raises(Http404):  # signed: its referee can no longer add a hand
        record(referee, sheet, 2, result="draw")
    snapshot = StandingsSnapshot.objects.get()
    top = snapshot.data["individuals"][0]
    assert (top["entry"], top["table_points"], top["contest_points"]) == (3, 48, 47)


@pytest.mark.django_db
def test_locked_sheet_changes_need_a_reason_and_the_current_version(
    referee, chief_referee, sheet, pins, django_capture_on_commit_callbacks
):
    record(referee, sheet, 1, winner=2, discarder=0, tiles=STRAIGHT)
    sheet_services.sheet_close(actor=referee, sheet=sheet, expected_version=2)
    for entry in (1, 2, 3, 4):
        sheet_services.sheet_confirm(sheet=sheet, entry_number=entry, pin=pins[entry])
    with django_capture_on_commit_callbacks(execute=True):
        sheet_services.sheet_sign(actor=referee, sheet=sheet)
    sheet.refresh_from_db()
    with pytest.raises(Conflict):
        sheet_services.hand_correct(
            actor=chief_referee, sheet=sheet, number=1, expected_version=1, reason="x", entry=HandEntry(result="draw")
        )
    with pytest.raises(ValidationError):
        sheet_services.hand_correct(
            actor=chief_referee, sheet=sheet, number=1, expected_version=sheet.version, entry=HandEntry(result="draw")
        )
    with django_capture_on_commit_callbacks(execute=True):
        hand = sheet_services.hand_correct(
            actor=chief_referee, sheet=sheet, number=1, expected_version=sheet.version,
            reason="winner was seat 1", entry=HandEntry(result="win", winner=1, discarder=0, tiles=STRAIGHT),
            basis="objection", reference=str(objection_made_before_signing(sheet).pk),
        )
    assert hand.deltas == (-31, 47, -8, -8)
    event = AuditEvent.objects.get(action="hand.corrected")
    assert event.actor == chief_referee and event.detail["reason"] == "winner was seat 1"
    latest = StandingsSnapshot.objects.order_by("-version").first()
    assert latest.data["individuals"][0]["entry"] == 2


@pytest.mark.django_db
def test_take_back_the_last_hand(referee, sheet):
    record(referee, sheet, 1, result="draw")
    record(referee, sheet, 2, winner=0, discarder=1, tiles=CHICKEN)
    sheet.refresh_from_db()
    sheet_services.hand_delete_last(actor=referee, sheet=sheet, expected_version=sheet.version)
    assert list(sheet.hands.values_list("number", flat=True)) == [1]
    assert AuditEvent.objects.filter(action="hand.deleted").count() == 1


@pytest.mark.django_db
def test_a_late_hand_on_a_closed_sheet_can_be_taken_back(
    organizer, referee, chief_referee, pins, running_session, client_for
):
    # 3.5.6: the hand still in progress at time-up scores nothing, but an offline tablet may send it
    # afterwards with the hands finished before; the referee takes it back before the players confirm.
    sheet = running_session.sheets.get(table__number=1)
    record(referee, sheet, 1, result="draw")
    session_services.session_end(actor=organizer, session=running_session)
    record(referee, sheet, 2, winner=2, discarder=0, tiles=STRAIGHT)
    sheet.refresh_from_db()
    sheet_services.sheet_confirm(sheet=sheet, entry_number=1, pin=pins[1], expected_version=sheet.version)
    page = client_for(referee).get(reverse("tournaments:sheet", args=[sheet.pk])).content.decode()
    assert 'data-action="take-back"' in page and 'data-action="confirm"' in page
    with pytest.raises(Conflict):
        sheet_services.hand_delete_last(actor=referee, sheet=sheet, expected_version=sheet.version - 1)
    sheet_services.hand_delete_last(actor=referee, sheet=sheet, expected_version=sheet.version)
    sheet.refresh_from_db()
    assert (sheet.status, sheet.hand_count, sheet.totals, sheet.ended_by_time) == (
        ScoreSheet.Status.CLOSED, 1, (0, 0, 0, 0), True,
    )
    assert list(sheet.hands.values_list("number", flat=True)) == [1]
    # The confirmation was given for the sheet with the late hand: it no longer counts.
    assert not sheet.signatures.filter(sheet_version=sheet.version).exists()
    assert AuditEvent.objects.get(action="hand.deleted").detail["sheet_status"] == "closed"
    for entry in (1, 2, 3, 4):
        sheet_services.sheet_confirm(sheet=sheet, entry_number=entry, pin=pins[entry], expected_version=sheet.version)
    sheet = sheet_services.sheet_sign(actor=referee, sheet=sheet, expected_version=sheet.version)
    page = client_for(referee).get(reverse("tournaments:sheet", args=[sheet.pk])).content.decode()
    assert 'data-action="take-back"' not in page
    with pytest.raises(ValidationError, match="signed"):  # a signed sheet: only through a correction
        sheet_services.hand_delete_last(actor=chief_referee, sheet=sheet, expected_version=sheet.version)
    assert sheet.hands.count() == 1


@pytest.mark.django_db
def test_hands_finished_before_time_up_still_count_after_it(organizer, referee, chief_referee, pins, running_session):
    # 3.5.6: a tablet offline at time-up sends the hands finished before it afterwards.
    sheet = running_session.sheets.get(table__number=1)
    record(referee, sheet, 1, result="draw")
    session_services.session_end(actor=organizer, session=running_session)
    sheet.refresh_from_db()
    sheet_services.sheet_confirm(sheet=sheet, entry_number=1, pin=pins[1], expected_version=sheet.version)
    record(referee, sheet, 2, winner=2, discarder=0, tiles=STRAIGHT)
    sheet.refresh_from_db()
    assert (sheet.status, sheet.hand_count, sheet.totals) == (ScoreSheet.Status.CLOSED, 2, (-31, -8, 47, -8))
    # The figures changed: the confirmation given before no longer counts.
    assert not sheet.signatures.filter(sheet_version=sheet.version).exists()
    assert AuditEvent.objects.filter(action="hand.recorded").order_by("pk").last().detail["sheet_status"] == "closed"
    for number in range(3, 17):
        record(chief_referee, sheet, number, result="draw")
    sheet.refresh_from_db()
    assert not sheet.ended_by_time  # all 16 hands were played after all
    with pytest.raises(ValidationError):
        record(referee, sheet, 17, result="draw")


@pytest.mark.django_db
def test_the_chief_referee_signs_for_a_player_who_cannot_confirm(referee, chief_referee, sheet, pins):
    record(referee, sheet, 1, result="draw")
    sheet = sheet_services.sheet_close(actor=referee, sheet=sheet, expected_version=2)
    for entry in (1, 2, 3):
        sheet_services.sheet_confirm(sheet=sheet, entry_number=entry, pin=pins[entry], expected_version=sheet.version)
    with pytest.raises(ValidationError, match="3 of 4"):  # the referee may not
        sheet_services.sheet_sign(actor=referee, sheet=sheet, reason="player 4 left")
    with pytest.raises(ValidationError) as caught:  # the chief referee must say why
        sheet_services.sheet_sign(actor=chief_referee, sheet=sheet, reason=" ")
    assert "reason" in caught.value.message_dict
    with pytest.raises(Conflict):  # and sign what the players saw
        sheet_services.sheet_sign(actor=chief_referee, sheet=sheet, expected_version=sheet.version - 1, reason="x")
    sheet = sheet_services.sheet_sign(
        actor=chief_referee, sheet=sheet, expected_version=sheet.version, reason="4 left ill"
    )
    assert sheet.status == ScoreSheet.Status.LOCKED
    locked = AuditEvent.objects.get(action="sheet.locked")
    assert locked.detail == {"unconfirmed": [4], "reason": "4 left ill"} and locked.actor == chief_referee


def hand_sums(sheet) -> tuple:
    from django.db.models import Sum

    sums = sheet.hands.aggregate(s0=Sum("d0"), s1=Sum("d1"), s2=Sum("d2"), s3=Sum("d3"))
    return tuple(sums[f"s{seat}"] or 0 for seat in range(4))


@pytest.mark.django_db
def test_the_sheet_totals_are_the_sums_of_its_hands(referee, chief_referee, sheet):
    """total0..total3 are derived: every hand service keeps them equal to the hands' sums."""
    record(referee, sheet, 1, winner=2, discarder=0, tiles=STRAIGHT)
    record(referee, sheet, 2, winner=1, tiles=STRAIGHT)  # self-drawn
    record(referee, sheet, 3, result="draw")
    record(referee, sheet, 4, winner=0, discarder=3, tiles=CHICKEN)
    sheet.refresh_from_db()
    assert sheet.totals == hand_sums(sheet) != (0, 0, 0, 0) and sheet.hand_count == 4
    assert sum(sheet.totals) == 0
    sheet_services.hand_correct(
        actor=chief_referee, sheet=sheet, number=1, expected_version=sheet.version,
        entry=HandEntry(result="win", winner=3, discarder=1, tiles=STRAIGHT),
    )
    sheet.refresh_from_db()
    assert sheet.totals == hand_sums(sheet) and sheet.hand_count == sheet.hands.count()
    sheet_services.hand_correct(
        actor=chief_referee, sheet=sheet, number=2, expected_version=sheet.version, entry=HandEntry(result="draw")
    )
    sheet.refresh_from_db()
    assert sheet.totals == hand_sums(sheet) and sheet.hand_count == sheet.hands.count()
    sheet_services.hand_delete_last(actor=referee, sheet=sheet, expected_version=sheet.version)
    sheet.refresh_from_db()
    assert sheet.totals == hand_sums(sheet) and sheet.hand_count == sheet.hands.count()
    sheet_services.hand_record(
        actor=referee, sheet_id=sheet.pk, number=4, client_key=uuid.uuid4(), entry=HandEntry(result="draw")
    )
    sheet.refresh_from_db()
    assert sheet.totals == hand_sums(sheet) and sheet.hand_count == sheet.hands.count()
    for number in (4, 3, 2, 1):
        sheet_services.hand_delete_last(actor=referee, sheet=sheet, expected_version=sheet.version)
        sheet.refresh_from_db()
        assert sheet.totals == hand_sums(sheet) and sheet.hand_count == sheet.hands.count()
    assert sheet.totals == (0, 0, 0, 0)


@pytest.mark.django_db
def test_pins_cannot_be_guessed(referee, sheet, pins):
    from django.core.cache import cache

    cache.clear()
    sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=1, entry=HandEntry(result="draw"))
    sheet.refresh_from_db()
    sheet_services.sheet_close(actor=referee, sheet=sheet, expected_version=sheet.version)
    wrong = "0000" if pins[1] != "0000" else "1111"
    for _ in range(9):
        with pytest.raises(ValidationError, match="do not match"):
            sheet_services.sheet_confirm(sheet=sheet, entry_number=1, pin=wrong)
    # Nine wrong taps by anyone do not keep the player out (issue 16; tournaments/pins.py) ...
    sheet_services.sheet_confirm(sheet=sheet, entry_number=1, pin=pins[1])
    # ... the tenth retires the PIN until a referee re-issues it: ten guesses of 10,000, at most.
    with pytest.raises(ValidationError, match="no longer works"):
        sheet_services.sheet_confirm(sheet=sheet, entry_number=1, pin=wrong)
    RateLimitCounter.objects.filter(key__startswith="pin-burst").delete()  # the minute's speed bump over
    with pytest.raises(ValidationError, match="no longer works"):
        sheet_services.sheet_confirm(sheet=sheet, entry_number=1, pin=pins[1])
    sheet_services.sheet_confirm(sheet=sheet, entry_number=2, pin=pins[2])  # other players are not held up
    cache.clear()
