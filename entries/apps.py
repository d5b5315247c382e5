from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class EntriesConfig(AppConfig):
    name = "entries"
    verbose_name = _("Entries")

    def ready(self):
        from entries import hooks, tasks  # noqa: F401  (the tasks register their kinds of work)

        hooks.register()
