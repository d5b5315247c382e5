"""Scoring modes (docs/scoring-modes.md): electronic (3.7.1 或电子计分, 3.9.1.5) and declared
(3.9.1.4 自报、公认); and changes to signed sheets (3.9.1.4, 3.11.6.11(7) 不追诉原则).

STRAIGHT = 123m456m789m123p5p+5p won on a discard: the engine counts 23 (清龙 16 and smaller fans).
"""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tournaments.core import services as core_services
from tournaments.models import AuditEvent, Hand, ScoreSheet, SheetAmendment, Tournament
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HandEntry
from tournaments.testing.scenarios import CHICKEN, STRAIGHT, sign_all


def declared(tournament):
    Tournament.objects.filter(pk=tournament.pk).update(scoring_mode="declared")
    tournament.refresh_from_db()


def record(referee, sheet, number=1, **hand):
    return sheet_services.hand_record(
        actor=referee, sheet_id=sheet.pk, number=number, entry=HandEntry(result="win", **hand)
    )[0]


def engine_fans(tiles=STRAIGHT):
    from scoring.engine import evaluate

    return {hit.fan.number: hit.count for hit in evaluate(tiles).fans}


def field_error(excinfo, field):
    error = excinfo.value.error_dict[field][0]
    return error.code, " ".join(error.messages)


@pytest.mark.django_db
def test_3_9_1_5_electronic_scoring_is_the_default_and_unchanged(tournament, referee, sheet):
    assert tournament.scoring_mode == "electronic"
    hand = record(referee, sheet, winner=2, discarder=0, tiles=STRAIGHT, declared_fans=[43])
    # the engine's count governs; ticked fans are ignored when the tiles are there (as before)
    assert hand.fan_points == 23 and hand.declared_fans == [] and hand.verified
    assert {fan["number"]: fan["count"] for fan in hand.fans} == engine_fans()
    assert hand.deltas == (-31, -8, 47, -8)


@pytest.mark.django_db
def test_3_9_1_4_declared_fan_the_tiles_refuse_is_refused_by_name(tournament, referee, sheet):
    declared(tournament)
    with pytest.raises(ValidationError) as excinfo:
        record(referee, sheet, winner=2, discarder=0, tiles=STRAIGHT, declared_fans=[28, 22])
    code, message = field_error(excinfo, "declared_fans")
    assert code == "declared" and "22 Full Flush" in message
    assert not Hand.objects.exists()


@pytest.mark.django_db
def test_3_9_1_4_missed_fans_are_not_added_in_declared_scoring(tournament, referee, sheet):
    declared(tournament)
    hand = record(referee, sheet, winner=2, discarder=0, tiles=STRAIGHT, declared_fans=[28], flowers=1)
    # 清龙 16 declared; the engine's 23 is not what the hand scores (不得…追补漏报番种)
    assert (hand.fan_points, hand.total) == (16, 17)
    assert hand.fans == [{"number": 28, "count": 1}, {"number": 81, "count": 1}]
    assert hand.declared_fans == [28] and hand.tiles == STRAIGHT and hand.verified
    assert hand.deltas == (-25, -8, 41, -8)


@pytest.mark.django_db
def test_3_9_1_4_declared_scoring_needs_the_declared_fans(tournament, referee, sheet):
    declared(tournament)
    with pytest.raises(ValidationError) as excinfo:
        record(referee, sheet, winner=2, discarder=0, tiles=STRAIGHT)
    assert field_error(excinfo, "declared_fans")[0] == "declared_missing"


@pytest.mark.django_db
def test_3_9_1_4_tiles_not_recorded_still_take_ticked_fans_unverified(tournament, referee, sheet):
    declared(tournament)
    hand = record(referee, sheet, winner=2, discarder=0, declared_fans=[49, 73, 76])
    assert hand.fan_points == 8 and hand.tiles == ""  # the paper fallback, as in electronic mode
    assert not hand.verified


@pytest.mark.django_db
def test_3_11_6_6_under_declaration_is_refused_and_offered_as_a_false_win(
    tournament, referee, sheet, client_for, registrations
):
    declared(tournament)
    with pytest.raises(ValidationError) as excinfo:
        record(referee, sheet, winner=2, discarder=0, tiles=STRAIGHT, declared_fans=[62, 63, 79])
    code, message = field_error(excinfo, "declared_fans")
    assert code == "false_win" and "3.11.6.6" in message and "23" in message
    # the tablet's preview offers the foul page with the foul, the winner and the hand filled in
    answer = client_for(referee).post(
        reverse("api-sheet-hand-preview", args=[sheet.pk]),
        {"number": 1, "result": "win", "winner": 2, "discarder": 0, "tiles": STRAIGHT, "declared_fans": [62, 63, 79]},
        content_type="application/json",
    ).json()
    assert answer["false_win"] is True and answer["declared"]["fan_points"] == 5
    url = answer["false_win_url"]
    west = sheet.session.seats.get(table=sheet.table, seat=2).registration_id
    assert url.startswith(reverse("penalties:sheet_fouls", args=[sheet.pk]))
    assert "foul=false_win" in url and f"offender={west}" in url and "hand_number=1" in url
    page = client_for(referee).get(url)
    assert page.status_code == 200
    form = page.context["form"]
    assert (form.initial["foul"], str(form.initial["offender"]), str(form.initial["hand_number"])) == (
        "false_win", str(west), "1")


