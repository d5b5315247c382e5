"""Check-in per session (3.5.7.1) and lateness from check-in (3.11.2.1)."""

import datetime as dt
import re

import pytest
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from tournaments.models import AuditEvent, RateLimitCounter, Registration, Session, SessionCheckIn
from tournaments.pins import PIN_ATTEMPTS, pin_verify
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()  # the PIN pause is counted in the cache
    yield
    cache.clear()


def _seat_session_2(organizer, tournament, registrations):
    session = tournament.sessions.get(number=2)
    ids = [r.pk for r in registrations]
    session_services.session_seats_replace(
        actor=organizer, session=session, tables={1: ids[8:12], 2: ids[0:4], 3: ids[4:8]}
    )
    return session


@pytest.mark.django_db
def test_3_5_7_1_check_in_is_per_session(organizer, tournament, registrations, seated_session):
    """Checked in for session 1 is not checked in for session 2."""
    session_2 = _seat_session_2(organizer, tournament, registrations)
    check_in = session_services.check_in_record(actor=organizer, session=seated_session, registration=registrations[0])
    assert check_in.method == SessionCheckIn.Method.STAFF and check_in.checked_in_by == organizer
    assert SessionCheckIn.objects.filter(session=seated_session, registration=registrations[0]).exists()
    assert not SessionCheckIn.objects.filter(session=session_2, registration=registrations[0]).exists()
    session_2_tables = session_selectors.session_check_ins(session=session_2)
    table_2 = next(t for t in session_2_tables if t["table"] == 2)
    assert registrations[0] in [row["registration"] for row in table_2["missing"]]
    # A second check-in keeps the first time; one row per session and player.
    again = session_services.check_in_record(actor=organizer, session=seated_session, registration=registrations[0])
    assert again.pk == check_in.pk and again.checked_in_at == check_in.checked_in_at
    session_services.check_in_record(actor=organizer, session=session_2, registration=registrations[0])
    assert SessionCheckIn.objects.filter(registration=registrations[0]).count() == 2


@pytest.mark.django_db
def test_3_5_7_1_only_a_seated_player_of_an_open_session_checks_in(
    organizer, tournament, registrations, seated_session
):
    session_2 = tournament.sessions.get(number=2)  # no seats yet
    with pytest.raises(ValidationError, match="no seat in session 2"):
        session_services.check_in_record(actor=organizer, session=session_2, registration=registrations[0])
    Session.objects.filter(pk=seated_session.pk).update(status=Session.Status.FINISHED)
    with pytest.raises(ValidationError, match="is over"):
        session_services.check_in_record(actor=organizer, session=seated_session, registration=registrations[0])
    assert not SessionCheckIn.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("who", ["referee", "chief_referee", "organizer"])
def test_3_5_7_1_staff_check_in_and_undo_at_the_table_panel(
    client_for, tournament, registrations, seated_session, who, request
):
    user = request.getfixturevalue(who)
    client = client_for(user)
    panel = reverse("tournaments:check_in_table", args=[tournament.pk, 1, 2])
    page = client.get(panel).content.decode()
    assert page.count("not checked in") == 4
    change = reverse("tournaments:check_in_change", args=[seated_session.pk])
    response = client.post(change, {"registration": registrations[4].pk, "next": panel})
    assert response.status_code == 302 and response["Location"] == panel
    page = client.get(panel).content.decode()
    assert page.count("not checked in") == 3 and f"· {user.get_username()}" in page
    response = client.post(change, {"registration": registrations[4].pk, "undo": "1", "next": panel})
    assert response.status_code == 302
    assert not SessionCheckIn.objects.exists()
    events = AuditEvent.objects.filter(object_type="tournaments.registration", object_id=str(registrations[4].pk))
    assert list(events.order_by("pk").values_list("action", flat=True)) == [
        "registration.checked_in", "registration.check_in_undone"
    ]
    undone = events.get(action="registration.check_in_undone")
    assert undone.actor == user and undone.detail["session"] == 1 and undone.detail["how"] == "staff"
    assert undone.detail["checked_in_at"]  # the time of the check-in undone is kept
    # Undoing what is not there says so; an outside "next" is not followed.
    response = client.post(change, {"registration": registrations[4].pk, "undo": "1", "next": "https://evil.example/"})
    assert response["Location"] == reverse("tournaments:check_in_list", args=[tournament.pk, 1])


