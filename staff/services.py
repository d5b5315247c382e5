"""Staff in the app: every write that gives, offers or takes away a role, and the accounts made for it.

An organizer grants a role (Role) either
- by an invitation link (`invitation_create`): single-use, expiring, tied to one tournament and
  one role (and team, for a team leader). Venues often have no mail server: the link is shown to
  the organizer to copy, and mailed as well when Django's e-mail is configured;
- or by creating an account with a one-time password shown once (`staff_account_create`): its
  user must choose their own password at first login (`account_password_set`).
Roles are taken away through `tournaments.core.services.membership_revoke`.
"""

import datetime as dt
import re
import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from staff.models import PasswordChangeDue, StaffInvitation
from staff.selectors import invitation_problem, one_time_password_problem, token_hash
from tournaments.audit import AuditAction, audit_record
from tournaments.core.services import membership_grant, player_link_user
from tournaments.errors import NotFound
from tournaments.locks import lock_session
from tournaments.models import Membership, PlannedReferee, Role, Session, Team, Tournament

# How long an invitation link stays valid unless the settings say otherwise.
INVITATION_DAYS = 7
# One-time passwords: no 0/O, 1/l/I, easy to read aloud and type on a phone.
_PASSWORD_ALPHABET = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"
_USERNAME = re.compile(r"^[\w.@+-]{1,150}$")


def one_time_password() -> str:
    return "".join(secrets.choice(_PASSWORD_ALPHABET) for _ in range(12))


def mail_configured() -> bool:
    """Django's e-mail is configured: a backend other than SMTP (the console, files, tests), or an
    SMTP host other than Django's default localhost."""
    backend = getattr(settings, "EMAIL_BACKEND", "")
    return not backend.endswith("smtp.EmailBackend") or getattr(settings, "EMAIL_HOST", "localhost") != "localhost"


def _check_role(tournament: Tournament, role: str, team: Team | None) -> None:
    if role not in Role.values:
        raise ValidationError({"role": _("Unknown role.")})
    if role == Role.TEAM_LEADER and team is None:
        raise ValidationError({"team": _("Choose the team this team leader leads.")})
    if role != Role.TEAM_LEADER and team is not None:
        raise ValidationError({"team": _("Only a team leader is given a team.")})
    if team is not None and team.tournament_id != tournament.pk:
        raise ValidationError({"team": _("That team plays in another tournament.")})


def _detail(role: str, team: Team | None, **more) -> dict:
    return {"role": role, "team": team.name if team else None, **more}


@transaction.atomic
def invitation_create(
    *, actor, tournament: Tournament, role: str, team: Team | None = None, email: str = "", link_for=None
) -> tuple[StaffInvitation, str]:
    """An invitation to `role`; returns it and its token (the link's last part, never stored).

    `link_for(token)` builds the absolute link for the e-mail (the view knows the host).
    """
    _check_role(tournament, role, team)
    email = (email or "").strip()
    token = secrets.token_urlsafe(32)
    days = getattr(settings, "STAFF_INVITATION_DAYS", INVITATION_DAYS)
    invitation = StaffInvitation(
        tournament=tournament, role=role, team=team, email=email, token_hash=token_hash(token),
        created_by=actor if actor is not None and actor.is_authenticated else None,
        expires_at=timezone.now() + dt.timedelta(days=days),
    )
    invitation.full_clean()
    invitation.save()
    audit_record(
        actor=actor, tournament=tournament, action=AuditAction.MEMBERSHIP_INVITED, obj=invitation,
        detail=_detail(role, team, email=email),
    )
    if email and mail_configured() and link_for is not None:
        link, subject = link_for(token), _("Your invitation to %(tournament)s") % {"tournament": tournament.name}
        body = _(
            "You are invited to %(tournament)s as %(role)s.\n\nOpen this link to accept (it works once, until"
            " %(expires)s):\n%(link)s\n"
        ) % {
            "tournament": tournament.name, "role": invitation.get_role_display(), "link": link,
            "expires": timezone.localtime(invitation.expires_at).strftime("%Y-%m-%d %H:%M"),
        }
        # After the commit, and a failing mail server does not undo the invitation: the organizer
        # has the link on screen.
        transaction.on_commit(lambda: send_mail(subject, body, None, [email], fail_silently=True))
    return invitation, token


def _usable_invitation(*, tournament: Tournament, token: str) -> StaffInvitation:
    """The invitation of `token` for this tournament, locked; refused when used, cancelled or expired."""
    invitation = (
        StaffInvitation.objects.select_for_update()
        .filter(token_hash=token_hash(token or ""), tournament=tournament)
        .first()
    )
    problem = invitation_problem(invitation)
    if problem:
        raise ValidationError(problem)
    return invitation


@transaction.atomic
def invitation_accept(*, user, tournament: Tournament, token: str) -> Membership:
    """`user` takes the invited role; the link is then used up."""
    invitation = _usable_invitation(tournament=tournament, token=token)
    membership = membership_grant(
        actor=user, tournament=tournament, user=user, role=invitation.role, team=invitation.team
    )
    invitation.used_at, invitation.used_by = timezone.now(), user
    invitation.save(update_fields=["used_at", "used_by"])
    audit_record(
        actor=user, tournament=tournament, action=AuditAction.MEMBERSHIP_INVITATION_ACCEPTED, obj=invitation,
        detail=_detail(invitation.role, invitation.team, user=user.get_username()),
    )
    return membership


