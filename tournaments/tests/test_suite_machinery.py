"""The suite's own machinery: the SQLite test database copied, not migrated (tournaments/testing/database.py)."""

from tournaments.testing import database


def test_the_migrated_copy_is_named_by_every_migration():
    digest = database._migrations_digest()
    assert digest == database._migrations_digest() and len(digest) == 16
    assert database.FOLDER.name == "test-databases" and database.FOLDER.parent.name == "var"
