"""Every write to the tournament core: keyword-only, one transaction, one audit event each."""

import datetime as dt
import secrets

from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import events
from tournaments.audit import AuditAction, audit_record
from tournaments.core.selectors import reserves_by_team, results_pending, status_change_refusal, time_zone_cache_key
from tournaments.locks import lock_tournament
from tournaments.models import (
    MAX_SESSION_MINUTES,
    MIN_SESSIONS,
    Group,
    Hand,
    Membership,
    Player,
    Registration,
    Role,
    ScoreSheet,
    Session,
    Team,
    Tournament,
)

TOURNAMENT_FIELDS = (
    "name", "venue", "country", "starts_on", "ends_on", "rules", "rule_set", "scoring_mode", "planned_sessions",
    "session_minutes", "status",
    "deductions_count_for_ranking", "tiebreaks", "final_ranking", "time_zone", "team_reserves",
)


def _validate_tournament(*, starts_on: dt.date, ends_on: dt.date, planned_sessions: int, session_minutes: int):
    errors = {}
    if ends_on < starts_on:
        errors["ends_on"] = _("The last day cannot be before the first day.")
    if planned_sessions < MIN_SESSIONS:  # 3.5.4
        errors["planned_sessions"] = _("A competition has at least %(n)d sessions (rule 3.5.4).") % {"n": MIN_SESSIONS}
    if not 1 <= session_minutes <= MAX_SESSION_MINUTES:  # 3.5.6
        errors["session_minutes"] = _("A session lasts at most %(n)d minutes (rule 3.5.6).") % {
            "n": MAX_SESSION_MINUTES
        }
    if errors:
        raise ValidationError(errors)


@transaction.atomic
def tournament_create(
    *,
    actor,
    name: str,
    starts_on: dt.date,
    ends_on: dt.date,
    venue: str = "",
    rules: str = Tournament._meta.get_field("rules").default,
    rule_set: str = Tournament._meta.get_field("rule_set").default,
    scoring_mode: str = Tournament._meta.get_field("scoring_mode").default,
    planned_sessions: int = MIN_SESSIONS,
    session_minutes: int = MAX_SESSION_MINUTES,
    time_zone: str | None = None,
    country: str = "",
) -> Tournament:
    """Create a tournament with its sessions; the creator becomes its organizer.

    `country`: the host country or region, an ISO 3166-1 alpha-2 code (blank: not said).

    `time_zone`: the venue's IANA zone (default the server's TIME_ZONE); its pages show times in it.
    `rule_set`: "full" or "elementary" (the WMO elementary rules, scoring/READINGS.md E1-E9); `rules`:
    the reading of the rulebook (green_book / common_practice). Both are fixed once a hand is scored."""
    _validate_tournament(
        starts_on=starts_on, ends_on=ends_on, planned_sessions=planned_sessions, session_minutes=session_minutes
    )
    tournament = Tournament(
        name=name,
        venue=venue,
        country=country,
        starts_on=starts_on,
        ends_on=ends_on,
        rules=rules,
        rule_set=rule_set,
        scoring_mode=scoring_mode,
        planned_sessions=planned_sessions,
        session_minutes=session_minutes,
        **({"time_zone": time_zone} if time_zone else {}),
    )
    tournament.full_clean()
    tournament.save()
    cache.delete(time_zone_cache_key(tournament.pk))  # a reused id names no older tournament's zone
    Session.objects.bulk_create(Session(tournament=tournament, number=n) for n in range(1, planned_sessions + 1))
    if actor is not None and actor.is_authenticated:
        Membership.objects.create(user=actor, tournament=tournament, role=Role.ORGANIZER)
    audit_record(
        actor=actor,
        tournament=tournament,
        action=AuditAction.TOURNAMENT_CREATED,
        obj=tournament,
        detail={"name": name, "planned_sessions": planned_sessions, "rule_set": rule_set},
    )
    return tournament


def _check_team_reserves(tournament: Tournament) -> None:
    """A lower bound on a team's reserves cannot leave a team with more than it allows."""
    over = sorted((team, count) for team, count in reserves_by_team(tournament=tournament).items()
                  if count > tournament.team_reserves)
    if over:
        raise ValidationError({"team_reserves": _(
            "Team “%(team)s” has %(count)d reserves: make some of them players, or allow that many."
        ) % {"team": over[0][0], "count": over[0][1]}})


