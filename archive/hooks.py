"""What the archive app plugs into the tournament core (tournaments.extensions.seams), in one place.

Called once by ArchiveConfig.ready(); the core lists these links on its pages and never imports this app.
"""

from django.utils.translation import gettext_lazy as _


def can_create_tournaments(user, obj) -> bool:
    """An archive is imported as a new tournament: by those who may create one."""
    return user.has_perm("tournaments.add_tournament")


def register() -> None:
    from archive.audit_sentences import SENTENCES
    from tournaments.access import Capability
    from tournaments.extensions import Link, audit_sentences_register, seams

    seams.links.register(Link("tournament", _("Tournament archive"), "archive:page", Capability.MANAGE))
    seams.links.register(Link("home", _("Import a tournament archive"), "archive:import",
                              predicate=can_create_tournaments))
    audit_sentences_register(SENTENCES)
