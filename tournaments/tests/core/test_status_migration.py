"""0011_status_follows_day: a tournament whose sessions started while it stayed Draft or Published
(before issue 13 a start did not touch the status) becomes Running, audited; the others are left alone."""

import pytest

from testing.migrations import SCRATCH, migrate_to, scratch_database

BEFORE = [("tournaments", "0010_session_check_in")]
AFTER = [("tournaments", "0011_status_follows_day")]


@pytest.mark.postgres  # a database of its own, beside the suite's
@pytest.mark.django_db(transaction=True)
def test_started_drafts_and_published_tournaments_become_running_audited():
    import datetime as dt

    with scratch_database():
        apps = migrate_to(BEFORE, SCRATCH)
        Tournament = apps.get_model("tournaments", "Tournament")
        Session = apps.get_model("tournaments", "Session")
        day = dt.date(2026, 5, 1)

        def tournament(name, status, sessions):
            t = Tournament.objects.create(name=name, starts_on=day, ends_on=day, status=status)
            for number, session_status in enumerate(sessions, start=1):
                Session.objects.create(tournament=t, number=number, status=session_status)
            return t

        draft_running = tournament("A", "draft", ["running", "planned"])
        published_played = tournament("B", "published", ["finished", "finished"])
        draft_planned = tournament("C", "draft", ["planned", "planned"])
        finished = tournament("D", "finished", ["finished"])
        apps = migrate_to(AFTER, SCRATCH)
        Tournament = apps.get_model("tournaments", "Tournament")
        AuditEvent = apps.get_model("tournaments", "AuditEvent")
        status = dict(Tournament.objects.values_list("pk", "status"))
        assert [status[t.pk] for t in (draft_running, published_played, draft_planned, finished)] == [
            "running", "running", "draft", "finished"
        ]
        events = AuditEvent.objects.filter(action="tournament.status_changed").order_by("tournament_id")
        assert [(e.tournament_id, e.detail["before"], e.detail["because"]) for e in events] == [
            (draft_running.pk, "draft", "migration"), (published_played.pk, "published", "migration")
        ]
