from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PenaltiesConfig(AppConfig):
    name = "penalties"
    verbose_name = _("Penalties")

    def ready(self):
        from penalties import hooks

        hooks.register()
