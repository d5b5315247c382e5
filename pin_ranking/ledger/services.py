"""The eligibility recompute: every affected player's ledgers from their current certified results.

Idempotent and safe twice at once: recomputes take one PostgreSQL advisory lock (transaction-scoped)
and queue up; each compares the new ledger's digest with the stored one and writes a new version
only where something changed, so a second run (or a second worker running the same task) writes
nothing. Triggered on commit by: a competition registered or unregistered, results imported, a
result corrected (certificate superseded), the standards changed (pin_ranking.register, .imports).
"""

import hashlib
from dataclasses import dataclass

from django.db import connection, transaction
from django.utils import timezone

from pin_ranking.engine import Track, ledger, standards_for
from pin_ranking.engine.ledger import tracks_counted
from pin_ranking.ledger.selectors import pin_register_get, results_by_player
from pin_ranking.models import Ledger, LedgerSnapshot
from tournaments import events
from tournaments.audit import AuditAction, audit_record
from tournaments.models.standings import json_text

# Later work (tournaments/events.py), done by pin_ranking/tasks.py's task.
ELIGIBILITY_RECOMPUTE = "pin.eligibility_recompute"
LOCK_KEY = 7_140_914  # pg_advisory_xact_lock key of the Pin ledgers


@dataclass(frozen=True)
class RecomputeSummary:
    players: int  # players looked at
    changed: int  # ledgers written (new versions)


def _lock() -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [LOCK_KEY])


@transaction.atomic
def eligibility_recompute(*, player_ids=None, reason: str = "") -> RecomputeSummary:
    """Recompute the ledgers of `player_ids` (None: every player with a result or a ledger)."""
    _lock()
    register = pin_register_get()
    standards = standards_for(register.edition)
    results = results_by_player(player_ids)
    existing = {
        (player_id, track): (pk, version, digest)
        for pk, player_id, track, version, digest in (
            Ledger.objects.filter(**({} if player_ids is None else {"player_id__in": list(player_ids)}))
            .order_by().values_list("pk", "player_id", "track", "version", "digest")
        )
    }
    players = set(results) | {player_id for player_id, _track in existing}
    now = timezone.now()
    reason = reason[:64]
    new_ledgers, updated = [], []
    for player_id in players:
        mine = results.get(player_id, ())
        counted = tracks_counted(mine)
        for track in (Track.PIN, Track.WEB_PIN):
            before = existing.get((player_id, track.value))
            if before is None and track not in counted:
                continue  # no ledger on a track with nothing counted
            one = ledger(mine, standards, track)
            data = one.as_data()
            data["standards_version"] = register.standards_version
            text = json_text(data)
            digest = hashlib.sha256(text.encode()).hexdigest()
            if before is not None and before[2] == digest:
                continue
            version = 1 if before is None else before[1] + 1
            fields = {
                "player_id": player_id, "track": track.value, "version": version, "edition": register.edition,
                "standards_version": register.standards_version, "pin": one.pin, "points": one.points,
                "contest_points": one.contest_points, "competitions": len(one.counted), "data": text,
                "digest": digest, "reason": reason, "computed_at": now,
            }
            # Plain dicts: 42,000 model instances cost ~0.4 s of a full recompute only to be copied out.
            if before is None:
                new_ledgers.append(fields)
            else:
                updated.append({"id": before[0], **fields})
    _write(new_ledgers, updated)
    changed = len(new_ledgers) + len(updated)
    if changed:
        audit_record(actor=None, action=AuditAction.PIN_LEDGERS_RECOMPUTED,
                     detail={"players": len(players), "changed": changed, "reason": reason,
                             "full": player_ids is None})
    return RecomputeSummary(players=len(players), changed=changed)


UPDATED_FIELDS = ["version", "edition", "standards_version", "pin", "points", "contest_points", "competitions",
                  "data", "digest", "reason", "computed_at"]
SNAPSHOT_FIELDS = ["player", "track", *UPDATED_FIELDS]


