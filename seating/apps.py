from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeatingConfig(AppConfig):
    name = "seating"
    verbose_name = _("Seating")

    def ready(self):
        from seating import hooks, printing  # noqa: F401  (printing declares the seating prints' PDF)

        hooks.register()
