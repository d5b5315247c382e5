"""Issue 29: the tournament page shows the organizer's day in order, with its next step, and the scoring mode."""

import html

import pytest

from tournaments.core.selectors import day_steps, tournament_summary

ORDER = ["import", "staff", "chart", "publish", "check_in", "start", "end", "results"]


def steps(tournament):
    summary = tournament_summary(tournament=tournament)
    return {row["key"]: row for row in day_steps(tournament=tournament, summary=summary, seats_url="/seats/")}


def next_step(tournament):
    return next(key for key, row in steps(tournament).items() if row["next"])


@pytest.mark.django_db
def test_a_new_tournament_starts_with_the_import(client_for, organizer, referee, tournament):
    page = client_for(organizer).get(f"/t/{tournament.pk}/").content.decode()
    assert [key for key in ORDER if f'data-step="{key}"' in page] == ORDER
    assert html.escape(tournament.get_scoring_mode_display()) in page
    assert steps(tournament)["staff"]["done"]  # the fixture's referee holds the role
    assert next_step(tournament) == "import"
    assert "day-steps" not in client_for(referee).get(f"/t/{tournament.pk}/").content.decode()  # organizers only


@pytest.mark.django_db
def test_the_next_step_follows_the_day(organizer, referee, tournament, registrations, seated_session):
    from testing.scenarios import publish

    assert next_step(tournament) == "publish"  # players in, referees named, chart drawn
    publish(tournament)
    assert next_step(tournament) == "check_in"
    from tournaments.sessions import services as session_services

    session_services.session_start(actor=organizer, session=seated_session)
    assert next_step(tournament) == "end"
    assert steps(tournament)["check_in"]["done"] and steps(tournament)["start"]["done"]


@pytest.mark.django_db
def test_the_publish_step_publishes(client_for, organizer, tournament, registrations, seated_session):
    """The step's green button was a link to the same page: the tournament stayed a draft."""
    client = client_for(organizer)
    page = client.get(f"/t/{tournament.pk}/").content.decode()
    assert f'<form method="post" action="/t/{tournament.pk}/publish/"' in page
    client.post(f"/t/{tournament.pk}/publish/")
    tournament.refresh_from_db()
    assert tournament.status == "published" and steps(tournament)["publish"]["done"]
    assert not steps(tournament)["publish"]["post"]
