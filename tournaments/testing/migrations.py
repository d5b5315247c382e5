"""Migration tests' two moves: to a named state of the graph (its historical apps returned), and back to the
latest (so the database is left as the rest of the suite expects)."""

from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrate_to(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def latest_migrations():
    return MigrationExecutor(connection).loader.graph.leaf_nodes()
