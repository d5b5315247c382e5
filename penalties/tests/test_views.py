"""Foul pages: who may see and do what, what the referee records from the tablet, where they are linked from."""

import pytest
from django.urls import reverse

from penalties.models import Penalty
from tournaments.models import Membership
from tournaments.sessions import services as session_services
from tournaments.testing.fixtures import make_user

ROLES = ["organizer", "chief_referee", "referee", "arbitrator", "team_leader", "player_user", "outsider"]


@pytest.mark.django_db
def test_the_record_of_fouls_is_linked_per_session(client_for, tournament, fouled_sheet, organizer, chief_referee, player_user):
    record = reverse("penalties:record", args=[tournament.pk, 1])
    detail = reverse("tournaments:detail", args=[tournament.pk])
    board = reverse("tournaments:board", args=[tournament.pk])
    for user in (organizer, chief_referee):
        assert record in client_for(user).get(detail).content.decode()
        assert record in client_for(user).get(board).content.decode()
        assert record in client_for(user).get(board, HTTP_HX_REQUEST="true").content.decode()
    # Not for whom the page would 404.
    assert record not in client_for(player_user).get(detail).content.decode()


@pytest.mark.django_db
def test_the_sheets_foul_page_leads_the_chief_referee_to_the_record(client_for, tournament, fouled_sheet, chief_referee, referee):
    record = reverse("penalties:record", args=[tournament.pk, 1])
    fouls = reverse("penalties:sheet_fouls", args=[fouled_sheet.pk])
    chief = client_for(chief_referee).get(fouls).content.decode()
    assert record in chief and "cancel a penalty" in chief
    mine = client_for(referee).get(fouls).content.decode()
    assert record in mine and "cancel a penalty" not in mine


@pytest.mark.django_db
def test_the_fouls_link_shows_only_where_the_foul_page_opens(client_for, tournament, sheet, referee, chief_referee, organizer):
    fouls, page = reverse("penalties:sheet_fouls", args=[sheet.pk]), reverse("tournaments:sheet", args=[sheet.pk])
    other = make_user("referee2")
    Membership.objects.create(user=other, tournament=tournament, role="referee")
    assert fouls in client_for(referee).get(page).content.decode()
    assert fouls not in client_for(other).get(page).content.decode()  # another referee's table
    assert client_for(other).get(fouls).status_code == 404
    assert fouls not in client_for(organizer).get(page).content.decode()
    session_services.session_end(actor=organizer, session=sheet.session)
    sheet.refresh_from_db()
    sheet.status = sheet.Status.LOCKED  # signed
    sheet.save()
    assert fouls not in client_for(referee).get(page).content.decode()
    assert client_for(referee).get(fouls).status_code == 404
    assert fouls in client_for(chief_referee).get(page).content.decode()


@pytest.mark.django_db
def test_a_refused_false_win_keeps_the_tiles_entered(client_for, sheet, referee, registrations):
    response = client_for(referee).post(reverse("penalties:sheet_fouls", args=[sheet.pk]), {
        "false_win": "1", "offender": "", "hand_number": 1, "tiles": "123m456m789m14p55s+6p"})
    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="tiles" value="123m456m789m14p55s+6p" data-role="notation"' in html


def test_the_foul_list_translates_the_appendix_reference(monkeypatch):
    from penalties import selectors

    assert "(Appendix 1, fan 81)" in dict(selectors.foul_choices())["wrong_flower_replacement"]
    assert dict(selectors.foul_choices())["violation"].endswith("(3.11.2.2)")
    chinese = {"Appendix {appendix}, fan {fan}": "附件{appendix}，第{fan}番"}
    monkeypatch.setattr(selectors, "_", lambda message: chinese.get(message, message))
    assert dict(selectors.foul_choices())["wrong_flower_replacement"].endswith("(附件1，第81番)")


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
def test_foul_pages_by_role(client_for, published, fouled_sheet, everyone, role):
    tablet = client_for(everyone[role]).get(reverse("penalties:sheet_fouls", args=[fouled_sheet.pk]))
    assert tablet.status_code == (200 if role in {"referee", "chief_referee"} else 404)
    record = client_for(everyone[role]).get(reverse("penalties:record", args=[published.pk, 1]))
    assert record.status_code == (200 if role in {"organizer", "chief_referee", "referee", "arbitrator"} else 404)
    penalty = Penalty.objects.get()
    cancel = client_for(everyone[role]).post(reverse("penalties:cancel", args=[penalty.pk]), {"reason": "wrong"})
    assert cancel.status_code == (302 if role == "chief_referee" else 404)
    penalty.refresh_from_db()
    assert (penalty.status == "cancelled") == (role == "chief_referee")


@pytest.mark.django_db
def test_referee_records_a_foul_and_a_false_win_from_the_tablet(client_for, referee, sheet, registrations):
    client, fouls = client_for(referee), reverse("penalties:sheet_fouls", args=[sheet.pk])
    response = client.post(fouls, {
        "record": "1", "foul": "exposed_other_tiles", "offender": registrations[0].pk, "hand_number": 1,
        "points": 30, "victim": registrations[2].pk,
    })
    assert response.status_code == 302
    response = client.post(fouls, {
        "false_win": "1", "offender": registrations[1].pk, "hand_number": 1, "tiles": "123m456m789m14p55s+6p",
    })
    assert response.status_code == 302
    assert list(Penalty.objects.order_by("pk").values_list("foul", "points")) == [
        ("exposed_other_tiles", 30), ("false_win_not_waiting", 20)]
    bad = client.post(fouls, {"record": "1", "foul": "violation", "offender": registrations[0].pk, "hand_number": 1})
    assert bad.status_code == 200 and "Choose 5, 10, 20, 30, 40, 50 or 60 points." in bad.content.decode()
    url = reverse("penalties:record", args=[sheet.session.tournament_id, 1])
    record = client.get(url, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "违例记录表" in record and "诈和" in record
