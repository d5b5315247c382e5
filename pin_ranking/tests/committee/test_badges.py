"""The Pin beside the holder's name (7.4 公布) on the standings, through the core's player-badge seam:
approved Pins only, the highest on each track, never lowered, the Web Pin apart (3.5)."""

from django.urls import reverse

from pin_ranking.committee.selectors import pin_badges
from pin_ranking.committee.services import application_decide
from pin_ranking.models import Application, PinAward
from pin_ranking.tests.helpers import file
from testing.scenarios import publish
from tournaments.models import Player


def _standings(client, tournament, language="en"):
    return client.get(reverse("tournaments:standings", args=[tournament.pk]),
                      HTTP_ACCEPT_LANGUAGE=language).content.decode()


def test_7_4_an_approved_pin_shows_beside_the_name_and_a_waiting_one_does_not(client, applicant, member, national):
    publish(national)
    application = file(applicant.user, applicant)
    assert "player-badge" not in _standings(client, national)  # waiting: nothing yet
    application_decide(actor=member, application_id=application.pk, decision="approve", version=1)
    register = reverse("pin_ranking:register")
    page = _standings(client, national)
    assert f'<a class="player-badge" href="{register}" title="Pin register">Pin 7</a>' in page
    assert page.count("player-badge") == 1  # Li Lei and the 97 others hold none
    assert ">7品</a>" in _standings(client, national, "zh-hans") and ">7品</a>" in _standings(client, national, "ja")


def test_7_3_a_rejected_application_shows_nothing(client, applicant, member, national):
    publish(national)
    application = file(applicant.user, applicant)
    application_decide(actor=member, application_id=application.pk, decision="reject", version=1, reason="Unsigned")
    assert "player-badge" not in _standings(client, national)
    assert pin_badges({applicant.pk}) == {}


def test_the_highest_pin_stands_and_the_web_pin_is_shown_apart(applicant, member):
    application = file(applicant.user, applicant)
    application_decide(actor=member, application_id=application.pk, decision="approve", version=1)
    award = PinAward.objects.get()
    # An older, lower award (from an imported register, say) never lowers the Pin shown.
    PinAward.objects.create(application=file_second(applicant, member), player=applicant, track="pin", pin=8,
                            number="P-OLD-1", name=award.name, country="CN", committee=award.committee,
                            awarded_on=award.awarded_on)
    PinAward.objects.create(application=file_second(applicant, member, track="web_pin"), player=applicant,
                            track="web_pin", pin=5, number="WP-1", name=award.name, country="CN",
                            committee=award.committee, awarded_on=award.awarded_on)
    badges = pin_badges({applicant.pk})
    assert [badge.text for badge in badges[applicant.pk]] == ["Pin 7", "Web Pin 5"]


def test_badges_are_read_in_one_query_for_any_number_of_players(applicant, member, django_assert_num_queries):
    application = file(applicant.user, applicant)
    application_decide(actor=member, application_id=application.pk, decision="approve", version=1)
    everyone = set(Player.objects.values_list("pk", flat=True))
    with django_assert_num_queries(1):
        badges = pin_badges(everyone)
    assert list(badges) == [applicant.pk]


def file_second(player, member, track="pin"):
    """Another approved application of the same player (each award hangs on one): a copy of the first."""
    application = Application.objects.filter(player=player).first()
    application.pk = None
    application.track, application.status = track, "approved"
    application.save()
    return application