@pytest.mark.django_db
def test_3_11_6_6_a_declaration_of_8_is_a_win(tournament, referee, sheet):
    declared(tournament)
    hand = record(referee, sheet, winner=0, discarder=1, tiles=CHICKEN, declared_fans=[43])
    assert hand.fan_points == 8


@pytest.mark.django_db
def test_3_9_1_4_preview_shows_the_engine_count_in_both_modes(tournament, referee, sheet, client_for):
    client = client_for(referee)
    url = reverse("api-sheet-hand-preview", args=[sheet.pk])
    body = {"number": 1, "result": "win", "winner": 2, "discarder": 0, "tiles": STRAIGHT, "declared_fans": [28, 22]}
    electronic = client.post(url, body, content_type="application/json").json()
    assert electronic["scoring_mode"] == "electronic" and electronic["declared"] is None
    assert electronic["engine"]["fan_points"] == 23 and electronic["problems"] == []
    declared(tournament)
    answer = client.post(url, body, content_type="application/json").json()
    assert answer["engine"]["fan_points"] == 23
    assert answer["declared"]["unsupported"] == [22]
    assert {fan["number"] for fan in answer["declared"]["missed"]} == set(engine_fans()) - {28}
    assert answer["false_win"] is False and answer["false_win_url"] is None
    assert any("22" in problem for problem in answer["problems"])
    assert not Hand.objects.exists()  # a preview writes nothing
    # bad input: the API's one error shape
    bad = client.post(url, {"number": 0, "result": "win"}, content_type="application/json")
    assert bad.status_code == 400 and bad.json()["errors"][0]["field"] == "number"


@pytest.mark.django_db
def test_3_9_1_4_api_records_declared_fans_and_reports_refusals(tournament, referee, sheet, client_for):
    declared(tournament)
    client = client_for(referee)
    url = reverse("api-sheet-hands", args=[sheet.pk])
    refused = client.post(url, {"number": 1, "result": "win", "winner": 2, "discarder": 0, "tiles": STRAIGHT,
                                "declared_fans": [28, 22]}, content_type="application/json")
    assert refused.status_code == 400
    error = refused.json()["errors"][0]
    assert (error["field"], error["code"]) == ("declared_fans", "declared") and "22" in error["message"]
    done = client.post(url, {"number": 1, "result": "win", "winner": 2, "discarder": 0, "tiles": STRAIGHT,
                             "declared_fans": [28, 62]}, content_type="application/json")
    assert done.status_code == 201 and done.json()["fan_points"] == 18
    assert client.get(reverse("api-sheet", args=[sheet.pk])).json()["hands"][0]["declared_fans"] == [28, 62]


@pytest.mark.django_db
def test_scoring_mode_is_set_before_play_audited_and_exposed(tournament, organizer, referee, sheet, client_for):
    core_services.tournament_update(actor=organizer, tournament=tournament, scoring_mode="declared")
    event = AuditEvent.objects.filter(action="tournament.updated").latest("pk")
    assert event.detail["scoring_mode"] == ["electronic", "declared"]
    assert client_for(organizer).get(reverse("api-tournament-detail", args=[tournament.pk])).json()[
        "scoring_mode"] == "declared"
    with pytest.raises(ValidationError):
        core_services.tournament_update(actor=organizer, tournament=tournament, scoring_mode="by ear")
    record(referee, sheet, winner=0, discarder=1, tiles=CHICKEN, declared_fans=[43])
    with pytest.raises(ValidationError) as excinfo:
        core_services.tournament_update(actor=organizer, tournament=tournament, scoring_mode="electronic")
    assert "scoring_mode" in excinfo.value.error_dict


@pytest.mark.django_db
def test_scoring_mode_on_the_settings_form(tournament, organizer, client_for):
    client = client_for(organizer)
    page = client.get(reverse("tournaments:edit", args=[tournament.pk]))
    assert 'name="scoring_mode"' in page.content.decode()
    data = {"name": "Test Open", "venue": "Hall A", "starts_on": "2026-05-01", "ends_on": "2026-05-02",
            "rules": "green_book", "scoring_mode": "declared", "planned_sessions": 6, "session_minutes": 150,
            "status": "draft", "deductions_count_for_ranking": "on", "tiebreaks": "", "final_ranking": "cumulative"}
    assert client.post(reverse("tournaments:edit", args=[tournament.pk]), data).status_code == 302
    tournament.refresh_from_db()
    assert tournament.scoring_mode == "declared"


