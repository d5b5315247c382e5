"""Backups: a pg_dump at each session's end (by the worker) restores into a fresh database with
every hand; bad reasons are refused; without PostgreSQL nothing is dumped."""

import logging
import subprocess
import uuid

import psycopg
import pytest
from django.db import connection

from testing.scenarios import play, seat, win
from tournaments import tasks
from tournaments.backup import database_backup
from tournaments.models import Hand


def _conninfo(dbname):
    db = connection.settings_dict
    return psycopg.conninfo.make_conninfo(dbname=dbname, host=db["HOST"], port=db["PORT"], user=db["USER"],
                                          password=db["PASSWORD"] or None)


def _hands(conninfo):
    with psycopg.connect(conninfo) as conn:
        return sorted(conn.execute(
            "SELECT h.id, h.sheet_id, h.number, h.result, h.winner, h.discarder FROM tournaments_hand h").fetchall())


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_dump_restores_into_a_fresh_database_with_every_hand(played, tmp_path):
    original = _hands(_conninfo(connection.settings_dict["NAME"]))
    assert len(original) == Hand.objects.count() >= 10
    dump = database_backup(reason="test-restore", folder=str(tmp_path))
    assert dump.exists() and dump.suffix == ".dump" and not list(tmp_path.glob("*.part"))
    fresh = f"restore_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(_conninfo("postgres"), autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{fresh}"')
    try:
        db = connection.settings_dict
        result = subprocess.run(
            ["pg_restore", "--no-owner", "--exit-on-error", "-h", db["HOST"], "-p", str(db["PORT"]),
             "-U", db["USER"], "-d", fresh, str(dump)], capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, result.stderr
        assert _hands(_conninfo(fresh)) == original  # every hand, with its sheet, number and result
        with psycopg.connect(_conninfo(fresh)) as conn:
            assert conn.execute("SELECT count(*) FROM tournaments_auditevent").fetchone()[0] > 0
    finally:
        with psycopg.connect(_conninfo("postgres"), autocommit=True) as admin:
            admin.execute(f'DROP DATABASE "{fresh}" WITH (FORCE)')


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_session_end_queues_a_backup(tournament, registrations, organizer, referee, pins, settings, tmp_path):
    settings.BACKUP_ON_SESSION_END = True
    settings.BACKUP_DIR = str(tmp_path)
    first = tournament.sessions.get(number=1)
    seat(actor=organizer, session=first, tables={1: [1, 2, 3, 4], 2: [5, 6, 7, 8], 3: [9, 10, 11, 12]})
    play(actor=referee, session=first, hands={1: [win(0, 3)]})  # ends the session: the worker dumps (eager here)
    dumps = list(tmp_path.glob(f"mcr-t{tournament.pk}-session1-*.dump"))
    assert len(dumps) == 1 and dumps[0].stat().st_size > 0


def test_backups_at_session_end_can_be_turned_off(settings, tmp_path):
    settings.BACKUP_ON_SESSION_END = False
    settings.BACKUP_DIR = str(tmp_path)
    assert tasks.database_backup_task("t1-session1") == ""
    assert not list(tmp_path.iterdir())


@pytest.mark.django_db
@pytest.mark.parametrize("reason", ["", "../etc/passwd", "a/b", "x" * 65, "-leading-dash", "a b", None, 7])
def test_a_bad_reason_is_refused(reason, tmp_path):
    with pytest.raises(ValueError):
        database_backup(reason=reason, folder=str(tmp_path))
    assert not list(tmp_path.iterdir())


@pytest.mark.django_db
def test_without_postgresql_nothing_is_dumped(tmp_path, caplog, monkeypatch):
    monkeypatch.setattr(connection, "vendor", "sqlite")
    with caplog.at_level(logging.WARNING, logger="tournaments.backup"):
        assert database_backup(reason="t1-session1", folder=str(tmp_path)) is None
    assert "not PostgreSQL" in caplog.text and not list(tmp_path.iterdir())


@pytest.mark.postgres
@pytest.mark.django_db
def test_only_the_newest_dumps_are_kept(tmp_path, settings):
    settings.BACKUP_KEEP = 2
    paths = [database_backup(reason=f"keep{n}", folder=str(tmp_path)) for n in range(3)]
    assert sorted(tmp_path.glob("*.dump")) == sorted(paths[1:])


@pytest.mark.postgres
@pytest.mark.django_db
def test_each_dump_is_copied_to_the_storage_the_hosts_share(tmp_path, settings, monkeypatch):
    """Issue 31: a dump on the worker's disk is lost with its host; the object store keeps a copy (and prunes)."""
    import datetime as dt

    from django.core.files.storage import InMemoryStorage, default_storage

    monkeypatch.setattr(default_storage, "_wrapped", InMemoryStorage())
    settings.BACKUP_TO_STORAGE, settings.BACKUP_KEEP = True, 2
    moments = [dt.datetime(2026, 5, 1, 10, minute, tzinfo=dt.UTC) for minute in (1, 2, 3)]
    paths = [database_backup(reason="stored", folder=str(tmp_path), now=moment) for moment in moments]
    assert sorted(default_storage.listdir("backups")[1]) == sorted(path.name for path in paths[1:])
    with default_storage.open(f"backups/{paths[-1].name}") as stored:
        assert stored.read() == paths[-1].read_bytes()
