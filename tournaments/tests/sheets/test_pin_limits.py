"""Issue 16 (F10): a player's PIN cannot be guessed, and a stranger's wrong taps cannot keep them out.

Every wrong PIN counts against the player's current PIN in the database (whatever tablet, phone or
worker, Redis or not); at 10 the PIN stops working until a referee re-issues it (audited), and the
new PIN starts at 0. Speed bumps per client and per sheet pause a burst of 10 wrong PINs for a minute.
"""

import pytest
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.urls import reverse

from tournaments.models import AuditEvent, RateLimitCounter, Registration
from tournaments.pins import PIN_BURST, PIN_BURST_SECONDS, PIN_MAX_FAILURES
from tournaments.players import services as player_services
from tournaments.ratelimit import rate_limit_peek
from tournaments.sessions import services as session_services
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HandEntry


def wrong_for(pin: str) -> str:
    return f"{(int(pin) + 1) % 10000:04d}"


def closed(sheet, referee):
    sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=1, entry=HandEntry(result="draw"))
    sheet.refresh_from_db()
    return sheet_services.sheet_close(actor=sheet.referee or referee, sheet=sheet, expected_version=sheet.version)


def minute_over():
    """The speed bumps' minute is over: their windows (counted in the database) forgotten."""
    RateLimitCounter.objects.filter(key__startswith="pin-burst").delete()


@pytest.mark.django_db
def test_wrong_pins_count_in_the_database_even_though_the_request_fails(referee, sheet, pins):
    sheet = closed(sheet, referee)
    with pytest.raises(ValidationError, match="do not match"):
        sheet_services.sheet_confirm(sheet=sheet, entry_number=1, pin=wrong_for(pins[1]))
    assert Registration.objects.get(entry_number=1, tournament=sheet.session.tournament).pin_failures == 1
    # An entry number not at this table: the same answer, and nobody's PIN is charged.
    with pytest.raises(ValidationError, match="do not match"):
        sheet_services.sheet_confirm(sheet=sheet, entry_number=9, pin=pins[9])
    assert Registration.objects.get(entry_number=9, tournament=sheet.session.tournament).pin_failures == 0


@pytest.mark.django_db
def test_a_strangers_taps_cost_a_new_pin_not_a_lock_out(referee, organizer, sheet, pins, tournament):
    sheet = closed(sheet, referee)
    wrong = wrong_for(pins[1])
    for _ in range(PIN_MAX_FAILURES - 1):
        with pytest.raises(ValidationError, match="do not match"):
            sheet_services.sheet_confirm(sheet=sheet, entry_number=1, pin=wrong)
    minute_over()
    with pytest.raises(ValidationError, match="no longer works") as retired:
        sheet_services.sheet_confirm(sheet=sheet, entry_number=1, pin=wrong)
    assert retired.value.error_dict["pin"][0].code == "pin_retired"
    with pytest.raises(ValidationError, match="no longer works"):
        sheet_services.sheet_confirm(sheet=sheet, entry_number=1, pin=pins[1])
    # The same PIN is retired for check-in and account linking too.
    with pytest.raises(ValidationError, match="no longer works"):
        session_services.check_in_by_pin(session=sheet.session, table_number=1, entry_number=1, pin=pins[1])
    # A referee re-issues it (audited, the PIN never written down): the player confirms at once.
    registration = Registration.objects.get(tournament=tournament, entry_number=1)
    new_pin = player_services.confirm_pin_reissue(actor=referee, registration=registration)
    registration.refresh_from_db()
    assert registration.pin_failures == 0 and registration.confirm_pin == new_pin != pins[1]
    event = AuditEvent.objects.get(action="pins.reissued")
    assert event.actor == referee and new_pin not in str(event.detail)
    sheet_services.sheet_confirm(sheet=sheet, entry_number=1, pin=new_pin)
    assert sheet.signatures.filter(kind="player", registration=registration).exists()


