"""What the staff app plugs into the tournament core (tournaments.extensions.seams), in one place.

Called once by StaffConfig.ready(); the core shows these links and panels on its pages and never imports
this app.
"""

from django.utils.translation import gettext_lazy as _


def session_not_over(user, session) -> bool:
    return session.status != session.Status.FINISHED


def leader_accounts_offer(tournament, user) -> dict | None:
    """After a roster file is imported: its team leaders without an account, offered one (organizers)."""
    from staff.selectors import leaders_without_account
    from tournaments.access import Capability, can

    if not can(user, tournament, Capability.MANAGE):
        return None
    leaders = leaders_without_account(tournament=tournament)
    return {"tournament": tournament, "leaders": leaders} if leaders else None


def register() -> None:
    from staff.audit_sentences import SENTENCES
    from tournaments.access import Capability
    from tournaments.extensions import Link, Panel, TimeZonePath, audit_sentences_register, seams

    staff_page = Link("tournament", _("Staff"), "staff:page", Capability.MANAGE)
    seams.links.register(staff_page)
    seams.links.register(Link("staff", staff_page.label, staff_page.url_name, Capability.MANAGE))
    # One screen for all of a session's tables (not the Staff page): its row on the tournament page, and
    # the pre-flight's fix for tables without a referee.
    seams.links.register(Link("referees", _("Referees at the tables"), "staff:session_referees",
                              Capability.RUN_SESSIONS, predicate=session_not_over))
    seams.import_panels.register(Panel("staff/_leader_accounts_offer.html", leader_accounts_offer))
    seams.time_zone_paths.register(TimeZonePath("invitation_id", "staff_invitations__pk"))
    audit_sentences_register(SENTENCES)
