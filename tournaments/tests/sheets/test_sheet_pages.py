
import pytest

from testing.fixtures import make_user
from testing.scenarios import STRAIGHT, objection_made_before_signing, win
from tournaments.models import Membership, ScoreSheet
from tournaments.sessions import services as session_services
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HandEntry


@pytest.mark.django_db
def test_the_referee_gets_the_tablet_and_others_a_read_only_view(
    client_for, referee, organizer, outsider, sheet, tournament
):
    sheet_services.hand_record(
        actor=referee, sheet_id=sheet.pk, number=1,
        entry=HandEntry(result="win", winner=2, discarder=0, tiles="123m456m789m123p5p+5p")
    )
    page = client_for(referee).get(f"/t/sheets/{sheet.pk}/")
    html = page.content.decode()
    assert page.status_code == 200
    assert 'id="hand-form"' in html and "Pure Straight" in html and "data-tile-picker" in html
    assert f"/sheets/{sheet.pk}/fouls/" in html  # the penalties app's link through the core's seam
    chinese = client_for(referee).get(f"/t/sheets/{sheet.pk}/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "清龙" in chinese
    read_only = client_for(organizer).get(f"/t/sheets/{sheet.pk}/").content.decode()
    assert 'id="hand-form"' not in read_only and "Pure Straight" in read_only
    assert client_for(outsider).get(f"/t/sheets/{sheet.pk}/").status_code == 404
    partial = client_for(referee).get(f"/t/sheets/{sheet.pk}/", HTTP_HX_REQUEST="true").content.decode()
    assert partial.startswith("<div data-sheet-state") and 'data-next-number="2"' in partial


@pytest.mark.django_db
def test_my_tables(client_for, referee, chief_referee, tournament, running_session):
    other = make_user("referee2")
    Membership.objects.create(user=other, tournament=tournament, role="referee")
    mine = client_for(referee).get(f"/t/{tournament.pk}/my-tables/").content.decode()
    assert mine.count("/t/sheets/") == 3  # the only referee when the session started: all three tables
    assert "/t/sheets/" not in client_for(other).get(f"/t/{tournament.pk}/my-tables/").content.decode()
    assert client_for(chief_referee).get(f"/t/{tournament.pk}/my-tables/").content.decode().count("/t/sheets/") == 3



@pytest.mark.django_db
def test_my_tables_keeps_the_sheets_waiting_for_signatures_after_time_up(
    client_for, referee, organizer, tournament, running_session
):
    session_services.session_end(actor=organizer, session=running_session)
    mine = client_for(referee).get(f"/t/{tournament.pk}/my-tables/").content.decode()
    assert "No session is running." in mine and "Waiting for signatures" in mine
    assert mine.count("/t/sheets/") == 3
    other = make_user("referee3")
    Membership.objects.create(user=other, tournament=tournament, role="referee")
    assert "/t/sheets/" not in client_for(other).get(f"/t/{tournament.pk}/my-tables/").content.decode()


@pytest.mark.django_db
def test_the_chief_referee_corrects_a_signed_sheet_from_the_page(client_for, referee, chief_referee, sheet, pins):
    from tournaments.models import AuditEvent

    sheet_services.hand_record(
        actor=referee, sheet_id=sheet.pk, number=1,
        entry=HandEntry(result="win", winner=2, discarder=0, tiles="123m456m789m123p5p+5p")
    )
    sheet.refresh_from_db()
    sheet_services.sheet_close(actor=referee, sheet=sheet, expected_version=sheet.version)
    for entry in (1, 2, 3, 4):
        sheet_services.sheet_confirm(sheet=sheet, entry_number=entry, pin=pins[entry])
    sheet_services.sheet_sign(actor=referee, sheet=sheet)
    sheet.refresh_from_db()
    assert "correct/" not in client_for(referee).get(f"/t/sheets/{sheet.pk}/").content.decode()
    assert client_for(referee).post(f"/t/sheets/{sheet.pk}/correct/", {}).status_code == 404
    chief = client_for(chief_referee)
    assert f"/t/sheets/{sheet.pk}/correct/" in chief.get(f"/t/sheets/{sheet.pk}/").content.decode()
    stale = chief.post(
        f"/t/sheets/{sheet.pk}/correct/", {"number": 1, "result": "draw", "flowers": 0, "reason": "void", "version": 1}
    )
    assert stale.status_code == 200 and sheet.hands.get().result == "win"
    # 3.11.6.11(7): the objection was made at the table, before the sheet was signed
    objection = str(objection_made_before_signing(ScoreSheet.objects.get(pk=sheet.pk)).pk)
    bad = chief.post(
        f"/t/sheets/{sheet.pk}/correct/",
        {
            "number": 1,
            "result": "win",
            "winner": 1,
            "discarder": 0,
            "tiles": "12x",
            "flowers": 0,
            "reason": "misread",
            "basis": "objection",
            "reference": objection,
            "version": sheet.version,
        },
    )
    assert bad.status_code == 400 and sheet.hands.get().winner == 2
    done = chief.post(
        f"/t/sheets/{sheet.pk}/correct/",
        {
            "number": 1,
            "result": "win",
            "winner": 1,
            "discarder": 0,
            "tiles": "123m456m789m123p5p+5p",
            "flowers": 0,
            "reason": "South won",
            "basis": "objection",
            "reference": objection,
            "version": sheet.version,
        },
    )
    assert done.status_code == 302
    assert sheet.hands.get().deltas == (-31, 47, -8, -8)
    assert AuditEvent.objects.get(action="hand.corrected").detail["reason"] == "South won"


@pytest.mark.django_db
def test_a_correction_keeps_every_field_of_the_hand(client_for, referee, chief_referee, sheet):
    sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=1, entry=HandEntry(result="draw"))
    sheet.refresh_from_db()
    response = client_for(chief_referee).post(f"/t/sheets/{sheet.pk}/correct/", {
        "number": 1, "result": "win", "winner": 3, "discarder": "", "flowers": 2, "last_wall_tile": "on",
        "declared_fans": "49, 73, 76", "reason": "the tiles were not written down", "version": sheet.version,
    })
    assert response.status_code == 302, response.content.decode()[:500]
    hand = sheet.hands.get()
    assert (hand.verified, hand.flowers, hand.last_wall_tile, hand.total) == (False, 2, True, 10)
    assert hand.declared_fans == [49, 73, 76] and hand.self_drawn


