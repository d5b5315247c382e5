from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PinRankingConfig(AppConfig):
    name = "pin_ranking"
    verbose_name = _("Pin ranking")

    def ready(self):
        from pin_ranking import hooks

        hooks.register()
