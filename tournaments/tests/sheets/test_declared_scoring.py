"""Scoring modes (docs/scoring-modes.md): electronic (3.7.1 或电子计分, 3.9.1.5) and declared
(3.9.1.4 自报、公认); and changes to signed sheets (3.9.1.4, 3.11.6.11(7) 不追诉原则).

STRAIGHT = 123m456m789m123p5p+5p won on a discard: the engine counts 23 (清龙 16 and smaller fans).
"""


import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.urls import reverse

from testing.scenarios import CHICKEN, STRAIGHT, sign_all
from tournaments.core import services as core_services
from tournaments.models import AuditEvent, Hand, SheetAmendment, Tournament
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HandEntry


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
    """Hand 1 recorded; East objects at the table that West's win is wrong, recorded before signing."""
    record(referee, sheet, winner=2, discarder=0, tiles=STRAIGHT)
    sheet.refresh_from_db()
    sheet_services.objection_record(actor=referee, sheet=sheet, expected_version=sheet.version, hand_number=1,
                                    text="East says he won first", seat=0)
    with django_capture_on_commit_callbacks(execute=True):
        return sign_all(actor=referee, sheet=sheet)


def correct(chief, sheet, entry=None, **basis):
    sheet.refresh_from_db()
    return sheet_services.hand_correct(
        actor=chief, sheet=sheet, number=1, expected_version=sheet.version, reason="East won, not West",
        entry=entry or HandEntry(result="win", winner=0, discarder=1, tiles=STRAIGHT), **basis,
    )


def objection_of(sheet):
    return str(sheet.objections.get().pk)


@pytest.mark.django_db
@pytest.mark.parametrize("basis, field", [
    ({}, "basis"),
    ({"basis": "hearsay"}, "basis"),
    ({"basis": "objection"}, "reference"),
    ({"basis": "objection", "reference": "999999"}, "reference"),  # no objection recorded at this table
    ({"basis": "appeal"}, "reference"),
    ({"basis": "appeal", "reference": "999999"}, "reference"),  # no such appeal (the appeals app checks)
])
def test_3_11_6_11_7_signed_sheet_change_refused_without_a_basis(chief_referee, signed_sheet, basis, field):
    with pytest.raises(ValidationError) as excinfo:
        correct(chief_referee, signed_sheet, **basis)
    assert field in excinfo.value.error_dict
    assert signed_sheet.hands.get().winner == 2 and not SheetAmendment.objects.exists()


@pytest.mark.django_db
def test_3_11_6_11_7_an_objection_is_recorded_at_the_table_never_typed_after_signing(
    referee, chief_referee, signed_sheet
):
    signed_sheet.refresh_from_db()
    with pytest.raises(ValidationError) as excinfo:
        sheet_services.objection_record(actor=chief_referee, sheet=signed_sheet, expected_version=signed_sheet.version,
                                        hand_number=1, text="raised after signing")
    assert excinfo.value.error_dict["text"][0].code == "late"
    assert signed_sheet.objections.count() == 1
    objection = signed_sheet.objections.get()
    assert objection.recorded_at < signed_sheet.locked_at and (objection.seat, objection.hand_number) == (0, 1)
    assert AuditEvent.objects.filter(action="hand.objection_recorded", detail__objection=objection.pk).exists()


@pytest.mark.django_db
def test_an_objection_is_about_a_recorded_hand(referee, sheet):
    with pytest.raises(ValidationError) as excinfo:
        sheet_services.objection_record(actor=referee, sheet=sheet, expected_version=sheet.version, hand_number=1,
                                        text="nothing recorded yet")
    assert "hand_number" in excinfo.value.error_dict


