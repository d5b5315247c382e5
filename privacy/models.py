"""A person's requests about their own data (an export, an erasure) and the log of staff reading it.

docs/privacy.md holds the data map: every personal field, why it is kept, who sees it, for how long and what an
erasure does to it.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models import Player


class DataRequest(models.Model):
    """An export of everything held about the account's person, or an erasure of it."""

    class Kind(models.TextChoices):
        EXPORT = "export", _("Export of my data")
        ERASURE = "erasure", _("Erasure of my data")

    class State(models.TextChoices):
        REQUESTED = "requested", _("Requested")
        READY = "ready", _("Ready")
        DONE = "done", _("Done")
        REFUSED = "refused", _("Refused")
        FAILED = "failed", _("Failed")

    # SET_NULL: an erasure deletes the account; the request stays as the record that it happened.
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="data_requests")
    kind = models.CharField(max_length=8, choices=Kind.choices)
    state = models.CharField(max_length=12, choices=State.choices, default=State.REQUESTED)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # An export's file, and when its link stops working.
    file = models.FileField(upload_to="privacy/exports/", blank=True)
    expires_at = models.DateTimeField(null=True, blank=True)
    # An erasure: the published name replaced by a pseudonym where the person asks and the committee agrees.
    pseudonym = models.BooleanField(_("publish my results under a pseudonym"), default=False)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    reason = models.CharField(_("reason"), max_length=300, blank=True)

    @property
    def downloadable(self) -> bool:
        """An export made, whose link still works (EXPORT_LINK_DAYS): the page, the API and the download agree."""
        return (self.kind == self.Kind.EXPORT and self.state == self.State.READY and self.expires_at is not None
                and self.expires_at > timezone.now())

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            # One erasure waiting for a decision per account.
            models.UniqueConstraint(fields=["user"], condition=Q(kind="erasure", state="requested"),
                                    name="data_request_one_erasure_waiting"),
        ]


class PersonalDataRead(models.Model):
    """Staff reading a person's personal fields: a Pin application's, or a registration's contact."""

    class What(models.TextChoices):
        CONTACT = "contact", _("Registration contact")
        PIN_APPLICATION = "pin_application", _("Pin application's personal fields")

    reader = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="reads")
    what = models.CharField(max_length=16, choices=What.choices)
    object_id = models.PositiveIntegerField()
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at"]
        indexes = [models.Index(fields=["player", "at"], name="personal_read_player_idx")]
