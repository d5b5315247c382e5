"""The eligibility recompute on PostgreSQL: twice at once, and through a real Celery worker."""

import time

import pytest

from pin_ranking.ledger.services import eligibility_recompute
from pin_ranking.models import Committee, CommitteeSeat, Ledger, LedgerSnapshot
from pin_ranking.register import services as register_services
from pin_ranking.testing import finished_tournament
from testing.concurrency import race
from testing.fixtures import make_user

# The real broker (a worker, a ping, or a publish): one xdist process runs these in turn (conftest.py).
pytestmark = pytest.mark.xdist_group("broker")

TP = 12


def _rows(n):
    return [{"fid": f"R{i:03d}", "name": f"Racer {i}", "tp": (50 - i % 30) * TP, "cp": 900 - i} for i in range(n)]


def _committee_member():
    user = make_user("pinseat")
    CommitteeSeat.objects.create(committee=Committee.objects.create(name="World", kind="world"), user=user)
    return user


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_recompute_twice_at_once_writes_each_version_once():
    tournament = finished_tournament(name="Race Open", rows=_rows(60))
    register_services.competition_register(actor=_committee_member(), tournament=tournament, level="national")
    Ledger.objects.all().delete()
    LedgerSnapshot.objects.all().delete()
    outcomes = race(2, lambda i: eligibility_recompute(reason=f"race {i}"))
    assert not [o for o in outcomes if isinstance(o, Exception)], outcomes
    assert sorted(o.changed for o in outcomes) == [0, 60]  # the second waited, then found nothing to change
    assert Ledger.objects.count() == 60 and set(Ledger.objects.values_list("version", flat=True)) == {1}
    assert LedgerSnapshot.objects.count() == 0  # no version replaced yet


@pytest.mark.worker
def test_registering_recomputes_eligibility_in_a_real_worker(live_celery_worker):
    tournament = finished_tournament(name="Worker Open", rows=_rows(60))
    register_services.competition_register(actor=_committee_member(), tournament=tournament, level="national")
    deadline = time.monotonic() + 60
    while Ledger.objects.count() < 60:
        assert time.monotonic() < deadline, "the worker did not compute the ledgers in 60 s"
        assert live_celery_worker.poll() is None, "the worker died"
        time.sleep(0.2)
    assert Ledger.objects.get(player__federation_id="R000", track="pin").pin == 7  # 50 TP, no placing asked


def _stored():
    fields = ("player_id", "track", "version", "pin", "points", "contest_points", "competitions", "data", "digest")
    return {(row[0], row[1]): row for row in Ledger.objects.order_by().values_list(*fields)}


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_the_copy_writes_store_what_the_orm_would_and_updates_follow_a_second_competition():
    """PostgreSQL writes ledgers with COPY (new rows) and an UPDATE from a temporary table (changed rows), each
    replaced version copied to the snapshots on the server first. The stored rows must be the ones a from-scratch
    recompute gives, version by version."""
    member = _committee_member()
    first = finished_tournament(name="Copy Open", rows=_rows(40))
    register_services.competition_register(actor=member, tournament=first, level="national")  # recomputes on commit
    columns = ("player_id", "track", "version", "pin", "points", "data", "digest", "reason", "computed_at")
    versions_1 = {row[:3]: row for row in Ledger.objects.values_list(*columns)}
    second = finished_tournament(name="Copy Masters", rows=_rows(30), extra_players=10,
                                 starts_on=first.starts_on.replace(day=20))
    register_services.competition_register(actor=member, tournament=second, level="national")
    # Registering recomputed on commit: 30 racers changed (the UPDATE), 10 stayed, 10 newcomers (COPY).
    assert eligibility_recompute(reason="again").changed == 0
    updated = _stored()
    versions = dict(Ledger.objects.filter(track="pin", player__federation_id__startswith="R")
                    .values_list("player__federation_id", "version"))
    assert versions == {f"R{i:03d}": 2 if i < 30 else 1 for i in range(40)}
    # The 30 versions replaced are the snapshots, exactly as they were stored (reason and time included).
    snapshots = {row[:3]: row for row in LedgerSnapshot.objects.values_list(*columns)}
    assert len(snapshots) == 30 and all(snapshots[key] == versions_1[key] for key in snapshots)
    assert {key[0] for key in snapshots} == set(Ledger.objects.filter(version=2).values_list("player_id", flat=True))
    # From scratch: the same numbers and data, every player at version 1.
    Ledger.objects.all().delete()
    LedgerSnapshot.objects.all().delete()
    eligibility_recompute(reason="scratch")
    fresh = _stored()
    assert not LedgerSnapshot.objects.exists()
    assert set(Ledger.objects.values_list("reason", flat=True)) == {"scratch"}
    assert set(fresh) == set(updated)
    for key, row in fresh.items():
        assert row[3:] == updated[key][3:], key
