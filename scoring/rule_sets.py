"""The rule sets and readings a hand can be scored under, as the tournaments and the calculator offer them.

Two separate choices (scoring/READINGS.md):
- ``RuleSet``: which rules: the full rules (81 fans, minimum 8, base 8) or the WMO elementary
  competition rules of 2014 (30 fans, minimum 6, no base); the engine's ``rule_set``.
- ``Reading``: how the rulebook is read where its texts disagree: the engine's ``profile``
  (green_book / common_practice). A tournament stores it in its field ``rules`` (the name it had
  before rule sets existed, kept so archives and other code keep reading it).
"""

from django.db import models
from django.utils.translation import gettext_lazy as _


class RuleSet(models.TextChoices):
    """The rules a tournament is played under (the engine's ``rule_set``)."""

    FULL = "full", _("Full rules (81 fans, minimum 8)")
    ELEMENTARY = "elementary", _("Elementary rules (30 fans, minimum 6)")


class Reading(models.TextChoices):
    """The scoring engine profile: how the rulebook is read where its texts disagree."""

    GREEN_BOOK = "green_book", _("Rulebook as written (Green Book)")
    COMMON_PRACTICE = "common_practice", _("Chinese common practice")