@transaction.atomic
def tournament_update(*, actor, tournament: Tournament, **changes) -> Tournament:
    """Change a tournament's details; the planned sessions follow `planned_sessions`.

    Sessions that have started are never removed: lowering the count below them is refused.
    """
    unknown = set(changes) - set(TOURNAMENT_FIELDS)
    if unknown:
        raise TypeError(f"unknown tournament fields: {sorted(unknown)}")
    tournament = lock_tournament(tournament.pk)
    before = {name: getattr(tournament, name) for name in changes}
    if "status" in changes:
        refusal = status_change_refusal(tournament=tournament, before=tournament.status, after=changes["status"])
        if refusal:
            raise ValidationError({"status": refusal})
    for name, value in changes.items():
        setattr(tournament, name, value)
    _validate_tournament(
        starts_on=tournament.starts_on,
        ends_on=tournament.ends_on,
        planned_sessions=tournament.planned_sessions,
        session_minutes=tournament.session_minutes,
    )
    tournament.full_clean()
    if "team_reserves" in changes:
        _check_team_reserves(tournament)
    _check_changes_under_way(tournament, {name for name, value in changes.items() if before[name] != value})
    _sessions_follow_plan(tournament)
    tournament.save()
    changed = {name: [str(before[name]), str(value)] for name, value in changes.items() if before[name] != value}
    status_changed = changed.pop("status", None)
    if changed or not status_changed:
        audit_record(
            actor=actor, tournament=tournament, action=AuditAction.TOURNAMENT_UPDATED, obj=tournament, detail=changed
        )
    if status_changed:
        _status_audit(actor=actor, tournament=tournament, before=status_changed[0], because="organizer")
    if "time_zone" in changed:  # the pages' zone (tournaments.middleware) follows now and once this commits
        cache.delete(time_zone_cache_key(tournament.pk))
        transaction.on_commit(lambda: cache.delete(time_zone_cache_key(tournament.pk)))
    if changed.keys() & {"deductions_count_for_ranking", "tiebreaks", "final_ranking"}:
        # These change places and order: the standings follow once this commits.
        events.standings_recompute_later(tournament_id=tournament.pk)
    return tournament


def _check_changes_under_way(tournament: Tournament, changed: set[str]) -> None:
    """Refuse edits that would rewrite play already under way."""

    problems = {}
    if "rules" in changed and Hand.objects.filter(sheet__session__tournament=tournament).exists():
        # Hands already scored under one profile; corrections and an export would use the other.
        problems["rules"] = _("Hands have been scored under these rules: they can no longer change.")
    if "rule_set" in changed and Hand.objects.filter(sheet__session__tournament=tournament).exists():
        # The fans, the minimum and the payments of the hands already scored follow the rule set.
        problems["rule_set"] = _(
            "Hands have been scored under this rule set: the full or elementary rules can no longer change. "
            "Start a new tournament for the other rules."
        )
    if "scoring_mode" in changed and Hand.objects.filter(sheet__session__tournament=tournament).exists():
        # 3.9.1.4 / 3.9.1.5: who counts a hand is settled before play; hands already scored one way
        # would be corrected the other way.
        problems["scoring_mode"] = _("Hands have been scored in this mode: the scoring mode can no longer change.")
    running = tournament.sessions.filter(status=Session.Status.RUNNING).exists()
    if "session_minutes" in changed and running:
        # 3.5.6: the running session's time-up is fixed when it starts.
        problems["session_minutes"] = _("A session is running: change its length after it ends.")
    if problems:
        raise ValidationError(problems)


# The status follows the day (issue 13; the rules are in core.selectors.status_change_refusal).


def _status_audit(*, actor, tournament: Tournament, before: str, because: str, **detail) -> None:
    audit_record(
        actor=actor, tournament=tournament, action=AuditAction.TOURNAMENT_STATUS_CHANGED, obj=tournament,
        detail={"before": before, "after": tournament.status, "because": because, **detail},
    )


def _status_set(*, actor, tournament: Tournament, status: str, because: str, **detail) -> None:
    before = tournament.status
    tournament.status = status
    tournament.save(update_fields=["status"])
    _status_audit(actor=actor, tournament=tournament, before=before, because=because, **detail)


@transaction.atomic
def tournament_publish(*, actor, tournament: Tournament) -> Tournament:
    """The organizer publishes a draft: its pages (standings, the players' QR pages) become public."""
    tournament = lock_tournament(tournament.pk)
    if tournament.status != Tournament.Status.DRAFT:
        raise ValidationError(_("The tournament is already published."))
    _status_set(actor=actor, tournament=tournament, status=Tournament.Status.PUBLISHED, because="organizer")
    return tournament


