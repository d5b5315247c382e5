"""Reads for the staff page: who holds which role, the invitations still open, the team leaders
without an account. Outsiders get 404 from the tournament's own selector."""

import hashlib

from django.utils import timezone
from django.utils.translation import gettext as _

from staff.models import PasswordChangeDue, StaffInvitation
from tournaments.access import Capability, can
from tournaments.errors import NotFound, whole_number
from tournaments.models import Membership, PlannedReferee, Role, Session, Team, Tournament


def staff_by_role(*, tournament: Tournament) -> list[dict]:
    """Each role, in the order of Role, with its holders (username, team)."""
    memberships = list(
        Membership.objects.filter(tournament=tournament).select_related("user", "team").order_by("user__username")
    )
    return [
        {"role": value, "label": label, "memberships": [m for m in memberships if m.role == value]}
        for value, label in Role.choices
    ]


def planned_referees(*, tournament: Tournament) -> list[dict]:
    """The referees planned for the tables of sessions not yet started (PlannedReferee; session_start
    gives them those tables), per session: [{"session": Session, "tables": [(table number, username)],
    "not_referee": usernames planned who no longer hold the role (their tables go in turn)}]."""
    referees = set(
        Membership.objects.filter(tournament=tournament, role=Role.REFEREE).values_list("user_id", flat=True)
    )
    plans = (
        PlannedReferee.objects.filter(session__tournament=tournament, session__status=Session.Status.PLANNED)
        .select_related("session", "table", "referee")
        .order_by("session__number", "table__number")
    )
    sessions: dict[int, dict] = {}
    for plan in plans:
        entry = sessions.setdefault(plan.session_id, {"session": plan.session, "tables": [], "not_referee": []})
        entry["tables"].append((plan.table.number, plan.referee.get_username()))
        if plan.referee_id not in referees and plan.referee.get_username() not in entry["not_referee"]:
            entry["not_referee"].append(plan.referee.get_username())
    return list(sessions.values())


def invitations_open(*, tournament: Tournament):
    return (
        StaffInvitation.objects.filter(
            tournament=tournament, used_at__isnull=True, cancelled_at__isnull=True, expires_at__gt=timezone.now()
        )
        .select_related("team")
        .order_by("-created_at")
    )


def leaders_without_account(*, tournament: Tournament):
    """The teams whose roster-named leader (Team.leader) has no account yet."""
    return (
        Team.objects.select_related("leader__player")
        .filter(tournament=tournament, leader__isnull=False, leader__player__user__isnull=True)
        .order_by("name")
    )


def membership_get_for_user(*, user, membership_id: int, capability: Capability) -> Membership:
    membership = Membership.objects.select_related("tournament", "user").filter(pk=membership_id).first()
    if membership is None or not can(user, membership.tournament, capability):
        raise NotFound("No such role.")
    return membership


def invitation_get_for_user(*, user, invitation_id: int, capability: Capability) -> StaffInvitation:
    invitation = StaffInvitation.objects.select_related("tournament").filter(pk=invitation_id).first()
    if invitation is None or not can(user, invitation.tournament, capability):
        raise NotFound("No such invitation.")
    return invitation


def tournament_for_invitation(*, tournament_id: int) -> Tournament:
    """The tournament an invitation link names: anyone holding a link may open its page (a draft too:
    the invited staff are the ones who will run it); the token itself is checked by the service."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        raise NotFound("No such tournament.")
    return tournament


def one_time_password_problem(due: PasswordChangeDue, *, now=None) -> str:
    """Why a one-time password no longer logs in, or "" (single use, STAFF_OTP_HOURS; issue 28)."""
    now = now or timezone.now()
    if due.used_at is not None:
        return _("This one-time password has been used already: ask the organizers for a new one (Staff page).")
    if due.expires_at is not None and due.expires_at <= now:
        return _("This one-time password has expired: ask the organizers for a new one (Staff page).")
    return ""


def one_time_passwords_outstanding(*, tournament: Tournament) -> list[dict]:
    """The accounts this tournament made with a one-time password whose user has not chosen their own yet:
    the Staff page lists them, with when each expires or whether it was used, to revoke or renew."""
    now = timezone.now()
    rows = PasswordChangeDue.objects.filter(tournament=tournament).select_related("user").order_by("user__username")
    return [{"user": due.user, "expires_at": due.expires_at, "used_at": due.used_at,
             "state": "used" if due.used_at else "expired" if due.expires_at and due.expires_at <= now else "open"}
            for due in rows]


def one_time_password_user_get(*, tournament: Tournament, user_id) -> object:
    """An account with a one-time password this tournament made; else 404."""
    due = PasswordChangeDue.objects.select_related("user").filter(
        tournament=tournament, user_id=whole_number(user_id)).first() if whole_number(user_id) else None
    if due is None:
        raise NotFound("No such one-time password.")
    return due.user


def password_change_due(*, user) -> bool:
    return user.is_authenticated and PasswordChangeDue.objects.filter(user=user).exists()


def session_get_for_user(*, user, session_id: int, capability: Capability) -> Session:
    session = Session.objects.select_related("tournament").filter(pk=session_id).first()
    if session is None or not can(user, session.tournament, capability):
        raise NotFound("No such session.")
    return session


def session_tables_with_referees(*, session: Session) -> list:
    """The session's score sheets (one per table, from its start), by table number, with their referee."""
    return list(session.sheets.select_related("table", "referee").order_by("table__number"))


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def invitation_problem(invitation: StaffInvitation | None) -> str:
    """Why this invitation cannot be accepted, in words; "" when it can."""
    if invitation is None:
        return _("This invitation link is not valid for this tournament.")
    if invitation.used_at is not None:
        return _("This invitation has already been used: ask the organizer for a new one.")
    if invitation.cancelled_at is not None:
        return _("This invitation was cancelled: ask the organizer for a new one.")
    if invitation.expires_at <= timezone.now():
        return _("This invitation has expired: ask the organizer for a new one.")
    return ""


def invitation_state(*, tournament: Tournament, token: str):
    """The invitation of a link (None if the link is not one of this tournament's) and why it cannot
    be accepted ("" if it can)."""
    invitation = (
        StaffInvitation.objects.select_related("team")
        .filter(token_hash=token_hash(token), tournament=tournament)
        .first()
    )
    return invitation, invitation_problem(invitation)


def session_tables_planned(*, session: Session) -> list[dict]:
    """A planned session's tables (those its seats use), by number, with the referee planned for each."""
    from tournaments.models import PlannedReferee

    planned = dict(PlannedReferee.objects.filter(session=session).values_list("table_id", "referee_id"))
    tables = session.seats.values_list("table_id", "table__number").distinct().order_by("table__number")
    return [{"number": number, "referee_id": planned.get(table_id)} for table_id, number in tables]
