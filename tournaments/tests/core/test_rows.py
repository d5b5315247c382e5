"""tournaments.rows.insert_row: the hand and its audit event, inserted as the ORM's save() inserts them."""

import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from testing.scenarios import STRAIGHT
from tournaments.models import AuditEvent, Hand
from tournaments.rows import insert_row, update_row


def _fields(row) -> dict:
    return {field.attname: getattr(row, field.attname) for field in type(row)._meta.concrete_fields
            if not field.primary_key and field.name != "created_at"}


@pytest.mark.django_db
def test_a_row_inserted_reads_back_as_one_saved_by_the_orm(sheet, referee, tournament):
    values = dict(result="win", winner=2, discarder=0, tiles=STRAIGHT, flowers=1, robbing_kong=True, declared_fans=[],
                  verified=True, fans=[{"number": 28, "count": 1}, {"number": 62, "count": 2}], fan_points=23,
                  total=24, d0=-32, d1=-8, d2=48, d3=-8)
    with CaptureQueriesContext(connection) as queries:
        inserted = insert_row(Hand(sheet=sheet, number=1, client_key=uuid.uuid4(), created_by=referee, **values))
    assert len(queries.captured_queries) == 1 and "RETURNING" in queries.captured_queries[0]["sql"]
    saved = Hand.objects.create(sheet=sheet, number=2, client_key=uuid.uuid4(), created_by=referee, **values)
    assert inserted.pk and inserted._state.adding is False and inserted.created_at is not None
    stored, orm = Hand.objects.get(pk=inserted.pk), Hand.objects.get(pk=saved.pk)
    assert {**_fields(stored), "number": 2, "client_key": None} == {**_fields(orm), "client_key": None}
    assert stored.client_key == inserted.client_key and isinstance(stored.client_key, uuid.UUID)
    assert stored.created_at == inserted.created_at and stored.fans[1] == {"number": 62, "count": 2}

    event = insert_row(AuditEvent(actor=referee, tournament=tournament, action="hand.recorded",
                                  object_type="tournaments.hand", object_id=str(inserted.pk),
                                  detail={"tiles": STRAIGHT, "名": "ü", "deltas": [-32, -8, 48, -8]}))
    assert AuditEvent.objects.get(pk=event.pk).detail == {"tiles": STRAIGHT, "名": "ü", "deltas": [-32, -8, 48, -8]}


@pytest.mark.django_db
def test_a_broken_constraint_is_the_orms_integrity_error_and_nothing_is_written(sheet, referee):
    from django.db import IntegrityError, transaction

    insert_row(Hand(sheet=sheet, number=1, result="draw", created_by=referee))
    with pytest.raises(IntegrityError), transaction.atomic():
        insert_row(Hand(sheet=sheet, number=1, result="draw", created_by=referee))  # hand 1 twice
    assert Hand.objects.filter(sheet=sheet).count() == 1


@pytest.mark.django_db
def test_an_update_writes_the_named_fields_only_and_a_row_gone_is_refused(sheet):
    from django.db import DatabaseError

    from tournaments.models import ScoreSheet

    sheet.total0, sheet.total1, sheet.version, sheet.remarks = -40, 40, 9, "not saved"
    update_row(sheet, ("version", "total0", "total1"))
    stored = ScoreSheet.objects.get(pk=sheet.pk)
    assert (stored.version, stored.total0, stored.total1, stored.remarks) == (9, -40, 40, "")
    gone = ScoreSheet(pk=987654, version=1)
    with pytest.raises(DatabaseError, match="did not affect any rows"):
        update_row(gone, ("version",))