@transaction.atomic
def tournament_hide(*, actor, tournament: Tournament, hidden: bool) -> Tournament:
    """Hide a draft from the home page (a tournament abandoned before it started: a second try under the same
    name, say), or show it again. Only a draft that no session has started: a published tournament is what
    players look for. Not a deletion: the audit trail is append-only (its events keep the draft)."""
    tournament = lock_tournament(tournament.pk)
    if tournament.status != Tournament.Status.DRAFT or tournament.sessions.exclude(
            status=Session.Status.PLANNED).exists():
        raise ValidationError(_("Only a draft no session has started can be hidden from the home page."))
    if bool(tournament.hidden_at) == bool(hidden):
        raise ValidationError(_("The draft is already hidden.") if hidden else _("The draft is already shown."))
    tournament.hidden_at = timezone.now() if hidden else None
    tournament.save(update_fields=["hidden_at"])
    audit_record(actor=actor, tournament=tournament, action=AuditAction.TOURNAMENT_HIDDEN, obj=tournament,
                 detail={"hidden": bool(hidden)})
    return tournament


def tournament_status_follow_start(*, actor, tournament: Tournament, session: Session) -> None:
    """A session starts (inside session_start, which holds the tournament's lock): a draft is published
    first (its players' pages must open), then the tournament runs; each step is audited. A finished
    tournament whose organizer added a session runs again."""
    if tournament.status == Tournament.Status.DRAFT:
        _status_set(actor=actor, tournament=tournament, status=Tournament.Status.PUBLISHED, because="session_start",
                    session=session.number)
    if tournament.status != Tournament.Status.RUNNING:
        _status_set(actor=actor, tournament=tournament, status=Tournament.Status.RUNNING, because="session_start",
                    session=session.number)


@transaction.atomic
def tournament_finish_if_final(*, actor, tournament_id: int, now=None) -> list:
    """Finish a running tournament whose results are final; returns what is still pending (empty once
    finished). Final: every planned session ended, every score sheet signed, and nothing pending in the
    apps above the core (an appeal window open, 3.12.2; an appeal undecided, 3.12-3.13)."""
    tournament = lock_tournament(tournament_id)
    if tournament.status != Tournament.Status.RUNNING:
        return []
    pending = results_pending(tournament=tournament, now=now)
    if not pending:
        _status_set(actor=actor, tournament=tournament, status=Tournament.Status.FINISHED, because="results_final")
    return pending


def _sessions_follow_plan(tournament: Tournament) -> None:
    existing = set(tournament.sessions.values_list("number", flat=True))
    wanted = set(range(1, tournament.planned_sessions + 1))
    surplus = tournament.sessions.filter(number__in=existing - wanted)
    if surplus.exclude(status=Session.Status.PLANNED).exists():
        raise ValidationError(
            {"planned_sessions": _("Sessions that have started cannot be removed from the plan.")}
        )
    surplus.delete()
    Session.objects.bulk_create(Session(tournament=tournament, number=n) for n in sorted(wanted - existing))


@transaction.atomic
def membership_grant(*, actor, tournament: Tournament, user, role: str, team: Team | None = None) -> Membership:
    if role not in Role.values:
        raise ValidationError({"role": _("Unknown role.")})
    if (role == Role.TEAM_LEADER) != (team is not None):
        raise ValidationError({"team": _("A team leader needs a team; other roles take none.")})
    if team is not None and team.tournament_id != tournament.pk:
        raise ValidationError({"team": _("That team plays in another tournament.")})
    membership, created = Membership.objects.get_or_create(
        user=user, tournament=tournament, role=role, defaults={"team": team}
    )
    if not created:
        raise ValidationError({"role": _("%(user)s already has this role.") % {"user": user}})
    audit_record(
        actor=actor,
        tournament=tournament,
        action=AuditAction.MEMBERSHIP_GRANTED,
        obj=membership,
        detail={"user": user.get_username(), "role": role, "team": team.name if team else None},
    )
    return membership


