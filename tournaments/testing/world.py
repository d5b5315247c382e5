"""Shared fixtures built once per process, then restored: `@world_fixture` in place of `@pytest.fixture`.

Most tests ask for the same world (an organizer, a tournament of twelve, a running session...), and
building it through the services cost more than many of the tests themselves. So each world fixture
is built through the services the first time a process meets it after a given sequence of world
fixtures, and its effect on the database is recorded while it is built: the rows it inserted,
changed and deleted, in the tables it wrote. A later test that sets up the same world fixtures in
the same order gets each of them back from its record instead: the same rows (same ids; times moved
on, so a session started "just now" still was), written inside the test's own transaction and rolled
back with it, and the same Python values (unpickled together with the ones before them, so that
fixtures sharing an object, or changing one set up earlier, still do).

A record is used only where it must equal what a build would give:
- the test runs in a rolled-back transaction (`db`): a transactional test (`transactional_db`,
  `live_server`) commits and runs its on-commit work, so it builds for real;
- only world fixtures (and fixtures that write nothing, INERT) were set up before: once a fixture
  of a module's own has run, the ones after it build for real;
- a record is keyed by every world fixture set up before it, in order: its rows refer to theirs;
- a transactional test empties the database (and Django makes its permissions again, under new ids):
  the records made before it are forgotten (pytest-django runs those tests last).

`MCR_WORLD=off` builds everything for real, as before (to tell a fault of the record from a fault of
the code); `MCR_WORLD=check` builds for real and compares each build with its record.
"""

from __future__ import annotations

import datetime as dt
import functools
import inspect
import io
import os
import pickle
import re
from dataclasses import dataclass, field

import pytest

# Project fixtures that write nothing (third-party fixtures are taken as such, but those in WRITERS).
INERT = {"english_by_default", "client_for", "browser_login", "run_on_commit", "swap_seam"}
WRITERS = {"admin_user", "admin_client", "django_user_model"}
# A test of these builds for real: it commits, so what the services queue on commit runs too.
TRANSACTIONAL = {"transactional_db", "live_server", "django_db_reset_sequences"}
PROJECT_PACKAGES = ("tournaments", "penalties", "appeals", "seating", "pin_ranking", "scoring", "config", "conftest")

_MODE = os.environ.get("MCR_WORLD", "on")
# Times are recorded relative to this moment and written back relative to the test that replays them.
_EPOCH = dt.datetime.now(dt.timezone.utc)


