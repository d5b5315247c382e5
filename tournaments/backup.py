"""Database backups: a pg_dump in PostgreSQL's custom format, written whole or not at all.

    database_backup(reason="t3-session2")  ->  BACKUP_DIR/mcr-t3-session2-20260501T101500Z.dump

Run by the worker at each session's end (tournaments.tasks.database_backup_task) and, in compose,
by the `backup` service on a schedule. Restore into an empty database with pg_restore
(docs/deployment.md, Backups); config/tests/test_backup.py restores one and finds every hand.
"""

import datetime as dt
import logging
import os
import re
import subprocess
from pathlib import Path

from django.conf import settings
from django.db import connection

logger = logging.getLogger(__name__)

REASON = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")


def _pg_environment() -> dict:
    db = connection.settings_dict
    env = {**os.environ, "PGDATABASE": db["NAME"], "PGHOST": db.get("HOST") or "", "PGPORT": str(db.get("PORT") or ""),
           "PGUSER": db.get("USER") or "", "PGPASSWORD": db.get("PASSWORD") or ""}
    return {key: value for key, value in env.items() if value != "" or not key.startswith("PG")}


def database_backup(*, reason: str, folder: str | None = None, now: dt.datetime | None = None) -> Path | None:
    """Dump the database to `folder` (BACKUP_DIR); the file, or None when the database is not
    PostgreSQL (the embedded SQLite of `make run`: copy var/db.sqlite3 instead). Keeps the newest
    BACKUP_KEEP dumps. A failed pg_dump raises (the task is retried by whoever runs it next)."""
    if not isinstance(reason, str) or not REASON.match(reason):
        raise ValueError(f"a backup reason is 1 to 64 letters, digits, '-' or '_', not {reason!r}")
    if connection.vendor != "postgresql":
        logger.warning("Backup %s skipped: the database is %s, not PostgreSQL", reason, connection.vendor)
        return None
    target = Path(folder or settings.BACKUP_DIR)
    target.mkdir(parents=True, exist_ok=True)
    stamp = (now or dt.datetime.now(dt.UTC)).strftime("%Y%m%dT%H%M%SZ")
    path = target / f"mcr-{reason}-{stamp}.dump"
    partial = path.with_suffix(".dump.part")
    result = subprocess.run(["pg_dump", "--format=custom", "--no-owner", f"--file={partial}"],
                            env=_pg_environment(), capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        partial.unlink(missing_ok=True)
        raise RuntimeError(f"pg_dump failed ({result.returncode}): {result.stderr.strip()[:500]}")
    partial.rename(path)  # a file named .dump is always whole
    logger.info("Backup written: %s (%d bytes)", path, path.stat().st_size)
    dumps = sorted(target.glob("mcr-*.dump"), key=lambda p: p.stat().st_mtime)
    for old in dumps[: max(0, len(dumps) - settings.BACKUP_KEEP)]:
        old.unlink(missing_ok=True)
    if settings.BACKUP_TO_STORAGE:
        _copy_to_storage(path)
    return path


def _copy_to_storage(path: Path) -> None:
    """The dump in the default storage too (`backups/`: an object store shared by the hosts, issue 31); the newest
    BACKUP_KEEP kept there. Names carry their time (…-20260501T101500Z.dump), so their order is the names'."""
    from django.core.files import File
    from django.core.files.storage import default_storage

    with open(path, "rb") as handle:
        default_storage.save(f"backups/{path.name}", File(handle, name=path.name))
    _folders, names = default_storage.listdir("backups")
    dumps = sorted((name for name in names if name.startswith("mcr-") and name.endswith(".dump")),
                   key=lambda name: name.rsplit("-", 1)[-1])
    for old in dumps[: max(0, len(dumps) - settings.BACKUP_KEEP)]:
        default_storage.delete(f"backups/{old}")
    logger.info("Backup copied to the storage: backups/%s", path.name)