@pytest.mark.django_db
def test_the_chief_referee_hands_a_table_to_another_referee(client_for, referee, chief_referee, sheet, tournament):
    from tournaments.models import AuditEvent

    other = make_user("referee2")
    Membership.objects.create(user=other, tournament=tournament, role="referee")
    assert client_for(referee).post(f"/t/sheets/{sheet.pk}/referee/", {"referee": other.pk}).status_code == 404
    assert 'name="referee"' in client_for(chief_referee).get(f"/t/sheets/{sheet.pk}/").content.decode()
    assert client_for(chief_referee).post(f"/t/sheets/{sheet.pk}/referee/", {"referee": other.pk}).status_code == 302
    sheet.refresh_from_db()
    assert sheet.referee == other
    assert AuditEvent.objects.filter(action="sheet.referee_assigned").count() == 1
    client_for(chief_referee).post(f"/t/sheets/{sheet.pk}/referee/", {"referee": 999999})
    sheet.refresh_from_db()
    assert sheet.referee == other


@pytest.mark.django_db
def test_a_refused_correction_keeps_the_tiles_entered(client_for, referee, chief_referee, sheet):
    sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=1, entry=HandEntry(result="draw"))
    sheet.refresh_from_db()
    bad = client_for(chief_referee).post(f"/t/sheets/{sheet.pk}/correct/", {
        "number": 1, "result": "win", "winner": 1, "discarder": 0, "tiles": "123m456m789m14p55s+6p", "flowers": 0,
        "reason": "", "version": sheet.version})
    assert bad.status_code == 400
    assert 'name="tiles" value="123m456m789m14p55s+6p" data-role="notation"' in bad.content.decode()


