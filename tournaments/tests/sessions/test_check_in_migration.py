"""0010_session_check_in: the tournament-wide check-in flag becomes a check-in for one session, where
that session is certain (3.5.7.1)."""

import datetime as dt

import pytest

from testing.migrations import SCRATCH, migrate_to, scratch_database

BEFORE = [("tournaments", "0009_ranking_groups_qualifiers")]
AFTER = [("tournaments", "0010_session_check_in")]


@pytest.mark.postgres  # a database of its own, beside the suite's
@pytest.mark.django_db(transaction=True)
def test_3_5_7_1_the_migration_carries_the_flag_to_the_session_it_belongs_to():
    with scratch_database():
        apps = migrate_to(BEFORE, SCRATCH)
        Tournament = apps.get_model("tournaments", "Tournament")
        Player = apps.get_model("tournaments", "Player")
        Registration = apps.get_model("tournaments", "Registration")
        Session = apps.get_model("tournaments", "Session")
        t0 = dt.datetime(2026, 5, 1, 9, 0, tzinfo=dt.UTC)

        def tournament(name, statuses, ended=None):
            t = Tournament.objects.create(name=name, starts_on=t0.date(), ends_on=t0.date())
            for number, status in enumerate(statuses, start=1):
                Session.objects.create(
                    tournament=t, number=number, status=status,
                    started_at=t0 if status != "planned" else None,
                    ended_at=(ended if status == "finished" else None),
                )
            return t

        def entry(t, number, checked_in, at=None):
            player = Player.objects.create(name=f"{t.name} {number}")
            return Registration.objects.create(
                tournament=t, player=player, entry_number=number, checked_in=checked_in, checked_in_at=at
            )

        # A: session 1 running: every flag goes to it, with its time (a late one stays late).
        a = tournament("A", ["running", "planned"])
        a1 = entry(a, 1, True, t0 - dt.timedelta(minutes=5))
        a2 = entry(a, 2, True, t0 + dt.timedelta(minutes=12))
        entry(a, 3, False)
        # B: session 1 over at 12:00, session 2 planned: a flag from before 12:00 was for session 1.
        b = tournament("B", ["finished", "planned"], ended=t0 + dt.timedelta(hours=3))
        entry(b, 1, True, t0 - dt.timedelta(minutes=1))
        b2 = entry(b, 2, True, t0 + dt.timedelta(hours=4))
        # C: every session over: the flag's session is unknown, it is dropped.
        c = tournament("C", ["finished"], ended=t0 + dt.timedelta(hours=3))
        entry(c, 1, True, t0)
        # D: a flag without a time cannot be placed.
        d = tournament("D", ["planned"])
        entry(d, 1, True, None)

        apps = migrate_to(AFTER, SCRATCH)
        SessionCheckIn = apps.get_model("tournaments", "SessionCheckIn")
        carried = {
            (c.registration_id, c.session.tournament.name, c.session.number): c
            for c in SessionCheckIn.objects.select_related("session__tournament")
        }
        assert sorted(carried) == sorted([(a1.pk, "A", 1), (a2.pk, "A", 1), (b2.pk, "B", 2)])
        assert carried[(a2.pk, "A", 1)].checked_in_at == t0 + dt.timedelta(minutes=12)
        assert all(c.method == "staff" and c.checked_in_by_id is None for c in carried.values())
        assert "checked_in" not in {f.name for f in apps.get_model("tournaments", "Registration")._meta.fields}

        # Backwards: the check-ins become the flag again.
        apps = migrate_to(BEFORE, SCRATCH)
        Registration = apps.get_model("tournaments", "Registration")
        assert set(Registration.objects.filter(checked_in=True).values_list("pk", flat=True)) == {a1.pk, a2.pk, b2.pk}


