"""The tournament core: who plays, in which sessions, at which tables, and who runs it.

Seat assignments, score sheets, penalties, appeals and Pin applications live in the apps built
on top of this one; they point at these models, never the reverse.
"""

import functools
import zoneinfo

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from scoring.rule_sets import Reading, RuleSet

# 3.5.4: each competition has at least six sessions.
MIN_SESSIONS = 6


# 3.5.6: a session lasts at most 150 minutes.
MAX_SESSION_MINUTES = 150

# A bound on a regulation the rules do not make (Tournament.team_reserves): a team of four with more reserves
# than this is a typing mistake.
MAX_TEAM_RESERVES = 20


class Tiebreak(models.TextChoices):
    FIRSTS = "firsts", _("Most first places")
    SECONDS = "seconds", _("Most second places")
    THIRDS = "thirds", _("Most third places")
    BEST_SESSION = "best_session", _("Best session score")


def default_tiebreaks() -> list[str]:
    """None: 3.10.1 ranks by table points then contest points, and players equal on both share the
    rank. Further tie-breaks are an organizer's regulation, not the rules'."""
    return []


class FinalRanking(models.TextChoices):
    """How the final standings of an elimination or mixed competition (3.5.4) are ordered.

    The rules name the formats (循环制、淘汰制、循环淘汰混合制) but not how the final standings of a
    cut are ordered: that is the organizer's regulation. The default is the plain cumulative
    standings of 3.10.1.
    """

    CUMULATIVE = "cumulative", _("Everyone by cumulative totals")
    FINALISTS_FIRST = "finalists_first", _("Finalists by final-stage totals, then the rest by cumulative totals")


class ScoringMode(models.TextChoices):
    """Who counts a winning hand (3.9.1.4, 3.9.1.5; docs/scoring-modes.md)."""

    # 3.7.1 "或电子计分", 3.9.1.5: an approved scoring device counts; the engine's count governs.
    ELECTRONIC = "electronic", _("Electronic scoring (the engine's count)")
    # 3.9.1.4 "自报、公认": the winner's declared fans, checked against the tiles; nothing added.
    DECLARED = "declared", _("Declared scoring (the fans the winner declares)")


def validate_iso_country(value: str) -> None:
    """A host country is an ISO 3166-1 alpha-2 code (tournaments.countries), or blank."""
    from tournaments.countries import ISO_3166_1

    if value and value not in ISO_3166_1:
        raise ValidationError(_("Choose the country or region from the list (an ISO 3166-1 code such as JP)."),
                              code="country")


def default_time_zone() -> str:
    """The server's TIME_ZONE (settings), the zone every tournament showed its times in before 0011."""
    return settings.TIME_ZONE


@functools.cache
def _known_time_zones() -> frozenset[str]:
    """zoneinfo.available_timezones() walks the tz database on disk (~0.1 s) on every call: once per
    process is enough (a new tzdata package is seen after a restart, as a new Python would be)."""
    return frozenset(zoneinfo.available_timezones())


@functools.cache
def time_zone_names() -> tuple[str, ...]:
    """The IANA zones this server knows (zoneinfo), sorted."""
    return tuple(sorted(_known_time_zones()))


def validate_time_zone(value: str) -> None:
    if value not in _known_time_zones():
        raise ValidationError(
            _("%(value)s is not a time zone this server knows: choose one such as Asia/Shanghai or Europe/Paris."),
            params={"value": value}, code="unknown_time_zone",
        )