@pytest.mark.django_db
def test_guesses_on_tablets_count_against_the_pin_and_public_pages_share_a_daily_bound(
    referee, sheet, pins, tournament, outsider
):
    """Tablets (logged-in referees) count against the PIN; the check-in page and the linking page, which anyone
    reaches, never do (issue 28), and share one daily bound per entry."""
    from tournaments.pins import PIN_PUBLIC_DAY, public_pin_day_key
    from tournaments.ratelimit import rate_limit_peek

    sheet = closed(sheet, referee)
    wrong = wrong_for(pins[2])
    for client in ("user:1", "user:2", "user:3"):
        with pytest.raises(ValidationError):
            sheet_services.sheet_confirm(sheet=sheet, entry_number=2, pin=wrong, client=client)
    for _ in range(3):
        with pytest.raises(ValidationError):
            session_services.check_in_by_pin(session=sheet.session, table_number=1, entry_number=2, pin=wrong)
    with pytest.raises(ValidationError):
        player_services.player_self_link_by_pin(user=outsider, tournament=tournament, entry_number=2, pin=wrong)
    assert Registration.objects.get(tournament=tournament, entry_number=2).pin_failures == 3
    assert rate_limit_peek(public_pin_day_key(tournament.pk, 2), window_seconds=PIN_PUBLIC_DAY) == 4


@pytest.mark.django_db
def test_a_burst_of_wrong_pins_pauses_the_sheet_and_the_client_for_a_minute(
    referee, chief_referee, running_session, pins
):
    first, second = running_session.sheets.order_by("table__number")[:2]
    first, second = closed(first, referee), closed(second, chief_referee)
    # Ten wrong tries spread over the four players and an unknown entry: the sheet pauses.
    tries = [(entry, wrong_for(pins[entry])) for entry in (1, 2, 3, 4)] * 2 + [(77, "1234"), (78, "1234")]
    for entry, pin in tries[:PIN_BURST]:
        with pytest.raises(ValidationError, match="do not match"):
            sheet_services.sheet_confirm(sheet=first, entry_number=entry, pin=pin, client="user:9")
    with pytest.raises(ValidationError, match="wait a minute") as paused:
        sheet_services.sheet_confirm(sheet=first, entry_number=1, pin=pins[1], client="user:8")
    assert paused.value.error_dict["pin"][0].code == "pin_burst"
    # The same client on another sheet is paused too; another client there is not.
    with pytest.raises(ValidationError, match="wait a minute"):
        sheet_services.sheet_confirm(sheet=second, entry_number=5, pin=pins[5], client="user:9")
    sheet_services.sheet_confirm(sheet=second, entry_number=5, pin=pins[5], client="user:8")
    minute_over()
    sheet_services.sheet_confirm(sheet=first, entry_number=1, pin=pins[1], client="user:9")


@pytest.mark.django_db
def test_the_api_counts_the_logged_in_tablet_as_the_client(client_for, referee, sheet, pins):
    sheet = closed(sheet, referee)
    client = client_for(referee)
    url = reverse("api-sheet-confirm", args=[sheet.pk])
    for entry in (1, 2, 3, 4, 1, 2, 3, 4, 1, 2):
        answer = client.post(url, {"entry": entry, "pin": wrong_for(pins[entry]), "version": sheet.version},
                             content_type="application/json")
        assert answer.status_code == 400
    assert rate_limit_peek(f"pin-burst-client:user:{referee.pk}", window_seconds=PIN_BURST_SECONDS) == PIN_BURST
    paused = client.post(url, {"entry": 1, "pin": pins[1], "version": sheet.version}, content_type="application/json")
    assert paused.status_code == 400 and paused.json()["errors"][0]["code"] == "pin_burst"


@pytest.mark.django_db
def test_a_cache_outage_changes_nothing_the_speed_bumps_count_in_the_database(referee, sheet, pins, monkeypatch):
    sheet = closed(sheet, referee)

    def down(*args, **kwargs):
        raise ConnectionError("redis down")

    for name in ("get", "add", "incr", "set"):
        monkeypatch.setattr(cache, name, down)
    with pytest.raises(ValidationError, match="do not match"):
        sheet_services.sheet_confirm(sheet=sheet, entry_number=3, pin=wrong_for(pins[3]), client="user:5")
    sheet_services.sheet_confirm(sheet=sheet, entry_number=3, pin=pins[3])
    assert Registration.objects.get(tournament=sheet.session.tournament, entry_number=3).pin_failures == 1
    assert rate_limit_peek(f"pin-burst-sheet:{sheet.pk}", window_seconds=PIN_BURST_SECONDS) == 1
    assert rate_limit_peek("pin-burst-client:user:5", window_seconds=PIN_BURST_SECONDS) == 1
