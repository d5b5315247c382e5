"""Row locks on the core's rows, in one fixed order.

Two transactions that lock the same two rows in opposite orders can wait for each other for ever
(PostgreSQL then aborts one of them: a deadlock error). So the services that write the
tournament, its sessions and its score sheets lock them through this module, in this order (a
rank per row and lock mode; within a transaction the ranks never go down):

1. the tournament, FOR UPDATE (`lock_tournament(id)`): where the whole tournament must hold still:
   a session starting (`session_start`: two sessions started at once cannot both run), the seating
   chart drawn, the tournament's settings changed. It also holds up every
   insert that refers to the tournament (its foreign key takes a key-share lock on the tournament's
   row: every audit event, a registration, a table), so it comes first, before any other row.
2. sessions (`lock_session(id)`), each before the sheets of its tables (`session_end` closes them).
3. score sheets (`lock_sheet(id)`, `lock_sheets(queryset)`): every write to a sheet, its hands and
   its confirmations; a penalty or an appeal that changes the sheet's results.
4. the tournament, FOR NO KEY UPDATE (`lock_tournament(id, no_key=True)`): the tournament's roles
   (`sheet_assign_referee`, `membership_revoke`). This lock leaves the key-share locks alone, so the
   hands recorded meanwhile (their audit events refer to the tournament) go on; and it comes after
   the sheet, as a hand's own reference to the tournament does: a hand-over that locked the
   tournament first could wait for the sheet while the hand at that table waits for the tournament.
   The standings recompute takes it too, alone in its transaction (`standings_recompute`): two
   recomputes queue up, and the hands and signatures recorded meanwhile do not wait for it
   (tournaments/tests/standings/test_standings_outbox_live.py holds one open to prove it).

A row already held may be locked again at any time (it waits for nobody). Several rows of one rank
are locked in one query, in id order. Rows not listed (a registration, a team, an import job) are
locked alone, outside the order. Apps above the core lock their own rows first (a penalty, an
appeal), then the core's rows through these functions, never with `select_for_update` of their own
(nor through a `select_related` join, which would lock the joined core rows too, in no order).

With `settings.LOCK_ORDER_CHECK` (the tests; `DEBUG` by default) a lock taken against the order
raises LockOrderError before it is taken. What counts as one transaction is the outermost atomic
block of the application: inside a TestCase, each service call on its own (the test's atomic blocks
are left out), as it would be in production.
"""

import functools
import threading
from dataclasses import dataclass, field

import psycopg
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.models import QuerySet

from tournaments.models import ScoreSheet, Session, Tournament

TOURNAMENT = 1
SESSION = 2
SHEET = 3
TOURNAMENT_NO_KEY = 4

RANK_NAMES = {
    TOURNAMENT: "the tournament (FOR UPDATE)",
    SESSION: "a session",
    SHEET: "a score sheet",
    TOURNAMENT_NO_KEY: "the tournament (FOR NO KEY UPDATE)",
}


class LockOrderError(RuntimeError):
    """A row lock taken against the order of tournaments.locks (a deadlock waiting to happen)."""


def lock_tournament(tournament_id: int, *, no_key: bool = False) -> Tournament:
    """The tournament's row, locked FOR UPDATE (rank 1), or FOR NO KEY UPDATE (rank 4) with no_key."""
    _taking(TOURNAMENT_NO_KEY if no_key else TOURNAMENT, [tournament_id])
    return Tournament.objects.select_for_update(no_key=no_key).get(pk=tournament_id)


def lock_session(session_id: int) -> Session:
    """The session's row (rank 2), read with its tournament (which stays unlocked)."""
    _taking(SESSION, [session_id])
    return Session.objects.select_related("tournament").select_for_update(of=("self",)).get(pk=session_id)


def lock_sheet(sheet_id: int) -> ScoreSheet:
    """The sheet's row (rank 3), read with its session and tournament (which stay unlocked):
    tablets racing on one sheet queue here.

    What `ScoreSheet.objects.select_related("session__tournament").select_for_update(of=("self",))`
    reads, in a statement built once per process: every hand of the day comes through here, and the
    ORM took ~0.7 ms to build it each time, more than PostgreSQL took to run it (bench/submission.py).
    tournaments/tests/core/test_locks.py holds it equal to the ORM's answer, field by field."""
    return lock_sheet_reading(sheet_id)[0]


