"""One INSERT, or one UPDATE of some fields, of a model instance, in a statement built once per
database connection.

For the rows written on every hand of the day (the hand, the sheet's totals and version, the audit
event): Django's `save()` rebuilds the statement each time, which cost ~0.2 ms a row more than the
statement itself (bench/submission.py). What they write is what `save()` writes for these models:
the fields' values as the ORM prepares them (JSON, UUIDs, times), `auto_now_add` times, the new
primary key. Models with a parent (multi-table inheritance) or signals listening to their saves are
not for this. tournaments/tests/core/test_rows.py holds rows so written equal to the ORM's.
"""

import functools

from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections
from django.db.models import Model


def insert_row(instance: Model) -> Model:
    """INSERT `instance` (a new one) and set its primary key; returns it."""
    database = connections[DEFAULT_DB_ALIAS]
    if not database.features.can_return_columns_from_insert:
        instance.save(force_insert=True)
        return instance
    sql, fields = _insert_statement(type(instance), database)
    values = [field.get_db_prep_save(field.pre_save(instance, True), connection=database) for field in fields]
    with database.cursor() as cursor:
        cursor.execute(sql, values)
        instance.pk = cursor.fetchone()[0]
    instance._state.adding = False
    instance._state.db = database.alias
    return instance


@functools.lru_cache(maxsize=128)  # per model and database connection (each thread has its own)
def _insert_statement(model: type[Model], database) -> tuple[str, tuple]:
    if model._meta.parents:
        raise TypeError(f"{model.__name__} has a parent model: save() it")
    fields = tuple(field for field in model._meta.concrete_fields if not field.primary_key)
    quote = database.ops.quote_name
    sql = (f"INSERT INTO {quote(model._meta.db_table)} ({', '.join(quote(field.column) for field in fields)}) "
           f"VALUES ({', '.join(['%s'] * len(fields))}) RETURNING {quote(model._meta.pk.column)}")
    return sql, fields


def update_row(instance: Model, field_names: tuple[str, ...]) -> None:
    """UPDATE the named fields of a saved `instance` (as `save(update_fields=...)`, which raises
    DatabaseError when the row is gone)."""
    database = connections[DEFAULT_DB_ALIAS]
    sql, fields = _update_statement(type(instance), tuple(field_names), database)
    values = [field.get_db_prep_save(getattr(instance, field.attname), connection=database) for field in fields]
    with database.cursor() as cursor:
        cursor.execute(sql, [*values, instance.pk])
        if cursor.rowcount != 1:
            raise DatabaseError("Save with update_fields did not affect any rows.")


@functools.lru_cache(maxsize=128)  # per model, fields and database connection
def _update_statement(model: type[Model], field_names: tuple[str, ...], database) -> tuple[str, tuple]:
    fields = tuple(model._meta.get_field(name) for name in field_names)
    quote = database.ops.quote_name
    assignments = ", ".join(f"{quote(field.column)} = %s" for field in fields)
    return f"UPDATE {quote(model._meta.db_table)} SET {assignments} WHERE {quote(model._meta.pk.column)} = %s", fields
