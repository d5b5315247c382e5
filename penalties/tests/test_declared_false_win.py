"""3.11.6.6 with declared scoring (3.9.1.4 自报, "和牌者或他人不得再重新审核或追补漏报番种"): a winner who declares
fans under 8 on tiles worth more has called a false win (错和, 10 to each). The tablet's refused hand carries
its tiles and declaration to the foul page, which records the 错和 at once; nothing there suggests
recording the hand as a win with fans the winner did not declare.

STRAIGHT = 123m456m789m123p5p+5p on a discard: 23 points by the engine (清龙 16 and smaller fans)."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from penalties import services
from penalties.models import Penalty
from testing.scenarios import STRAIGHT
from tournaments.models import Tournament

UNDER = [62, 63, 79]  # 5 points declared (门前清 2, 平和 2, 无字 1)


def declared(tournament, sheet):
    Tournament.objects.filter(pk=tournament.pk).update(scoring_mode="declared")
    tournament.refresh_from_db()
    sheet.session.tournament.refresh_from_db()


def west(sheet):
    return sheet.session.seats.get(table=sheet.table, seat=2).registration


@pytest.mark.django_db
def test_3_11_6_6_an_under_declaration_on_tiles_worth_more_is_a_false_win(tournament, referee, sheet):
    declared(tournament, sheet)
    penalty = services.false_win_record(actor=referee, sheet=sheet, hand_number=1, offender=west(sheet),
                                        tiles=STRAIGHT, declared_fans=UNDER)
    assert (penalty.foul, penalty.points) == ("false_win", 10)
    assert "declared: fans 62, 63, 79" in penalty.note


@pytest.mark.django_db
def test_a_declaration_of_8_or_more_is_a_win_to_record_not_a_penalty(tournament, referee, sheet):
    declared(tournament, sheet)
    with pytest.raises(ValidationError, match="legal win of 16 points: record the hand"):
        services.false_win_record(actor=referee, sheet=sheet, hand_number=1, offender=west(sheet), tiles=STRAIGHT,
                                  declared_fans=[28])
    with pytest.raises(ValidationError) as caught:  # a fan the tiles do not give: the declaration is put right
        services.false_win_record(actor=referee, sheet=sheet, hand_number=1, offender=west(sheet), tiles=STRAIGHT,
                                  declared_fans=[28, 22])
    assert "22" in " ".join(caught.value.message_dict["declared"])
    assert not Penalty.objects.exists()


@pytest.mark.django_db
def test_the_refused_hand_carries_its_tiles_and_declaration_to_the_foul_page(tournament, referee, sheet, client_for):
    declared(tournament, sheet)
    client = client_for(referee)
    answer = client.post(reverse("api-sheet-hand-preview", args=[sheet.pk]), {
        "number": 1, "result": "win", "winner": 2, "discarder": 0, "tiles": STRAIGHT, "declared_fans": UNDER},
        content_type="application/json").json()
    url = answer["false_win_url"]
    assert "declared=62%2C63%2C79" in url and "tiles=" in url and "self_drawn" not in url
    page = client.get(url)
    form = page.context["false_win_form"]
    assert form.initial["declared"] == "62,63,79" and page.context["false_win_tiles"] == STRAIGHT
    assert "legal win" not in page.content.decode()
    response = client.post(reverse("penalties:false_win", args=[sheet.pk]), {
        "offender": west(sheet).pk, "hand_number": 1, "tiles": STRAIGHT, "declared": "62,63,79"})
    assert response.status_code == 302
    assert Penalty.objects.get().foul == "false_win"
    bad = client.post(reverse("penalties:false_win", args=[sheet.pk]), {
        "offender": west(sheet).pk, "hand_number": 2, "tiles": STRAIGHT, "declared": "62, x"})
    assert bad.status_code == 200 and "Write the fans" in bad.content.decode()


@pytest.mark.django_db
def test_a_false_win_is_recorded_once_and_the_held_hand_then_offers_nothing(tournament, referee, sheet, client_for):
    """The tournament day recorded one 错和 twice from the held hand's offer: −60 on the confirmed sheet."""
    declared(tournament, sheet)
    client = client_for(referee)
    hand = {"number": 1, "result": "win", "winner": 2, "discarder": 0, "tiles": STRAIGHT, "declared_fans": UNDER}
    services.false_win_record(actor=referee, sheet=sheet, hand_number=1, offender=west(sheet), tiles=STRAIGHT,
                              declared_fans=UNDER)
    with pytest.raises(ValidationError, match="false win of entry .* in hand 1 is already recorded"):
        services.false_win_record(actor=referee, sheet=sheet, hand_number=1, offender=west(sheet), tiles=STRAIGHT,
                                  declared_fans=UNDER)
    answer = client.post(reverse("api-sheet-hand-preview", args=[sheet.pk]), hand,
                         content_type="application/json").json()
    assert answer["false_win"] is False and answer["false_win_url"] is None
    assert "3.11.3" in answer["problems"][0]
    assert Penalty.objects.count() == 1