def lock_sheet_reading(sheet_id: int, columns: tuple[str, ...] = (), params=()) -> tuple[ScoreSheet, tuple]:
    """`lock_sheet`, and in the same statement the values of `columns`: SQL expressions (a subquery
    each, say) that may name the aliases `sheet`, `session` and `tournament`, with `params` for their
    placeholders. The busiest write saves a round trip with them (tournaments/sheets/services/recording.py).

    Mind what PostgreSQL's READ COMMITTED gives a statement that waited for its lock: the locked row
    as it is now, but every other row (the columns' subqueries) as it was when the statement began.
    A write committed on the sheet meanwhile is missing from `columns`; its version tells (compare
    `(SELECT version ... WHERE id = sheet.id)`, read as of the start, with the locked row's)."""
    _taking(SHEET, [sheet_id])
    database = connections[DEFAULT_DB_ALIAS]
    low, high = database.ops.integer_field_range(ScoreSheet._meta.pk.get_internal_type())
    if not low <= sheet_id <= high:  # as the ORM answers such an id (no row), not the driver's overflow
        raise ScoreSheet.DoesNotExist(f"No score sheet {sheet_id}.")
    sql, models = _sheet_lock_statement(database, tuple(columns))
    with _prepared_cursor(database) as cursor:
        cursor.execute(sql, [*params, sheet_id])
        row = cursor.fetchone()
    if row is None:
        raise ScoreSheet.DoesNotExist(f"No score sheet {sheet_id}.")
    sheet, session, tournament = _instances(database, models, row)
    ScoreSheet.session.field.set_cached_value(sheet, session)
    Session.tournament.field.set_cached_value(session, tournament)
    return sheet, tuple(row[len(row) - len(columns):]) if columns else ()


class _PreparingCursor(psycopg.Cursor):
    """A psycopg cursor that binds on the server and has it prepare what it runs (psycopg keeps the
    prepared statements per connection, up to 100, and prepares again after a reconnection or a
    rollback, which drops them)."""

    def execute(self, query, params=None, *, prepare=None, binary=None):
        return super().execute(query, params, prepare=True, binary=binary)


def _prepared_cursor(database):
    """Django's cursor (query logging, execute wrappers) on one that has PostgreSQL prepare the statement,
    where connections are kept (CONN_MAX_AGE) and settings.DATABASE_PREPARED_LOCK is on; Django's own
    cursor elsewhere. Planning the lock's three tables and subqueries was most of what PostgreSQL spent
    on it, and every hand of the day asks for it (docs/deployment.md, Figures). Behind a pooler in
    transaction mode (PgBouncer before 1.21), a prepared statement may be gone: turn the setting off."""
    if (database.vendor != "postgresql" or not database.settings_dict.get("CONN_MAX_AGE")
            or not getattr(settings, "DATABASE_PREPARED_LOCK", True)):
        return database.cursor()
    database.ensure_connection()
    raw = database.connection
    if raw.prepare_threshold is None:
        # Django turns preparing off (for poolers). Its own cursors bind on the client and never
        # prepare, whatever this says; a number this large only lets explicit `prepare=True` through.
        raw.prepare_threshold = 2**31 - 1
    cursor = _PreparingCursor(raw)
    return database.make_debug_cursor(cursor) if database.queries_logged else database.make_cursor(cursor)


