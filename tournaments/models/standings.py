import orjson
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.core import Tournament


class SerializedJSON(str):
    """JSON text already serialized by the caller: JSONTextField stores it as it is."""


def json_text(value) -> SerializedJSON:
    """The one serialization of a snapshot: compact UTF-8, keys in the order built (deterministic).

    orjson, not json: a 1,000-player snapshot is ~1.7 MB, and the standard library took several
    times as long to write it as orjson does (bench/standings.py), on every recompute.
    """
    return SerializedJSON(orjson.dumps(value).decode())


class JSONTextField(models.TextField):
    """JSON kept as plain text; the attribute is the decoded value, as with JSONField.

    Why not JSONField (jsonb): a snapshot is a ~2 MB document written whole and read whole, never
    queried inside. PostgreSQL parses jsonb on every insert, and for 1,000 players that parse
    alone cost several times the whole recompute (bench/standings.py). As text the insert is a
    copy, and the service serializes once for both the digest and the row.
    """

    def from_db_value(self, value, expression, connection):
        return None if value is None else orjson.loads(value)

    def to_python(self, value):
        if isinstance(value, str) and not isinstance(value, SerializedJSON):
            return orjson.loads(value)
        return value

    def get_prep_value(self, value):
        if value is None or isinstance(value, SerializedJSON):
            return value
        return json_text(value)

    def value_to_string(self, obj):
        return json_text(self.value_from_object(obj))


class StandingsSnapshot(models.Model):
    """The standings as computed at one moment; pages serve the latest and answer 304 by version."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="standings_snapshots")
    version = models.PositiveIntegerField()
    computed_at = models.DateTimeField(auto_now_add=True)
    # {"individuals": [...], "teams": [...], "sessions": [...]}: see tournaments.standings.
    data = JSONTextField()
    # sha256 of the stored text: "has anything changed?" is answered without reading `data` back.
    # Empty for snapshots stored before the digest existed (then `data` is compared).
    digest = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        ordering = ["tournament", "-version"]
        constraints = [models.UniqueConstraint(fields=["tournament", "version"], name="standings_version_unique",
                violation_error_message=_("These standings were already published; reload the page."))]

    def __str__(self):
        return f"{self.tournament} standings v{self.version}"


class StandingsChange(models.Model):
    """The standings' transactional outbox: one row per committed change they have not absorbed yet.

    Every write that changes what the standings show adds a row in its own transaction
    (`tournaments.events.standings_recompute_later`), so the mark and the change commit or roll back
    together, whatever happens to the broker afterwards. A recompute deletes the rows it saw when it started (never a
    row committed while it ran), and Celery beat re-queues every tournament that still has rows
    (`standings_sweep_task`). The organizer's board shows the oldest row's age: how far behind.
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="standings_changes")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]

    def __str__(self):
        return f"{self.tournament_id} standings change {self.pk}"