@pytest.mark.django_db
def test_3_11_6_11_7_an_objection_before_signing_is_ruled_on_and_recorded(
    chief_referee, signed_sheet, django_capture_on_commit_callbacks
):
    objection = signed_sheet.objections.get()
    with django_capture_on_commit_callbacks(execute=True):
        hand = correct(chief_referee, signed_sheet, basis="objection", reference=str(objection.pk))
    assert hand.winner == 0
    change = SheetAmendment.objects.get()
    assert (change.basis, change.article, change.objection, change.objection_at, change.hand_number) == (
        "objection", "3.9.1.4, 3.11.6.11(7)", objection, objection.recorded_at, 1)
    assert change.before["deltas"] == [-31, -8, 47, -8] and change.after["deltas"] == [47, -31, -8, -8]
    event = AuditEvent.objects.get(action="hand.corrected")
    assert (event.detail["basis"], event.detail["article"], event.detail["reference"]) == (
        "objection", "3.9.1.4, 3.11.6.11(7)", str(objection.pk))


@pytest.mark.django_db
def test_3_9_1_4_a_ruling_never_adds_a_fan_the_winner_did_not_declare(
    tournament, referee, chief_referee, sheet, pins, django_capture_on_commit_callbacks
):
    """Declared 28 (Mixed Straight... as declared) on tiles worth 23: a ruling may remove or confirm declared
    fans; adding the missed ones (追补漏报番种) is refused, on either basis."""
    declared(tournament)
    record(referee, sheet, winner=2, discarder=0, tiles=STRAIGHT, declared_fans=[28, 63])
    sheet.refresh_from_db()
    sheet_services.objection_record(actor=referee, sheet=sheet, expected_version=sheet.version, hand_number=1,
                                    text="South says 63 is not there")
    with django_capture_on_commit_callbacks(execute=True):
        sign_all(actor=referee, sheet=sheet)
    reference = objection_of(sheet)
    more = HandEntry(result="win", winner=2, discarder=0, tiles=STRAIGHT, declared_fans=[28, 63, 62])
    with pytest.raises(ValidationError) as excinfo:
        correct(chief_referee, sheet, entry=more, basis="objection", reference=reference)
    assert "62" in " ".join(excinfo.value.message_dict["declared_fans"])
    fewer = HandEntry(result="win", winner=2, discarder=0, tiles=STRAIGHT, declared_fans=[28])
    assert correct(chief_referee, sheet, entry=fewer, basis="objection", reference=reference).fan_points == 16


@pytest.mark.django_db
def test_3_9_1_4_one_objection_one_ruling_and_never_the_missed_fans_through_a_draw(
    tournament, referee, chief_referee, sheet, pins, django_capture_on_commit_callbacks
):
    """The audit's two steps (win -> draw -> the same win with every fan the tiles give) on one objection turned a
    signed 18 into 23. One objection gets one ruling; a second objection made at the table may be ruled on too, but
    the winner's hand comes back only with the fans declared when the sheet was signed."""
    declared(tournament)
    record(referee, sheet, winner=2, discarder=0, tiles=STRAIGHT, declared_fans=[28, 63])
    for text in ("South says West was not waiting", "North says the fans are wrong"):
        sheet.refresh_from_db()
        sheet_services.objection_record(actor=referee, sheet=sheet, expected_version=sheet.version, hand_number=1,
                                        text=text)
    with django_capture_on_commit_callbacks(execute=True):
        sign_all(actor=referee, sheet=sheet)
    first, second = (str(pk) for pk in sheet.objections.order_by("pk").values_list("pk", flat=True))
    correct(chief_referee, sheet, entry=HandEntry(result="draw"), basis="objection", reference=first)
    every_fan = HandEntry(result="win", winner=2, discarder=0, tiles=STRAIGHT, declared_fans=[28, 62, 63, 70, 75])
    with pytest.raises(ValidationError) as excinfo:  # the same objection again
        correct(chief_referee, sheet, entry=every_fan, basis="objection", reference=first)
    assert "ruled on already" in " ".join(excinfo.value.message_dict["reference"])
    with pytest.raises(ValidationError) as excinfo:  # another objection: still the fans declared at the table
        correct(chief_referee, sheet, entry=every_fan, basis="objection", reference=second)
    assert "62, 70, 75 were not declared" in " ".join(excinfo.value.message_dict["declared_fans"])
    hand = correct(chief_referee, sheet, entry=HandEntry(result="win", winner=2, discarder=0, tiles=STRAIGHT,
                                                         declared_fans=[28]), basis="objection", reference=second)
    assert (hand.fan_points, hand.declared_fans) == (16, [28])
    # The record shows both steps, each with the hand before and after it.
    steps = [(a.objection_id, a.before["result"], a.before["declared_fans"], a.after["result"],
              a.after["declared_fans"]) for a in SheetAmendment.objects.order_by("pk")]
    assert steps == [(int(first), "win", [28, 63], "draw", []), (int(second), "draw", [], "win", [28])]
    with pytest.raises(IntegrityError), transaction.atomic():  # the database holds it too
        SheetAmendment.objects.create(sheet=sheet, hand_number=1, basis="objection", objection_id=int(first),
                                      objection_at=sheet.objections.get(pk=first).recorded_at, article="3.9.1.4",
                                      reason="again")