@transaction.atomic
def membership_revoke(*, actor, membership: Membership) -> None:
    """Take a role away. A referee still holding score sheets in play (open, or closed and waiting
    for signatures) keeps the role until those tables are handed to another referee: otherwise
    the sheets would name a referee who may no longer write them."""
    # The tournament's row lock, which session_start and sheet_assign_referee take as well: neither
    # can hand this referee a table between the check below and the revocation. FOR NO KEY UPDATE,
    # so the hands being recorded meanwhile (their audit events refer to the tournament) go on.
    lock_tournament(membership.tournament_id, no_key=True)
    if (
        membership.role == Role.ORGANIZER
        and not Membership.objects.filter(tournament_id=membership.tournament_id, role=Role.ORGANIZER)
        .exclude(pk=membership.pk)
        .exists()
    ):
        # Without an organizer nobody could grant roles again but an administrator.
        raise ValidationError(
            _("%(user)s is the tournament's last organizer: make someone else organizer first.")
            % {"user": membership.user.get_username()}
        )
    if membership.role == Role.REFEREE:
        tables = sorted(
            set(
                ScoreSheet.objects.filter(
                    session__tournament_id=membership.tournament_id,
                    referee_id=membership.user_id,
                    status__in=[ScoreSheet.Status.OPEN, ScoreSheet.Status.CLOSED],
                ).values_list("table__number", flat=True)
            )
        )
        if tables:
            raise ValidationError(
                _(
                    "%(user)s still referees tables %(tables)s, whose score sheets are in play: hand the tables"
                    " over to another referee first, then remove the role."
                )
                % {"user": membership.user.get_username(), "tables": ", ".join(map(str, tables))}
            )
    audit_record(
        actor=actor,
        tournament=membership.tournament,
        action=AuditAction.MEMBERSHIP_REVOKED,
        obj=membership,
        detail={"user": membership.user.get_username(), "role": membership.role},
    )
    membership.delete()


@transaction.atomic
def player_link_user(*, actor, player: Player, user) -> Player:
    """Link a player to a user account, so the player sees their own seats and results."""
    if Player.objects.filter(user=user).exclude(pk=player.pk).exists():
        raise ValidationError({"user": _("This account is already linked to another player.")})
    player.user = user
    player.save(update_fields=["user"])
    audit_record(
        actor=actor, action=AuditAction.PLAYER_LINKED, obj=player,
        detail={"user": user.get_username(), "player": player.name},
    )
    return player


@transaction.atomic
def registration_update(
    *,
    actor,
    registration: Registration,
    name: str,
    name_local: str = "",
    country: str = "",
    federation_id: str = "",
    contact: str = "",
    team: Team | None = None,
    group: Group | None | str = "unchanged",
) -> Registration:
    """Edit a registration and its player's details (and their group, 团体, unless left "unchanged").

    The contact, team and group are this registration's own: its organizers may always change them.
    The name, local name, country and federation ID are the person's, shared by every tournament
    that registered the same federation ID: changed here only while no other tournament shares them
    (docs/privacy.md)."""
    if team is not None and team.tournament_id != registration.tournament_id:
        raise ValidationError({"team": _("That team plays in another tournament.")})
    player = registration.player
    shared = player.registrations.exclude(tournament_id=registration.tournament_id).exists()
    changes_person = (name, name_local, country, federation_id) != (
        player.name, player.name_local, player.country, player.federation_id
    )
    if shared and changes_person:
        # The Player is one person across tournaments: an organizer of one may not rewrite it.
        raise ValidationError(
            _(
                "This player also plays in other tournaments: their name, country and federation ID are shared"
                " and only an administrator can change them. The contact, team and group are this"
                " registration's own and can be changed."
            )
        )
    if federation_id and Player.objects.filter(federation_id=federation_id).exclude(pk=player.pk).exists():
        raise ValidationError({"federation_id": _("Another player has this federation ID.")})
    before = {"name": player.name, "team": registration.team.name if registration.team else None}
    # What the standings show of a player: their rows, team totals and the results files follow.
    shown_before = (player.name, player.name_local, player.country, registration.team_id)
    player.name, player.name_local, player.country = name, name_local, country
    player.federation_id = federation_id
    player.full_clean(exclude=["user"])
    player.save()
    registration.team, registration.contact = team, (contact or "").strip()
    registration.full_clean(exclude=["player", "tournament", "team", "group", "substitute"], validate_unique=False,
                            validate_constraints=False)
    registration.save(update_fields=["team", "contact"])
    # A leader who leaves their team leads it no more: the team has none until one is named.
    for old_team in Team.objects.select_for_update().filter(leader=registration).exclude(pk=registration.team_id):
        old_team.leader = None
        old_team.save(update_fields=["leader"])
        audit_record(
            actor=actor,
            tournament=registration.tournament,
            action=AuditAction.TEAM_LEADER_CLEARED,
            obj=old_team,
            detail={"team": old_team.name, "entry": registration.entry_number},
        )
    audit_record(
        actor=actor,
        tournament=registration.tournament,
        action=AuditAction.REGISTRATION_UPDATED,
        obj=registration,
        detail={"before": before, "after": {"name": name, "team": team.name if team else None},
                "entry": registration.entry_number},
    )
    if shown_before != (name, name_local, country, registration.team_id):
        events.standings_recompute_later(tournament_id=registration.tournament_id)
    if group != "unchanged":
        registration_group_set(actor=actor, registration=registration, group=group)
    return registration


