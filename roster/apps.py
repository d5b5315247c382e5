from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RosterConfig(AppConfig):
    name = "roster"
    verbose_name = _("Roster")

    def ready(self):
        from roster import hooks, tasks  # noqa: F401  (the task registers its kind of work)

        hooks.register()
