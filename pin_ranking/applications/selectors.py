"""Applications for a Pin (Appendix 9, 7.1-7.3; the form of Appendix 10).

7.2 "选手申请品级认定时，须填写《智力竞技麻将选手品级认定申请表》…并按规定提供比赛组委会有资质裁判签署的比赛成绩证明"
-- the form fills its results rows from the player's ledger and the results certificates (7.2); the player
completes only the personal fields of 附件十 (性别 年龄 证件号码 联系方式) and accepts the pledge.
7.3 "品级委员会根据选手申请的品级，核对《申请表》和相关成绩证明，对照品级标准" -- the automatic check is made
here, against the ledger snapshot the application points at, and the committee decides (pin_ranking.committee).
"""

from django.core.exceptions import ValidationError
from django.db.models import Q
from django.utils.translation import gettext as _

from pin_ranking.access import may_read_player, sits_on
from pin_ranking.engine import Certifier, Track, standards_for
from pin_ranking.ledger.selectors import pin_register_get
from pin_ranking.models import (
    Application,
    Committee,
    Ledger,
    ResultCertificate,
)
from tournaments.errors import NotFound
from tournaments.models import Membership, Player, Role

TWELFTHS = 12


def may_file_for(user, player: Player, track: str | None = None) -> bool:
    """The player themself, or on their behalf a member of a committee whose scope holds the player (on `track`:
    a website's seat files Web Pin applications only, 3.5) or an organizer of a tournament the player entered
    (7.1 allows an application "以邮件方式或比赛后书面": an official may enter it for the player; the filing page
    shows the player's ledger, so no wider than that)."""
    if user is None or not user.is_authenticated:
        return False
    if player.user_id == user.pk:
        return True
    if may_read_player(user, player, track):
        return True
    return Membership.objects.filter(user=user, role=Role.ORGANIZER,
                                     tournament__registrations__player=player).exists()


def committee_for(*, track: str, pin: int, country: str, edition: str | None = None) -> Committee:
    """Whose queue takes the application: `Standards.certifier` of the register's edition (7.3-7.4).

    2014 (002, 7.3) gives Pin 4 and below to the player's member organization and names no fallback for a
    country without one; this system reads the world body's committee (6.1, which set up the member
    organizations' committees) as the one that certifies for such a player (docs/pin-ranking.md)."""
    certifier = standards_for(edition or pin_register_get().edition).certifier(Track(track), pin)
    if certifier == Certifier.MEMBER:
        committee = Committee.objects.filter(kind="member", country=country, retired_at__isnull=True).first() if (
            country) else None
        if committee is not None:
            return committee
        certifier = Certifier.WORLD
    committee = Committee.objects.filter(kind=certifier.value, retired_at__isnull=True).first()
    if committee is None:
        raise ValidationError({"pin": _("No committee certifies this Pin yet: ask the register to set it up.")})
    return committee


def missing_sentence(*, data: dict, track: str, pin: int, edition: str) -> str:
    """What the ledger still lacks for `pin`, measure by measure (4.5 三项标准应同时达到)."""
    standard = standards_for(edition).standard(Track(track), pin)
    # Ledger.data's statuses: [pin, points met, contest points met, placing met] (docs/pin-ranking.md).
    status = next((s for s in data.get("statuses", []) if s[0] == pin), None)
    points_met, contest_points_met, placing_met = status[1:4] if status else (False, False, False)
    parts = []
    if not points_met:
        if track == Track.PIN:
            short = standard.points * TWELFTHS - data.get("points", 0)
            parts.append(_("%(short)s more table points") % {"short": _points(short)})
        else:
            parts.append(_("%(short)d more web points") % {"short": standard.points - data.get("points", 0)})
    if standard.contest_points is not None and not contest_points_met:
        parts.append(_("%(short)d more contest points")
                     % {"short": standard.contest_points - data.get("contest_points", 0)})
    if standard.placing.required and not placing_met:
        parts.append(_("the placing (individual top %(top)d%(unit)s)") % {
            "top": standard.placing.individual_top,
            "unit": (_(", or a group or team placed %(unit)d or better") % {"unit": standard.placing.unit_top}
                     if standard.placing.unit_top else "")})
    return "; ".join(parts)


