"""Penalties lock the core's rows in the order of tournaments.locks, on PostgreSQL, for real.

A penalty used to lock its sheet, the session and the tournament FOR UPDATE in one statement (a
select_related join): the sheet before the session, against session_end (the session, then its
sheets), so a foul recorded at time-up could deadlock with the session's end. Each test holds one
row in another transaction, as a concurrent service would, and shows what the penalty waits for.
"""

import threading

import pytest
from django.db import connection, transaction
from django.db.utils import OperationalError

from penalties import services
from testing.concurrency import attempt
from tournaments.models import SeatAssignment, Session, Tournament

pytestmark = pytest.mark.postgres  # row locks and lock_timeout


def holding(lock):
    """Run `lock()` in a transaction of another thread and keep it open until the block ends."""

    class Holder:
        def __enter__(self):
            self.held, self.release = threading.Event(), threading.Event()
            self.thread = threading.Thread(target=self.run)
            self.thread.start()
            assert self.held.wait(timeout=30)

        def run(self):
            try:
                with transaction.atomic():
                    lock()
                    self.held.set()
                    self.release.wait(timeout=30)
            finally:
                connection.close()

        def __exit__(self, *exc):
            self.release.set()
            self.thread.join(timeout=30)

    return Holder()


def offender(sheet):
    return SeatAssignment.objects.select_related("registration").get(
        session=sheet.session, table=sheet.table, seat=0
    ).registration


@pytest.mark.django_db(transaction=True)
def test_a_penalty_waits_for_its_sheet_not_for_the_session_being_ended(referee, sheet):
    east = offender(sheet)

    def record():
        services.penalty_record(actor=referee, sheet=sheet, foul="violation", offender=east, hand_number=1, points=30)

    # session_end holds the session while it closes the sheets: the penalty must not wait for it.
    with holding(lambda: Session.objects.select_for_update().get(pk=sheet.session_id)):
        assert attempt(record) == "done"
    # Nor for the tournament's roles being changed (FOR NO KEY UPDATE, a hand-over elsewhere).
    with holding(lambda: Tournament.objects.select_for_update(no_key=True).get(pk=sheet.session.tournament_id)):
        assert attempt(record) == "done"
    # Its sheet is what it queues on, as every write to the sheet does.
    with holding(lambda: type(sheet).objects.select_for_update().get(pk=sheet.pk)):
        waited = attempt(record)
    assert isinstance(waited, OperationalError) and "lock timeout" in str(waited), waited


@pytest.mark.django_db(transaction=True)
def test_cancelling_a_penalty_queues_on_its_sheet_and_leaves_the_session_alone(referee, chief_referee, sheet):
    east = offender(sheet)
    penalty = services.penalty_record(actor=referee, sheet=sheet, foul="violation", offender=east, hand_number=1,
                                      points=30)
    with holding(lambda: Session.objects.select_for_update().get(pk=sheet.session_id)):
        assert attempt(lambda: services.penalty_cancel(actor=chief_referee, penalty=penalty, reason="x")) == "done"
    second = services.penalty_record(actor=referee, sheet=sheet, foul="violation", offender=east, hand_number=1,
                                     points=30)
    with holding(lambda: type(sheet).objects.select_for_update().get(pk=sheet.pk)):
        waited = attempt(lambda: services.penalty_cancel(actor=chief_referee, penalty=second, reason="x"))
    assert isinstance(waited, OperationalError) and "lock timeout" in str(waited), waited