@pytest.mark.django_db
def test_3_5_7_1_a_table_panel_of_another_tournament_or_table_is_404(
    client_for, tournament, referee, outsider, seated_session
):
    no_table = reverse("tournaments:check_in_table", args=[tournament.pk, 1, 9])
    assert client_for(referee).get(no_table).status_code == 404
    table_1 = reverse("tournaments:check_in_table", args=[tournament.pk, 1, 1])
    assert client_for(outsider).get(table_1).status_code == 404


@pytest.mark.django_db
def test_3_5_7_1_player_checks_in_with_the_table_qr_code_and_pin(
    client, published, registrations, seated_session, pins
):
    url = player_url(published, 2)
    page = client.get(url).content.decode()
    assert "Table 2" in page and "Session 1" in page
    response = client.post(url, {"entry": 5, "pin": pins[5]})
    assert response.status_code == 200 and "Entry 5" in response.content.decode()
    check_in = SessionCheckIn.objects.get(session=seated_session, registration=registrations[4])
    assert check_in.method == SessionCheckIn.Method.PLAYER_PIN and check_in.checked_in_by is None
    event = AuditEvent.objects.get(action="registration.checked_in")
    assert event.actor is None and event.detail == {"entry": 5, "session": 1, "table": 2, "how": "player_pin"}


@pytest.mark.django_db
def test_3_5_7_1_a_wrong_pin_is_refused_and_paused_after_a_few(published, registrations, seated_session, pins):
    wrong = "0000" if pins[5] != "0000" else "1111"
    for _ in range(PIN_ATTEMPTS):
        with pytest.raises(ValidationError, match="do not match"):
            session_services.check_in_by_pin(session=seated_session, table_number=2, entry_number=5, pin=wrong)
    # The right PIN now waits too: a 4-digit PIN must not be guessed.
    with pytest.raises(ValidationError, match="Too many wrong PINs"):
        session_services.check_in_by_pin(session=seated_session, table_number=2, entry_number=5, pin=pins[5])
    assert not SessionCheckIn.objects.exists()
    # Another player is not paused; an entry number not seated here (or unknown) tries no PIN at all.
    session_services.check_in_by_pin(session=seated_session, table_number=2, entry_number=6, pin=pins[6])
    with pytest.raises(ValidationError, match="does not sit at table 2"):
        session_services.check_in_by_pin(session=seated_session, table_number=2, entry_number=99, pin="1234")


@pytest.mark.django_db
def test_3_5_7_1_a_player_of_another_table_is_refused(client, published, registrations, seated_session, pins):
    url = player_url(published, 1)
    page = client.post(url, {"entry": 5, "pin": pins[5]}).content.decode()
    assert "Entry 5 does not sit at table 1 in session 1" in page
    assert not SessionCheckIn.objects.exists()
    page = client.post(url, {"entry": 5, "pin": "12a4"}).content.decode()
    assert "digits only" in page


@pytest.mark.django_db
def test_3_5_7_1_the_player_page_of_a_draft_tournament_is_404(client, tournament, seated_session):
    assert client.get(player_url(tournament, 1)).status_code == 404


@pytest.mark.django_db
def test_3_5_7_the_board_lists_who_is_missing_per_table(
    client_for, tournament, organizer, registrations, seated_session
):
    for registration in registrations[:4] + registrations[5:11]:
        session_services.check_in_record(actor=organizer, session=seated_session, registration=registration)
    url = reverse("tournaments:board", args=[tournament.pk])
    page = client_for(organizer).get(url, HTTP_HX_REQUEST="true").content.decode()  # the polled fragment
    assert "Check-in, session 1" in page and "10 of 12 checked in" in page
    missing = re.search(r'<table class="grid board-missing">(.*?)</table>', page, re.S).group(1)
    rows = re.findall(r"<tr><td class=\"n\"><a [^>]*>(\d+)</a></td>(.*?)</tr>", missing, re.S)
    assert [(table, re.findall(r"<strong>(\d+)</strong>", cells)) for table, cells in rows] == [
        ("2", ["5"]), ("3", ["12"])
    ]
    session_services.check_in_record(actor=organizer, session=seated_session, registration=registrations[4])
    session_services.check_in_record(actor=organizer, session=seated_session, registration=registrations[11])
    page = client_for(organizer).get(url, HTTP_HX_REQUEST="true").content.decode()
    assert "board-missing" not in page and "Every seated player has checked in." in page


