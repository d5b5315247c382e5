from django.db import models


class RateLimitCounter(models.Model):
    """One rate-limit window counted in the database (tournaments/ratelimit.py): shared by every
    worker, and still there when the cache (Redis) is down."""

    key = models.CharField(max_length=200, unique=True)
    window_start = models.DateTimeField(db_index=True)  # pruned by age (rate_limit_prune)
    count = models.PositiveIntegerField(default=0)

    def __str__(self):
        return f"{self.key}: {self.count} since {self.window_start:%H:%M:%S}"
