"""Applications for a Pin (Appendix 9, 7.1-7.3; the form of Appendix 10): filing one, and answering the
committee's "ask for more". One transaction each, an audit event in it."""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from pin_ranking.applications.selectors import (
    application_form_rows,
    committee_for,
    may_answer,
    may_confirm,
    may_file_for,
    missing_sentence,
)
from pin_ranking.engine import Track
from pin_ranking.ledger.selectors import pin_register_get
from pin_ranking.ledger.services import ledger_version_keep
from pin_ranking.models import (
    OPEN_STATUSES,
    Application,
    ApplicationMessage,
    Ledger,
)
from tournaments.audit import AuditAction, audit_record
from tournaments.errors import NotFound
from tournaments.models import Player


def _form_from_ledger(*, player: Player, ledger: Ledger) -> dict:
    """The form's fields the ledger fills (7.3 核对…相关成绩证明): the snapshot checked against, the results rows
    with their certificates, and 品级积分合计."""
    return {"snapshot": ledger_version_keep(ledger=ledger),
            "results": application_form_rows(player=player, data=ledger.data), "points_total": ledger.points}


def _personal_field_errors(*, sex, age, id_number, contact) -> dict:
    """附件十's 性别 年龄 证件号码 联系方式, each with what to fix."""
    errors = {}
    if sex not in Application.Sex.values:
        errors["sex"] = _("Choose female or male.")
    if not isinstance(age, int) or not 5 <= age <= 120:
        errors["age"] = _("Give your age in years.")
    if not (id_number or "").strip():
        errors["id_number"] = _("Give the number of your ID document.")
    if not (contact or "").strip():
        errors["contact"] = _("Give a telephone number or an e-mail address.")
    return errors


PAPER_FORM_TYPES = {"application/pdf": ".pdf", "image/jpeg": ".jpg", "image/png": ".png"}
PAPER_FORM_MAX_BYTES = 10 * 1024 * 1024


def _paper_form_problem(paper_form) -> str | None:
    """A scan of Appendix 10 signed by the player: a PDF, JPEG or PNG up to 10 MB (its first bytes say which)."""
    head = paper_form.read(8)
    paper_form.seek(0)
    kind = ("application/pdf" if head.startswith(b"%PDF") else "image/png" if head.startswith(b"\x89PNG")
            else "image/jpeg" if head.startswith(b"\xff\xd8") else None)
    if kind is None:
        return _("The signed form must be a PDF, JPEG or PNG scan.")
    if paper_form.size > PAPER_FORM_MAX_BYTES:
        return _("The signed form is larger than 10 MB: scan it at a lower resolution.")
    return None


@transaction.atomic
def application_file(*, actor, player: Player, track: str, pin: int, sex: str, age: int, id_number: str,
                     contact: str, pledge_accepted: bool, paper_form=None) -> Application:
    """File an application for `pin` on `track` (7.1-7.2). Refuses a Pin the ledger does not reach (naming what
    is missing), a Pin reached only on the other track (3.5 两种标准是各自独立的), a second open application on
    the same track, and a form without the pledge.

    Only the player accepts the pledge (附件十 本人承诺; 3.10.2 经本人申请). Filed by someone else (an official,
    7.1 比赛后书面申请), the application carries the player's signed paper form (uploaded), or waits for the
    player to confirm it in their account (`application_confirm`) before the committee sees it."""
    if not may_file_for(actor, player, track if track in ("pin", "web_pin") else None):
        raise NotFound(_("No such page."))
    on_behalf = player.user_id != actor.pk
    if track not in (Track.PIN.value, Track.WEB_PIN.value):
        raise ValidationError({"track": _("Choose the Pin or the Web Pin.")})
    if not isinstance(pin, int) or not 1 <= pin <= 9:
        raise ValidationError({"pin": _("A Pin is 1 (highest) to 9 (lowest).")})
    errors = _personal_field_errors(sex=sex, age=age, id_number=id_number, contact=contact)
    if not on_behalf and not pledge_accepted:
        errors["pledge_accepted"] = _("Accept the pledge of the form to apply.")
    if on_behalf and pledge_accepted:
        errors["pledge_accepted"] = _("Only the player accepts the pledge: leave it to them (they confirm in their "
                                      "account), or upload the paper form they signed.")
    if on_behalf and paper_form is not None and (problem := _paper_form_problem(paper_form)):
        errors["paper_form"] = problem
    if on_behalf and paper_form is None and player.user_id is None:
        errors["paper_form"] = _("%(name)s has no account to confirm the application in: upload the paper form "
                                 "they signed (Appendix 10).") % {"name": player.name}
    if errors:
        raise ValidationError(errors)
    player = Player.objects.select_for_update().get(pk=player.pk)  # one filing at a time per player
    if Application.objects.filter(player=player, track=track, status__in=OPEN_STATUSES).exists():
        raise ValidationError({"pin": _("You already have an application waiting on this track: wait for the "
                                        "committee's decision.")})
    register = pin_register_get()
    ledger = Ledger.objects.filter(player=player, track=track).first()
    if ledger is None or ledger.pin is None or ledger.pin > pin:
        other = Ledger.objects.filter(player=player).exclude(track=track).first()
        if other is not None and other.pin is not None and other.pin <= pin:
            raise ValidationError({"track": _("Your results reach this Pin on the other track only: the Pin and "
                                              "the Web Pin are separate (Appendix 9, 3.5).")})
        data = ledger.data if ledger else {}
        raise ValidationError({"pin": _("Your ledger does not reach Pin %(pin)d yet: it still needs %(missing)s.")
                               % {"pin": pin, "missing": missing_sentence(data=data, track=track, pin=pin,
                                                                          edition=register.edition)}})
    committee = committee_for(track=track, pin=pin, country=player.country)
    if not on_behalf:
        pledge = {"pledge_accepted": True, "pledge_by": Application.Pledge.PLAYER, "confirmed_at": timezone.now()}
    elif paper_form is not None:
        pledge = {"pledge_accepted": True, "pledge_by": Application.Pledge.PAPER}
    else:
        pledge = {"pledge_accepted": False, "pledge_by": Application.Pledge.WAITING,
                  "status": Application.Status.AWAITING_PLAYER}
    application = Application(
        player=player, track=track, pin=pin, committee=committee, name=player.name, sex=sex,
        age=age, country=player.country, id_number=id_number.strip(), contact=contact.strip(),
        **_form_from_ledger(player=player, ledger=ledger), signed_at=timezone.now(),
        filed_by=actor, on_behalf=on_behalf, **pledge,
    )
    if on_behalf and paper_form is not None:
        suffix = PAPER_FORM_TYPES.get(getattr(paper_form, "content_type", ""), "")
        application.paper_form.save(f"appendix-10-{player.pk}{suffix}", paper_form, save=False)
    application.save()
    # No personal field in the audit trail (it is read by more people than the committee).
    audit_record(actor=actor, action=AuditAction.PIN_APPLICATION_FILED, obj=application,
                 detail={"player": player.pk, "track": track, "pin": pin, "committee": committee.name,
                         "ledger_version": ledger.version, "on_behalf": application.on_behalf,
                         "pledge_by": application.pledge_by})
    return application


