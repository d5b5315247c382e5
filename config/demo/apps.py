from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DemoConfig(AppConfig):
    """The demo tournament of `make run`: data for every app, so it sits above them all (as Zulip's
    development data does); it has no models."""

    name = "config.demo"
    label = "demo"
    verbose_name = _("Demo data")
