"""The suite's own machinery: shared fixtures restored from records (tournaments/testing/world.py), the
SQLite test database copied (database.py)."""

import datetime as dt

import pytest
from django.db import transaction

from tournaments.core import services as core_services
from tournaments.models import AuditEvent, Session, Tournament
from tournaments.testing import database, world


def _build(organizer):
    return core_services.tournament_create(
        actor=organizer, name="Recorded Cup", venue="Hall R", starts_on=dt.date(2026, 7, 1), ends_on=dt.date(2026, 7, 2)
    )


def _rows(models):
    return {model: world._rows(model) for model in models}


@pytest.mark.django_db
def test_a_recorded_build_is_written_back_as_it_was_built_its_times_moved_on(organizer, monkeypatch):
    clock = world._Clock()
    clock.build_starts(world._EPOCH)
    sid = transaction.savepoint()
    change, tournament = world._recorded(lambda: _build(organizer), clock)
    monkeypatch.setattr(world, "_latest_end", max(world._latest_end, clock.recorded(world._now())))
    built = _rows(change.inserted)
    transaction.savepoint_rollback(sid)
    assert {Tournament, Session, AuditEvent} <= set(change.inserted) and not change.deleted
    assert not Tournament.objects.filter(pk=tournament.pk).exists()

    later = world._Clock()  # another test, later: its world ends before it begins
    world._apply(change, later)
    replayed = _rows(change.inserted)
    for model, rows in built.items():
        times = [i for i, field in enumerate(world._columns(model)) if world._is_time(field)]
        assert replayed[model].keys() == rows.keys()  # the same rows, the same ids
        for pk, row in rows.items():
            again = replayed[model][pk]
            untimed = [i for i in range(len(row)) if i not in times]
            assert [row[i] for i in untimed] == [again[i] for i in untimed]
            for i in times:
                if row[i] is not None:
                    assert again[i] <= dt.datetime.now(dt.UTC)  # never in the test's future
    # In the order and at the spacing they were built.
    column = [f.attname for f in world._columns(AuditEvent)].index("created_at")
    order = sorted(built[AuditEvent], key=lambda pk: built[AuditEvent][pk][column])
    assert order == sorted(replayed[AuditEvent], key=lambda pk: replayed[AuditEvent][pk][column])


@pytest.mark.django_db
def test_a_change_to_a_row_missing_at_replay_is_an_error_not_a_silent_skip(organizer):
    change = world._Change(updated={Tournament: {987_654: {"name": "Gone"}}})
    with pytest.raises(AssertionError, match="is not there to change"):
        world._apply(change, world._Clock())


@pytest.mark.django_db
def test_values_come_back_together_sharing_objects_and_their_times_moved(organizer):
    tournament = _build(organizer)
    session = tournament.sessions.get(number=1)  # session.tournament is `tournament` itself
    values = {"tournament": tournament, "sessions": [session]}
    clock = world._Clock()
    data = world._pickle(values, clock)
    later = world._Clock()
    later.shift = clock.shift + dt.timedelta(minutes=5)
    back = world._unpickle(data, later)
    assert back["sessions"][0].tournament is back["tournament"]
    assert back["tournament"].pk == tournament.pk
    created = AuditEvent.objects.filter(tournament=tournament).first().created_at
    assert world._unpickle(world._pickle({"at": created}, clock), later)["at"] == created + dt.timedelta(minutes=5)


def test_the_migrated_copy_is_named_by_every_migration():
    digest = database._migrations_digest()
    assert digest == database._migrations_digest() and len(digest) == 16
    assert database.FOLDER.name == "test-databases" and database.FOLDER.parent.name == "var"
