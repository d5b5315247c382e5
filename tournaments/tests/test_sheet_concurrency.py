"""Two tablets racing on one sheet, for real, on PostgreSQL."""

import threading
import uuid

import pytest
from django.db import IntegrityError, connection, transaction

from tournaments.errors import Conflict
from tournaments.models import Hand
from tournaments.services import sheets as sheet_services


def race(count, work):
    """Run `work(i)` in `count` threads released at the same moment; return their outcomes."""
    barrier = threading.Barrier(count)
    outcomes = [None] * count

    def run(i):
        try:
            barrier.wait()
            outcomes[i] = work(i)
        except Exception as error:  # the outcome under test is the exception itself
            outcomes[i] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return outcomes


@pytest.mark.django_db(transaction=True)
def test_racing_tablets_record_one_hand(referee, sheet):
    assert connection.vendor == "postgresql"

    def submit(i):
        return sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=1, client_key=uuid.uuid4(), result="draw")

    outcomes = race(4, submit)
    recorded = [o for o in outcomes if isinstance(o, tuple)]
    conflicts = [o for o in outcomes if isinstance(o, Conflict)]
    assert len(recorded) == 1 and len(conflicts) == 3, outcomes
    assert Hand.objects.filter(sheet=sheet).count() == 1


@pytest.mark.django_db(transaction=True)
def test_the_same_retry_racing_itself_records_once(referee, sheet):
    key = uuid.uuid4()

    def submit(i):
        return sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=1, client_key=key, result="draw")

    outcomes = race(3, submit)
    assert all(isinstance(o, tuple) for o in outcomes), outcomes
    assert len({hand.pk for hand, _created in outcomes}) == 1
    assert sorted(created for _hand, created in outcomes) == [False, False, True]


@pytest.mark.django_db(transaction=True)
def test_without_the_row_lock_the_database_constraint_still_refuses_a_second_hand_1(referee, sheet):
    """The control: bypassing the service, concurrent inserts of hand 1 collide on the unique constraint."""

    def insert(i):
        with transaction.atomic():
            Hand.objects.create(sheet_id=sheet.pk, number=1, result="draw")
            return "inserted"

    outcomes = race(3, insert)
    assert outcomes.count("inserted") == 1
    assert sum(isinstance(o, IntegrityError) for o in outcomes) == 2
