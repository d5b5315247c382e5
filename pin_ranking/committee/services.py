"""The committee's decisions on applications (Appendix 9, 7.3-7.4), and its seats."""

import re
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from pin_ranking.access import register_admin_group, register_admin_required, sits_on, world_body_required
from pin_ranking.applications.selectors import missing_sentence
from pin_ranking.applications.services import applications_reroute
from pin_ranking.committee.selectors import held_pin
from pin_ranking.engine import Certifier, Edition, Track, ledger, standards_for
from pin_ranking.ledger.selectors import pin_register_get, results_by_player
from pin_ranking.ledger.services import eligibility_recompute_later
from pin_ranking.models import (
    OPEN_STATUSES,
    Application,
    ApplicationMessage,
    Committee,
    CommitteeSeat,
    PinAward,
    PinRegister,
    ResultCertificate,
)
from tournaments.audit import AuditAction, audit_record
from tournaments.countries import iso_code
from tournaments.errors import Conflict, NotFound
from tournaments.models.core import ISSUER_SEPARATOR

DECISIONS = ("approve", "reject", "more_info")


class DecisionConflict(Conflict):
    """Someone else decided this application first (or it changed since it was shown): a 409 with the
    application's current version, as every stale write here answers."""


def _number(application: Application) -> str:
    """The next certificate number of the year on the track: P2026-00001 (WP for a Web Pin). Taken after the
    highest issued (a paper Pin entered later never holds one of these: pin_award_enter_paper refuses them)."""
    prefix = "WP" if application.track == "web_pin" else "P"
    start = f"{prefix}{timezone.now().year}-"
    issued = PinAward.objects.filter(number__regex=rf"^{start}\d{{5}}$").values_list("number", flat=True)
    last = max((int(number[len(start):]) for number in issued), default=0)
    return f"{start}{last + 1:05d}"


@dataclass(frozen=True)
class ApprovalState:
    """The application against the register as it stands now (7.3 核对…相关成绩证明，对照品级标准)."""

    reaches: bool  # the current ledger reaches the Pin applied for
    missing: str  # what it lacks, when it does not
    unsigned: list[str]  # counted competitions without a signed results certificate (7.2)


def approval_state(application: Application) -> ApprovalState:
    """The ledger computed again from the register (a competition unregistered or corrected since filing no
    longer counts) and the certificates of every result it counts, as they are now."""
    register = pin_register_get()
    results = results_by_player([application.player_id]).get(application.player_id, [])
    now = ledger(results, standards_for(register.edition), Track(application.track))
    reaches = now.pin is not None and now.pin <= application.pin
    missing = "" if reaches else missing_sentence(data=now.as_data(), track=application.track,
                                                  pin=application.pin, edition=register.edition)
    counted = {row["competition"]: row["name"] for row in now.counted}
    signed = set(ResultCertificate.objects.filter(
        result__player_id=application.player_id, result__competition_id__in=counted, result__superseded_at__isnull=True,
        superseded_at__isnull=True, signed_at__isnull=False).values_list("result__competition_id", flat=True))
    return ApprovalState(reaches, missing, sorted(name for pk, name in counted.items() if pk not in signed))


def approval_check(*, application: Application, reason: str) -> list[str]:
    """At the moment of the decision, not at filing: refuses when the ledger no longer reaches the Pin;
    names each result without a signed certificate and approves them only with a reason (shown on the
    application, audited). Returns those results' competitions (empty when all are signed)."""
    state = approval_state(application)
    if not state.reaches:
        raise ValidationError({"decision": _(
            "The ledger no longer reaches Pin %(pin)d (a competition was unregistered or corrected since the "
            "application was filed): it now needs %(missing)s. Reject it, or ask the player to apply again.") % {
            "pin": application.pin, "missing": state.missing}})
    if state.unsigned and not reason:
        raise ValidationError({"reason": _(
            "No results certificate signed by the chief referee for: %(names)s (Appendix 9, 7.2). Wait for the "
            "signatures, or give the reason you approve anyway (it is shown on the application).") % {
            "names": "; ".join(state.unsigned)}})
    return state.unsigned


