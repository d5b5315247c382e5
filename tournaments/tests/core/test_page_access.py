"""Access in one layer: the domain's NotFound, and the capabilities pages show links and forms by."""

import re
from pathlib import Path

import pytest
from django.http import Http404

from tournaments import extensions
from tournaments.access import Can, Capability, capabilities_for_page
from tournaments.errors import NotFound

ROOT = Path(__file__).resolve().parents[3]


def test_not_found_is_the_standard_404_with_its_message():
    error = NotFound("No such sheet.")
    assert isinstance(error, Http404) and error.message == "No such sheet." and str(error) == "No such sheet."


def test_can_answers_each_capability_by_name():
    can = Can(frozenset({Capability.MANAGE, Capability.CHECK_IN}))
    assert can.manage is True and can.check_in is True
    assert can.record_scores is False and can.view is False
    assert can.granted == {Capability.MANAGE, Capability.CHECK_IN}
    with pytest.raises(AttributeError):  # a misspelt capability is an error, not False
        _ = can.mange


def test_every_capability_a_template_tests_exists():
    """Templates swallow a missing attribute as False: a misspelt `can.mange` would hide a link for good."""
    names = {capability.value for capability in Capability}
    templates = [path for path in ROOT.glob("*/templates/**/*.html") if ".venv" not in path.parts]
    templates += list(ROOT.glob("templates/**/*.html"))
    tested = {
        (str(path.relative_to(ROOT)), name)
        for path in templates
        for name in re.findall(r"\bcan\.(\w+)", path.read_text())
    }
    assert tested, "no template tests a capability: the pattern no longer matches"
    assert {(path, name) for path, name in tested if name not in names | {"granted"}} == set()


def test_no_template_tests_a_capability_as_a_string():
    templates = [path for path in ROOT.glob("*/templates/**/*.html") if ".venv" not in path.parts]
    assert [str(path) for path in templates if re.search(r"\bin caps\b", path.read_text())] == []


@pytest.mark.django_db
@pytest.mark.parametrize("role", ["organizer", "chief_referee", "referee", "arbitrator", "team_leader", "outsider"])
def test_the_page_capabilities_are_the_roles(role, request, tournament):
    from tournaments.access import capabilities

    user = request.getfixturevalue(role)
    can = capabilities_for_page(user, tournament)
    assert can.granted == capabilities(user, tournament)
    assert {capability for capability in Capability if getattr(can, capability.value)} == can.granted


@pytest.mark.django_db
def test_the_tournament_page_shows_each_link_to_whom_it_opens(client_for, tournament, organizer, referee, outsider):
    """The page's links follow `can.<capability>`; the apps' links still come through `granted`."""
    page = client_for(organizer).get(f"/t/{tournament.pk}/").content.decode()
    assert f"/t/{tournament.pk}/edit/" in page and f"/t/{tournament.pk}/board/" in page
    assert f"/t/{tournament.pk}/my-tables/" not in page
    assert f"/t/{tournament.pk}/penalty-settings/" in page  # an app's link, through visible_links(granted=)
    refereeing = client_for(referee).get(f"/t/{tournament.pk}/").content.decode()
    assert f"/t/{tournament.pk}/my-tables/" in refereeing and f"/t/{tournament.pk}/edit/" not in refereeing
    assert f"/t/{tournament.pk}/penalty-settings/" not in refereeing
    assert client_for(outsider).get(f"/t/{tournament.pk}/").status_code == 404  # a draft


@pytest.mark.django_db
def test_visible_links_take_the_page_capabilities(tournament, organizer, referee):
    granted = capabilities_for_page(organizer, tournament).granted
    assert extensions.visible_links("tournament", organizer, tournament, granted) == extensions.visible_links(
        "tournament", organizer, tournament
    )
    assert extensions.visible_links("tournament", referee, tournament, granted) != extensions.visible_links(
        "tournament", referee, tournament
    )


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "zh-hans", "ja"])
def test_the_edit_page_shows_the_tournaments_dates_in_every_language(client_for, organizer, tournament, language):
    """A date input reads ISO dates only: the localized 2026/05/01 of zh and ja showed as empty fields."""
    page = client_for(organizer).get(f"/t/{tournament.pk}/edit/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert 'name="starts_on" value="2026-05-01"' in page and 'name="ends_on" value="2026-05-02"' in page