def _check_in_at(monkeypatch, organizer, session, registration, after: dt.timedelta):
    """Check `registration` in `after` the session's start (the clock is set, not waited for)."""
    monkeypatch.setattr(timezone, "now", lambda: session.started_at + after)
    session_services.check_in_record(actor=organizer, session=session, registration=registration)
    monkeypatch.undo()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "after, late, shown",
    [
        (dt.timedelta(minutes=-5), 0, "before the start: not late"),
        (dt.timedelta(0), 0, "before the start: not late"),
        (dt.timedelta(minutes=10), 600, "10 min 0 s after the start"),
        (dt.timedelta(minutes=15), 900, "15 min 0 s after the start"),
        # 3.11.2.1 "超过15分钟": half a second past 15:00 is past it (a forfeit), so a fraction counts up.
        (dt.timedelta(minutes=15, microseconds=500_000), 901, "15 min 1 s after the start"),
        (dt.timedelta(minutes=15, seconds=1), 901, "15 min 1 s after the start"),
        (dt.timedelta(minutes=15, seconds=1, microseconds=999_999), 902, "15 min 2 s after the start"),
    ],
)
def test_3_11_2_1_lateness_is_derived_from_check_in(
    monkeypatch, client_for, organizer, referee, registrations, sheet, after, late, shown
):
    """Lateness counts from the announced start (the session's start on the board) to the check-in,
    in whole seconds, a started second counting whole; a check-in at or before the start is not late. The
    referee's foul form shows it and, when late, fills the lateness in."""
    session = sheet.session
    assert session_selectors.lateness_for(session=session, registration=registrations[1]) is None  # not checked in
    _check_in_at(monkeypatch, organizer, session, registrations[1], after)
    assert session_selectors.lateness_for(session=session, registration=registrations[1]) == late
    url = reverse("penalties:sheet_fouls", args=[sheet.pk])
    client = client_for(referee)
    page = client.get(url).content.decode()
    assert shown in page
    prefill_link = f'href="?late={registrations[1].pk}#record-foul"'
    assert (prefill_link in page) is bool(late)
    page = client.get(url, {"late": registrations[1].pk}).content.decode()
    if late:
        assert '<option value="late" selected>' in page
        assert f'<option value="{registrations[1].pk}" selected>' in page
        assert f'name="late_minutes" value="{late // 60}"' in page
        assert f'name="late_seconds" value="{late % 60}"' in page
    else:  # not late: nothing is filled in, there is no foul
        assert '<option value="late" selected>' not in page and 'name="late_minutes" value=' not in page


@pytest.mark.django_db
def test_3_11_2_1_no_lateness_before_the_session_starts(organizer, registrations, seated_session):
    session_services.check_in_record(actor=organizer, session=seated_session, registration=registrations[0])
    assert session_selectors.lateness_for(session=seated_session, registration=registrations[0]) is None
    assert session_selectors.lateness_seconds(checked_in_at=None, started_at=timezone.now()) is None


@pytest.mark.django_db
def test_3_5_7_1_the_api_undo_of_nothing_is_refused(client_for, referee, registrations, seated_session):
    url = f"/api/sessions/{seated_session.pk}/check-ins/"
    response = client_for(referee).post(
        url, {"registration_id": registrations[0].pk, "checked_in": False}, content_type="application/json"
    )
    assert response.status_code == 400 and "is not checked in" in response.content.decode()


@pytest.mark.django_db
def test_3_11_2_1_the_organizer_schedules_a_session_but_lateness_counts_from_the_start(
    client_for, tournament, organizer, referee, registrations, seated_session
):
    url = reverse("tournaments:session_schedule", args=[seated_session.pk])
    assert client_for(referee).post(url, {"scheduled_start": "2026-05-01T09:00"}).status_code == 404
    response = client_for(organizer).post(url, {"scheduled_start": "2026-05-01T09:00"})
    assert response.status_code == 302
    seated_session.refresh_from_db()
    assert timezone.localtime(seated_session.scheduled_start).strftime("%Y-%m-%d %H:%M") == "2026-05-01 09:00"
    event = AuditEvent.objects.get(action="session.scheduled")
    assert event.detail["session"] == 1 and event.detail["scheduled_start"].startswith("2026-05-01T09:00")
    page = client_for(organizer).get(reverse("tournaments:check_in_list", args=[tournament.pk, 1])).content.decode()
    assert "Scheduled start 09:00" in page
    # The session starts later than the timetable: a player who checks in before the start is not late.
    session_services.check_in_record(actor=organizer, session=seated_session, registration=registrations[0])
    session_services.session_start(actor=organizer, session=seated_session)
    seated_session.refresh_from_db()
    assert seated_session.started_at > seated_session.scheduled_start
    assert session_selectors.lateness_for(session=seated_session, registration=registrations[0]) == 0
    # Once started, the schedule is history.
    with pytest.raises(ValidationError, match="has started"):
        session_services.session_schedule(actor=organizer, session=seated_session, scheduled_start=None)
    client_for(organizer).post(url, {"scheduled_start": "not a date"})
    seated_session.refresh_from_db()
    assert seated_session.scheduled_start is not None


