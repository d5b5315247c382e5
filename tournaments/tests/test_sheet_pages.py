import pytest

from conftest import make_user
from tournaments.models import Membership
from tournaments.services import sheets as sheet_services


@pytest.mark.django_db
def test_the_referee_gets_the_tablet_and_others_a_read_only_view(client_for, referee, organizer, outsider, sheet, tournament):
    sheet_services.hand_record(actor=referee, sheet=sheet, number=1, result="win", winner=2, discarder=0, tiles="123m456m789m123p5p+5p")
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
