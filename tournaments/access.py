"""Who may see and change what: the one place that maps roles to capabilities.

Selectors and services ask `can()` (pages read the viewer's capabilities once, through
`capabilities_for_page`); nothing else inspects roles. An outsider who asks for an object they may
not see is answered 404 (`tournaments.errors.NotFound`) by the selectors and the services alike, so
the existence of another tournament's private data is not revealed.
"""

import enum
from collections.abc import Iterable

from django.contrib.auth.models import AnonymousUser

from tournaments.models import Membership, Role, Tournament


class Capability(enum.Enum):
    VIEW = "view"  # the tournament itself, its public pages and standings
    VIEW_ROSTER = "view_roster"  # registrations with check-in state
    VIEW_CONTACTS = "view_contacts"  # players' contact details
    VIEW_AUDIT = "view_audit"
    MANAGE = "manage"  # edit the tournament, import rosters, edit registrations, staff roles
    CHECK_IN = "check_in"  # 3.5.7: players sign in before the session
    RECORD_SCORES = "record_scores"  # referees at their tables
    SUPERVISE_SCORES = "supervise_scores"  # the chief referee: any table, locked sheets
    DECIDE_RULE_APPEALS = "decide_rule_appeals"  # 3.13.1: the chief referee decides first
    ARBITRATE = "arbitrate"  # 3.13: the arbitration committee
    LEAD_TEAM = "lead_team"  # 3.12.1: a team leader may appeal for their players
    RUN_SESSIONS = "run_sessions"  # the board: start and end sessions, watch every table
    RECOMPUTE_STANDINGS = "recompute_standings"  # recompute the standings on demand


_STAFF_VIEW = {Capability.VIEW, Capability.VIEW_ROSTER}

ROLE_CAPABILITIES: dict[str, frozenset[Capability]] = {
    Role.ORGANIZER: frozenset(
        _STAFF_VIEW
        | {
            Capability.VIEW_CONTACTS,
            Capability.VIEW_AUDIT,
            Capability.MANAGE,
            Capability.CHECK_IN,
            Capability.RUN_SESSIONS,
            Capability.RECOMPUTE_STANDINGS,
        }
    ),
    Role.CHIEF_REFEREE: frozenset(
        _STAFF_VIEW
        | {
            Capability.VIEW_AUDIT,
            Capability.CHECK_IN,
            Capability.RECORD_SCORES,
            Capability.SUPERVISE_SCORES,
            Capability.DECIDE_RULE_APPEALS,
            Capability.RUN_SESSIONS,
            Capability.RECOMPUTE_STANDINGS,
        }
    ),
    Role.REFEREE: frozenset(_STAFF_VIEW | {Capability.CHECK_IN, Capability.RECORD_SCORES}),
    Role.ARBITRATOR: frozenset(_STAFF_VIEW | {Capability.VIEW_AUDIT, Capability.ARBITRATE}),
    Role.TEAM_LEADER: frozenset({Capability.VIEW, Capability.LEAD_TEAM}),
}


def roles_of(user, tournament: Tournament) -> set[str]:
    if user is None or isinstance(user, AnonymousUser) or not user.is_authenticated:
        return set()
    return set(Membership.objects.filter(user=user, tournament=tournament).values_list("role", flat=True))


def capabilities(user, tournament: Tournament, *, roles: Iterable[str] | None = None) -> frozenset[Capability]:
    """What `user` may do in `tournament`. `roles`: the user's roles there, when the caller has read them
    already (the hand path reads them in one statement with its other checks); read here otherwise."""
    if user is not None and user.is_authenticated and user.is_superuser:
        return frozenset(Capability)
    granted: set[Capability] = set()
    for role in roles_of(user, tournament) if roles is None else roles:
        granted |= ROLE_CAPABILITIES[role]
    if tournament.is_public:
        granted.add(Capability.VIEW)
    return frozenset(granted)


def can(user, tournament: Tournament, capability: Capability) -> bool:
    return capability in capabilities(user, tournament)


class Can:
    """A user's capabilities in one tournament, as pages read them: `can.manage`,
    `can.record_scores` (any Capability's value) are booleans, so templates test attributes, not
    strings; `can.granted` is the set, for `extensions.visible_links(..., granted=)`."""

    __slots__ = ("granted",)

    def __init__(self, granted: frozenset[Capability]):
        self.granted = frozenset(granted)

    def __getattr__(self, name: str) -> bool:
        try:
            capability = Capability(name)
        except ValueError:
            raise AttributeError(name) from None
        return capability in self.granted


def capabilities_for_page(user, tournament: Tournament) -> Can:
    """What `user` may do in `tournament`, for a page to show or hide its links and forms (access
    itself is decided by the selectors)."""
    return Can(capabilities(user, tournament))


def can_write_sheet(user, sheet, *, roles: Iterable[str] | None = None) -> bool:
    """Referees write the sheets of their own tables in the running session, and take the
    signatures of a closed one; the chief referee writes any. `roles`: as for `capabilities`.

    A locked (signed) sheet changes only through the chief referee or an appeal (the appeal
    service checks the arbitration rules itself).
    """
    tournament = sheet.session.tournament
    granted = capabilities(user, tournament, roles=roles)
    if Capability.SUPERVISE_SCORES in granted:
        return True
    if not (Capability.RECORD_SCORES in granted and sheet.referee_id == user.pk):
        return False
    if sheet.status == sheet.Status.OPEN:
        return sheet.session.status == sheet.session.Status.RUNNING
    # After time-up the session is over, but the referee still takes the table's signatures.
    return sheet.status == sheet.Status.CLOSED


def teams_led_by(user, tournament: Tournament) -> set[int]:
    """The teams `user` leads in `tournament` (3.12.1, 3.12.3): as a team-leader member of staff, or
    as the player the roster names the team's leader (Team.leader)."""
    if user is None or not user.is_authenticated:
        return set()
    from tournaments.models import Team

    staff = Membership.objects.filter(user=user, tournament=tournament, role=Role.TEAM_LEADER).values_list(
        "team_id", flat=True
    )
    playing = Team.objects.filter(tournament=tournament, leader__player__user=user).values_list("pk", flat=True)
    return set(staff) | set(playing)


def leads_team_of(user, registration) -> bool:
    return registration.team_id is not None and registration.team_id in teams_led_by(user, registration.tournament)
