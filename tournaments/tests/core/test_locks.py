"""tournaments.locks: row locks in one order (tournament FOR UPDATE, session, sheet, tournament FOR NO KEY UPDATE)."""

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from tournaments.locks import LockOrderError, lock_session, lock_sheet, lock_sheets, lock_tournament


@pytest.mark.django_db
def test_locks_in_the_order_go_through_and_a_held_row_may_be_locked_again(sheet):
    session, tournament = sheet.session, sheet.session.tournament
    with transaction.atomic():
        assert lock_tournament(tournament.pk) == tournament
        assert lock_session(session.pk) == session
        assert lock_sheets(session.sheets.all())[0].session_id == session.pk
        assert lock_sheet(sheet.pk) == sheet
        assert lock_tournament(tournament.pk, no_key=True) == tournament
        # Already held: locking them again waits for nobody.
        lock_session(session.pk)
        lock_tournament(tournament.pk)


@pytest.mark.django_db
@pytest.mark.parametrize("first, then", [
    ("sheet", "session"),  # session_end's order is session, then its sheets
    ("sheet", "tournament"),  # FOR UPDATE comes first: it holds up the sheet's audit event
    ("session", "tournament"),
    ("tournament_no_key", "sheet"),  # the hand-over: sheet, then the tournament
    ("tournament_no_key", "tournament"),  # no upgrade of a lock already taken
])
def test_a_lock_against_the_order_is_refused_before_it_is_taken(sheet, first, then, django_assert_num_queries):
    take = {
        "tournament": lambda: lock_tournament(sheet.session.tournament_id),
        "session": lambda: lock_session(sheet.session_id),
        "sheet": lambda: lock_sheet(sheet.pk),
        "tournament_no_key": lambda: lock_tournament(sheet.session.tournament_id, no_key=True),
    }
    with transaction.atomic():
        take[first]()
        with django_assert_num_queries(0), pytest.raises(LockOrderError, match="tournaments/locks.py"):
            take[then]()


@pytest.mark.django_db
def test_sheets_locked_in_bulk_after_a_higher_rank_are_refused(sheet):
    with transaction.atomic():
        lock_tournament(sheet.session.tournament_id, no_key=True)
        with pytest.raises(LockOrderError):
            lock_sheets(sheet.session.sheets.all())


@pytest.mark.django_db
def test_each_transaction_starts_afresh_and_a_testcase_block_is_not_one(sheet):
    """Inside a TestCase every service call is a transaction of its own, as in production."""
    with transaction.atomic():
        lock_sheet(sheet.pk)
    with transaction.atomic():
        lock_session(sheet.session_id)  # a new transaction: the sheet is no longer held
        with transaction.atomic():  # a nested block is the same transaction
            lock_sheet(sheet.pk)
            with pytest.raises(LockOrderError):
                lock_tournament(sheet.session.tournament_id)


@pytest.mark.django_db
def test_the_check_is_off_without_the_setting(sheet, settings):
    settings.LOCK_ORDER_CHECK = False
    with transaction.atomic():
        lock_sheet(sheet.pk)
        assert lock_session(sheet.session_id) == sheet.session


@pytest.mark.django_db(transaction=True)
def test_in_a_real_transaction_the_order_holds_until_it_commits_or_rolls_back(sheet):
    assert not connection.in_atomic_block
    with transaction.atomic():
        lock_sheet(sheet.pk)
        with pytest.raises(LockOrderError):
            lock_session(sheet.session_id)
    with pytest.raises(LookupError):
        with transaction.atomic():
            lock_sheet(sheet.pk)
            raise LookupError  # rolled back
    with transaction.atomic():  # committed, then rolled back: each next one starts afresh
        lock_session(sheet.session_id)
        lock_sheet(sheet.pk)