def new_confirm_pin() -> str:
    """A 4-digit PIN with which a player confirms score sheets (Appendix 5 signatures)."""
    return f"{secrets.randbelow(10_000):04d}"


@transaction.atomic
def confirm_pins_issue(*, actor, tournament) -> int:
    """Give every registered player without one a random 4-digit confirmation PIN.

    Imports issue PINs as players register; a session start calls this for anyone added otherwise.
    """
    missing = list(tournament.registrations.filter(confirm_pin=""))
    if not missing:
        return 0
    for registration in missing:
        registration.confirm_pin = new_confirm_pin()
    Registration.objects.bulk_update(missing, ["confirm_pin"])
    audit_record(actor=actor, tournament=tournament, action=AuditAction.PINS_ISSUED, detail={"count": len(missing)})
    return len(missing)


# Groups (团体, 3.5.3): a delegation or a club, ranked beside the teams (Appendix 7, 团体总成绩).
GROUP_NAME_MAX = 200


def _group_name(tournament: Tournament, name: str, *, exclude: int | None = None) -> str:
    name = " ".join((name or "").split())
    if not name:
        raise ValidationError({"name": _("Give the group a name.")})
    if len(name) > GROUP_NAME_MAX:
        raise ValidationError({"name": _("A group's name has at most %(n)d characters.") % {"n": GROUP_NAME_MAX}})
    if tournament.groups.filter(name=name).exclude(pk=exclude).exists():
        raise ValidationError({"name": _("This tournament already has a group “%(name)s”.") % {"name": name}})
    return name


@transaction.atomic
def group_create(*, actor, tournament: Tournament, name: str) -> Group:
    name = _group_name(tournament, name)
    group = Group.objects.create(tournament=tournament, name=name)
    audit_record(actor=actor, tournament=tournament, action=AuditAction.GROUP_CREATED, obj=group,
                 detail={"group": name})
    return group


@transaction.atomic
def group_rename(*, actor, group: Group, name: str) -> Group:
    group = Group.objects.select_for_update().get(pk=group.pk)
    before = group.name
    group.name = _group_name(group.tournament, name, exclude=group.pk)
    if group.name == before:
        return group
    group.save(update_fields=["name"])
    audit_record(actor=actor, tournament=group.tournament, action=AuditAction.GROUP_RENAMED, obj=group,
                 detail={"group": group.name, "before": before})
    events.standings_recompute_later(tournament_id=group.tournament_id)
    return group


@transaction.atomic
def group_delete(*, actor, group: Group) -> None:
    """A group is deleted with its members taken out of it (they stay registered)."""
    group = Group.objects.select_for_update().get(pk=group.pk)
    members = list(group.members.values_list("entry_number", flat=True))
    group.members.update(group=None)
    audit_record(actor=actor, tournament=group.tournament, action=AuditAction.GROUP_DELETED, obj=group,
                 detail={"group": group.name, "members": sorted(members)})
    tournament_id = group.tournament_id
    group.delete()
    events.standings_recompute_later(tournament_id=tournament_id)


@transaction.atomic
def registration_group_set(*, actor, registration: Registration, group: Group | None) -> Registration:
    """Put a player in a group of their tournament, or take them out (group=None)."""
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    if group is not None and group.tournament_id != registration.tournament_id:
        raise ValidationError({"group": _("That group belongs to another tournament.")})
    new_id = group.pk if group is not None else None
    if registration.group_id == new_id:
        return registration
    registration.group = group
    registration.save(update_fields=["group"])
    audit_record(
        actor=actor, tournament=registration.tournament, action=AuditAction.REGISTRATION_GROUP_SET, obj=registration,
        detail={"entry": registration.entry_number, "group": group.name if group is not None else None},
    )
    events.standings_recompute_later(tournament_id=registration.tournament_id)
    return registration


@transaction.atomic
def group_members_add(*, actor, group: Group, entries: list[int]) -> list[int]:
    """Put the players with these entry numbers in the group (moving them from any other group)."""
    group = Group.objects.select_related("tournament").get(pk=group.pk)
    numbers = list(dict.fromkeys(entries))
    found = {r.entry_number: r for r in group.tournament.registrations.filter(entry_number__in=numbers)}
    unknown = [n for n in numbers if n not in found]
    if not numbers:
        raise ValidationError({"entries": _("Give the entry numbers of the players to add.")})
    if unknown:
        raise ValidationError(
            {"entries": _("Entries %(entries)s are not registered in this tournament.")
             % {"entries": ", ".join(map(str, unknown))}}
        )
    for number in numbers:
        registration_group_set(actor=actor, registration=found[number], group=group)
    return numbers
