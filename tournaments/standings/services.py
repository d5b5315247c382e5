"""Standings writes: the recompute that stores a snapshot, and the organizer's request for one."""

import hashlib

from django.db import transaction

from tournaments import events, extensions
from tournaments.audit import AuditAction, audit_record
from tournaments.locks import lock_tournament
from tournaments.models import StandingsChange, StandingsSnapshot, Tournament
from tournaments.models.standings import json_text
from tournaments.standings.compute import standings_compute

SNAPSHOTS_KEPT = 10


@transaction.atomic
def standings_recompute(*, tournament_id: int, only_if_pending: bool = False) -> StandingsSnapshot | None:
    """Recompute the standings; a new version is stored only when something changed.

    The tournament row is locked FOR NO KEY UPDATE (tournaments/locks.py, rank 4), so two
    recomputes queue up and versions never collide, while the hands recorded meanwhile go on: their
    rows and audit events only take a key-share lock on the tournament, which this lock leaves
    alone (a FOR UPDATE lock here made every hand of the tournament wait for the recompute).

    The outbox rows (StandingsChange) seen once the lock is held are absorbed: they are deleted in
    this transaction, and only they, so a change committed while this recompute ran keeps its row
    and gets a recompute of its own. With `only_if_pending`, a tournament with no row is left
    alone (None): the task's duplicates cost one query.
    """
    changes = StandingsChange.objects.filter(tournament_id=tournament_id)
    if only_if_pending and not changes.exists():
        return None  # up to date, or no such tournament (deleted: its rows went with it)
    tournament = lock_tournament(tournament_id, no_key=True)
    pending = list(StandingsChange.objects.filter(tournament_id=tournament_id).values_list("pk", flat=True))
    if only_if_pending and not pending:
        return None
    if pending:
        StandingsChange.objects.filter(pk__in=pending).delete()
    data = standings_compute(tournament)
    # Serialized once, for both the comparison and the new row. "Changed?" compares digests: the
    # latest snapshot's data (about 2 MB for 1,000 players) is neither read back nor decoded.
    text = json_text(data)
    digest = hashlib.sha256(text.encode()).hexdigest()
    latest = tournament.standings_snapshots.defer("data").order_by("-version").first()
    if latest is not None and (latest.digest == digest if latest.digest else latest.data == data):
        return latest
    # Past both the latest snapshot and the tournament's counter, so a counter moved back (an old
    # value saved over it) cannot make the new version collide with a stored snapshot.
    tournament.standings_version = max(latest.version if latest else 0, tournament.standings_version) + 1
    tournament.save(update_fields=["standings_version"])
    snapshot = StandingsSnapshot.objects.create(
        tournament=tournament, version=tournament.standings_version, data=text, digest=digest
    )
    snapshot.data = data
    stale = tournament.standings_snapshots.order_by("-version").values_list("pk", flat=True)[SNAPSHOTS_KEPT:]
    StandingsSnapshot.objects.filter(pk__in=list(stale)).delete()
    audit_record(
        actor=None,
        tournament=tournament,
        action=AuditAction.STANDINGS_RECOMPUTED,
        obj=snapshot,
        detail={"version": snapshot.version, "players": len(data["individuals"])},
    )
    # Apps keeping a copy of the results (the Pin register) learn of the new version; they act on commit.
    extensions.standings_changed(tournament_id, snapshot.version)
    return snapshot


@transaction.atomic
def standings_recompute_request(*, actor, tournament: Tournament) -> None:
    """Recompute the standings on demand: queued for the worker once this transaction commits."""
    audit_record(
        actor=actor,
        tournament=tournament,
        action=AuditAction.STANDINGS_RECOMPUTE_REQUESTED,
        obj=tournament,
        detail={"version": tournament.standings_version},
    )
    events.standings_recompute_later(tournament_id=tournament.pk)