@pytest.mark.django_db
def test_3_11_6_11_7_changes_after_signing_are_on_the_sheet_page(chief_referee, signed_sheet, client_for):
    correct(chief_referee, signed_sheet, basis="objection", reference=objection_of(signed_sheet))
    page = client_for(chief_referee).get(reverse("tournaments:sheet", args=[signed_sheet.pk])).content.decode()
    assert "Changes after signing" in page and "Objection made before signing (rule 3.9.1.4, 3.11.6.11(7))" in page
    assert f"objection #{objection_of(signed_sheet)} made at" in page and "East says he won first" in page


@pytest.mark.django_db
def test_an_unsigned_sheet_is_corrected_without_a_basis(chief_referee, referee, sheet):
    record(referee, sheet, winner=2, discarder=0, tiles=STRAIGHT)
    hand = correct(chief_referee, sheet)
    assert hand.winner == 0 and not SheetAmendment.objects.exists()


@pytest.mark.django_db
def test_3_11_6_11_7_the_audit_page_says_what_the_change_rests_on(chief_referee, organizer, signed_sheet, client_for):
    correct(chief_referee, signed_sheet, basis="objection", reference=objection_of(signed_sheet))
    from tournaments.core.audit_display import describe

    sentence = describe(AuditEvent.objects.get(action="hand.corrected"))
    assert "Hand 1 corrected on an objection made before signing (rule 3.9.1.4, 3.11.6.11(7))" in sentence
    assert sentence.endswith("East won, not West")


@pytest.mark.django_db
def test_3_9_1_4_the_referee_records_an_objection_on_the_tablet_page_and_the_api(
    referee, outsider, sheet, client_for
):
    record(referee, sheet, winner=2, discarder=0, tiles=STRAIGHT)
    sheet.refresh_from_db()
    client = client_for(referee)
    page = client.get(reverse("tournaments:sheet", args=[sheet.pk])).content.decode()
    assert "Record the objection" in page
    response = client.post(reverse("tournaments:sheet_objection", args=[sheet.pk]), {
        "version": sheet.version, "hand_number": 1, "seat": 1, "text": "South says the win is short"})
    assert response.status_code == 302 and sheet.objections.get().seat == 1
    api = reverse("api-sheet-objections", args=[sheet.pk])
    answer = client.post(api, {"version": sheet.version, "hand_number": 1, "text": "West disputes 63"},
                         content_type="application/json")
    assert answer.status_code == 200 and [o["text"] for o in answer.json()["objections"]] == [
        "South says the win is short", "West disputes 63"]
    stale = client.post(api, {"version": sheet.version - 1, "hand_number": 1, "text": "x"},
                        content_type="application/json")
    assert stale.status_code == 409
    assert client_for(outsider).post(api, {"version": sheet.version, "hand_number": 1, "text": "x"},
                                     content_type="application/json").status_code == 404
    assert sheet.objections.count() == 2
