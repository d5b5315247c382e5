"""What the roster app plugs into the tournament core, in one place: its links on the core's pages
(tournaments.extensions.seams), its pages' time zone, its audit sentences, and the beat sweep's catch-up
of an import whose message was lost (tournaments.events). Called once by RosterConfig.ready(); the core
never imports this app.
"""

from django.utils.translation import gettext_lazy as _


def withdrawn(user, registration) -> bool:
    return registration.withdrawn_at is not None


def not_withdrawn(user, registration) -> bool:
    return registration.withdrawn_at is None


def register() -> None:
    from roster.audit_sentences import SENTENCES
    from roster.services import import_jobs_restart_stuck
    from tournaments import events
    from tournaments.access import Capability
    from tournaments.extensions import Link, TimeZonePath, audit_sentences_register, seams

    manage = Capability.MANAGE
    imports = _("Import players and teams")
    seams.links.register(Link("tournament", imports, "roster:import", manage))
    seams.links.register(Link("roster", imports, "roster:import", manage))  # the organizer's day, step one
    seams.links.register(Link("registrations", _("Add a player"), "roster:registration_add", manage))
    seams.links.register(Link("registrations", _("Players' oaths (Appendix 2)"), "roster:oaths", manage))
    seams.links.register(Link("registration", _("Reserve, withdraw, substitute or delete"),
                              "roster:registration_leave", manage, predicate=not_withdrawn))
    seams.links.register(Link("registration", _("Substitute"), "roster:registration_leave", manage,
                              predicate=withdrawn))
    seams.time_zone_paths.register(TimeZonePath("job_id", "import_jobs__pk"))
    audit_sentences_register(SENTENCES)
    events.sweep_register(import_jobs_restart_stuck)