@transaction.atomic
def application_decide(*, actor, application_id: int, decision: str, version: int, reason: str = "") -> Application:
    """Approve, reject (with a reason) or ask for more. `version` is the one the member saw: a decision taken
    meanwhile by another member makes this one a conflict, never a second decision."""
    application = Application.objects.select_for_update().filter(pk=application_id).first()
    if application is None or not sits_on(actor, application.committee):
        raise NotFound(_("No such page."))
    if decision not in DECISIONS:
        raise ValidationError({"decision": _("Approve, reject or ask for more information.")})
    if not application.is_open:
        raise DecisionConflict(_("This application was decided by %(who)s meanwhile: reload it.")
                               % {"who": application.decided_by or _("another member")},
                               current_version=application.version)
    if application.version != version:  # the applicant answered or changed it, or a version never sent
        raise DecisionConflict(_("This application is at version %(now)d, not the %(sent)d you sent: reload it.")
                               % {"now": application.version, "sent": version}, current_version=application.version)
    reason = (reason or "").strip()
    if decision in ("reject", "more_info") and not reason:
        raise ValidationError({"reason": _("Say why (the player reads it).")})
    if application.status == Application.Status.AWAITING_PLAYER:
        raise ValidationError({"decision": _("The player has not confirmed this application yet (it was filed on "
                                             "their behalf).")})
    award = None
    unsigned = []
    if decision == "approve":
        held = held_pin(player=application.player, track=application.track)
        if held is not None and held <= application.pin:
            raise ValidationError({"decision": _("The player already holds Pin %(pin)d: a Pin is never lowered.")
                                   % {"pin": held}})
        unsigned = approval_check(application=application, reason=reason)
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
    application.approved_unsigned = unsigned
    application.save(update_fields=["status", "version", "decided_by", "decided_at", "reason", "approved_unsigned"])
    if decision == "more_info":  # the exchange the player answers (applications.application_answer)
        ApplicationMessage.objects.create(application=application, kind=ApplicationMessage.Kind.ASKED, text=reason,
                                          author=actor)
    audit_record(actor=actor, action=AuditAction.PIN_APPLICATION_DECIDED, obj=application,
                 detail={"decision": decision, "pin": application.pin, "track": application.track,
                         "reason": reason, "number": award.number if award else None, "unsigned": unsigned})
    return application


def _username(user) -> str:
    return user.get_username()


@transaction.atomic
def committee_create(*, actor, name: str, kind: str, country: str = "", id_issuer: str = "") -> Committee:
    """A Pin committee (6.1): the world body's (one), a member organization's (one per country or region),
    or an authorized website's. The register's administrator creates it. `id_issuer`: the issuer of the federation
    IDs its organization keeps (EMA), whose holders' claims it may confirm."""
    register_admin_required(actor)
    issuer = _id_issuer(id_issuer)
    name = (name or "").strip()
    typed = (country or "").strip()
    country = iso_code(typed) if kind == "member" else ""
    active = Committee.objects.filter(retired_at__isnull=True)
    errors = {}
    if not name:
        errors["name"] = _("Give the committee's name.")
    if kind not in Certifier._value2member_map_:
        errors["kind"] = _("A committee is the world body's, a member organization's or a website's.")
    elif kind == "member" and not typed:
        errors["country"] = _("Give the member organization's country or region (such as CN).")
    elif kind == "member" and not country:
        # N8: a typed "Japan" once made a committee of a country "JAPAN" that no player routes to.
        errors["country"] = _("“%(country)s” is no country or region of ISO 3166-1: choose it from the list (such as "
                              "JP).") % {"country": typed}
    elif kind == "world" and active.filter(kind="world").exists():
        errors["kind"] = _("There is one world body's Pin committee.")
    elif kind == "member" and active.filter(kind="member", country=country).exists():
        errors["country"] = _("This country or region already has a member organization's committee.")
    if errors:
        raise ValidationError(errors)
    committee = Committee.objects.create(name=name[:200], kind=kind, country=country[:64], id_issuer=issuer)
    audit_record(actor=actor, action=AuditAction.PIN_COMMITTEE_CREATED, obj=committee,
                 detail={"name": committee.name, "kind": kind, "country": country, "id_issuer": issuer})
    return committee


