"""Two tablets racing on one sheet, for real, on PostgreSQL."""

import threading
import uuid

import pytest
from django.db import IntegrityError, connection, transaction

from testing.concurrency import attempt, race
from tournaments.core import services as core_services
from tournaments.errors import Conflict
from tournaments.models import Hand
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HandEntry

pytestmark = pytest.mark.postgres


@pytest.mark.django_db(transaction=True)
def test_racing_tablets_record_one_hand(referee, sheet):
    assert connection.vendor == "postgresql"

    def submit(i):
        return sheet_services.hand_record(
            actor=referee, sheet_id=sheet.pk, number=1, client_key=uuid.uuid4(), entry=HandEntry(result="draw")
        )

    outcomes = race(4, submit)
    recorded = [o for o in outcomes if isinstance(o, tuple)]
    conflicts = [o for o in outcomes if isinstance(o, Conflict)]
    assert len(recorded) == 1 and len(conflicts) == 3, outcomes
    assert Hand.objects.filter(sheet=sheet).count() == 1


@pytest.mark.django_db(transaction=True)
def test_the_same_retry_racing_itself_records_once(referee, sheet):
    key = uuid.uuid4()

    def submit(i):
        return sheet_services.hand_record(
            actor=referee, sheet_id=sheet.pk, number=1, client_key=key, entry=HandEntry(result="draw")
        )

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


@pytest.mark.django_db(transaction=True)
def test_revoking_a_referee_and_handing_them_a_table_wait_for_each_other(chief_referee, referee, sheet, tournament):
    """membership_revoke checks the referee holds no sheet; session_start and sheet_assign_referee
    hand out sheets. All take the tournament's row lock, so a revocation cannot slip between a
    check and an assignment: while another transaction holds the lock, each of them waits."""
    from django.contrib.auth import get_user_model
    from django.db.utils import OperationalError

    from tournaments.models import Membership, Tournament

    other = get_user_model().objects.create_user("referee-other")
    membership = Membership.objects.create(user=other, tournament=tournament, role="referee")
    held, release = threading.Event(), threading.Event()

    def hold_the_tournament():
        try:
            with transaction.atomic():
                # FOR NO KEY UPDATE: it blocks the services' FOR UPDATE, not the key-share lock any
                # row referring to the tournament takes (the audit events), so only the lock under
                # test can make them wait.
                Tournament.objects.select_for_update(no_key=True).get(pk=tournament.pk)
                held.set()
                release.wait(timeout=30)
        finally:
            connection.close()

    holder = threading.Thread(target=hold_the_tournament)
    holder.start()
    try:
        assert held.wait(timeout=30)
        revoked = attempt(lambda: core_services.membership_revoke(actor=chief_referee, membership=membership))
        assigned = attempt(lambda: sheet_services.sheet_assign_referee(actor=chief_referee, sheet=sheet, referee=other))
    finally:
        release.set()
        holder.join(timeout=30)
    assert isinstance(revoked, OperationalError) and "lock timeout" in str(revoked), revoked
    assert isinstance(assigned, OperationalError) and "lock timeout" in str(assigned), assigned
    # Once the lock is free, the hand-over goes through, and the revocation is then refused.
    sheet_services.sheet_assign_referee(actor=chief_referee, sheet=sheet, referee=other)
    with pytest.raises(Exception, match="still referees tables"):
        core_services.membership_revoke(actor=chief_referee, membership=membership)
    assert Membership.objects.filter(pk=membership.pk).exists()


@pytest.mark.django_db(transaction=True)
def test_a_hand_recorded_while_the_table_is_handed_over_does_not_deadlock(chief_referee, referee, sheet):
    """The hand-over locks the sheet before the tournament, as the hand does (its audit event's
    reference to the tournament waits behind a full lock of the tournament row)."""

    for number in range(1, 13):
        def work(i, number=number):
            if i == 0:
                return sheet_services.hand_record(
                    actor=referee, sheet_id=sheet.pk, number=number, client_key=uuid.uuid4(),
                    entry=HandEntry(result="draw"),
                )
            return sheet_services.sheet_assign_referee(actor=chief_referee, sheet=sheet, referee=referee)

        outcomes = race(2, work)
        assert not any(isinstance(outcome, Exception) for outcome in outcomes), (number, outcomes)
    assert Hand.objects.filter(sheet=sheet).count() == 12


def _waiting_for_a_lock() -> bool:
    """Whether another backend of this database is blocked on a lock (a statement that has begun)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                       "AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'")
        return cursor.fetchone()[0] > 0


@pytest.fixture(params=[0, 60], ids=["django cursor", "prepared lock"])
def kept_connections(request):
    """Both ways the lock's statement runs: Django's cursor (connections not kept, as in the suite) and
    prepared on the server (kept, as deployed: tournaments/locks.py). Every thread's connection reads
    the same settings."""
    from django.db import connections

    settings_dict = connections["default"].settings_dict
    settings_dict["CONN_MAX_AGE"] = request.param
    yield request.param
    settings_dict["CONN_MAX_AGE"] = 0


@pytest.mark.django_db(transaction=True)
def test_a_resend_waiting_while_its_hand_is_taken_back_gets_the_take_back(referee, sheet, kept_connections):
    """The hand's lock statement also reads the referee's roles and the spent keys, as they were when it
    began (sheets/services/recording.py `_lock_for_hand`). A resend that began before a take-back of its own hand
    committed, and waited for the sheet meanwhile, must still not record the hand again: the sheet's
    version tells the statement it is behind, and the key is read again."""
    key = uuid.uuid4()
    sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=1, client_key=key,
                               entry=HandEntry(result="draw"))
    holding, release, outcome = threading.Event(), threading.Event(), []

    def take_back_and_hold():
        try:
            with transaction.atomic():
                sheet_services.hand_delete_last(actor=referee, sheet=sheet, expected_version=2)
                holding.set()
                assert release.wait(30)
        finally:
            holding.set()
            connection.close()

    def resend():
        try:
            outcome.append(sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=1, client_key=key,
                                                      entry=HandEntry(result="draw")))
        except Exception as error:  # the outcome under test
            outcome.append(error)
        finally:
            connection.close()

    holder, resender = threading.Thread(target=take_back_and_hold), threading.Thread(target=resend)
    holder.start()
    assert holding.wait(30)
    resender.start()
    for _ in range(300):  # the resend's statement has begun and waits for the sheet
        if _waiting_for_a_lock():
            break
        threading.Event().wait(0.02)
    else:
        pytest.fail("the resend never waited for the sheet")
    release.set()
    holder.join(30)
    resender.join(30)
    assert isinstance(outcome[0], Conflict) and outcome[0].code == "taken_back", outcome
    assert Hand.objects.filter(sheet=sheet).count() == 0
