"""The competition register (Appendix 9, 4.4): registered competitions, their frozen certified results and
the results certificates (7.2); the register's settings."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from pin_ranking.engine import CompetitionClass, Edition, Level, Track
from tournaments.models import Player, Tournament

EDITION_CHOICES = [(Edition.E2006.value, _("2006 (the world body certifies every Pin)")),
                   (Edition.E2014.value, _("2014 (member organizations certify Pin 4 and below)"))]
TRACK_CHOICES = [(Track.PIN.value, _("Pin")), (Track.WEB_PIN.value, _("Web Pin"))]
LEVEL_CHOICES = [
    (Level.WORLD.value, _("World")),
    (Level.INTERCONTINENTAL.value, _("Intercontinental")),
    (Level.CONTINENTAL.value, _("Continental")),
    (Level.NATIONAL.value, _("National")),
    (Level.INTERNATIONAL.value, _("Bilateral or multinational")),
    (Level.REGIONAL.value, _("Regional")),
    (Level.FRIENDLY.value, _("Friendly")),
    (Level.WEB.value, _("Web")),
]
CLASS_CHOICES = [(c.value, c.value) for c in CompetitionClass]


class PinRegister(models.Model):
    """The register's settings: one row (pk=1). Which edition's procedure applies (7.3-7.4: 2014 by
    default); `standards_version` is bumped whenever the standards change, and every ledger records
    the one it was computed under."""

    edition = models.CharField(_("edition"), max_length=4, choices=EDITION_CHOICES, default=Edition.E2014.value)
    standards_version = models.PositiveIntegerField(default=1)
    # 4.4 registration is the world body's act; where it delegates, a member organization registers
    # its own country's competitions below class A (pin_ranking.access.register_scope_problem).
    delegate_to_members = models.BooleanField(_("member organizations register their own country's competitions "
                                                "below class A"), default=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("Pin register")
        verbose_name_plural = _("Pin register")
        constraints = [
            models.CheckConstraint(condition=Q(pk=1), name="pin_register_single_row",
                violation_error_message=_("There is one Pin register.")),
            models.CheckConstraint(condition=Q(edition__in=[e.value for e in Edition]), name="pin_register_edition",
                violation_error_message=_("Choose the 2006 or the 2014 edition.")),
        ]

    def __str__(self):
        return f"Pin register ({self.edition})"


class Competition(models.Model):
    """A competition registered for the Pin (4.4 在世界麻将竞赛中心注册或授权认可 ... 有存档记录): a finished
    tournament of this system, or one run elsewhere (imported archive or results file). Registration
    freezes its results (CompetitionResult); unregistering keeps the row, dated, and its results stop counting."""

    class Source(models.TextChoices):
        TOURNAMENT = "tournament", _("A tournament run here")
        ARCHIVE = "archive", _("A tournament archive")
        RESULTS_FILE = "results_file", _("A results file")

    tournament = models.ForeignKey(Tournament, null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="pin_competitions")
    source = models.CharField(_("source"), max_length=16, choices=Source.choices)
    name = models.CharField(_("name"), max_length=200)
    place = models.CharField(_("place"), max_length=200, blank=True)
    # The host country or region: whose member organization may register it where the world body delegates.
    country = models.CharField(_("country or region"), max_length=64, blank=True)
    starts_on = models.DateField(_("first day"))
    ends_on = models.DateField(_("last day"))
    level = models.CharField(_("level"), max_length=16, choices=LEVEL_CHOICES)
    # 5: A, B or C from level, players and sessions (pin_ranking.engine.competition_class); a
    # competition that meets no class is refused, never registered.
    klass = models.CharField(_("class"), max_length=1, choices=CLASS_CHOICES)
    players = models.PositiveIntegerField(_("players"))
    # How many countries or regions took part, where known (metadata a ranking body weighs; no class of
    # Appendix 9, 5 depends on it).
    countries = models.PositiveSmallIntegerField(_("countries or regions"), null=True, blank=True)
    sessions = models.PositiveSmallIntegerField(_("sessions"))
    # The core's Tournament.standings_version whose standings were frozen (0 for a results file).
    standings_version = models.PositiveIntegerField(default=0)
    # The fingerprint of its results' content (pin_ranking.register.sameness.results_digest): the same results
    # never count twice, whatever file or route they come by (4.1 历次正式竞赛, each once).
    digest = models.CharField(max_length=64, blank=True)
    # None: registered by a management command (pin_register), audited as such.
    registered_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                      related_name="+")
    registered_at = models.DateTimeField(auto_now_add=True)
    unregistered_at = models.DateTimeField(null=True, blank=True)
    unregistered_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                        related_name="+")
    unregister_reason = models.CharField(_("reason"), max_length=300, blank=True)

    class Meta:
        ordering = ["-starts_on", "name"]
        verbose_name = _("registered competition")
        verbose_name_plural = _("registered competitions")
        constraints = [
            models.UniqueConstraint(fields=["tournament"], condition=Q(unregistered_at__isnull=True),
                name="pin_competition_registered_once",
                violation_error_message=_("This tournament is already registered for the Pin.")),
            models.UniqueConstraint(fields=["digest"], condition=Q(unregistered_at__isnull=True) & ~Q(digest=""),
                name="pin_competition_results_once",
                violation_error_message=_("These results are already registered.")),
            models.CheckConstraint(condition=Q(klass__in=["A", "B", "C"]), name="pin_competition_class",
                violation_error_message=_("A registered competition is of class A, B or C.")),
            models.CheckConstraint(condition=Q(level__in=[lv.value for lv in Level]), name="pin_competition_level",
                violation_error_message=_("Choose one of the levels of Appendix 9, 5.")),
            # 5.3.3: a web competition is class C.
            models.CheckConstraint(condition=~Q(level="web") | Q(klass="C"), name="pin_competition_web_is_c",
                violation_error_message=_("A web competition is of class C (Appendix 9, 5.3.3).")),
            models.CheckConstraint(condition=Q(ends_on__gte=models.F("starts_on")), name="pin_competition_dates",
                violation_error_message=_("The last day cannot come before the first day.")),
            models.CheckConstraint(condition=Q(tournament__isnull=False) | ~Q(source="tournament"),
                name="pin_competition_tournament_source",
                violation_error_message=_("A competition run here names its tournament.")),
        ]

    def __str__(self):
        return self.name

    @property
    def track(self) -> str:
        return Track.WEB_PIN.value if self.level == Level.WEB else Track.PIN.value

    @property
    def is_registered(self) -> bool:
        return self.unregistered_at is None


class CompetitionResult(models.Model):
    """One player's certified result in a registered competition, frozen at registration (4.1-4.3).

    A correction after registration (an upheld appeal that changes the standings) supersedes the row
    and adds a new one; the ledger counts only rows not superseded."""

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="results")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="pin_results")
    # As they stood in the competition's results (the player's row may change later).
    federation_id = models.CharField(_("federation ID"), max_length=64, blank=True)
    name = models.CharField(_("name"), max_length=200)
    country = models.CharField(_("country or region"), max_length=64, blank=True)
    # 3.10.1 shared rank (equal table and contest points share it).
    rank = models.PositiveIntegerField(_("individual rank"))
    table_points = models.IntegerField(_("table points (twelfths)"))
    contest_points = models.IntegerField(_("contest points"))  # the final total, may be negative (4.6 note 1)
    group_name = models.CharField(_("group"), max_length=200, blank=True)
    group_rank = models.PositiveIntegerField(_("group rank"), null=True, blank=True)
    team_name = models.CharField(_("team"), max_length=200, blank=True)
    team_rank = models.PositiveIntegerField(_("team rank"), null=True, blank=True)
    standings_version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    superseded_at = models.DateTimeField(null=True, blank=True)
    superseded_by = models.ForeignKey("self", null=True, blank=True, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["competition", "rank", "name"]
        verbose_name = _("certified result")
        verbose_name_plural = _("certified results")
        indexes = [models.Index(fields=["player"], name="pin_result_player",
                                condition=Q(superseded_at__isnull=True))]
        constraints = [
            models.UniqueConstraint(fields=["competition", "player"], condition=Q(superseded_at__isnull=True),
                name="pin_result_one_current",
                violation_error_message=_("This player already has a result in this competition.")),
            models.CheckConstraint(condition=Q(rank__gte=1), name="pin_result_rank_positive",
                violation_error_message=_("A rank is a whole number from 1.")),
            models.CheckConstraint(condition=Q(group_rank__isnull=True) | Q(group_rank__gte=1),
                name="pin_result_group_rank_positive",
                violation_error_message=_("A group rank is a whole number from 1.")),
            models.CheckConstraint(condition=Q(team_rank__isnull=True) | Q(team_rank__gte=1),
                name="pin_result_team_rank_positive",
                violation_error_message=_("A team rank is a whole number from 1.")),
            models.CheckConstraint(condition=Q(table_points__gte=0), name="pin_result_table_points_not_negative",
                violation_error_message=_("Table points are never negative.")),
        ]

    def __str__(self):
        return f"{self.name} @ {self.competition}"


class ResultCertificate(models.Model):
    """A results certificate (7.2 比赛组委会有资质裁判签署的比赛成绩证明) for one player and competition,
    signed in the system by the tournament's chief referee: who, when, which standings version. A
    verification code lets anyone check it on a public page; a correction marks it superseded."""

    result = models.OneToOneField(CompetitionResult, on_delete=models.PROTECT, related_name="certificate")
    code = models.CharField(_("verification code"), max_length=16, unique=True)
    standings_version = models.PositiveIntegerField(default=0)
    signed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                  related_name="+")
    signed_at = models.DateTimeField(null=True, blank=True)
    # The name as signed (an external competition's chief referee may have no account here).
    signer_name = models.CharField(_("signed by"), max_length=200, blank=True)
    # A competition run elsewhere: signed on paper by `signer_name`, entered here by this committee member.
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="+")
    entered_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    superseded_at = models.DateTimeField(null=True, blank=True)
    superseded_by = models.ForeignKey("self", null=True, blank=True, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("results certificate")
        verbose_name_plural = _("results certificates")
        constraints = [
            models.CheckConstraint(condition=Q(signed_at__isnull=True) | ~Q(signer_name=""),
                name="pin_certificate_signed_has_signer",
                violation_error_message=_("A signed certificate names who signed it.")),
            models.CheckConstraint(condition=Q(signed_by__isnull=True) | Q(signed_at__isnull=False),
                name="pin_certificate_signer_has_date",
                violation_error_message=_("A signed certificate has the date it was signed.")),
        ]

    def __str__(self):
        return self.code

    @property
    def is_signed(self) -> bool:
        return self.signed_at is not None

    @property
    def on_paper(self) -> bool:
        """Signed on paper elsewhere and entered here (a results file), not signed in this system."""
        return self.signed_by_id is None and self.signed_at is not None

    @property
    def is_current(self) -> bool:
        return self.superseded_at is None
