"""What the seating app plugs into the tournament core (tournaments.extensions.seams), in one place.

Called once by SeatingConfig.ready(); the core lists these links on its pages and never imports this app.
"""

from django.utils.translation import gettext_lazy as _


def register() -> None:
    from seating.audit_sentences import SENTENCES
    from seating.selectors import is_registered
    from tournaments.access import Capability
    from tournaments.extensions import Link, audit_sentences_register, seams

    seams.links.register(Link("tournament", _("Seating chart"), "seating:manage", Capability.MANAGE))
    seams.links.register(Link("seats", _("Seating chart"), "seating:manage", Capability.MANAGE))
    seams.links.register(Link("tournament", _("Print seating"), "seating:print_chart", Capability.VIEW_ROSTER))
    # A player's own seats, else reachable only by the printed QR code.
    seams.links.register(Link("tournament", _("My seats"), "seating:my_seats", predicate=is_registered))
    audit_sentences_register(SENTENCES)
