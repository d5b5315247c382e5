from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ApiTokensConfig(AppConfig):
    name = "api_tokens"
    verbose_name = _("API tokens")

    def ready(self):
        from api_tokens import schema  # noqa: F401  (the schema's bearer scheme for the token authentication)
        from api_tokens.audit_sentences import SENTENCES
        from tournaments.extensions import audit_sentences_register

        audit_sentences_register(SENTENCES)