@pytest.mark.django_db
def test_the_tournament_form_says_the_last_day_is_before_the_first(client_for, organizer, tournament):
    fields = {
        "name": "Spring Cup",
        "venue": "",
        "starts_on": "2026-05-03",
        "ends_on": "2026-05-01",
        "rules": tournament.rules,
        "planned_sessions": 4,
        "session_minutes": 150,
    }
    client = client_for(organizer)
    for url, extra in (("/t/new/", {}), (f"/t/{tournament.pk}/edit/", {"status": tournament.status, "tiebreaks": ""})):
        response = client.post(url, {**fields, **extra})
        assert response.status_code == 200
        assert response.context["form"].errors["ends_on"] == ["The last day cannot be before the first day."]
        assert "tournament_dates_ordered" not in response.content.decode()
        chinese = client.post(url, {**fields, **extra}, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
        assert "tournament_dates_ordered" not in chinese


@pytest.mark.django_db
def test_switching_language_after_a_refused_correction_returns_to_the_sheet(client_for, referee, chief_referee, sheet):
    sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=1, entry=HandEntry(result="draw"))
    sheet.refresh_from_db()
    client = client_for(chief_referee)
    bad = client.post(
        f"/t/sheets/{sheet.pk}/correct/", {"number": 1, "result": "win", "reason": "", "version": sheet.version}
    )
    assert bad.status_code == 400
    html = bad.content.decode()
    assert f'name="next" value="/t/sheets/{sheet.pk}/"' in html
    switched = client.post("/i18n/setlang/", {"language": "ja", "next": f"/t/sheets/{sheet.pk}/"})
    assert switched.status_code == 302 and switched["Location"] == f"/t/sheets/{sheet.pk}/"
    assert client.get(switched["Location"]).status_code == 200


@pytest.mark.django_db
def test_the_tournament_page_asks_for_the_viewers_roles_once_however_many_sessions(client_for, organizer, tournament):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournaments.models import Session

    def render():
        with CaptureQueriesContext(connection) as captured:
            page = client_for(organizer).get(f"/t/{tournament.pk}/")
        assert page.status_code == 200
        roles = [q["sql"] for q in captured.captured_queries if 'FROM "tournaments_membership"' in q["sql"]]
        return page.content.decode(), len(captured.captured_queries), len(roles)

    render()  # the first request of a login writes the session
    html, queries, role_queries = render()
    sessions = tournament.sessions.count()
    assert html.count("/fouls/") >= sessions  # each session's Record of Fouls, through the link seam
    Session.objects.bulk_create(Session(tournament=tournament, number=sessions + n) for n in range(1, 5))
    more_html, more_queries, more_role_queries = render()
    assert more_html.count("/fouls/") >= sessions + 4
    assert (more_queries, more_role_queries) == (queries, role_queries)


@pytest.mark.django_db
def test_the_sheet_page_follows_the_sheets_state(client_for, referee, chief_referee, sheet, pins):
    """Open: the hand form and "Close (time-up)" until the last hand (3.4.8), then "Close for signing";
    closed: the results and the confirmations, signing without them for the chief referee only;
    signed: nothing to do for the referee."""
    from scoring.engine.table import MAX_HANDS

    def page(user):
        return client_for(user).get(f"/t/sheets/{sheet.pk}/").content.decode()

    sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=1, entry=HandEntry(result="draw"))
    opened = page(referee)
    assert 'hand-form" novalidate>' in opened and "Close the sheet (time-up)" in opened
    assert "Take back the last hand" in opened and "Session result" not in opened
    for number in range(2, MAX_HANDS + 1):
        sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=number, entry=HandEntry(result="draw"))
    full = page(referee)
    assert "Close the sheet for signing" in full and "Close the sheet (time-up)" not in full
    sheet.refresh_from_db()
    sheet_services.sheet_close(actor=referee, sheet=sheet, expected_version=sheet.version)
    closed = page(referee)
    assert 'hand-form" novalidate hidden>' in closed and "Session result" in closed and "Players confirm" in closed
    assert "Sign without every confirmation" not in closed
    assert "Sign without every confirmation" in page(chief_referee)
    for entry in (1, 2, 3, 4):
        sheet_services.sheet_confirm(sheet=sheet, entry_number=entry, pin=pins[entry])
    sheet_services.sheet_sign(actor=referee, sheet=sheet)
    signed = page(referee)
    assert "Session result" in signed and "Take back the last hand" not in signed and "Players confirm" not in signed
    # The running session's tables, with the hands played out of a session's hands.
    tables = client_for(chief_referee).get(f"/t/{sheet.session.tournament_id}/my-tables/").content.decode()
    assert f"{MAX_HANDS}/{MAX_HANDS} · Signed" in tables and f"0/{MAX_HANDS} · Playing" in tables


