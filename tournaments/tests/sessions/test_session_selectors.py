"""A session named by its number in a page's URL, for whoever may see it."""

import pytest

from tournaments.access import Capability
from tournaments.errors import NotFound
from tournaments.sessions.selectors import session_get_by_number_for_user


@pytest.mark.django_db
def test_a_session_by_number_for_whom_has_the_capability(tournament, seated_session, organizer, referee, outsider):
    found = session_get_by_number_for_user(
        user=organizer, tournament_id=tournament.pk, number=seated_session.number, capability=Capability.MANAGE
    )
    assert found == seated_session and found.tournament == tournament
    assert session_get_by_number_for_user(
        user=referee, tournament_id=tournament.pk, number=seated_session.number, capability=Capability.VIEW_ROSTER
    ) == seated_session
    with pytest.raises(NotFound):  # a referee does not manage
        session_get_by_number_for_user(
            user=referee, tournament_id=tournament.pk, number=seated_session.number, capability=Capability.MANAGE
        )
    with pytest.raises(NotFound):  # a stranger learns nothing, not even that the session exists
        session_get_by_number_for_user(
            user=outsider, tournament_id=tournament.pk, number=seated_session.number, capability=Capability.VIEW
        )
    with pytest.raises(NotFound):
        session_get_by_number_for_user(
            user=organizer, tournament_id=tournament.pk, number=99, capability=Capability.MANAGE
        )
    with pytest.raises(NotFound):
        session_get_by_number_for_user(
            user=organizer, tournament_id=tournament.pk + 1000, number=seated_session.number,
            capability=Capability.MANAGE,
        )


@pytest.mark.django_db
@pytest.mark.parametrize("number, status", [(1, 302), (99, 404)])
def test_the_seating_and_foul_pages_find_the_session_the_same_way(client_for, tournament, seated_session, organizer,
                                                                   number, status):
    client = client_for(organizer)
    swap = client.post(f"/t/{tournament.pk}/seating/sessions/{number}/swap/", {"first": 1, "second": 5})
    assert swap.status_code == status
    assert client.get(f"/t/{tournament.pk}/sessions/{number}/fouls/").status_code == (200 if number == 1 else 404)
