from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PrintsConfig(AppConfig):
    name = "prints"
    verbose_name = _("Documents")

    def ready(self):
        from prints import hooks, tasks  # noqa: F401  (the tasks register their kinds of work)

        hooks.register()
