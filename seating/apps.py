from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeatingConfig(AppConfig):
    name = "seating"
    verbose_name = _("Seating")

    def ready(self):
        # The tournament core lists these links on its page; it never imports this app.
        from seating.audit_sentences import SENTENCES
        from seating.selectors import is_registered
        from tournaments import extensions
        from tournaments.access import Capability

        extensions.register_link("tournament", _("Seating chart"), "seating:manage", Capability.MANAGE)
        extensions.register_link("seats", _("Seating chart"), "seating:manage", Capability.MANAGE)
        extensions.register_link("tournament", _("Print seating"), "seating:print_chart", Capability.VIEW_ROSTER)
        # A player's own seats, else reachable only by the printed QR code.
        extensions.register_link("tournament", _("My seats"), "seating:my_seats", predicate=is_registered)
        extensions.register_audit_sentences(SENTENCES)