def player_url(tournament, number: int) -> str:
    """The address the table's QR code carries: with the table's token (issue 28)."""
    table = tournament.tables.get(number=number)
    return reverse("tournaments:player_check_in",
                   args=[tournament.pk, number, session_selectors.table_check_in_token(table=table)])


@pytest.mark.django_db
def test_the_check_in_page_needs_the_tables_token(client, published, seated_session):
    """Issue 28: the page takes PINs from anyone with its address; a made-up address is 404."""
    assert client.get(player_url(published, 2)).status_code == 200
    for token in ("0" * 24, "x", session_selectors.table_check_in_token(table=published.tables.get(number=1))):
        assert client.get(reverse("tournaments:player_check_in", args=[published.pk, 2, token])).status_code == 404
    assert client.get(f"/t/{published.pk}/tables/2/check-in/").status_code == 404  # the old address


def _wrong(pins, entry):
    return "0000" if pins[entry] != "0000" else "1111"


def _table_of(entry: int) -> int:
    return (entry - 1) // 4 + 1  # seated_session: four players a table, in entry order


@pytest.mark.django_db
def test_400_anonymous_misses_leave_the_pin_that_signs_sheets_working(
    client, published, registrations, seated_session, pins
):
    """Issue 28: 5 misses per entry, ten minutes apart, retired 40 of 40 PINs. Misses here never count against
    the PIN; an entry's misses pause it here (and on the linking page) for the day; tables are slowed down."""
    for window in range(4):  # four ten-minute windows of sweeping every entry, each at its table, from many addresses
        for entry in range(1, 13):
            for attempt in range(9):
                client.post(player_url(published, _table_of(entry)), {"entry": entry, "pin": _wrong(pins, entry)},
                            REMOTE_ADDR=f"10.{window}.{entry}.{attempt}")
        RateLimitCounter.objects.exclude(key__startswith="pin-public-day:").delete()  # the windows pass
    assert not Registration.objects.filter(tournament=published, pin_failures__gt=0).exists()
    # Entry 1 reached its day's bound: the right PIN waits here; a referee checks them in.
    page = client.post(player_url(published, 1), {"entry": 1, "pin": pins[1]}, REMOTE_ADDR="10.8.8.8").content.decode()
    assert "ask a referee to check you in" in page and not SessionCheckIn.objects.exists()
    # The PIN still confirms the player's score sheet (it was never retired).
    registration = Registration.objects.get(tournament=published, entry_number=1)
    assert pin_verify(registration=registration, pin=pins[1], wrong="wrong") is None


@pytest.mark.django_db
def test_a_tables_token_checks_in_only_the_players_seated_there(client, published, registrations, seated_session,
                                                                pins):
    """Issue 43, T4-4: any table's token once took any entry number, so one card's holder could use up every
    player's misses for the day. Now an entry not seated at the table tries no PIN and counts nothing."""
    url = player_url(published, 1)
    for entry in range(5, 13):
        for _ in range(3):
            page = client.post(url, {"entry": entry, "pin": _wrong(pins, entry)}, REMOTE_ADDR="10.5.5.5")
            assert "does not sit at table 1" in page.content.decode()
    assert not RateLimitCounter.objects.exists()  # nothing counted against anyone
    page = client.post(player_url(published, 2), {"entry": 5, "pin": pins[5]}, REMOTE_ADDR="10.5.5.5").content
    assert "Entry 5" in page.decode() and SessionCheckIn.objects.count() == 1