def _new_user(*, username: str, password: str, email: str = "", validate: bool = True):
    username = (username or "").strip()
    if not _USERNAME.match(username):
        raise ValidationError({"username": _("A username has letters, digits and @ . + - _ only, at most 150.")})
    User = get_user_model()
    if User.objects.filter(**{f"{User.USERNAME_FIELD}__iexact": username}).exists():
        raise ValidationError({"username": _("The username %(name)s is taken: choose another.") % {"name": username}})
    user = User(**{User.USERNAME_FIELD: username}, email=email or "")
    if validate:
        try:
            validate_password(password, user)
        except ValidationError as error:
            raise ValidationError({"password1": error.messages}) from None
    user.set_password(password)
    user.save()
    return user


@transaction.atomic
def invitation_accept_new_account(*, tournament: Tournament, token: str, username: str, password: str):
    """Someone without an account opens the link: their account is made and takes the role."""
    invitation = _usable_invitation(tournament=tournament, token=token)
    user = _new_user(username=username, email=invitation.email, password=password)
    invitation_accept(user=user, tournament=tournament, token=token)
    return user


@transaction.atomic
def invitation_cancel(*, actor, invitation: StaffInvitation) -> None:
    invitation = StaffInvitation.objects.select_for_update().get(pk=invitation.pk)
    if invitation.used_at is not None:
        raise ValidationError(_("This invitation has been used: take the role away instead."))
    if invitation.cancelled_at is not None:
        return
    invitation.cancelled_at = timezone.now()
    invitation.save(update_fields=["cancelled_at"])
    audit_record(
        actor=actor, tournament=invitation.tournament, action=AuditAction.MEMBERSHIP_INVITATION_CANCELLED,
        obj=invitation, detail=_detail(invitation.role, invitation.team),
    )


def _otp_expiry():
    return timezone.now() + dt.timedelta(hours=settings.STAFF_OTP_HOURS)


def _account_with_one_time_password(*, actor, tournament, username, email, role, team):
    password = one_time_password()
    # Random, so Django's validators have nothing to add; hashed once (a roster of 30 leaders).
    user = _new_user(username=username, email=email, password=password, validate=False)
    PasswordChangeDue.objects.create(user=user, tournament=tournament, expires_at=_otp_expiry())
    audit_record(
        actor=actor, tournament=tournament, action=AuditAction.MEMBERSHIP_ACCOUNT_CREATED, obj=user,
        detail=_detail(role, team, user=user.get_username()),
    )
    return user, password


@transaction.atomic
def staff_account_create(
    *, actor, tournament: Tournament, role: str, username: str, team: Team | None = None, email: str = ""
):
    """A new account holding `role`; returns it and its one-time password (shown once, not kept)."""
    _check_role(tournament, role, team)
    user, password = _account_with_one_time_password(
        actor=actor, tournament=tournament, username=username, email=email, role=role, team=team
    )
    membership_grant(actor=actor, tournament=tournament, user=user, role=role, team=team)
    return user, password


@transaction.atomic
def staff_grant_existing(*, actor, tournament: Tournament, role: str, username: str, team: Team | None = None):
    """Give `role` to an account that exists already, named by its username."""
    _check_role(tournament, role, team)
    User = get_user_model()
    user = User.objects.filter(**{f"{User.USERNAME_FIELD}__iexact": (username or "").strip()}).first()
    if user is None or not user.is_active:
        raise ValidationError({"username": _("There is no account %(name)s.") % {"name": username}})
    return membership_grant(actor=actor, tournament=tournament, user=user, role=role, team=team)


def _leader_username(registration) -> str:
    User = get_user_model()
    base = f"leader{registration.entry_number}-t{registration.tournament_id}"
    name, n = base, 1
    while User.objects.filter(**{f"{User.USERNAME_FIELD}__iexact": name}).exists():
        n += 1
        name = f"{base}-{n}"
    return name


@transaction.atomic
def team_leader_accounts_create(*, actor, tournament: Tournament) -> list[dict]:
    """An account for each team leader the roster names (Team.leader, the `leader` column) whose
    player has none; the account is linked to their player, so they lead their team (3.12.1:
    appeals for its players) and see their own seats. Returns, once, each new login and password."""
    created = []
    teams = (
        Team.objects.select_related("leader__player").filter(tournament=tournament, leader__isnull=False,
                                                             leader__player__user__isnull=True).order_by("name")
    )
    for team in teams:
        registration = team.leader
        user, password = _account_with_one_time_password(
            actor=actor, tournament=tournament, username=_leader_username(registration), email="",
            role=Role.TEAM_LEADER, team=team,
        )
        player_link_user(actor=actor, player=registration.player, user=user)
        # The role too, so the Staff page lists who leads which team (issue 29: "Team leader —") and an
        # organizer can take it away there.
        membership_grant(actor=actor, tournament=tournament, user=user, role=Role.TEAM_LEADER, team=team)
        created.append({"team": team, "registration": registration, "username": user.get_username(),
                        "password": password})
    return created


