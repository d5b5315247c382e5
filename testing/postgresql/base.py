"""Django's PostgreSQL backend for the test suite, emptying the tables faster between transactional tests.

A transactional test (`transactional_db`, `live_server`: the browser tests) ends with Django's flush,
a TRUNCATE of every table: about 0.25 s on PostgreSQL, since each of some ninety tables gets a new
file, however few rows it held. The suite's tables hold a handful of rows, which DELETE removes in a
few milliseconds. Foreign keys are deferred to the end of the flush's transaction; tables with
triggers of their own (the append-only audit trail, which refuses DELETE) are still truncated.
config/settings/test.py selects this backend in place of Django's whenever the tests run on PostgreSQL.
"""

from django.db.backends.postgresql import base, operations


class DatabaseOperations(operations.DatabaseOperations):
    def sql_flush(self, style, tables, *, reset_sequences=False, allow_cascade=False):
        if reset_sequences or not tables:
            return super().sql_flush(style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade)
        triggered = self._tables_with_triggers()
        truncated = [table for table in tables if table in triggered]
        statements = ["SET CONSTRAINTS ALL DEFERRED"]
        statements += [f"DELETE FROM {self.quote_name(table)}" for table in tables if table not in triggered]
        if truncated:
            statements += super().sql_flush(style, truncated, allow_cascade=True)
        return statements

    def _tables_with_triggers(self) -> set[str]:
        with self.connection.cursor() as cursor:
            cursor.execute("SELECT DISTINCT tgrelid::regclass::text FROM pg_trigger WHERE NOT tgisinternal")
            return {name.strip('"') for (name,) in cursor.fetchall()}


class DatabaseWrapper(base.DatabaseWrapper):
    ops_class = DatabaseOperations
