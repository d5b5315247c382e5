"""The rule sets a hand can be scored under, as the tournaments and the calculator offer them.

The values are the engine's profiles (scoring/READINGS.md); this module gives them their labels.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _


class RuleSet(models.TextChoices):
    """The scoring engine profile a tournament is played under."""

    GREEN_BOOK = "green_book", _("Rulebook as written (Green Book)")
    COMMON_PRACTICE = "common_practice", _("Chinese common practice")