class Tournament(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        PUBLISHED = "published", _("Published")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    name = models.CharField(_("name"), max_length=200)
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    # The host country or region, an ISO 3166-1 alpha-2 code chosen from a list (blank: not said). A ranking
    # body reads it: the Pin register takes a competition's host country from here, never a typed word.
    country = models.CharField(_("host country or region"), max_length=2, blank=True,
                               validators=[validate_iso_country])
    starts_on = models.DateField(_("first day"))
    ends_on = models.DateField(_("last day"))
    # The reading of the rulebook (the engine's profile); named "rules" before rule sets existed.
    rules = models.CharField(_("reading"), max_length=32, choices=Reading.choices, default=Reading.GREEN_BOOK)
    # Full or elementary rules (scoring/READINGS.md E1-E9): the fans, the minimum and the base.
    rule_set = models.CharField(_("rule set"), max_length=16, choices=RuleSet.choices, default=RuleSet.FULL)
    scoring_mode = models.CharField(
        _("scoring mode"), max_length=16, choices=ScoringMode.choices, default=ScoringMode.ELECTRONIC
    )
    planned_sessions = models.PositiveSmallIntegerField(_("planned sessions"), default=MIN_SESSIONS)
    session_minutes = models.PositiveSmallIntegerField(_("minutes per session"), default=MAX_SESSION_MINUTES)
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.DRAFT)
    # 3.10.1 ranks by total table points, then total contest points; players equal on both share
    # the rank. These further tie-breaks, in order, are the organizer's regulation (none by default);
    # the standings and the results sheet say so when there are any.
    tiebreaks = models.JSONField(_("tie-breaks"), default=default_tiebreaks, blank=True)
    # 3.5.4: how a competition with a cut (a session seating only its qualifiers) is finally ranked.
    final_ranking = models.CharField(
        _("final ranking"), max_length=32, choices=FinalRanking.choices, default=FinalRanking.CUMULATIVE,
        help_text=_(
            "Rule 3.5.4: for a competition whose later sessions seat only their qualifiers (elimination or mixed), "
            "your regulation's order of the final standings."
        ),
    )
    # 3.11.2.2 deductions are given to nobody and taken "在每盘积分中扣除", from the hand's score,
    # which 3.9.2.2 ranks by: they move the place (default). "No" is an organizer's regulation.
    deductions_count_for_ranking = models.BooleanField(_("deductions count for the table ranking"), default=True)
    # The rulebook is silent on reserves (3.5.2 asks only for four players at each table): how many reserves
    # (not seated) a team may bring is the organizer's regulation. A reserve of no team is the tournament's own.
    team_reserves = models.PositiveSmallIntegerField(
        _("reserves a team may bring"), default=0, validators=[MaxValueValidator(MAX_TEAM_RESERVES)],
        help_text=_("Players of a team who are registered but not seated: one takes a player's seats when the "
                    "player withdraws or is disqualified."),
    )
    # The zone of the venue's clocks (IANA name): the tournament's pages and prints show times in it
    # (tournaments.middleware). Stored instants stay UTC; a change moves no session.
    time_zone = models.CharField(
        _("time zone"), max_length=64, default=default_time_zone, validators=[validate_time_zone],
        help_text=_("The venue's time zone: session start times are shown and entered in it."),
    )
    # A draft abandoned before it started, hidden from the home page (tournament_hide). Not deleted: the audit
    # trail is append-only, and its events keep the tournament they name.
    hidden_at = models.DateTimeField(_("hidden from the home page at"), null=True, blank=True)
    # Bumped by every standings recompute; pages use it as their ETag.
    standings_version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts_on", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(
                condition=Q(planned_sessions__gte=MIN_SESSIONS), name="tournament_min_sessions_3_5_4",
                violation_error_message=_("A tournament has at least 6 sessions (3.5.4).")
            ),
            models.CheckConstraint(
                condition=Q(session_minutes__gte=1, session_minutes__lte=MAX_SESSION_MINUTES),
                name="tournament_session_minutes_3_5_6",
                violation_error_message=_("A session lasts from 1 to 150 minutes (3.5.6)."),
            ),
            models.CheckConstraint(condition=Q(ends_on__gte=models.F("starts_on")), name="tournament_dates_ordered",
                violation_error_message=_("The last day cannot come before the first day.")),
            models.CheckConstraint(
                condition=Q(scoring_mode__in=["electronic", "declared"]), name="tournament_scoring_mode_valid",
                violation_error_message=_("Choose electronic or declared scoring.")
            ),
            models.CheckConstraint(
                condition=Q(rule_set__in=["full", "elementary"]), name="tournament_rule_set_valid",
                violation_error_message=_("Choose the full or the elementary rules.")
            ),
        ]

    def __str__(self):
        return self.name

    @property
    def is_public(self) -> bool:
        """Draft tournaments are visible to their staff only."""
        return self.status != self.Status.DRAFT


ISSUER_SEPARATOR = ":"


def qualified_federation_id(issuer: str, number: str) -> str:
    """A federation ID with its issuer, ISSUER:NUMBER (EMA:04160001, CMA:1001, WMO:88): two federations'
    "1001" are two people. The issuer is written in capitals; an ID already qualified by it is kept, and an
    ID given without an issuer stays as it is (the issuer unknown)."""
    issuer, number = (issuer or "").strip().upper(), (number or "").strip()
    if not issuer or not number:
        return number
    if number.upper().startswith(issuer + ISSUER_SEPARATOR):  # already qualified ("ema:1" is EMA:1)
        number = number[len(issuer) + len(ISSUER_SEPARATOR):]
    return f"{issuer}{ISSUER_SEPARATOR}{number}"


