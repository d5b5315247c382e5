"""The Pin committees and their seats (6.1-6.2), and the Pins they award (7.4: the public register)."""

import re

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from pin_ranking.engine import Certifier
from pin_ranking.models.applications import Application


class Committee(models.Model):
    """A Pin committee: the world body's (6.1 世界麻将竞赛中心设立麻将品级委员会), a member organization's
    (2014, 7.2-7.3: 各メンバー組織技術品級委員会), or an authorized website's (7.4, Web Pins)."""

    KIND_CHOICES = [(Certifier.WORLD.value, _("World body")), (Certifier.MEMBER.value, _("Member organization")),
                    (Certifier.WEBSITE.value, _("Authorized website"))]

    name = models.CharField(_("name"), max_length=200)
    kind = models.CharField(_("kind"), max_length=16, choices=KIND_CHOICES)
    # A member organization's country or region, an ISO 3166-1 alpha-2 code chosen from a list (its queue holds its
    # players' applications).
    country = models.CharField(_("country or region"), max_length=64, blank=True)
    # The issuer of the federation IDs its organization keeps (EMA, CMA: the ISSUER of ISSUER:NUMBER), if any: it may
    # confirm a player's claim on a record with such an ID, whatever the record's country (issue 42, N7).
    id_issuer = models.CharField(_("issuer of federation IDs"), max_length=16, blank=True)
    members = models.ManyToManyField(settings.AUTH_USER_MODEL, through="CommitteeSeat", related_name="pin_committees")
    # Retired by the register's administrator: it keeps its history (decisions, certificates) but no seat of it
    # acts, no application is routed to it, and its country may have a new committee.
    retired_at = models.DateTimeField(_("retired"), null=True, blank=True)
    retire_reason = models.CharField(_("why it was retired"), max_length=300, blank=True)

    class Meta:
        ordering = ["kind", "name"]
        verbose_name = _("Pin committee")
        verbose_name_plural = _("Pin committees")
        constraints = [
            models.UniqueConstraint(fields=["kind"], condition=Q(kind="world", retired_at__isnull=True),
                name="pin_committee_one_world",
                violation_error_message=_("There is one world body's Pin committee.")),
            models.UniqueConstraint(fields=["kind", "country"], condition=Q(kind="member", retired_at__isnull=True),
                name="pin_committee_member_country_unique",
                violation_error_message=_("This country or region already has a member organization's committee.")),
            models.UniqueConstraint(fields=["id_issuer"], condition=Q(retired_at__isnull=True) & ~Q(id_issuer=""),
                name="pin_committee_one_per_issuer",
                violation_error_message=_("Another committee confirms this issuer's federation IDs already.")),
            models.CheckConstraint(condition=Q(kind__in=[c.value for c in Certifier]), name="pin_committee_kind",
                violation_error_message=_("A committee is the world body's, a member organization's or a website's.")),
        ]

    def __str__(self):
        return self.name


class CommitteeSeat(models.Model):
    committee = models.ForeignKey(Committee, on_delete=models.CASCADE, related_name="seats")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="pin_committee_seats")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("committee seat")
        verbose_name_plural = _("committee seats")
        constraints = [models.UniqueConstraint(fields=["committee", "user"], name="pin_committee_seat_unique",
                violation_error_message=_("This person already sits on this committee."))]

    def __str__(self):
        return f"{self.user} @ {self.committee}"


# The numbers an approval gives (P2026-00001; WP for a Web Pin: pin_ranking.committee.services._number). A Pin
# entered from paper keeps its own number and never one of this form (pin_ranking.people).
SYSTEM_NUMBER = re.compile(r"W?P\d{4}-\d{5}")


class PinAward(models.Model):
    """The public Pin register (7.4 "建立档案，通过世界麻将组织网站公布"): one numbered Pin certificate per
    approved application. Public fields only (name, Pin, date, country): no personal field of the form."""

    class Source(models.TextChoices):
        APPLICATION = "application", _("Approved here")
        PAPER = "paper", _("A paper certificate awarded before this system")
        # A row of an earlier register's file (this system's register export with the holders' federation IDs):
        # its number is kept, whatever its form (pin_ranking.people.awards).
        REGISTER = "register", _("From an earlier register's file")

    # None: a Pin awarded before this system, entered from its paper certificate (so "never lowered" knows it).
    application = models.OneToOneField(Application, null=True, blank=True, on_delete=models.PROTECT,
                                       related_name="award")
    source = models.CharField(_("source"), max_length=12, choices=Source.choices, default=Source.APPLICATION)
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="+")
    player = models.ForeignKey("tournaments.Player", on_delete=models.PROTECT, related_name="pin_awards")
    track = models.CharField(_("track"), max_length=8, choices=[("pin", _("Pin")), ("web_pin", _("Web Pin"))])
    pin = models.PositiveSmallIntegerField(_("Pin"))
    number = models.CharField(_("certificate number"), max_length=32, unique=True)
    name = models.CharField(_("name"), max_length=200)
    country = models.CharField(_("country or region"), max_length=64, blank=True)
    committee = models.ForeignKey("pin_ranking.Committee", on_delete=models.PROTECT, related_name="awards")
    awarded_on = models.DateField(_("awarded on"))

    class Meta:
        ordering = ["track", "pin", "awarded_on", "number"]
        verbose_name = _("Pin certificate")
        verbose_name_plural = _("Pin certificates")
        constraints = [
            models.CheckConstraint(condition=Q(pin__gte=1) & Q(pin__lte=9), name="pin_award_pin_range",
                violation_error_message=_("A Pin is 1 (highest) to 9 (lowest).")),
            models.CheckConstraint(condition=(Q(source="application") & Q(application__isnull=False))
                | (Q(source__in=["paper", "register"]) & Q(application__isnull=True)), name="pin_award_source",
                violation_error_message=_("A Pin is approved here from an application, or entered from paper or "
                                          "an earlier register.")),
        ]

    def __str__(self):
        return f"{self.number} {self.name} {self.track} {self.pin}"
