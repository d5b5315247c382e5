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
    may_file_for,
    missing_sentence,
)
from pin_ranking.engine import Track
from pin_ranking.ledger.selectors import pin_register_get
from pin_ranking.models import (
    Application,
    ApplicationMessage,
    Ledger,
    LedgerSnapshot,
)
from tournaments.audit import AuditAction, audit_record
from tournaments.errors import NotFound
from tournaments.models import Player


def _form_from_ledger(*, player: Player, ledger: Ledger) -> dict:
    """The form's fields the ledger fills (7.3 核对…相关成绩证明): the snapshot checked against, the results rows
    with their certificates, and 品级积分合计."""
    return {"snapshot": LedgerSnapshot.objects.get(player=player, track=ledger.track, version=ledger.version),
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


@transaction.atomic
def application_file(*, actor, player: Player, track: str, pin: int, sex: str, age: int, id_number: str,
                     contact: str, pledge_accepted: bool) -> Application:
    """File an application for `pin` on `track` (7.1-7.2). Refuses a Pin the ledger does not reach (naming what
    is missing), a Pin reached only on the other track (3.5 两种标准是各自独立的), a second open application on
    the same track, and a form without the pledge."""
    if not may_file_for(actor, player):
        raise NotFound(_("No such page."))
    if track not in (Track.PIN.value, Track.WEB_PIN.value):
        raise ValidationError({"track": _("Choose the Pin or the Web Pin.")})
    if not isinstance(pin, int) or not 1 <= pin <= 9:
        raise ValidationError({"pin": _("A Pin is 1 (highest) to 9 (lowest).")})
    errors = _personal_field_errors(sex=sex, age=age, id_number=id_number, contact=contact)
    if not pledge_accepted:
        errors["pledge_accepted"] = _("Accept the pledge of the form to apply.")
    if errors:
        raise ValidationError(errors)
    player = Player.objects.select_for_update().get(pk=player.pk)  # one filing at a time per player
    if Application.objects.filter(player=player, track=track, status__in=("pending", "more_info")).exists():
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
    application = Application.objects.create(
        player=player, track=track, pin=pin, committee=committee, name=player.name, sex=sex,
        age=age, country=player.country, id_number=id_number.strip(), contact=contact.strip(),
        **_form_from_ledger(player=player, ledger=ledger), pledge_accepted=True, signed_at=timezone.now(),
        filed_by=actor, on_behalf=player.user_id != actor.pk,
    )
    # No personal field in the audit trail (it is read by more people than the committee).
    audit_record(actor=actor, action=AuditAction.PIN_APPLICATION_FILED, obj=application,
                 detail={"player": player.pk, "track": track, "pin": pin, "committee": committee.name,
                         "ledger_version": ledger.version, "on_behalf": application.on_behalf})
    return application


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