# --- signed sheets -------------------------------------------------------------------------------


@pytest.fixture
def signed_sheet(referee, sheet, pins, django_capture_on_commit_callbacks):
    record(referee, sheet, winner=2, discarder=0, tiles=STRAIGHT)
    with django_capture_on_commit_callbacks(execute=True):
        return sign_all(actor=referee, sheet=sheet)


def correct(chief, sheet, **basis):
    sheet.refresh_from_db()
    return sheet_services.hand_correct(
        actor=chief, sheet=sheet, number=1, expected_version=sheet.version, reason="East won, not West",
        entry=HandEntry(result="win", winner=0, discarder=1, tiles=STRAIGHT), **basis,
    )


@pytest.mark.django_db
@pytest.mark.parametrize("basis, field", [
    ({}, "basis"),
    ({"basis": "hearsay"}, "basis"),
    ({"basis": "objection"}, "objection_at"),
    ({"basis": "appeal"}, "reference"),
    ({"basis": "appeal", "reference": "999999"}, "reference"),  # no such appeal (the appeals app checks)
])
def test_3_11_6_11_7_signed_sheet_change_refused_without_a_basis(chief_referee, signed_sheet, basis, field):
    with pytest.raises(ValidationError) as excinfo:
        correct(chief_referee, signed_sheet, **basis)
    assert field in excinfo.value.error_dict
    assert signed_sheet.hands.get().winner == 2 and not SheetAmendment.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("after", [dt.timedelta(0), dt.timedelta(seconds=1), dt.timedelta(hours=1)])
def test_3_11_6_11_7_an_objection_after_signing_is_too_late(chief_referee, signed_sheet, after):
    signed_at = ScoreSheet.objects.get(pk=signed_sheet.pk).locked_at
    with pytest.raises(ValidationError) as excinfo:
        correct(chief_referee, signed_sheet, basis="objection", objection_at=signed_at + after)
    assert excinfo.value.error_dict["objection_at"][0].code == "late"
    assert signed_sheet.hands.get().winner == 2


@pytest.mark.django_db
def test_3_11_6_11_7_an_objection_before_signing_is_ruled_on_and_recorded(
    chief_referee, signed_sheet, django_capture_on_commit_callbacks
):
    signed_at = ScoreSheet.objects.get(pk=signed_sheet.pk).locked_at
    objection_at = signed_at - dt.timedelta(seconds=1)
    with django_capture_on_commit_callbacks(execute=True):
        hand = correct(chief_referee, signed_sheet, basis="objection", objection_at=objection_at)
    assert hand.winner == 0
    change = SheetAmendment.objects.get()
    assert (change.basis, change.article, change.objection_at, change.hand_number) == (
        "objection", "3.9.1.4, 3.11.6.11(7)", objection_at, 1)
    assert change.before["deltas"] == [-31, -8, 47, -8] and change.after["deltas"] == [47, -31, -8, -8]
    event = AuditEvent.objects.get(action="hand.corrected")
    assert (event.detail["basis"], event.detail["article"]) == ("objection", "3.9.1.4, 3.11.6.11(7)")


@pytest.mark.django_db
def test_3_11_6_11_7_changes_after_signing_are_on_the_sheet_page(chief_referee, signed_sheet, client_for):
    signed_at = ScoreSheet.objects.get(pk=signed_sheet.pk).locked_at
    correct(chief_referee, signed_sheet, basis="objection", objection_at=signed_at - dt.timedelta(minutes=3))
    page = client_for(chief_referee).get(reverse("tournaments:sheet", args=[signed_sheet.pk])).content.decode()
    assert "Changes after signing" in page and "Objection made before signing (rule 3.9.1.4, 3.11.6.11(7))" in page


@pytest.mark.django_db
def test_an_unsigned_sheet_is_corrected_without_a_basis(chief_referee, referee, sheet):
    record(referee, sheet, winner=2, discarder=0, tiles=STRAIGHT)
    hand = correct(chief_referee, sheet)
    assert hand.winner == 0 and not SheetAmendment.objects.exists()


@pytest.mark.django_db
def test_3_11_6_11_7_the_audit_page_says_what_the_change_rests_on(chief_referee, organizer, signed_sheet, client_for):
    signed_at = ScoreSheet.objects.get(pk=signed_sheet.pk).locked_at
    correct(chief_referee, signed_sheet, basis="objection", objection_at=signed_at - dt.timedelta(minutes=3))
    from tournaments.core.audit_display import describe

    sentence = describe(AuditEvent.objects.get(action="hand.corrected"))
    assert "Hand 1 corrected on an objection made before signing (rule 3.9.1.4, 3.11.6.11(7))" in sentence
    assert sentence.endswith("East won, not West")