ISSUER_CODE = re.compile(r"[A-Z0-9][A-Z0-9-]{1,15}")


def _id_issuer(typed: str, *, committee: Committee | None = None) -> str:
    """The issuer code as federation IDs carry it (ISSUER:NUMBER, in capitals), one committee in office per issuer."""
    issuer = (typed or "").strip().upper().rstrip(ISSUER_SEPARATOR)
    if not issuer:
        return ""
    if not ISSUER_CODE.fullmatch(issuer):
        raise ValidationError({"id_issuer": _(
            "An issuer is written as federation IDs carry it before the colon: 2 to 16 letters or digits, such as "
            "EMA for EMA:04160001.")})
    taken = Committee.objects.filter(retired_at__isnull=True, id_issuer=issuer)
    if committee is not None:
        taken = taken.exclude(pk=committee.pk)
    if taken.exists():
        raise ValidationError({"id_issuer": _("Another committee confirms this issuer's federation IDs already.")})
    return issuer


@transaction.atomic
def committee_issuer_set(*, actor, committee: Committee, id_issuer: str) -> Committee:
    """Name (or with "" clear) the issuer of federation IDs whose holders' claims the committee may confirm."""
    register_admin_required(actor)
    committee = Committee.objects.select_for_update().get(pk=committee.pk)
    committee.id_issuer = _id_issuer(id_issuer, committee=committee)
    committee.save(update_fields=["id_issuer"])
    audit_record(actor=actor, action=AuditAction.PIN_COMMITTEE_CHANGED, obj=committee,
                 detail={"name": committee.name, "id_issuer": committee.id_issuer})
    return committee


@transaction.atomic
def committee_retire(*, actor, committee: Committee, reason: str) -> Committee:
    """Retire a committee (a member organization that left, one made by mistake): its history stays (its
    decisions, certificates, awards name it), its seats no longer act, no application is routed to it, and its
    country may have a new committee. Refused while applications wait in its queue: decide them first."""
    register_admin_required(actor)
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": _("Say why the committee is retired.")})
    committee = Committee.objects.select_for_update().get(pk=committee.pk)
    if committee.retired_at is not None:
        raise ValidationError(_("This committee is retired already."))
    waiting = committee.applications.filter(status__in=OPEN_STATUSES).count()
    if waiting:
        raise ValidationError({"reason": ngettext(
            "%(n)d application waits in its queue: decide it first.",
            "%(n)d applications wait in its queue: decide them first.", waiting) % {"n": waiting}})
    committee.retired_at, committee.retire_reason = timezone.now(), reason[:300]
    committee.save(update_fields=["retired_at", "retire_reason"])
    audit_record(actor=actor, action=AuditAction.PIN_COMMITTEE_RETIRED, obj=committee,
                 detail={"name": committee.name, "kind": committee.kind, "country": committee.country,
                         "reason": committee.retire_reason})
    return committee


@transaction.atomic
def committee_rename(*, actor, committee: Committee, name: str) -> Committee:
    register_admin_required(actor)
    name = (name or "").strip()
    if not name:
        raise ValidationError({"name": _("Give the committee's name.")})
    committee = Committee.objects.select_for_update().get(pk=committee.pk)
    committee.name = name[:200]
    committee.save(update_fields=["name"])
    audit_record(actor=actor, action=AuditAction.PIN_COMMITTEE_CHANGED, obj=committee, detail={"name": committee.name})
    return committee


def _user_named(username: str):
    user = get_user_model().objects.filter(username=(username or "").strip()).first()
    if user is None:
        raise ValidationError({"username": _("No account is called “%(name)s”: the person signs up (or is given "
                                             "an account) first.") % {"name": username}})
    return user


