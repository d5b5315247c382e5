"""Sessions, tables and seats."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.core import Registration, Tournament


class Session(models.Model):
    """A session (局): four rounds of four hands, or fewer at time-up (3.4.4, 3.5.6)."""

    class Status(models.TextChoices):
        PLANNED = "planned", _("Planned")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="sessions")
    number = models.PositiveSmallIntegerField(_("number"))
    # The time announced to the players for this session; for information. Lateness (3.11.2.1
    # "宣布竞赛开始后") counts from `started_at`, the moment the session is started on the board.
    scheduled_start = models.DateTimeField(_("scheduled start"), null=True, blank=True)
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    ended_at = models.DateTimeField(_("ended at"), null=True, blank=True)
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.PLANNED)

    class Qualification(models.TextChoices):
        """Who plays the session (3.5.4 循环制、淘汰制、循环淘汰混合制): everyone, or only its qualifiers."""

        ALL = "all", _("Every player")
        TOP = "top", _("The top players by the standings")
        LIST = "list", _("Players chosen by the organizer")

    qualification = models.CharField(
        _("who plays"), max_length=8, choices=Qualification.choices, default=Qualification.ALL
    )
    # For TOP: how many (a multiple of four). The qualifiers themselves are stored when set, so a later
    # change to the standings cannot move the cut silently.
    qualifier_count = models.PositiveSmallIntegerField(_("number of qualifiers"), null=True, blank=True)
    qualifiers = models.ManyToManyField(Registration, blank=True, related_name="qualified_sessions")

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("session")
        verbose_name_plural = _("sessions")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="session_number_unique",
                violation_error_message=_("This tournament already has a session with this number.")),
            models.CheckConstraint(condition=Q(number__gte=1), name="session_number_positive",
                violation_error_message=_("Sessions are numbered from 1.")),
            models.CheckConstraint(
                condition=(Q(qualification="top") & Q(qualifier_count__gte=4))
                | (~Q(qualification="top") & Q(qualifier_count__isnull=True)),
                name="session_qualifier_count_iff_top",
                violation_error_message=_(
                    "Give the number of qualifiers (at least 4) only when the top players qualify."
                ),
            ),
        ]

    def __str__(self):
        return f"{self.tournament} #{self.number}"


class Table(models.Model):
    """A physical table; in each session four players sit at it (3.5.2)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("number"))

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="table_number_unique",
                violation_error_message=_("This tournament already has a table with this number.")),
            models.CheckConstraint(condition=Q(number__gte=1), name="table_number_positive",
                violation_error_message=_("Tables are numbered from 1.")),
        ]

    def __str__(self):
        return f"{self.tournament} T{self.number}"


SEAT_CHOICES = [(0, _("East")), (1, _("South")), (2, _("West")), (3, _("North"))]


class SeatAssignment(models.Model):
    """A player's table and starting seat in one session (the seat-rotation chart, Appendix 3)."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="seats")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField(_("starting seat"), choices=SEAT_CHOICES)
    registration = models.ForeignKey(Registration, on_delete=models.PROTECT, related_name="seats")

    class Meta:
        ordering = ["session", "table__number", "seat"]
        verbose_name = _("seat assignment")
        verbose_name_plural = _("seat assignments")
        constraints = [
            models.UniqueConstraint(fields=["session", "table", "seat"], name="seat_once_per_table",
                violation_error_message=_("This seat at this table is already taken in this session.")),
            models.UniqueConstraint(fields=["session", "registration"], name="player_once_per_session",
                violation_error_message=_("This player already has a seat in this session.")),
            models.CheckConstraint(condition=Q(seat__lte=3), name="seat_is_a_wind",
                violation_error_message=_("A seat is East, South, West or North.")),
        ]

    def __str__(self):
        return f"{self.session} T{self.table.number} {self.get_seat_display()}: {self.registration}"


class SessionCheckIn(models.Model):
    """A player signed in (检录, 3.5.7.1) for one session: "选手按竞赛规定时间，到指定地点报到、检录".

    One row per session and player; undoing a mistaken check-in deletes the row (the audit keeps it).
    Lateness (3.11.2.1) is `checked_in_at` minus the session's `started_at`.
    """

    class Method(models.TextChoices):
        STAFF = "staff", _("by the staff")
        PLAYER_PIN = "player_pin", _("by the player (table QR code and PIN)")

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="check_ins")
    registration = models.ForeignKey(Registration, on_delete=models.PROTECT, related_name="check_ins")
    checked_in_at = models.DateTimeField(_("checked in at"))
    checked_in_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    method = models.CharField(_("how"), max_length=16, choices=Method.choices, default=Method.STAFF)

    class Meta:
        ordering = ["session", "registration__entry_number"]
        verbose_name = _("check-in")
        verbose_name_plural = _("check-ins")
        constraints = [
            models.UniqueConstraint(fields=["session", "registration"], name="check_in_once_per_session",
                violation_error_message=_("This player has already checked in for this session.")),
            models.CheckConstraint(condition=Q(method__in=["staff", "player_pin"]), name="check_in_method_known",
                violation_error_message=_("Check-in is by staff or by the player's PIN.")),
            # A player's own check-in has no staff member behind it; a staff check-in names one
            # (null only once that user is deleted).
            models.CheckConstraint(
                condition=~Q(method="player_pin") | Q(checked_in_by__isnull=True), name="check_in_by_player_no_user",
                violation_error_message=_("A check-in with the player's PIN names no staff member.")
            ),
        ]

    def __str__(self):
        return f"{self.session} {self.registration} {self.checked_in_at:%H:%M}"


class PlannedReferee(models.Model):
    """Before a session starts, the referee planned for one of its tables: `session_start` gives them
    that table's score sheet (if they still hold the role); tables with no plan get the referees in turn."""

    session = models.ForeignKey("tournaments.Session", on_delete=models.CASCADE, related_name="planned_referees")
    table = models.ForeignKey("tournaments.Table", on_delete=models.CASCADE, related_name="+")
    referee = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")

    class Meta:
        verbose_name = _("planned referee")
        verbose_name_plural = _("planned referees")
        constraints = [
            models.UniqueConstraint(
                fields=["session", "table"], name="planned_referee_one_per_table",
                violation_error_message=_("A table has one referee planned for the session."),
            )
        ]

    def __str__(self):
        return f"{self.session} T{self.table_id}: {self.referee}"