def _points(twelfths: int) -> str:
    whole, rest = divmod(twelfths, TWELFTHS)
    return str(whole) if not rest else f"{twelfths / TWELFTHS:.2f}".rstrip("0")


def application_form_rows(*, player: Player, data: dict) -> list[dict]:
    """本人在下述比赛中获得的成绩有: one row per counted competition with its certificate and verification."""
    certificates = {
        c.result.competition_id: c for c in ResultCertificate.objects.filter(
            result__player=player, superseded_at__isnull=True, result__superseded_at__isnull=True,
        ).select_related("result__competition")
    }
    rows = []
    for row in data.get("counted", []):
        certificate = certificates.get(row["competition"])
        competition = certificate.result.competition if certificate else None
        rows.append({
            "competition": row["competition"], "name": row["name"], "level": row["level"], "class": row["class"],
            "starts_on": competition.starts_on.isoformat() if competition else None,
            "place": competition.place if competition else "",
            "players": competition.players if competition else None,
            "sessions": competition.sessions if competition else None,
            "table_points": row["table_points"], "contest_points": row["contest_points"], "rank": row["rank"],
            "group_rank": row.get("group_rank"), "team_rank": row.get("team_rank"),
            "certificate": certificate.code if certificate else None,
            "certificate_signed": bool(certificate and certificate.is_signed),
        })
    return rows


def may_confirm(user, application: Application) -> bool:
    """Only the player themself confirms an application filed on their behalf (3.10.2 经本人申请)."""
    return bool(user and user.is_authenticated and application.player.user_id == user.pk)


def may_answer(user, application: Application) -> bool:
    """The applicant, or whoever filed the application on their behalf (7.1)."""
    return bool(user and user.is_authenticated
                and (application.player.user_id == user.pk or application.filed_by_id == user.pk))


def application_view(*, viewer, application_id: int) -> Application:
    """One application with its personal fields: the applicant (or whoever filed it) and the committee only;
    anyone else gets 404 (the form's 性别 年龄 证件号码 联系方式 are private)."""
    application = (Application.objects.select_related("player", "committee", "snapshot", "filed_by")
                   .filter(pk=application_id).first())
    if application is None or viewer is None or not viewer.is_authenticated:
        raise NotFound(_("No such page."))
    if may_answer(viewer, application):
        return application
    if sits_on(viewer, application.committee) and application.status != Application.Status.AWAITING_PLAYER:
        return application  # the committee sees it once the player has confirmed it (7.1)
    raise NotFound(_("No such page."))


def applications_for_user(*, user) -> list[Application]:
    """The applications a user may read with their personal fields as applicant: their own player's and
    those they filed on someone's behalf (7.1); newest first."""
    if user is None or not user.is_authenticated:
        return []
    return list(Application.objects.filter(Q(player__user=user) | Q(filed_by=user))
                .select_related("committee", "award").order_by("-signed_at", "-pk"))


def player_to_file_for(*, actor, player_id: int | None) -> Player:
    """The player an application is filed for: the actor's own (no id), or the one named if the actor may file
    on their behalf (7.1: a committee member, or an organizer of a tournament they entered); else 404."""
    player = (Player.objects.filter(user=actor).first() if player_id is None
              else Player.objects.filter(pk=player_id).first())
    if player is None or not may_file_for(actor, player):
        raise NotFound(_("No such page."))
    return player


def applications_of(*, player: Player) -> list[Application]:
    return list(Application.objects.filter(player=player).select_related("committee").order_by("-signed_at"))


def ledger_of(*, player: Player, track: str) -> Ledger | None:
    return Ledger.objects.filter(player=player, track=track).first()
