"""The committee's decisions on applications (Appendix 9, 7.3-7.4), and its seats."""


from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from pin_ranking.committee.selectors import held_pin, sits_on
from pin_ranking.models import (
    Application,
    ApplicationMessage,
    CommitteeSeat,
    PinAward,
)
from tournaments.audit import AuditAction, audit_record
from tournaments.errors import Conflict, NotFound

DECISIONS = ("approve", "reject", "more_info")


class DecisionConflict(Conflict):
    """Someone else decided this application first (or it changed since it was shown): a 409 with the
    application's current version, as every stale write here answers."""


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


@transaction.atomic
def committee_seat_grant(*, actor, committee, user):
    """Give `user` a seat on `committee` (an administrator, or a member of that committee, may)."""

    if actor is not None and not (actor.is_superuser or committee.seats.filter(user=actor).exists()):
        raise NotFound(_("No such page."))
    seat, created = CommitteeSeat.objects.get_or_create(committee=committee, user=user)
    if created:
        audit_record(actor=actor, action=AuditAction.PIN_COMMITTEE_SEAT_GRANTED, obj=seat,
                     detail={"user": user.get_username(), "committee": committee.name})
    return seat
