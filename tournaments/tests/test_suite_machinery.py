"""The suite's own machinery: the SQLite test database copied, not migrated (testing/database.py)."""

import pytest
from django.db import connection

from testing import database


def test_the_migrated_copy_is_named_by_every_migration():
    digest = database._migrations_digest()
    assert digest == database._migrations_digest() and len(digest) == 16
    assert database.FOLDER.name == "test-databases" and database.FOLDER.parent.name == "var"


@pytest.mark.django_db
def test_the_test_database_was_copied_or_kept_not_only_migrated():
    """Django's test database creation still calls `management.call_command("migrate")` where the copy
    replaces it: were it to stop, every process would migrate again (some 3.5 s each) and pass silently."""
    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        assert database.first_migrate in ("copied", "migrated, then kept")
    else:
        assert database.first_migrate == "migrated"
