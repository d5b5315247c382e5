"""Foul pages: who may see and do what, what the referee records from the tablet, where they are linked from."""

import re

import pytest
from django.urls import reverse

from penalties.models import Penalty
from testing.fixtures import make_user
from tournaments.models import Membership
from tournaments.sessions import services as session_services

ROLES = ["organizer", "chief_referee", "referee", "arbitrator", "team_leader", "player_user", "outsider"]


@pytest.mark.django_db
def test_the_record_of_fouls_is_linked_per_session(
    client_for, tournament, fouled_sheet, organizer, chief_referee, player_user
):
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
def test_the_sheets_foul_page_leads_the_chief_referee_to_the_record(
    client_for, tournament, fouled_sheet, chief_referee, referee
):
    record = reverse("penalties:record", args=[tournament.pk, 1])
    fouls = reverse("penalties:sheet_fouls", args=[fouled_sheet.pk])
    chief = client_for(chief_referee).get(fouls).content.decode()
    assert record in chief and "cancel a penalty" in chief
    mine = client_for(referee).get(fouls).content.decode()
    assert record in mine and "cancel a penalty" not in mine


@pytest.mark.django_db
def test_the_fouls_link_shows_only_where_the_foul_page_opens(
    client_for, tournament, sheet, referee, chief_referee, organizer
):
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
    response = client_for(referee).post(f"/sheets/{sheet.pk}/fouls/false-win/", {
        "offender": "", "hand_number": 1, "tiles": "123m456m789m14p55s+6p"})
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


@pytest.mark.parametrize("minutes, seconds, lateness", [
    (None, None, None), (3, None, 180), (None, 40, 40), (2, 5, 125), (0, 0, 0),
])
def test_the_form_gives_the_lateness_in_seconds(minutes, seconds, lateness):
    from penalties.forms import PenaltyForm

    data = {"foul": "late", "offender": 7}
    data |= {"late_minutes": minutes} if minutes is not None else {}
    data |= {"late_seconds": seconds} if seconds is not None else {}
    form = PenaltyForm(data, players=[_Registration(7)])
    assert form.is_valid(), form.errors
    assert form.cleaned_data["lateness"] == lateness


@pytest.mark.parametrize("field, value", [("late_minutes", -1), ("late_seconds", 60), ("late_seconds", "soon")])
def test_a_bad_lateness_is_refused_by_the_form(field, value):
    from penalties.forms import PenaltyForm

    form = PenaltyForm({"foul": "late", "offender": 7, field: value}, players=[_Registration(7)])
    assert not form.is_valid() and field in form.errors


class _Registration:
    """What the foul forms read of a registration."""

    def __init__(self, pk):
        self.pk, self.entry_number = pk, pk
        self.player = type("Player", (), {"name": f"Player {pk}"})()


@pytest.mark.django_db
def test_the_foul_forms_start_at_the_hand_being_played(client_for, sheet, referee):
    from scoring.engine.table import MAX_HANDS
    from tournaments.models import ScoreSheet
    from tournaments.sheets import services as sheet_services
    from tournaments.sheets.entry import HandEntry

    def hand_offered():
        page = client_for(referee).get(f"/sheets/{sheet.pk}/fouls/").content.decode()
        return re.findall(r'name="hand_number"[^>]*value="(\d+)"', page)

    assert hand_offered() == ["1", "1"]
    sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=1, entry=HandEntry(result="draw"))
    assert hand_offered() == ["2", "2"]
    ScoreSheet.objects.filter(pk=sheet.pk).update(hand_count=MAX_HANDS)  # a full sheet: its last hand
    assert hand_offered() == [str(MAX_HANDS)] * 2


