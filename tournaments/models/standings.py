from django.db import models

from tournaments.models.core import Tournament


class StandingsSnapshot(models.Model):
    """The standings as computed at one moment; pages serve the latest and answer 304 by version."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="standings_snapshots")
    version = models.PositiveIntegerField()
    computed_at = models.DateTimeField(auto_now_add=True)
    # {"individuals": [...], "teams": [...], "sessions": [...]}: see tournaments.standings.
    data = models.JSONField()

    class Meta:
        ordering = ["tournament", "-version"]
        constraints = [models.UniqueConstraint(fields=["tournament", "version"], name="standings_version_unique")]

    def __str__(self):
        return f"{self.tournament} standings v{self.version}"
