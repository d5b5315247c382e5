"""Personal API tokens: one per user and device, for clients that are not a browser (a third-party tablet or a
player's app). The secret is shown once, when made; only its SHA-256 is kept."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ApiToken(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    device = models.CharField(_("device"), max_length=100)
    # The token is mcr_<prefix>_<secret>: the prefix finds the row, the secret's hash proves it.
    prefix = models.CharField(max_length=12, unique=True)
    secret_hash = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("API token")

    def __str__(self):
        return f"{self.user} {self.device}"