@pytest.mark.django_db
def test_misses_at_one_table_are_slowed_and_the_others_go_on(client, published, registrations, seated_session, pins):
    url = player_url(published, 1)
    for phone, entry in enumerate((1, 2, 3, 4, 1, 2, 3, 4, 1, 2)):  # ten misses at table 1, from ten phones
        client.post(url, {"entry": entry, "pin": _wrong(pins, entry)}, REMOTE_ADDR=f"10.9.9.{phone}")
    page = client.post(url, {"entry": 3, "pin": pins[3]}, REMOTE_ADDR="10.9.9.99").content.decode()
    assert "Too many wrong PINs at this table" in page  # the table's bound: 10 in ten minutes
    page = client.post(player_url(published, 2), {"entry": 5, "pin": pins[5]}, REMOTE_ADDR="10.9.9.99").content
    assert "Entry 5" in page.decode()  # another table: checked in


@pytest.mark.django_db
def test_one_address_pauses_only_the_entries_it_missed_not_the_venue(client, published, registrations,
                                                                     seated_session, pins):
    """Issue 43, T4-4: 30 misses from one address paused self check-in for everyone behind the venue's NAT. The
    ten-minute pause is per (address, entry); the whole hall shares one address and goes on."""
    nat = "10.7.7.7"
    for entry in (1, 5, 9):  # three players' PINs mistyped from the hall's address, five times each
        for _ in range(PIN_ATTEMPTS):
            client.post(player_url(published, _table_of(entry)), {"entry": entry, "pin": _wrong(pins, entry)},
                        REMOTE_ADDR=nat)
    page = client.post(player_url(published, 1), {"entry": 1, "pin": pins[1]}, REMOTE_ADDR=nat).content.decode()
    assert "Too many wrong PINs for this player" in page  # entry 1, from this address: paused
    # Everyone else behind the same address checks in, and entry 1 from its own phone's data connection too.
    for entry in (2, 6, 10):
        page = client.post(player_url(published, _table_of(entry)), {"entry": entry, "pin": pins[entry]},
                           REMOTE_ADDR=nat).content.decode()
        assert f"Entry {entry}" in page, page
    page = client.post(player_url(published, 1), {"entry": 1, "pin": pins[1]}, REMOTE_ADDR="10.1.1.1").content
    assert "Entry 1" in page.decode() and SessionCheckIn.objects.count() == 4


@pytest.mark.django_db
def test_the_hall_has_a_ceiling_far_above_a_real_day(published, registrations, seated_session, pins, settings):
    """A sweep of every table from many addresses stops at the session's ceiling (PIN_PUBLIC_VENUE misses in ten
    minutes); a referee still checks players in."""
    from tournaments import pins as pin_rules

    RateLimitCounter.objects.create(key=f"check-in-venue:{seated_session.pk}", window_start=timezone.now(),
                                    count=pin_rules.PIN_PUBLIC_VENUE)
    with pytest.raises(ValidationError, match="in the hall just now"):
        session_services.check_in_by_pin(session=seated_session, table_number=1, entry_number=1, pin=pins[1])
    assert pin_rules.PIN_PUBLIC_VENUE >= 20 * pin_rules.PIN_PUBLIC_TABLE


@pytest.mark.django_db
def test_the_desk_checks_in_a_whole_table_at_once(client_for, organizer, referee, outsider, published, registrations,
                                                  seated_session):
    url = reverse("tournaments:check_in_table_all", args=[seated_session.pk, 1])
    assert client_for(outsider).post(url).status_code == 404
    SessionCheckIn.objects.create(session=seated_session, registration=seated_session.seats.get(
        table__number=1, seat=0).registration, checked_in_at=timezone.now(), method="staff")
    desk = client_for(referee)
    response = desk.post(url, {"next": f"/t/{published.pk}/sessions/1/check-in/"})
    assert response.status_code == 302
    assert SessionCheckIn.objects.filter(session=seated_session, registration__seats__table__number=1,
                                         registration__seats__session=seated_session).count() == 4
    assert AuditEvent.objects.filter(action="registration.checked_in").count() == 3  # the one in already kept
    page = desk.get(f"/t/{published.pk}/sessions/1/check-in/").content.decode()
    assert "Table 1: 3 players checked in." in page
    # From the page (htmx): no message kept for later, the list is redrawn where it is.
    htmx = client_for(referee).post(reverse("tournaments:check_in_table_all", args=[seated_session.pk, 2]),
                                    {"next": f"/t/{published.pk}/sessions/1/check-in/"}, HTTP_HX_REQUEST="true")
    assert htmx.status_code == 302
    assert client_for(referee).post(reverse("tournaments:check_in_table_all", args=[seated_session.pk, 99])
                                    ).status_code == 302  # refused with a message: no such table