def one_time_password_spend(*, user) -> None:
    """A login with a one-time password uses it up (issue 28: single use). Refused when it has expired or was
    used already: the organizers give a new one on the Staff page. One statement: two logins at once, one wins.
    Called by the login inside its request; a user with no one-time password passes."""
    due = PasswordChangeDue.objects.filter(user=user).first()
    if due is None:
        return
    now = timezone.now()
    problem = one_time_password_problem(due, now=now)
    if not problem and not PasswordChangeDue.objects.filter(
            user=user, used_at__isnull=True).update(used_at=now):
        problem = one_time_password_problem(PasswordChangeDue.objects.get(user=user), now=now)
    if problem:
        raise ValidationError(problem, code="otp_refused")


@transaction.atomic
def one_time_password_renew(*, actor, tournament: Tournament, user) -> str:
    """The organizers give a staff account a new one-time password (the old one expired, was used and lost,
    or leaked): shown once, valid STAFF_OTP_HOURS, single use; the old password and the account's sessions
    stop working. Only for an account whose one-time password this tournament made."""
    due = PasswordChangeDue.objects.select_for_update().filter(user=user, tournament=tournament).first()
    if due is None:
        raise NotFound("No such one-time password.")
    password = one_time_password()
    user.set_password(password)
    user.save(update_fields=["password"])
    due.expires_at, due.used_at = _otp_expiry(), None
    due.save(update_fields=["expires_at", "used_at"])
    audit_record(actor=actor, tournament=tournament, action=AuditAction.MEMBERSHIP_OTP_RENEWED, obj=user,
                 detail={"user": user.get_username(), "expires_at": due.expires_at.isoformat()})
    return password


@transaction.atomic
def one_time_password_revoke(*, actor, tournament: Tournament, user) -> None:
    """The organizers withdraw an outstanding one-time password: it no longer logs in, and any session it
    opened ends (the password is made unusable). The account stays; renewing gives it a new one."""
    due = PasswordChangeDue.objects.select_for_update().filter(user=user, tournament=tournament).first()
    if due is None:
        raise NotFound("No such one-time password.")
    user.set_unusable_password()
    user.save(update_fields=["password"])
    due.expires_at = timezone.now()
    due.save(update_fields=["expires_at"])
    audit_record(actor=actor, tournament=tournament, action=AuditAction.MEMBERSHIP_OTP_REVOKED, obj=user,
                 detail={"user": user.get_username()})


@transaction.atomic
def account_password_set(*, user, password: str) -> None:
    """The user replaces their one-time password with their own."""
    validate_password(password, user)
    user.set_password(password)
    user.save(update_fields=["password"])
    PasswordChangeDue.objects.filter(user=user).delete()
    audit_record(actor=user, action=AuditAction.MEMBERSHIP_PASSWORD_SET, obj=user,
                 detail={"user": user.get_username()})


@transaction.atomic
def session_referees_plan(*, actor, session: Session, referees: dict) -> int:
    """Before a session starts, plan its tables' referees: `referees` maps table numbers (tables the
    session seats players at) to a referee of the tournament, or None to leave the table to the
    referees in turn. `session_start` gives each planned referee their table's score sheet. Returns
    the number of tables whose plan changed."""
    session = lock_session(session.pk)
    if session.status != Session.Status.PLANNED:
        raise ValidationError(
            _("Session %(n)s has started: hand its tables over instead.") % {"n": session.number}
        )
    tables = dict(session.seats.values_list("table__number", "table_id").distinct())
    unknown = sorted(set(referees) - set(tables))
    if unknown:
        raise ValidationError(
            _("Session %(n)s seats nobody at table %(tables)s.")
            % {"n": session.number, "tables": ", ".join(map(str, unknown))}
        )
    holders = set(
        Membership.objects.filter(tournament_id=session.tournament_id, role=Role.REFEREE).values_list(
            "user_id", flat=True
        )
    )
    strangers = sorted(str(user) for user in referees.values() if user is not None and user.pk not in holders)
    if strangers:
        raise ValidationError(
            _("%(user)s is not a referee of this tournament.") % {"user": ", ".join(strangers)}
        )
    current = dict(PlannedReferee.objects.filter(session=session).values_list("table_id", "referee_id"))
    changes = []
    for number in sorted(referees):
        table_id, user = tables[number], referees[number]
        wanted = user.pk if user is not None else None
        if current.get(table_id) == wanted:
            continue
        PlannedReferee.objects.filter(session=session, table_id=table_id).delete()
        if user is not None:
            PlannedReferee.objects.create(session=session, table_id=table_id, referee=user)
        changes.append([number, user.get_username() if user is not None else None])
    if changes:
        audit_record(
            actor=actor, tournament=session.tournament, action=AuditAction.SESSION_REFEREES_PLANNED, obj=session,
            detail={"session": session.number, "tables": changes},
        )
    return len(changes)
