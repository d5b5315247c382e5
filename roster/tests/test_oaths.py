"""Appendix 2 (附件二 誓约书): the Player's Oath printed one page per player, in the page's language, with the
lines for the player's or guardian's signature and an ID or passport number."""

import html

import pytest
from django.urls import reverse


@pytest.mark.django_db
@pytest.mark.parametrize("language, words", [
    ("zh-hans", ["誓约书", "参赛者本人或其监护人签字", "身份证或护照号码", "不参与任何与赌博有关的游戏"]),
    ("ja", ["誓約書", "参加者本人あるいは保証人のサイン", "パスポート"]),
    ("en", ["The Player's Oath", "Signature of the player or their guardian", "Identity card or passport number"]),
])
def test_appendix_2_one_oath_per_player_in_the_pages_language(client_for, organizer, tournament, registrations,
                                                              language, words):
    page = html.unescape(client_for(organizer).get(reverse("roster:oaths", args=[tournament.pk]),
                                                   HTTP_ACCEPT_LANGUAGE=language).content.decode())
    assert page.count('<article class="oath">') == len(registrations)
    assert tournament.name in page and registrations[0].player.name in page
    assert all(word in page for word in words)
    assert page.count("<li>") >= 9 * len(registrations)


@pytest.mark.django_db
def test_one_players_oath_and_who_may_print(client_for, organizer, outsider, tournament, registrations):
    url = reverse("roster:oaths", args=[tournament.pk])
    one = client_for(organizer).get(url, {"entry": registrations[2].entry_number}).content.decode()
    assert one.count('<article class="oath">') == 1 and registrations[2].player.name in one
    assert client_for(organizer).get(url, {"entry": "x"}).content.decode().count('<article class="oath">') == 0
    assert client_for(outsider).get(url).status_code == 404