class Player(models.Model):
    """A person who plays; the same player can enter many tournaments (the Pin record follows them).

    `federation_id` may carry its issuer (`qualified_federation_id`: EMA:04160001); `federation_issuer`
    reads it back ("" when the ID was given without one)."""

    name = models.CharField(_("name"), max_length=200)
    name_local = models.CharField(_("name in own script"), max_length=200, blank=True)
    country = models.CharField(_("country or region"), max_length=64, blank=True)
    federation_id = models.CharField(_("federation ID"), max_length=64, blank=True)
    # No personal data here: a Player is shared by every tournament that registers the same federation
    # ID, so contact details live on the Registration that supplied them (docs/privacy.md).
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user account"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="player",
    )

    class Meta:
        ordering = ["name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(
                fields=["federation_id"], condition=~Q(federation_id=""), name="player_federation_id_unique",
                violation_error_message=_("Another player already has this federation ID.")
            ),
        ]

    def __str__(self):
        return self.name

    @property
    def federation_issuer(self) -> str:
        issuer, separator, _number = self.federation_id.partition(ISSUER_SEPARATOR)
        return issuer if separator else ""


class Team(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("name"), max_length=200)
    country = models.CharField(_("country or region"), max_length=64, blank=True)
    leader = models.ForeignKey(
        "Registration",
        verbose_name=_("team leader"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        ordering = ["name"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [models.UniqueConstraint(fields=["tournament", "name"], name="team_name_unique",
                violation_error_message=_("This tournament already has a team of this name."))]

    def __str__(self):
        return self.name


class Group(models.Model):
    """A group (团体, 3.5.3): a delegation or a club. A player belongs to at most one group and at
    most one team (参赛队); group standings sit beside team standings (Appendix 7, 团体总成绩)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="groups")
    name = models.CharField(_("name"), max_length=200)

    class Meta:
        ordering = ["name"]
        verbose_name = _("group")
        verbose_name_plural = _("groups")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="group_name_unique",
                violation_error_message=_("This tournament already has a group of this name.")),
            # The target of registration_group_same_tournament (migration 0009_ranking_groups_qualifiers): a
            # registration's group is one of its own tournament's.
            models.UniqueConstraint(fields=["tournament", "id"], name="group_tournament_id_unique",
                violation_error_message=_("This group belongs to another tournament.")),
            models.CheckConstraint(condition=~Q(name=""), name="group_name_not_empty",
                violation_error_message=_("Give the group a name.")),
        ]

    def __str__(self):
        return self.name


# The entry_number column is a 32-bit integer (PostgreSQL `integer`): imports refuse larger numbers.
MAX_ENTRY_NUMBER = 2**31 - 1


class Registration(models.Model):
    """A player's entry in one tournament, under their entry number (参赛号)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="registrations")
    entry_number = models.PositiveIntegerField(_("entry number"))
    team = models.ForeignKey(
        Team, verbose_name=_("team"), null=True, blank=True, on_delete=models.PROTECT, related_name="members"
    )
    # 3.5.3 团体: the player's group, if any (of the same tournament: a database constraint).
    group = models.ForeignKey(
        Group, verbose_name=_("group"), null=True, blank=True, on_delete=models.PROTECT, related_name="members"
    )
    # Check-in (检录, 3.5.7.1) is per session: tournaments.models.sessions.SessionCheckIn.
    # A short PIN with which the player confirms score sheets on the referee's tablet. It is
    # printed on the player's schedule card (so kept readable) and shown on their phone page.
    confirm_pin = models.CharField(_("confirmation PIN"), max_length=8, blank=True)
    # Personal data (phone, e-mail) belongs to the registration that supplied it: seen by this
    # tournament's organizers and the player, never by another tournament that shares the Player
    # through a federation ID (docs/privacy.md).
    contact = models.CharField(_("contact"), max_length=200, blank=True)
    # Wrong PINs typed against the current PIN, on any tablet or phone (tournaments/pins.py): at
    # PIN_MAX_FAILURES it stops working until re-issued, which sets this back to 0.
    pin_failures = models.PositiveSmallIntegerField(default=0)
    # A withdrawal (退出, the player's own choice; no penalty, roster.services): the player holds
    # no seat in a session not yet started and keeps the results of the sessions played, ranked by them
    # (3.10.1 ranks by the sum over the competition's sessions; only 3.11.5 strikes a name).
    withdrawn_at = models.DateTimeField(_("withdrawn at"), null=True, blank=True)
    withdrawal_reason = models.CharField(_("reason for withdrawal"), max_length=300, blank=True)
    # Who took this player's seats when they left (registration_substitute), if anyone.
    substitute = models.ForeignKey(
        "self", verbose_name=_("substitute"), null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    # A reserve (替补, not seated): registered, on no session's chart, until they take the seats of a player
    # who leaves (a withdrawal's or a 停赛's substitute), which makes them a player. The rules never mention
    # reserves (3.5.2 asks only for four players at each table); Tournament.team_reserves bounds a team's.
    reserve = models.BooleanField(_("reserve (not seated)"), default=False)
    # A late entry's first session: the sessions before it were drawn (or played) without them, and
    # need no seat for them. Empty: from the first session.
    seated_from = models.PositiveSmallIntegerField(_("seated from session"), null=True, blank=True)

    class Meta:
        ordering = ["entry_number"]
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "entry_number"], name="registration_entry_unique",
                violation_error_message=_("This entry number is already taken in this tournament.")),
            models.UniqueConstraint(fields=["tournament", "player"], name="registration_player_unique",
                violation_error_message=_("This player is already registered in this tournament.")),
            models.CheckConstraint(condition=Q(entry_number__gte=1), name="registration_entry_positive",
                violation_error_message=_("The entry number is a whole number from 1.")),
            # Only a player who has left has a substitute, never themselves.
            models.CheckConstraint(
                condition=Q(substitute__isnull=True) | (Q(withdrawn_at__isnull=False) & ~Q(substitute=models.F("id"))),
                name="registration_substitute_only_withdrawn",
                violation_error_message=_("Only a player who has withdrawn has a substitute, and never themselves."),
            ),
            # A reserve never held seats, so nobody took them.
            models.CheckConstraint(
                condition=Q(reserve=False) | Q(substitute__isnull=True), name="registration_reserve_no_substitute",
                violation_error_message=_("A reserve holds no seats, so no substitute took them."),
            ),
        ]

    def __str__(self):
        return f"{self.entry_number} {self.player}"


class Role(models.TextChoices):
    ORGANIZER = "organizer", _("Organizer")
    CHIEF_REFEREE = "chief_referee", _("Chief referee")
    REFEREE = "referee", _("Referee")
    ARBITRATOR = "arbitrator", _("Arbitration committee member")
    TEAM_LEADER = "team_leader", _("Team leader")


class Membership(models.Model):
    """A user's role in one tournament; what each role may do is decided in `tournaments.access`."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(_("role"), max_length=32, choices=Role.choices)
    team = models.ForeignKey(Team, null=True, blank=True, on_delete=models.CASCADE, related_name="leaders")

    class Meta:
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [
            models.UniqueConstraint(fields=["user", "tournament", "role"], name="membership_role_unique",
                violation_error_message=_("This person already holds this role in this tournament.")),
            # A team leader leads one team; no other role is tied to a team.
            models.CheckConstraint(
                condition=(Q(role=Role.TEAM_LEADER) & Q(team__isnull=False))
                | (~Q(role=Role.TEAM_LEADER) & Q(team__isnull=True)),
                name="membership_team_iff_team_leader",
                violation_error_message=_("A team leader leads one team; other roles have no team."),
            ),
        ]

    def __str__(self):
        return f"{self.user} {self.get_role_display()} @ {self.tournament}"


class AuditEvent(models.Model):
    """An append-only record of every write: who did what to which object, and when.

    On PostgreSQL a trigger (migration 0002) refuses UPDATE and DELETE of these rows.
    """

    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    tournament = models.ForeignKey(
        Tournament, null=True, blank=True, on_delete=models.PROTECT, related_name="audit_events"
    )
    action = models.CharField(max_length=64)
    object_type = models.CharField(max_length=64, blank=True)
    object_id = models.CharField(max_length=64, blank=True)
    detail = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("audit event")
        verbose_name_plural = _("audit events")
        indexes = [models.Index(fields=["tournament", "-created_at"])]

    def __str__(self):
        return f"{self.created_at:%Y-%m-%d %H:%M:%S} {self.action}"