@transaction.atomic
def application_confirm(*, actor, application_id: int, pledge_accepted: bool) -> Application:
    """The player confirms, in their own account, an application an official filed on their behalf, and
    accepts the pledge (附件十 本人承诺): it then goes to the committee."""
    application = (Application.objects.select_for_update().select_related("player")
                   .filter(pk=application_id).first())
    if application is None or not may_confirm(actor, application):
        raise NotFound(_("No such page."))
    if application.status != Application.Status.AWAITING_PLAYER:
        raise ValidationError({"pledge_accepted": _("This application does not wait for your confirmation.")})
    if not pledge_accepted:
        raise ValidationError({"pledge_accepted": _("Accept the pledge of the form to confirm the application.")})
    application.status = Application.Status.PENDING
    application.pledge_accepted = True
    application.pledge_by = Application.Pledge.PLAYER
    application.confirmed_at = timezone.now()
    application.version += 1
    application.save(update_fields=["status", "pledge_accepted", "pledge_by", "confirmed_at", "version"])
    audit_record(actor=actor, action=AuditAction.PIN_APPLICATION_CONFIRMED, obj=application,
                 detail={"version": application.version})
    return application


def applications_reroute(*, edition: str) -> int:
    """The register's edition changed (7.3-7.4): each open application goes to the committee the new edition
    names for it. Called inside the settings change's transaction; returns how many moved."""
    moved = 0
    for application in Application.objects.select_for_update().filter(status__in=OPEN_STATUSES):
        committee = committee_for(track=application.track, pin=application.pin, country=application.country,
                                  edition=edition)
        if committee.pk != application.committee_id:
            application.committee = committee
            application.version += 1
            application.save(update_fields=["committee", "version"])
            moved += 1
    return moved


@transaction.atomic
def application_answer(*, actor, application_id: int, note: str, sex: str, age: int, id_number: str, contact: str,
                       refresh_results: bool = False) -> Application:
    """Answer the committee's "ask for more" (7.3): correct or complete the form's personal fields, say what was
    added, and (if asked) refill the results rows from the ledger as it now stands. The application goes back to
    the committee's queue (pending) with a new version. Refuses an application the committee asks nothing of."""
    application = (Application.objects.select_for_update().select_related("player")
                   .filter(pk=application_id).first())
    if application is None or not may_answer(actor, application):
        raise NotFound(_("No such page."))
    if application.status != Application.Status.MORE_INFO:
        raise ValidationError({"note": _("The committee asks nothing more of this application: there is nothing to "
                                         "answer.")})
    errors = _personal_field_errors(sex=sex, age=age, id_number=id_number, contact=contact)
    note = (note or "").strip()
    if not note:
        errors["note"] = _("Say what you add or correct: the committee reads it.")
    if errors:
        raise ValidationError(errors)
    fields = {"sex": sex, "age": age, "id_number": id_number.strip(), "contact": contact.strip()}
    changed = sorted(name for name, value in fields.items() if getattr(application, name) != value)
    for name, value in fields.items():
        setattr(application, name, value)
    if refresh_results:
        ledger = Ledger.objects.filter(player=application.player, track=application.track).first()
        if ledger is None or ledger.pin is None or ledger.pin > application.pin:
            raise ValidationError({"refresh_results": _("Your ledger no longer reaches Pin %(pin)d: it still needs "
                                                        "%(missing)s.") % {
                "pin": application.pin, "missing": missing_sentence(
                    data=ledger.data if ledger else {}, track=application.track, pin=application.pin,
                    edition=pin_register_get().edition)}})
        for name, value in _form_from_ledger(player=application.player, ledger=ledger).items():
            setattr(application, name, value)
    application.status = Application.Status.PENDING
    application.version += 1
    application.save()
    ApplicationMessage.objects.create(application=application, kind=ApplicationMessage.Kind.ANSWERED, text=note,
                                      author=actor)
    audit_record(actor=actor, action=AuditAction.PIN_APPLICATION_ANSWERED, obj=application,
                 detail={"changed": changed, "results_refreshed": refresh_results, "version": application.version})
    return application
