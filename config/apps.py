from django.apps import AppConfig


class WiringConfig(AppConfig):
    """The project's wiring as an app, for what must hold before any request: the API's one contract for strings
    (config/api_errors.py, `strings_are_strings`)."""

    name = "config"
    label = "wiring"

    def ready(self):
        from config.api_errors import strings_are_strings

        strings_are_strings()
