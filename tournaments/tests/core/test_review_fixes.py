"""Workflows a review found broken: PINs for every player, signing after time-up, confirmations
that stop counting when the sheet changes, and players shared between tournaments."""

import pytest
from django.core.exceptions import ValidationError

from tournaments.core import services as core_services
from tournaments.models import Player, Registration
from tournaments.roster import services as roster_services
from tournaments.sessions import services as session_services
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HandEntry

STRAIGHT = "123m456m789m123p5p+5p"


@pytest.mark.django_db
def test_imported_players_get_pins_and_a_session_start_fills_any_gap(organizer, tournament, registrations, referee):
    job = roster_services.import_job_create(
        actor=organizer, tournament=tournament, kind="players", filename="p.csv", content=b"entry,name\n13,Ann\n14,Bo\n15,Cy\n16,Di\n"
    )
    roster_services.import_job_run(job_id=job.pk)
    assert all(len(r.confirm_pin) == 4 and r.confirm_pin.isdigit() for r in tournament.registrations.filter(entry_number__gte=13))
    assert not Registration.objects.filter(tournament=tournament, entry_number__lt=13).exclude(confirm_pin="").exists()
    session = tournament.sessions.get(number=1)
    ids = list(tournament.registrations.order_by("entry_number").values_list("pk", flat=True))
    session_services.session_seats_replace(actor=organizer, session=session, tables={n + 1: ids[4 * n: 4 * n + 4] for n in range(4)})
    session_services.session_start(actor=organizer, session=session)
    assert not tournament.registrations.filter(confirm_pin="").exists()


@pytest.mark.django_db
def test_the_referee_takes_the_signatures_after_time_up(client_for, referee, organizer, sheet, pins):
    client = client_for(referee)
    client.post(f"/api/sheets/{sheet.pk}/hands/", {"number": 1, "result": "draw"}, content_type="application/json")
    session_services.session_end(actor=organizer, session=sheet.session)  # time-up closes the sheet
    version = client.get(f"/api/sheets/{sheet.pk}/").json()["version"]
    for entry in (1, 2, 3, 4):
        body = {"entry": entry, "pin": pins[entry], "version": version}
        response = client.post(f"/api/sheets/{sheet.pk}/confirm/", body, content_type="application/json")
        assert response.status_code == 200, response.content
    signed = client.post(f"/api/sheets/{sheet.pk}/sign/", {"version": version}, content_type="application/json")
    assert signed.json()["status"] == "locked"
    # Locked: the referee can no longer write it.
    body = {"entry": 1, "pin": pins[1], "version": version}
    assert client.post(f"/api/sheets/{sheet.pk}/confirm/", body, content_type="application/json").status_code == 404


@pytest.mark.django_db
def test_a_change_after_confirmations_asks_for_them_again(referee, sheet, pins, registrations):
    from penalties.services import penalty_record

    sheet_services.hand_record(
        actor=referee, sheet_id=sheet.pk, number=1, entry=HandEntry(result="win", winner=2, discarder=0, tiles=STRAIGHT)
    )
    sheet.refresh_from_db()
    sheet = sheet_services.sheet_close(actor=referee, sheet=sheet, expected_version=sheet.version)
    for entry in (1, 2, 3, 4):
        sheet_services.sheet_confirm(sheet=sheet, entry_number=entry, pin=pins[entry])
    sheet.refresh_from_db()
    sheet_services.hand_correct(actor=referee, sheet=sheet, number=1, expected_version=sheet.version,
                                entry=HandEntry(result="win", winner=1, discarder=0, tiles=STRAIGHT))
    with pytest.raises(ValidationError, match="0 of 4"):
        sheet_services.sheet_sign(actor=referee, sheet=sheet)
    for entry in (1, 2, 3, 4):
        sheet_services.sheet_confirm(sheet=sheet, entry_number=entry, pin=pins[entry])
    penalty_record(actor=referee, sheet=sheet, foul="violation", offender=registrations[0], hand_number=1, points=10)
    with pytest.raises(ValidationError, match="0 of 4"):  # a penalty changes the results too
        sheet_services.sheet_sign(actor=referee, sheet=sheet)


@pytest.mark.django_db
def test_a_player_shared_with_another_tournament_is_not_rewritten(organizer, tournament, registrations, outsider):
    from tournaments.models import Tournament

    other = Tournament.objects.get(name="Other Cup")
    player = registrations[0].player
    player.federation_id = "CN-1"
    player.save()
    Registration.objects.create(tournament=other, player=player, entry_number=1)
    with pytest.raises(ValidationError):
        core_services.registration_update(actor=organizer, registration=registrations[0], name="Renamed", federation_id="CN-1")
    core_services.registration_update(
        actor=organizer, registration=registrations[0], name=player.name, federation_id="CN-1",
        contact=player.contact, country=player.country, team=registrations[1].team,
    )  # the team is this tournament's own business
    job = roster_services.import_job_create(actor=outsider, tournament=other, kind="players", filename="p.csv",
                                     content=b"entry,name,federation_id\n2,Someone Else,CN-1\n")
    assert roster_services.import_job_run(job_id=job.pk).status == "failed"  # already registered there
    third = core_services.tournament_create(actor=outsider, name="Third", starts_on=other.starts_on, ends_on=other.ends_on)
    job = roster_services.import_job_create(actor=outsider, tournament=third, kind="players", filename="p.csv",
                                     content=b"entry,name,federation_id\n2,Someone Else,CN-1\n")
    assert roster_services.import_job_run(job_id=job.pk).status == "failed"  # the ID names another person
    job = roster_services.import_job_create(actor=outsider, tournament=third, kind="players", filename="p.csv",
                                     content=b"entry,name,country,contact,federation_id\n2,player 1,JP,new@example.org,CN-1\n")
    assert roster_services.import_job_run(job_id=job.pk).status == "done"
    stored = Player.objects.get(federation_id="CN-1")
    assert (stored.name, stored.country, stored.contact) == ("Player 1", "CN", "p1@example.org")  # reused, not overwritten


@pytest.mark.django_db
def test_pins_cannot_be_guessed(referee, sheet, pins):
    from django.core.cache import cache

    cache.clear()
    sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=1, entry=HandEntry(result="draw"))
    sheet.refresh_from_db()
    sheet_services.sheet_close(actor=referee, sheet=sheet, expected_version=sheet.version)
    wrong = "0000" if pins[1] != "0000" else "1111"
    for _ in range(5):
        with pytest.raises(ValidationError, match="do not match"):
            sheet_services.sheet_confirm(sheet=sheet, entry_number=1, pin=wrong)
    with pytest.raises(ValidationError, match="Too many wrong PINs"):
        sheet_services.sheet_confirm(sheet=sheet, entry_number=1, pin=pins[1])  # even the right one, for now
    sheet_services.sheet_confirm(sheet=sheet, entry_number=2, pin=pins[2])  # other players are not held up
    cache.clear()