def world_fixture(function):
    """`@pytest.fixture` for a fixture of the shared world: built once per process, then restored."""
    parameters = list(inspect.signature(function).parameters.values())
    names = [parameter.name for parameter in parameters]

    @functools.wraps(function)
    def fixture(request, **kwargs):
        if "request" in names:
            kwargs["request"] = request
        return _world_for(request).value(request, lambda: function(**kwargs))

    fixture.__signature__ = inspect.Signature(
        [inspect.Parameter("request", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
        + [p for p in parameters if p.name != "request"]
    )
    del fixture.__wrapped__  # pytest reads the signature above, not the builder's
    fixture._world = True
    return pytest.fixture(fixture)


@dataclass
class _Change:
    """One fixture's effect on the database: rows inserted, changed, deleted, by model; times as
    offsets from the epoch of the test that recorded them."""

    inserted: dict = field(default_factory=dict)  # model -> [row tuples]
    updated: dict = field(default_factory=dict)  # model -> {pk: {attname: value}}
    deleted: dict = field(default_factory=dict)  # model -> [pk]


@dataclass
class _Record:
    change: _Change
    values: bytes  # the values of this fixture and of every world fixture before it, pickled together
    end: dt.datetime  # when its build ended, on the records' clock (_Clock)


_UNRECORDABLE = object()  # a value that cannot be pickled: this fixture and those after it build
_records: dict[tuple, _Record | object] = {}
_latest_end = _EPOCH  # the latest end of any record


class _Clock:
    """The records' clock, and a test's.

    A record keeps its times on a clock of its own: each build's times follow the end of the record
    before it, as if the fixtures had been built back to back from _EPOCH. A test replaying records
    lays that clock down so that the longest sequence recorded so far would end as the test's world
    begins: every replayed time is in the test's past, in the order and at the spacing it was built
    (a window of 30 minutes opened by a fixture is still 30 minutes long)."""

    def __init__(self):
        self.shift = _now() - _latest_end  # records' clock -> the test's, for what is replayed
        self.builds: list[tuple[dt.datetime, dt.datetime]] = []  # (real start, start on the records' clock)

    def build_starts(self, record_start: dt.datetime) -> None:
        self.builds.append((_now(), record_start))

    def recorded(self, moment: dt.datetime) -> dt.datetime:
        """A time of this test on the records' clock."""
        for start, record_start in reversed(self.builds):
            if moment >= start:
                return record_start + (moment - start)
        return moment - self.shift

    def replayed(self, moment: dt.datetime) -> dt.datetime:
        return moment + self.shift


def pytest_runtest_setup(item):
    """A transactional test ends by emptying every table, and Django then makes the content types
    and permissions again under new ids: records refer to the old ones, so they go."""
    global _latest_end
    if _is_transactional(item) and _records:
        _records.clear()
        _latest_end = _EPOCH


def _world_for(request) -> _TestWorld:
    item = request._pyfuncitem
    world = getattr(item, "_mcr_world", None)
    if world is None:
        world = item._mcr_world = _TestWorld(item)
    return world


class _TestWorld:
    """The world fixtures of one test, in the order they are set up."""

    def __init__(self, item):
        self.item = item
        self.path: tuple = ()  # the world fixtures set up so far, each as (name, definition)
        self.end = _EPOCH  # where the last of them ended, on the records' clock
        self.live = _MODE != "off" and not _is_transactional(item)
        self.recording = _MODE == "check"  # once one is built, the rest are built too (their times follow)
        self.clock = _Clock()

    def value(self, request, build):
        global _latest_end
        name = request.fixturename
        if self.live and _others_set_up(request, self.path):
            self.live = False  # a fixture of the module's own ran: what follows may depend on it
        if not self.live:
            return build()
        key = (*self.path, (name, _definition(request)))
        record = _records.get(key)
        if record is _UNRECORDABLE:
            self.live = False
            return build()
        if record is not None and not self.recording:
            _apply(record.change, self.clock)
            values = _unpickle(record.values, self.clock)
            self._swap_earlier(request, values)
            self.path, self.end = key, record.end
            return values[name]
        self.recording = True
        self.clock.build_starts(self.end)
        change, result = _recorded(build, self.clock)
        end = self.clock.recorded(_now())
        if record is not None:  # MCR_WORLD=check
            _assert_same(name, record.change, change)
        else:
            values = {**self._earlier(request), name: result}
            try:
                _records[key] = _Record(change, _pickle(values, self.clock), end)
            except (pickle.PicklingError, TypeError, AttributeError):
                _records[key] = _UNRECORDABLE
                self.live = False
                return result
            _latest_end = max(_latest_end, end)
        self.path, self.end = key, end
        return result

    def _earlier(self, request) -> dict:
        return {name: request._fixture_defs[name].cached_result[0] for name, _ in self.path}

    def _swap_earlier(self, request, values: dict) -> None:
        """The earlier world fixtures' values become those unpickled with this one, for the test and
        for the fixtures still to come (pytest's cache and the test's arguments)."""
        for name, _ in self.path:
            definition = request._fixture_defs[name]
            definition.cached_result = (values[name], *definition.cached_result[1:])
            if name in self.item.funcargs:
                self.item.funcargs[name] = values[name]


def _definition(request) -> str:
    definition = request._fixturedef
    return f"{definition.baseid}:{definition.func.__qualname__}:{getattr(request, 'param', None)!r}"


def _others_set_up(request, path: tuple) -> bool:
    """Whether a fixture that may write, and is not of the world, has been set up in this test."""
    world = {name for name, _ in path}
    for name, definition in request._fixture_defs.items():
        if name in world or name == request.fixturename or definition.scope != "function":
            continue
        if getattr(definition.func, "_world", False):
            return True  # a world fixture built for real, or outside this sequence
        if name in WRITERS or (name not in INERT and _is_project_code(definition.func)):
            return True
    return False


def _is_project_code(function) -> bool:
    return (getattr(function, "__module__", "") or "").split(".")[0] in PROJECT_PACKAGES


def _is_transactional(item) -> bool:
    marker = item.get_closest_marker("django_db")
    if marker and (marker.kwargs.get("transaction") or marker.kwargs.get("reset_sequences")):
        return True
    return bool(TRANSACTIONAL & set(item.fixturenames))


def _now() -> dt.datetime:
    from django.utils import timezone

    return timezone.now()


# --- recording: the tables a build writes, before and after ------------------------------------------


@functools.cache
def _tables() -> dict:
    """{table name: model}, for every concrete model with a table (many-to-many tables too)."""
    from django.apps import apps

    return {
        model._meta.db_table: model for model in apps.get_models(include_auto_created=True)
        if model._meta.managed and not model._meta.proxy and not model._meta.swapped
    }


_READS = re.compile(r"\s*(SELECT|SAVEPOINT|RELEASE|ROLLBACK|SET|SHOW|BEGIN|COMMIT|PRAGMA)\b", re.IGNORECASE)


def _recorded(build, clock: _Clock):
    """Run `build`; its value, and the change it made to the tables it wrote (each table read just
    before the first statement that may write it, and again at the end)."""
    from django.db import connection

    before: dict = {}

    def watch(execute, sql, params, many, context):
        if not _READS.match(sql):
            for table, model in _tables().items():
                if model not in before and table in sql:
                    before[model] = _rows(model)  # a SELECT: this wrapper lets it through
        return execute(sql, params, many, context)

    with connection.execute_wrapper(watch):
        result = build()
    change = _Change()
    for model, old in before.items():
        new = _rows(model)
        names = [f.attname for f in _columns(model)]
        times = [_is_time(f) for f in _columns(model)]
        inserted = [
            tuple(clock.recorded(v) if v is not None and times[i] else v for i, v in enumerate(row))
            for pk, row in new.items() if pk not in old
        ]
        updated = {
            pk: {
                names[i]: clock.recorded(v) if v is not None and times[i] else v
                for i, v in enumerate(row) if v != old[pk][i]
            }
            for pk, row in new.items() if pk in old and row != old[pk]
        }
        deleted = [pk for pk in old if pk not in new]
        if inserted:
            change.inserted[model] = inserted
        if updated:
            change.updated[model] = updated
        if deleted:
            change.deleted[model] = deleted
    return change, result


def _columns(model) -> list:
    return list(model._meta.local_concrete_fields)


def _rows(model) -> dict:
    fields = _columns(model)
    pk_index = fields.index(model._meta.pk)
    rows = model._base_manager.using("default").order_by().values_list(*[f.attname for f in fields])
    return {row[pk_index]: row for row in rows}


def _is_time(field_) -> bool:
    from django.db import models

    return isinstance(field_, models.DateTimeField)


def _apply(change: _Change, clock: _Clock) -> None:
    """Write a recorded change again, its times on the test's clock, as the ORM writes rows (raw: no
    save(), no signals, no auto_now)."""
    from django.db.models.base import ModelState

    for model, pks in change.deleted.items():
        model._base_manager.using("default").filter(pk__in=pks)._raw_delete("default")
    for model, rows in change.inserted.items():
        fields = _columns(model)
        objects = []
        for row in rows:
            instance = model.__new__(model)
            instance._state = ModelState()
            for field_, value in zip(fields, row):
                timed = value is not None and _is_time(field_)
                instance.__dict__[field_.attname] = clock.replayed(value) if timed else value
            objects.append(instance)
        model._base_manager.using("default")._insert(objects, fields=fields, raw=True, using="default")
    for model, rows in change.updated.items():
        fields = {f.attname: f for f in _columns(model)}
        for pk, values in rows.items():
            written = model._base_manager.using("default").filter(pk=pk).update(
                **{k: clock.replayed(v) if v is not None and _is_time(fields[k]) else v for k, v in values.items()}
            )
            if written != 1:
                raise AssertionError(f"world replay: {model._meta.label} {pk} is not there to change")


def _assert_same(name: str, recorded: _Change, built: _Change) -> None:
    """MCR_WORLD=check: a build writes the same tables, as many rows, as its record."""

    def shape(change):
        return (
            {m._meta.label: len(rows) for m, rows in change.inserted.items()},
            {m._meta.label: sorted(rows) for m, rows in change.updated.items()},
            {m._meta.label: len(rows) for m, rows in change.deleted.items()},
        )

    assert shape(recorded) == shape(built), f"world fixture {name}: built {shape(built)}, recorded {shape(recorded)}"


# --- the values: pickled with their times as offsets ---------------------------------------------------


class _Pickler(pickle.Pickler):
    def __init__(self, file, clock: _Clock):
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.clock = clock

    def reducer_override(self, obj):
        if type(obj) is dt.datetime and obj.tzinfo is not None:
            return _replayed, (self.clock.recorded(obj) - _EPOCH, obj.tzinfo)
        return NotImplemented


_replaying: _Clock | None = None


def _replayed(offset: dt.timedelta, zone) -> dt.datetime:
    return _replaying.replayed(_EPOCH + offset).astimezone(zone)


def _pickle(values: dict, clock: _Clock) -> bytes:
    buffer = io.BytesIO()
    _Pickler(buffer, clock).dump(values)
    return buffer.getvalue()


def _unpickle(data: bytes, clock: _Clock) -> dict:
    global _replaying
    _replaying = clock
    try:
        return pickle.loads(data)
    finally:
        _replaying = None
