"""The SQLite test database migrated once, then copied: a pytest plugin (the root conftest loads it).

Every pytest process used to apply the whole migration history (some 70 migrations, about 3.5 s)
before its first test, which is most of the cost of `pytest -k one_test` and is paid again by each
xdist process. On SQLite (the inner loop) the migrated database is kept in `var/test-databases/`,
named by a digest of every installed app's migrations and of Django's version, and copied into each
process's in-memory test database instead of migrating (SQLite's backup API: a few milliseconds).
A change to any migration makes another name, so a stale copy is never used; delete the folder to
start over. The migration tests, which migrate back and forth themselves, are not affected: only the
first `migrate` of the test database's creation is replaced.

On PostgreSQL (`make test`) the test database of each process is migrated as before: a fresh server
per run has no copy to start from, and the processes migrate side by side on their own cores.
"""

import contextlib
import hashlib
import importlib
import os
import pathlib
import sqlite3
import tempfile

import pytest

FOLDER = pathlib.Path(__file__).resolve().parents[1] / "var" / "test-databases"
# What became of this process's first `migrate` (the test database's): "copied", "migrated, then kept" or
# "migrated" (not an in-memory SQLite database). None: `call_command` below never saw it, and each process
# migrates again (a test checks: the replacement works only while Django calls `management.call_command`).
first_migrate = None


@pytest.fixture(scope="session")
def django_db_setup(_migrated_database_copied, django_db_setup):
    """pytest-django's, with the first `migrate` of an in-memory SQLite test database replaced by a copy."""
    yield


@pytest.fixture(scope="session")
def _migrated_database_copied():
    from django.core import management

    migrate = management.call_command
    done = False

    def call_command(name, *args, **options):
        global first_migrate
        nonlocal done
        from django.db import connections

        connection = connections[options.get("database", "default")]
        if name != "migrate" or done:
            return migrate(name, *args, **options)
        done = True
        if not _in_memory_sqlite(connection):
            first_migrate = "migrated"
            return migrate(name, *args, **options)
        copy = FOLDER / f"sqlite-{_migrations_digest()}.sqlite3"
        connection.ensure_connection()
        if copy.exists():
            with contextlib.closing(sqlite3.connect(copy)) as source:
                source.backup(connection.connection)
            first_migrate = "copied"
            return None
        result = migrate(name, *args, **options)
        _save(connection.connection, copy)
        first_migrate = "migrated, then kept"
        return result

    management.call_command = call_command
    try:
        yield
    finally:
        management.call_command = migrate


def _in_memory_sqlite(connection) -> bool:
    return connection.vendor == "sqlite" and connection.is_in_memory_db()


def _save(database: sqlite3.Connection, copy: pathlib.Path) -> None:
    """Write the migrated database to `copy` atomically (xdist processes may race to write it)."""
    copy.parent.mkdir(parents=True, exist_ok=True)
    handle, partial = tempfile.mkstemp(dir=copy.parent, suffix=".part")
    os.close(handle)
    try:
        with contextlib.closing(sqlite3.connect(partial)) as target:
            database.backup(target)
        os.replace(partial, copy)
    finally:
        if os.path.exists(partial):
            os.unlink(partial)


def _migrations_digest() -> str:
    """A digest of every installed app's migration files (their names and contents) and Django's version."""
    import django
    from django.apps import apps
    from django.conf import settings

    digest = hashlib.sha256(django.get_version().encode())
    for app in sorted(apps.get_app_configs(), key=lambda app: app.label):
        module_name = settings.MIGRATION_MODULES.get(app.label, f"{app.name}.migrations")
        try:
            module = importlib.import_module(module_name) if module_name else None
        except ImportError:
            continue
        if module is None or not getattr(module, "__file__", None):
            continue
        digest.update(app.label.encode())
        for path in sorted(pathlib.Path(module.__file__).parent.glob("*.py")):
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]