def _write(new_ledgers: list, updated: list) -> None:
    """Store the changed ledgers, each replaced version kept as a snapshot first (a version is stored once: the
    current one in Ledger, the earlier ones in LedgerSnapshot). On PostgreSQL with COPY: a full recompute of
    20,000 players writes ~21,000 ledgers with their JSON, which the ORM's multi-row INSERTs and CASE-WHEN
    UPDATEs took most of 6 s to send (bench/pin.py); COPY streams them, the changed ones into a temporary
    table, and the replaced versions are copied to the snapshots on the server (never sent). Same transaction."""
    if connection.vendor != "postgresql":
        replaced = Ledger.objects.filter(pk__in=[fields["id"] for fields in updated])
        LedgerSnapshot.objects.bulk_create(
            [LedgerSnapshot(**{name: getattr(one, name) for name in SNAPSHOT_FIELDS}) for one in replaced],
            batch_size=2000, ignore_conflicts=True)
        Ledger.objects.bulk_create([Ledger(**fields) for fields in new_ledgers], batch_size=2000)
        Ledger.objects.bulk_update([Ledger(**fields) for fields in updated], UPDATED_FIELDS, batch_size=2000)
        return
    _copy(Ledger, ["player", "track", *UPDATED_FIELDS], new_ledgers)
    if not updated:
        return
    table, columns = Ledger._meta.db_table, _columns(Ledger, UPDATED_FIELDS)
    with connection.cursor() as cursor:
        cursor.execute(f"CREATE TEMP TABLE pin_ledger_changes ON COMMIT DROP AS SELECT id, {', '.join(columns)} "
                       f"FROM {table} WITH NO DATA")
    _copy(Ledger, ["id", *UPDATED_FIELDS], updated, table="pin_ledger_changes")
    assignments = ", ".join(f"{column} = changes.{column}" for column in columns)
    snapshot_columns = ", ".join(_columns(LedgerSnapshot, SNAPSHOT_FIELDS))
    ledger_columns = ", ".join(_columns(Ledger, SNAPSHOT_FIELDS))
    with connection.cursor() as cursor:
        # The version being replaced, unless an application already kept it (ledger_version_keep).
        cursor.execute(f"INSERT INTO {LedgerSnapshot._meta.db_table} ({snapshot_columns}) SELECT {ledger_columns} "
                       f"FROM {table} WHERE id IN (SELECT id FROM pin_ledger_changes) "
                       f"ON CONFLICT (player_id, track, version) DO NOTHING")
        cursor.execute(f"UPDATE {table} SET {assignments} FROM pin_ledger_changes AS changes "
                       f"WHERE {table}.id = changes.id")
        cursor.execute("DROP TABLE pin_ledger_changes")


def ledger_version_keep(*, ledger: Ledger) -> LedgerSnapshot:
    """The snapshot of the ledger's current version, stored now if no recompute has replaced it yet: what an
    application is checked against (7.3) stays readable after later results change the ledger."""
    snapshot, _created = LedgerSnapshot.objects.get_or_create(
        player_id=ledger.player_id, track=ledger.track, version=ledger.version,
        defaults={name: getattr(ledger, name) for name in UPDATED_FIELDS if name != "version"})
    return snapshot


def _columns(model, names: list[str]) -> list[str]:
    return [model._meta.get_field(name).column for name in names]


def _copy(model, names: list[str], rows: list[dict], table: str | None = None) -> None:
    """COPY `rows` (dicts keyed by attribute name: `player_id`, `track`, …) into the model's table."""
    if not rows:
        return
    attributes = [model._meta.get_field(name).attname for name in names]
    columns = ", ".join(_columns(model, names))
    with connection.cursor() as cursor, cursor.cursor.copy(
            f"COPY {table or model._meta.db_table} ({columns}) FROM STDIN") as copy:
        for row in rows:
            copy.write_row([row[attribute] for attribute in attributes])


def eligibility_recompute_later(*, player_ids=None, reason: str) -> None:
    """Queue the recompute for the worker once the calling transaction commits (pin_ranking/tasks.py)."""
    ids = None if player_ids is None else sorted(set(player_ids))
    events.enqueue_on_commit(ELIGIBILITY_RECOMPUTE, ids, reason)