@pytest.mark.django_db
def test_one_view_per_action_on_the_tablet(client_for, sheet, referee, chief_referee, registrations, tournament):
    from penalties.models import Penalty

    other = make_user("referee2")
    Membership.objects.create(user=other, tournament=tournament, role="referee")
    foul = {"foul": "late", "offender": registrations[0].pk, "late_minutes": 2, "late_seconds": 5}
    # The page itself takes no POST: each form has its own address.
    assert client_for(referee).post(f"/sheets/{sheet.pk}/fouls/", foul).status_code == 405
    assert client_for(referee).get(f"/sheets/{sheet.pk}/fouls/record/").status_code == 405
    # Only who writes the sheet records on it (another referee's table: 404, nothing saved).
    assert client_for(other).post(f"/sheets/{sheet.pk}/fouls/record/", foul).status_code == 404
    assert client_for(other).post(f"/sheets/{sheet.pk}/fouls/false-win/", {
        "offender": registrations[0].pk, "hand_number": 1, "tiles": "123m456m789m14p55s+6p"}).status_code == 404
    assert not Penalty.objects.exists()
    assert client_for(referee).post(f"/sheets/{sheet.pk}/fouls/record/", foul).status_code == 302
    assert Penalty.objects.get().late_seconds == 125
    # A refused form comes back with its errors, the other form empty; the language switch returns to the page.
    refused = client_for(referee).post(f"/sheets/{sheet.pk}/fouls/record/", foul)
    html = refused.content.decode()
    assert refused.status_code == 200 and "cancel it first" in html
    assert refused.context["false_win_form"].is_bound is False
    assert f'name="next" value="/sheets/{sheet.pk}/fouls/"' in html


@pytest.mark.django_db
def test_the_record_of_fouls_shows_the_forms_by_capability(
    client_for, tournament, fouled_sheet, organizer, chief_referee, referee
):
    from penalties.models import Penalty
    from penalties.services import penalty_cancel

    penalty = Penalty.objects.get()
    cancel = f"/penalties/{penalty.pk}/cancel/"
    record = f"/t/{tournament.pk}/sessions/1/fouls/"
    assert cancel in client_for(chief_referee).get(record).content.decode()
    assert cancel not in client_for(organizer).get(record).content.decode()
    assert cancel not in client_for(referee).get(record).content.decode()
    penalty_cancel(actor=chief_referee, penalty=penalty, reason="The referee erred.")
    assert cancel not in client_for(chief_referee).get(record).content.decode()
    assert "Cancelled" in client_for(chief_referee).get(record).content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
def test_foul_pages_by_role(client_for, published, fouled_sheet, everyone, role):
    tablet = client_for(everyone[role]).get(f"/sheets/{fouled_sheet.pk}/fouls/")
    assert tablet.status_code == (200 if role in {"referee", "chief_referee"} else 404)
    record = client_for(everyone[role]).get(f"/t/{published.pk}/sessions/1/fouls/")
    assert record.status_code == (200 if role in {"organizer", "chief_referee", "referee", "arbitrator"} else 404)
    penalty = Penalty.objects.get()
    cancel = client_for(everyone[role]).post(f"/penalties/{penalty.pk}/cancel/", {"reason": "wrong"})
    assert cancel.status_code == (302 if role == "chief_referee" else 404)
    penalty.refresh_from_db()
    assert (penalty.status == "cancelled") == (role == "chief_referee")


@pytest.mark.django_db
def test_referee_records_a_foul_and_a_false_win_from_the_tablet(client_for, referee, sheet, registrations):
    client = client_for(referee)
    response = client.post(f"/sheets/{sheet.pk}/fouls/record/", {
        "foul": "exposed_other_tiles", "offender": registrations[0].pk, "hand_number": 1,
        "points": 30, "victim": registrations[2].pk,
    })
    assert response.status_code == 302
    response = client.post(f"/sheets/{sheet.pk}/fouls/false-win/", {
        "offender": registrations[1].pk, "hand_number": 1, "tiles": "123m456m789m14p55s+6p",
    })
    assert response.status_code == 302
    assert list(Penalty.objects.order_by("pk").values_list("foul", "points")) == [
        ("exposed_other_tiles", 30), ("false_win_not_waiting", 20)]
    bad = client.post(
        f"/sheets/{sheet.pk}/fouls/record/", {"foul": "violation", "offender": registrations[0].pk, "hand_number": 1}
    )
    assert bad.status_code == 200 and "Choose 5, 10, 20, 30, 40, 50 or 60 points." in bad.content.decode()
    record = client.get(
        f"/t/{sheet.session.tournament_id}/sessions/1/fouls/", HTTP_ACCEPT_LANGUAGE="zh-hans"
    ).content.decode()
    assert "违例记录表" in record and "诈和" in record


