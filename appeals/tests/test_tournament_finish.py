"""The tournament finishes once its results are final (issue 13): the appeals app tells the core, through
the results-pending seam, that an appeal window is open (3.12.2) or an appeal undecided (3.12-3.13)."""

import datetime as dt

import pytest
from django.utils import timezone

from appeals import selectors as appeal_selectors
from appeals import services
from appeals.tests.helpers import file, signed
from testing.scenarios import sign_all
from tournaments.core import services as core_services
from tournaments.models import ScoreSheet, Session


def last_played(tournament, sheet, referee):
    """Sessions 2-6 marked played long ago (no tables: the test is about session 1's appeal), every sheet
    of session 1 signed: only the appeals can keep the tournament running."""
    Session.objects.filter(tournament=tournament, number__gt=1).update(
        status="finished", started_at=timezone.now() - dt.timedelta(hours=5),
        ended_at=timezone.now() - dt.timedelta(hours=3),
    )
    for other in ScoreSheet.objects.filter(session=sheet.session).exclude(status="locked"):
        sign_all(actor=referee, sheet=other)


@pytest.mark.django_db
def test_3_12_2_the_window_then_an_undecided_appeal_keep_the_tournament_running_until_decided(
    tournament, referee, player_user, team_leader, chief_referee, ended_sheet, registrations,
    django_capture_on_commit_callbacks,
):
    last_played(tournament, ended_sheet, referee)
    session = ended_sheet.session
    now = timezone.now()
    pending = appeal_selectors.results_pending(tournament.pk, now)
    assert [item.until for item in pending] == [session.ended_at + dt.timedelta(minutes=30)]
    appeal = signed(file(player_user, ended_sheet, registrations[0]), team_leader)
    # The window has closed since; the appeal filed in it is still open.
    later = session.ended_at + dt.timedelta(minutes=31)
    pending = appeal_selectors.results_pending(tournament.pk, later)
    assert [(item.message, item.until, item.url_name) for item in pending] == [
        ("1 appeal is not decided yet.", None, "appeals:list")
    ]
    Session.objects.filter(pk=session.pk).update(ended_at=timezone.now() - dt.timedelta(hours=1))
    assert core_services.tournament_finish_if_final(actor=None, tournament_id=tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == "running"
    with django_capture_on_commit_callbacks(execute=True):
        services.appeal_decide(actor=chief_referee, appeal=appeal, outcome="rejected", reasons="Not in time.")
    tournament.refresh_from_db()
    assert tournament.status == "finished"  # the decision was the last thing pending
