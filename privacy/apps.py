from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PrivacyConfig(AppConfig):
    name = "privacy"
    verbose_name = _("Personal data")

    def ready(self):
        from privacy import tasks  # noqa: F401  (the tasks register their kinds of work)
        from privacy.audit_sentences import SENTENCES
        from privacy.services import exports_restart_lost, personal_data_read
        from tournaments import events
        from tournaments.extensions import audit_sentences_register, seams

        audit_sentences_register(SENTENCES)
        seams.personal_reads.register(personal_data_read)
        events.sweep_register(exports_restart_lost)
