"""One INSERT of a model instance, in a statement built once per database connection.

For the rows written on every hand of the day (the hand and its audit event): Django's `save()`
rebuilds the INSERT each time, which cost ~0.2 ms a row more than the statement itself
(bench/submission.py). What it fills is what `save()` fills for these models: the fields' values
as the ORM prepares them (JSON, UUIDs, times), `auto_now_add` times, the new primary key. Models
with a parent (multi-table inheritance) or signals listening to their saves are not for this.
tournaments/tests/core/test_rows.py holds a row inserted so equal to one saved by the ORM.
"""

import functools

from django.db import DEFAULT_DB_ALIAS, connections
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
