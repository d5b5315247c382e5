"""Migration tests' move to a named state of the graph (its historical apps returned), in the suite's
database or, for a test that brings its own rows, in a database of its own (``scratch_database``).

Moving the suite's database backwards replays the state of every later migration of every app (11 s back
to tournaments 0009 on this machine, and 5 s forward again to leave it as the rest of the suite expects);
building an empty database forward to the state before the migration under test takes about a second and
leaves the suite's database alone.
"""

from contextlib import contextmanager

from django.db import connections
from django.db.migrations.executor import MigrationExecutor
from django.test import override_settings

SCRATCH = "migration_scratch"


def migrate_to(targets, alias="default"):
    executor = MigrationExecutor(connections[alias])
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


class _Everything:
    """Routes every read and write to one database (the historical models' managers ask the router)."""

    def __init__(self, alias):
        self.alias = alias

    def db_for_read(self, model, **hints):
        return self.alias

    def db_for_write(self, model, **hints):
        return self.alias

    def allow_relation(self, obj1, obj2, **hints):
        return True


@contextmanager
def scratch_database():
    """An empty database beside the suite's (PostgreSQL), every query routed to it, dropped after.

    Use ``migrate_to(targets, SCRATCH)`` inside: the first call builds it forward to ``targets``."""
    base = connections["default"]
    name = f"{base.settings_dict['NAME']}_scratch"

    def drop(cursor):
        cursor.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    with base.cursor() as cursor:
        drop(cursor)
        cursor.execute(f'CREATE DATABASE "{name}"')
    connections.settings[SCRATCH] = {**base.settings_dict, "NAME": name}
    # connected here, not on first use: a Django test allows only the databases it declared to
    # connect lazily, and this one is made after the test began
    connections[SCRATCH].connect()
    try:
        with override_settings(DATABASE_ROUTERS=[_Everything(SCRATCH)]):
            yield SCRATCH
    finally:
        connections[SCRATCH].close()
        del connections[SCRATCH]
        del connections.settings[SCRATCH]
        with base.cursor() as cursor:
            drop(cursor)