@pytest.mark.django_db
def test_appendix_6_the_fouls_of_a_hand_are_marked_on_the_sheets_hand_row(
    client_for, sheet, referee, chief_referee, registrations
):
    from penalties.services import penalty_cancel, penalty_record
    from tournaments.sheets import services as sheet_services
    from tournaments.sheets.entry import HandEntry

    for number in (1, 2):
        sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=number, entry=HandEntry(result="draw"))
    penalty_record(actor=referee, sheet=sheet, foul="violation", offender=registrations[0], hand_number=2, points=20)
    cancelled = penalty_record(
        actor=referee, sheet=sheet, foul="violation", offender=registrations[1], hand_number=1, points=5
    )
    penalty_cancel(actor=chief_referee, penalty=cancelled, reason="Wrong player")
    page = client_for(referee).get(reverse("tournaments:sheet", args=[sheet.pk])).content.decode()
    rows = re.findall(r'<tr class="hand-detail" data-hand="(\d+)">(.*?)</tr>', page, re.S)
    marks = {number: re.findall(r'<div class="hand-mark">(.*?)</div>', body, re.S) for number, body in rows}
    assert "1" not in marks  # a cancelled penalty is not marked (and a draw has no tiles to show)
    assert len(marks["2"]) == 1
    assert marks["2"][0].startswith("⚠ 1 Player 1: Rules violation") and "−20" in marks["2"][0]


@pytest.mark.django_db
def test_appendix_6_the_record_of_fouls_header_has_game_group_and_table(client_for, tournament, fouled_sheet,
                                                                        chief_referee):
    """Appendix 6: "局 / 组 / 桌" (Game # / Group # / Table #): the group is the session's stage when it has
    one (3.5.4), left to fill in by hand otherwise."""
    page = client_for(chief_referee).get(reverse("penalties:record", args=[tournament.pk, 1])).content.decode()
    assert re.search(r"Session: 1 · Group: ____ · Table: 1 · Referee", page)
    session = tournament.sessions.get(number=1)
    type(session).objects.filter(pk=session.pk).update(qualification="list")
    page = client_for(chief_referee).get(reverse("penalties:record", args=[tournament.pk, 1])).content.decode()
    assert "Group: Players chosen by the organizer" in page


@pytest.mark.django_db
def test_3_11_6_1_cheating_asks_3_11_5_and_the_record_of_fouls_follows_the_answer(
    client_for, tournament, sheet, referee, chief_referee, registrations
):
    """3.11.5 "取消录取名次…是对犯规情节严重或非法获得利益的选手做出的处罚": with a cheating 停赛 the form asks whether
    the cheating brought an illegal gain; yes asks the chief referee to cancel the rank, no says the rank stands."""
    from penalties.models import RankCancellation

    east, south = [sheet.session.seats.get(table=sheet.table, seat=n).registration for n in (0, 1)]
    url = reverse("penalties:record_foul", args=[sheet.pk])
    base = {"foul": "cheating", "offender": east.pk, "hand_number": 1}
    refused = client_for(referee).post(url, base)
    assert refused.status_code == 200 and "illegal gain" in refused.content.decode()
    assert not Penalty.objects.exists()
    assert client_for(referee).post(url, {**base, "illegal_gain": "yes"}).status_code == 302
    assert Penalty.objects.get(offender=east).illegal_gain is True
    client_for(referee).post(url, {**base, "offender": south.pk, "illegal_gain": "no"})
    record = reverse("penalties:record", args=[tournament.pk, 1])
    page = client_for(chief_referee).get(record).content.decode()
    assert "Illegal gain reported: the chief referee cancels the rank (3.11.5)." in page
    assert f"?registration={east.pk}" in page
    assert "No illegal gain: the rank earned so far stands (3.11.5 not applied)." in page
    cancel = reverse("penalties:rank_cancellations", args=[tournament.pk])
    form = client_for(chief_referee).get(cancel, {"registration": east.pk}).context["form"]
    assert form.initial["registration"] == east.pk and "illegal gain" in form.initial["reason"]
    client_for(chief_referee).post(cancel, {"registration": east.pk, "article": "3.11.5",
                                            "reason": "Cheating (3.11.6.1) with an illegal gain"})
    assert RankCancellation.objects.filter(registration=east).exists()
    assert "Illegal gain: the rank is cancelled (3.11.5)." in client_for(chief_referee).get(record).content.decode()
