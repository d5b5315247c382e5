from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ReportsConfig(AppConfig):
    name = "reports"
    verbose_name = _("Statistics, hall display and exports")

    def ready(self):
        from reports import hooks

        hooks.register()