@transaction.atomic
def committee_seat_grant(*, actor, committee: Committee, user=None, username: str = "") -> CommitteeSeat:
    """Give an account a seat on `committee` (the register's administrator does)."""
    register_admin_required(actor)
    if committee.retired_at is not None:
        raise ValidationError({"committee": _("“%(name)s” is retired: seat the member on a committee in office.")
                               % {"name": committee.name}})
    user = user or _user_named(username)
    seat, created = CommitteeSeat.objects.get_or_create(committee=committee, user=user)
    if created:
        audit_record(actor=actor, action=AuditAction.PIN_COMMITTEE_SEAT_GRANTED, obj=seat,
                     detail={"user": _username(user), "committee": committee.name})
    return seat


@transaction.atomic
def committee_seat_revoke(*, actor, committee: Committee, user=None, username: str = "") -> None:
    register_admin_required(actor)
    user = user or _user_named(username)
    seat = CommitteeSeat.objects.filter(committee=committee, user=user).first()
    if seat is None:
        raise ValidationError({"username": _("%(name)s has no seat on %(committee)s.") % {
            "name": _username(user), "committee": committee.name}})
    audit_record(actor=actor, action=AuditAction.PIN_COMMITTEE_SEAT_REVOKED, obj=committee,
                 detail={"user": _username(user), "committee": committee.name})
    seat.delete()


@transaction.atomic
def register_admin_grant(*, actor, username: str):
    """Name an account administrator of the Pin register (a role of its own, as a staff role)."""
    register_admin_required(actor)
    user = _user_named(username)
    if not user.groups.filter(pk=register_admin_group().pk).exists():
        user.groups.add(register_admin_group())
        audit_record(actor=actor, action=AuditAction.PIN_REGISTER_ADMIN_GRANTED, obj=user,
                     detail={"user": _username(user)})
    return user


@transaction.atomic
def register_admin_revoke(*, actor, username: str):
    register_admin_required(actor)
    user = _user_named(username)
    if actor is not None and user.pk == actor.pk:
        raise ValidationError({"username": _("You cannot remove your own role: another administrator does.")})
    if not user.groups.filter(pk=register_admin_group().pk).exists():
        raise ValidationError({"username": _("%(name)s is not an administrator of the register.") % {
            "name": _username(user)}})
    user.groups.remove(register_admin_group())
    audit_record(actor=actor, action=AuditAction.PIN_REGISTER_ADMIN_REVOKED, obj=user,
                 detail={"user": _username(user)})
    return user


@transaction.atomic
def pin_register_update(*, actor, edition: str | None = None, delegate_to_members: bool | None = None) -> PinRegister:
    """The world body changes the register's settings: the edition whose procedure applies (7.3-7.4;
    every ledger is recomputed and the open applications go to the committee the new edition names),
    and whether member organizations register their own country's competitions below class A."""
    world_body_required(actor)
    if edition is not None:
        try:
            edition = Edition(edition).value
        except ValueError:
            raise ValidationError({"edition": _("Choose the 2006 or the 2014 edition.")}) from None
    register = pin_register_get()
    register = PinRegister.objects.select_for_update().get(pk=register.pk)
    detail = {}
    if delegate_to_members is not None and delegate_to_members != register.delegate_to_members:
        detail["delegate_to_members"] = [register.delegate_to_members, delegate_to_members]
        register.delegate_to_members = delegate_to_members
    if edition is not None and edition != register.edition:
        detail["edition"] = [register.edition, edition]
        register.edition = edition
        register.standards_version += 1
    if not detail:
        return register
    register.save(update_fields=["edition", "standards_version", "delegate_to_members", "updated_at"])
    detail["standards_version"] = register.standards_version
    if "edition" in detail:
        detail["rerouted"] = applications_reroute(edition=register.edition)
    audit_record(actor=actor, action=AuditAction.PIN_REGISTER_UPDATED, obj=register, detail=detail)
    if "edition" in detail:
        eligibility_recompute_later(player_ids=None, reason="standards")
    return register
