"""Issue 16 (F11): every server error found by hand, and its neighbours, answered without a 500.

Bad ids as a form or query string sends them: letters, decimals, a NUL byte, superscript and
circled digits (which pass str.isdigit() but int() refuses), other scripts' digits and numbers
longer than any database column. Each is refused as "not found" or with a message; none is a 500.
"""

import pytest

from tournaments.models import Membership

BAD_IDS = ["abc", "1.5", "\x00", "%00", "²", "①", "١٢", "9" * 30, "-1", " ", ""]


@pytest.fixture
def strict_client(client_for):
    """Clients that answer a server error as a 500, not by raising into the test."""

    def make(user):
        c = client_for(user)
        c.raise_request_exception = False
        return c

    return make


@pytest.mark.django_db
@pytest.mark.parametrize("bad", BAD_IDS)
def test_handing_a_table_to_a_non_integer_referee_is_refused(strict_client, chief_referee, sheet, bad):
    response = strict_client(chief_referee).post(f"/t/sheets/{sheet.pk}/referee/", {"referee": bad})
    assert response.status_code == 302
    sheet.refresh_from_db()
    assert sheet.referee.username == "referee"


@pytest.mark.django_db
@pytest.mark.parametrize("bad", ["\x00", "a\x00b", "²", "#①", "9" * 40, "' OR 1=1 --"])
def test_roster_search_with_a_nul_byte_or_odd_digits(strict_client, organizer, tournament, registrations, bad):
    page = strict_client(organizer).get(f"/t/{tournament.pk}/registrations/", {"q": bad})
    api = strict_client(organizer).get(f"/api/tournaments/{tournament.pk}/registrations/", {"q": bad})
    assert page.status_code == 200
    if "\x00" in bad:  # the API checks its query: a NUL byte is refused, naming the field
        assert api.status_code == 400 and api.json()["errors"][0]["field"] == "q"
        return
    assert api.status_code == 200
    # "²" and "①" fold to "2" and "1" (NFKD): an entry number, found; the rest find nobody.
    assert (api.json()["results"] == []) == (bad not in ("²", "#①"))


@pytest.mark.django_db
@pytest.mark.parametrize("bad", BAD_IDS)
def test_check_in_of_a_non_integer_registration_is_not_found(strict_client, organizer, running_session, bad):
    response = strict_client(organizer).post(
        f"/t/sessions/{running_session.pk}/check-in/", {"registration": bad}
    )
    assert response.status_code == 404
    api = strict_client(organizer).post(
        f"/api/sessions/{running_session.pk}/check-ins/", {"registration": bad}, content_type="application/json"
    )
    assert api.status_code in (400, 404)


@pytest.mark.django_db
@pytest.mark.parametrize("bad", ["²", "①", "9" * 30, "abc"])
def test_session_qualification_refuses_odd_numbers(strict_client, organizer, seated_session, bad):
    response = strict_client(organizer).post(
        f"/t/sessions/{seated_session.pk}/qualification/", {"qualification": "top", "count": bad}
    )
    assert response.status_code == 302
    listed = strict_client(organizer).post(
        f"/t/sessions/{seated_session.pk}/qualification/", {"qualification": "list", "entries": f"1 {bad}"}
    )
    assert listed.status_code == 302


@pytest.mark.django_db
@pytest.mark.parametrize("bad", ["²", "9" * 30, "x"])
def test_the_foul_page_ignores_an_odd_late_number(strict_client, referee, sheet, bad):
    response = strict_client(referee).get(f"/sheets/{sheet.pk}/fouls/", {"late": bad})
    assert response.status_code == 200


@pytest.mark.django_db
def test_a_referee_of_another_tournament_cannot_be_handed_a_table(strict_client, chief_referee, sheet, organizer):
    from testing.fixtures import make_user
    from tournaments.core import services as core_services

    other_tournament = core_services.tournament_create(
        actor=organizer, name="Other", venue="B", starts_on=sheet.session.tournament.starts_on,
        ends_on=sheet.session.tournament.ends_on,
    )
    stranger = make_user("stranger-referee")
    Membership.objects.create(user=stranger, tournament=other_tournament, role="referee")
    response = strict_client(chief_referee).post(f"/t/sheets/{sheet.pk}/referee/", {"referee": stranger.pk})
    assert response.status_code == 302
    sheet.refresh_from_db()
    assert sheet.referee.username == "referee"