@pytest.mark.django_db
def test_lock_sheet_reads_what_the_orm_reads_field_by_field(sheet):
    """lock_sheet builds its statement once per connection (the busiest write of the day): its sheet,
    session and tournament equal the ORM's select_related, every concrete field converted alike (times,
    JSON, UUIDs, booleans), and nothing is read again when the hand path follows the relations."""
    from tournaments.models import ScoreSheet

    ScoreSheet.objects.filter(pk=sheet.pk).update(total0=-12, total1=12, hand_count=3, version=7)
    expected = ScoreSheet.objects.select_related("session__tournament").get(pk=sheet.pk)
    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        locked = lock_sheet(sheet.pk)
        pairs = ((locked, expected), (locked.session, expected.session),
                 (locked.session.tournament, expected.session.tournament))
        for got, want in pairs:
            for field in type(want)._meta.concrete_fields:
                assert getattr(got, field.attname) == getattr(want, field.attname), field.name
                assert type(getattr(got, field.attname)) is type(getattr(want, field.attname)), field.name
            assert got._state.adding is False and got._state.db == "default"
    assert len([q for q in queries.captured_queries if q["sql"].startswith("SELECT")]) == 1
    assert (locked.totals, locked.hand_count, locked.version) == ((-12, 12, 0, 0), 3, 7)
    if connection.features.has_select_for_update_of:
        assert "FOR UPDATE OF" in queries.captured_queries[-1]["sql"]


@pytest.mark.django_db
def test_lock_sheet_of_no_sheet_is_does_not_exist(db):
    from tournaments.models import ScoreSheet

    with transaction.atomic(), pytest.raises(ScoreSheet.DoesNotExist):
        lock_sheet(987654)


@pytest.mark.django_db
def test_lock_sheet_reading_adds_columns_to_the_same_statement(sheet):
    """The hand path reads its roles and spent key with the lock: the columns' values come back in order,
    their placeholders before the sheet's id, in the one statement."""
    from tournaments.locks import lock_sheet_reading

    columns = ("(SELECT number FROM tournaments_session WHERE id = sheet.session_id) + %s", "tournament.id * %s")
    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        locked, values = lock_sheet_reading(sheet.pk, columns, [100, 2])
    assert values == (sheet.session.number + 100, sheet.session.tournament_id * 2)
    assert locked.pk == sheet.pk and locked.session.tournament.pk == sheet.session.tournament_id
    assert len([q for q in queries.captured_queries if q["sql"].startswith("SELECT")]) == 1
    with transaction.atomic():
        assert lock_sheet_reading(sheet.pk) == (lock_sheet(sheet.pk), ())


def _prepared_locks() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE %s", ["%FOR UPDATE OF sheet%"])
        return cursor.fetchone()[0]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_with_kept_connections_the_lock_is_prepared_and_reads_the_same(sheet, referee, settings):
    """Where connections are kept (CONN_MAX_AGE, as deployed) PostgreSQL prepares the lock's statement
    (planning it was most of its cost). It reads what Django's cursor reads, hands go through it with
    and without a client key, a rollback (which drops psycopg's prepared statements) does not break it,
    and DATABASE_PREPARED_LOCK = False (behind a pooler in transaction mode) turns it off."""
    import uuid

    from tournaments.models import ScoreSheet
    from tournaments.sheets import services as sheet_services
    from tournaments.sheets.entry import HandEntry

    def snapshot(locked):
        rows = (locked, locked.session, locked.session.tournament)
        return [(column.attname, getattr(row, column.attname)) for row in rows
                for column in type(row)._meta.concrete_fields]

    with transaction.atomic():
        unprepared = snapshot(lock_sheet(sheet.pk))  # the suite's connections are not kept: Django's cursor
    assert _prepared_locks() == 0
    connection.settings_dict["CONN_MAX_AGE"] = 60
    try:
        with transaction.atomic():
            assert snapshot(lock_sheet(sheet.pk)) == unprepared
        assert _prepared_locks() == 1
        with pytest.raises(ZeroDivisionError), transaction.atomic():
            lock_sheet(sheet.pk)
            1 / 0
        for number, key in ((1, uuid.uuid4()), (2, None)):
            hand, created = sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=number,
                                                       client_key=key, entry=HandEntry(result="draw"))
            assert created and hand.number == number
        assert ScoreSheet.objects.get(pk=sheet.pk).hand_count == 2
        assert _prepared_locks() == 2  # the plain lock, and the hand's with its roles and spent key

        settings.DATABASE_PREPARED_LOCK = False
        connection.close()
        with transaction.atomic():
            lock_sheet(sheet.pk)
        assert _prepared_locks() == 0
    finally:
        connection.settings_dict["CONN_MAX_AGE"] = 0
