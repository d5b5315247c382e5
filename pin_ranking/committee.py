"""The committee's decisions on applications (Appendix 9, 7.3-7.4).

7.3 "品级委员会根据选手申请的品级，核对《申请表》和相关成绩证明，对照品级标准，作出选手品级认定结果" -- a member
of the application's committee approves, rejects with a reason, or asks for more. 7.4 "选手品级认定申请获准后，
…向选手颁发证书，建立档案，通过世界麻将组织网站公布" -- approval issues a numbered Pin certificate and enters the
public register (PinAward). One decision per application: the row is locked (select_for_update) and the
version the member saw is checked, so of two members deciding at once one wins and the other is told.
"""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Min
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from pin_ranking.models import Application, ApplicationMessage, CommitteeSeat, PinAward
from tournaments.access import is_pin_committee
from tournaments.audit import AuditAction, audit_record
from tournaments.core.selectors import page_of
from tournaments.errors import Conflict, NotFound
from tournaments.extensions import PlayerBadge

DECISIONS = ("approve", "reject", "more_info")


class DecisionConflict(Conflict):
    """Someone else decided this application first (or it changed since it was shown): a 409 with the
    application's current version, as every stale write here answers."""


def sits_on(user, committee) -> bool:
    if user is None or not user.is_authenticated:
        return False
    return is_pin_committee(user) or CommitteeSeat.objects.filter(user=user, committee=committee).exists()


def held_pin(*, player, track: str) -> int | None:
    """The best Pin the register holds for the player (1 is highest); later results never lower it."""
    return PinAward.objects.filter(player=player, track=track).aggregate(best=Min("pin"))["best"]


def _number(application: Application) -> str:
    prefix = "WP" if application.track == "web_pin" else "P"
    year = timezone.now().year
    count = PinAward.objects.filter(number__startswith=f"{prefix}{year}-").count() + 1
    return f"{prefix}{year}-{count:05d}"


@transaction.atomic
def application_decide(*, actor, application_id: int, decision: str, version: int, reason: str = "") -> Application:
    """Approve, reject (with a reason) or ask for more. `version` is the one the member saw: a decision taken
    meanwhile by another member makes this one a conflict, never a second decision."""
    application = Application.objects.select_for_update().filter(pk=application_id).first()
    if application is None or not sits_on(actor, application.committee):
        raise NotFound(_("No such page."))
    if decision not in DECISIONS:
        raise ValidationError({"decision": _("Approve, reject or ask for more information.")})
    if application.version != version or not application.is_open:
        raise DecisionConflict(_("This application was decided by %(who)s meanwhile: reload it.")
                               % {"who": application.decided_by or _("another member")},
                               current_version=application.version)
    reason = (reason or "").strip()
    if decision in ("reject", "more_info") and not reason:
        raise ValidationError({"reason": _("Say why (the player reads it).")})
    award = None
    if decision == "approve":
        held = held_pin(player=application.player, track=application.track)
        if held is not None and held <= application.pin:
            raise ValidationError({"decision": _("The player already holds Pin %(pin)d: a Pin is never lowered.")
                                   % {"pin": held}})
        award = PinAward.objects.create(
            application=application, player=application.player, track=application.track, pin=application.pin,
            number=_number(application), name=application.name, country=application.country,
            committee=application.committee, awarded_on=timezone.localdate())
    application.status = {"approve": Application.Status.APPROVED, "reject": Application.Status.REJECTED,
                           "more_info": Application.Status.MORE_INFO}[decision]
    application.version += 1
    application.decided_by = actor
    application.decided_at = timezone.now()
    application.reason = reason
    application.save(update_fields=["status", "version", "decided_by", "decided_at", "reason"])
    if decision == "more_info":  # the exchange the player answers (applications.application_answer)
        ApplicationMessage.objects.create(application=application, kind=ApplicationMessage.Kind.ASKED, text=reason,
                                          author=actor)
    audit_record(actor=actor, action=AuditAction.PIN_APPLICATION_DECIDED, obj=application,
                 detail={"decision": decision, "pin": application.pin, "track": application.track,
                         "reason": reason, "number": award.number if award else None})
    return application


def committee_queue(*, user) -> list[Application]:
    """The open applications of the committees the user sits on (all of them for the pin_committee group)."""
    qs = (Application.objects.filter(status__in=("pending", "more_info"))
          .select_related("committee", "snapshot", "player").prefetch_related("messages"))
    if not is_pin_committee(user):
        qs = qs.filter(committee__seats__user=user)
    return list(qs.order_by("signed_at", "pk"))


def pin_register_public() -> list[PinAward]:
    """7.4 公布: holders, Pin, date, country -- nothing personal."""
    return list(PinAward.objects.only("name", "country", "track", "pin", "number", "awarded_on")
                .order_by("track", "pin", "awarded_on", "number"))


def pin_awards_of(*, player) -> list[PinAward]:
    """The Pin certificates a player holds (public, as the register), newest first."""
    return list(PinAward.objects.filter(player=player).select_related("committee").order_by("-awarded_on", "-pk"))


REGISTER_PAGE_SIZE = 100


def pin_register_page(*, track: str = "", pin: int | None = None, country: str = "", page: int = 1) -> dict:
    """One page of the public register (7.4 公布), filtered; public fields only. 404 past the last page."""
    awards = PinAward.objects.select_related("committee").order_by("track", "pin", "awarded_on", "number")
    if track:
        awards = awards.filter(track=track)
    if pin is not None:
        awards = awards.filter(pin=pin)
    if country:
        awards = awards.filter(country__iexact=country)
    return page_of(awards, page=page, size=REGISTER_PAGE_SIZE)


def pin_award_public(*, number: str) -> PinAward:
    """One entry of the public register by its certificate number (anyone may verify a Pin); else 404."""
    award = PinAward.objects.select_related("committee").filter(number=number).first()
    if award is None:
        raise NotFound(_("No such page."))
    return award


def pin_badges(player_ids: set[int]) -> dict[int, list[PlayerBadge]]:
    """The Pin beside a holder's name on the standings and player pages (the core asks through
    tournaments.extensions.player_badges): the highest Pin approved on each track, the Pin before the
    Web Pin (3.5: the tracks never mix). Only approved Pins, never eligibility; and a Pin is never
    lowered: an award stands whatever later results say (7.4 建立档案: the register keeps it; nothing in
    Appendix 9 takes a Pin away). One query."""
    best: dict[tuple[int, str], int] = {}
    for player_id, track, pin in PinAward.objects.filter(player_id__in=player_ids).order_by().values_list(
            "player_id", "track", "pin"):
        best[(player_id, track)] = min(pin, best.get((player_id, track), pin))
    url = reverse("pin_ranking:register")
    badges: dict[int, list[PlayerBadge]] = {}
    for (player_id, track), pin in sorted(best.items(), key=lambda item: (item[0][0], item[0][1] != "pin")):
        text = (_("Pin %(pin)s") if track == "pin" else _("Web Pin %(pin)s")) % {"pin": pin}
        badges.setdefault(player_id, []).append(PlayerBadge(text=text, title=_("Pin register"), url=url))
    return badges
