from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self):
        # The tasks register which of them does each kind of later work (tournaments/events.py).
        from tournaments import tasks  # noqa: F401