@pytest.mark.django_db
def test_only_the_chief_referee_hands_a_table_over(client_for, referee, chief_referee, organizer, sheet, tournament):
    other = make_user("referee2")
    Membership.objects.create(user=other, tournament=tournament, role="referee")
    assert client_for(organizer).post(f"/t/sheets/{sheet.pk}/referee/", {"referee": other.pk}).status_code == 404
    assert client_for(referee).post(f"/t/sheets/{sheet.pk}/referee/", {"referee": other.pk}).status_code == 404
    for bad in ("", "abc", str(organizer.pk)):  # no referee, not a number, not a referee here
        response = client_for(chief_referee).post(f"/t/sheets/{sheet.pk}/referee/", {"referee": bad}, follow=True)
        assert "Choose a referee of this tournament." in response.content.decode()
    sheet.refresh_from_db()
    assert sheet.referee == referee
    client_for(chief_referee).post(f"/t/sheets/{sheet.pk}/referee/", {"referee": other.pk})
    sheet.refresh_from_db()
    assert sheet.referee == other


@pytest.mark.django_db
def test_the_correction_form_starts_from_the_hand_and_the_corrected_hand_is_marked(
    client_for, chief_referee, referee, sheet
):
    """Issue 13: 'Correct' on a hand's row opens the form filled with that hand as recorded; once
    corrected, the row says so (the audit keeps by whom and why)."""
    sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=1,
                               entry=HandEntry.from_mapping(win(2, 0, STRAIGHT, flowers=2)))
    sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=2, entry=HandEntry(result="draw"))
    client = client_for(chief_referee)
    page = client.get(f"/t/sheets/{sheet.pk}/?correct=1")
    form = page.context["correction_form"]
    assert form.initial["number"] == 1 and form.initial["winner"] == 2 and form.initial["discarder"] == 0
    assert form.initial["flowers"] == 2 and page.context["correction_tiles"] == STRAIGHT
    html = page.content.decode()
    assert 'id="correction" open' in html and f'value="{STRAIGHT}"' in html
    assert 'href="?correct=2#correction"' in html
    assert "corrected-mark" not in html
    # Bad values leave the form empty, not a 500.
    for bad in ("9", "x", "-1", ""):
        answer = client.get(f"/t/sheets/{sheet.pk}/?correct={bad}")
        assert answer.status_code == 200 and "number" not in answer.context["correction_form"].initial
    # A referee (not the chief) gets no correction link.
    assert "?correct=" not in client_for(referee).get(f"/t/sheets/{sheet.pk}/").content.decode()
    sheet.refresh_from_db()
    sheet_services.hand_correct(actor=chief_referee, sheet=sheet, number=2, expected_version=sheet.version,
                                reason="It was a win", entry=HandEntry.from_mapping(win(1, None, STRAIGHT)))
    html = client_for(chief_referee).get(f"/t/sheets/{sheet.pk}/").content.decode()
    assert html.count('class="corrected-mark"') == 1
    row = html.split("?correct=2#correction")[1].split("</tr>")[0]
    assert "corrected-mark" in row


@pytest.mark.django_db
def test_an_unassigned_sheet_reads_as_unassigned_to_the_chief_referee(client_for, chief_referee, referee, sheet):
    """Issue 13: the referee select of a table nobody holds shows 'no referee', not the first referee."""
    ScoreSheet.objects.filter(pk=sheet.pk).update(referee=None)
    client = client_for(chief_referee)
    html = client.get(f"/t/sheets/{sheet.pk}/").content.decode()
    select = html.split('id="sheet-referee"')[1].split("</select>")[0]
    assert '<option value="" selected disabled>— no referee —</option>' in select
    assert select.count("selected") == 1
    assert "No referee holds this table yet" in html and "Give the table to this referee" in html
    # Sending the form untouched hands the table to nobody and says what to do.
    answer = client.post(f"/t/sheets/{sheet.pk}/referee/", {"referee": ""}, follow=True)
    assert "Choose a referee of this tournament." in answer.content.decode()
    ScoreSheet.objects.filter(pk=sheet.pk).update(referee=referee)
    html = client.get(f"/t/sheets/{sheet.pk}/").content.decode()
    select = html.split('id="sheet-referee"')[1].split("</select>")[0]
    assert "no referee" not in select and f'<option value="{referee.pk}" selected>' in select
    assert "Hand the table over" in html


def test_the_sheets_service_worker_is_served_under_the_sheets_path(client):
    """Issue 29: a service worker controls the paths below its own address: it is served at /t/sheets/sw.js."""
    response = client.get("/t/sheets/sw.js")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/t/sheets/" and response["Cache-Control"] == "no-cache"
    body = response.content.decode()
    assert 'request.method !== "GET"' in body  # hands never go through it: the page's outbox sends them
    assert client.post("/t/sheets/sw.js").status_code == 405