@functools.lru_cache(maxsize=64)  # one per database connection (each thread has its own) and set of columns
def _sheet_lock_statement(database, extra: tuple[str, ...]) -> tuple[str, tuple]:
    """SELECT every column of the sheet, its session and its tournament, then `extra`; the sheet locked
    (FOR UPDATE OF where the database has it: SQLite takes its lock on the first write instead). With
    each model the functions the ORM applies to a column read (the backend's, then the field's), where
    there are any."""
    tables = (("sheet", ScoreSheet), ("session", Session), ("tournament", Tournament))
    quote = database.ops.quote_name
    models = []
    for alias, model in tables:
        fields = model._meta.concrete_fields
        converters = []
        for index, model_field in enumerate(fields):
            column = model_field.get_col(alias)
            functions = database.ops.get_db_converters(column) + model_field.get_db_converters(database)
            if functions:
                converters.append((index, column, functions))
        models.append((model, [model_field.attname for model_field in fields], converters))
    own = [f"{alias}.{quote(column.column)}" for alias, model in tables for column in model._meta.concrete_fields]
    columns = ", ".join([*own, *extra])
    sql = (f"SELECT {columns} FROM {quote(ScoreSheet._meta.db_table)} sheet "
           f"JOIN {quote(Session._meta.db_table)} session ON session.id = sheet.session_id "
           f"JOIN {quote(Tournament._meta.db_table)} tournament ON tournament.id = session.tournament_id "
           f"WHERE sheet.id = %s")
    if database.features.has_select_for_update_of:
        sql += " FOR UPDATE OF sheet"
    return sql, tuple(models)


def _instances(database, models, row) -> list:
    """The model instances of one row of _sheet_lock_statement, made as the ORM makes them (from_db)."""
    instances, start = [], 0
    for model, names, converters in models:
        values = list(row[start:start + len(names)])
        for index, column, functions in converters:
            for convert in functions:
                values[index] = convert(values[index], column, database)
        instances.append(model.from_db(database.alias, names, values))
        start += len(names)
    return instances


def lock_sheets(sheets: QuerySet) -> list[ScoreSheet]:
    """The sheets of `sheets` (rank 3), locked in one query in id order (their order is checked once
    they are known, that is once locked)."""
    locked = list(sheets.select_for_update(of=("self",)).order_by("pk"))
    _taking(SHEET, [sheet.pk for sheet in locked])
    return locked


@dataclass
class _Held:
    """What one transaction has locked so far: the highest rank, and each (rank, id) taken."""

    connection: object
    transaction: object
    highest: int = 0
    rows: set = field(default_factory=set)


_state = threading.local()  # Django's connections are per thread too


def _taking(rank: int, ids: list[int]) -> None:
    """Check (when LOCK_ORDER_CHECK is on) and note the rows about to be locked at `rank`."""
    if not getattr(settings, "LOCK_ORDER_CHECK", settings.DEBUG):
        return
    connection = transaction.get_connection()
    current = _application_transaction(connection)
    if current is None:
        return  # outside a transaction select_for_update itself refuses
    held = getattr(_state, "held", None)
    if held is None or held.connection is not connection or held.transaction is not current:
        held = _state.held = _Held(connection, current)
    new = {(rank, pk) for pk in ids} - held.rows
    if new and rank < held.highest:
        raise LockOrderError(
            f"{RANK_NAMES[rank]} locked after {RANK_NAMES[held.highest]} in one transaction: "
            "take row locks in the order of tournaments/locks.py"
        )
    held.highest = max(held.highest, rank)
    held.rows |= new


def _application_transaction(connection):
    """A token that stays the same object for as long as the application's transaction lasts.

    The application's transaction is its outermost atomic block, the TestCase's own blocks left
    out. Nested in them, that block has a savepoint with an id unique on this connection. On its
    own it is the database transaction: the connection's list of on-commit callbacks, which Django
    replaces by a new list when a transaction commits or rolls back (and when a savepoint is rolled
    back, which releases the locks taken since; the check then starts afresh, and can miss a lock
    taken earlier but never refuses a good one).
    """
    blocks = connection.atomic_blocks
    depth = next((index for index, block in enumerate(blocks) if not block._from_testcase), None)
    if depth is None:
        return None
    # The outermost block of a transaction has no savepoint; with autocommit already off it has one.
    savepoint = depth + len(connection.savepoint_ids) - len(blocks)
    if savepoint < 0:
        return connection.run_on_commit
    return connection.savepoint_ids[savepoint]  # None (a block without a savepoint): no check
