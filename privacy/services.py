"""A person's rights over their data (docs/privacy.md): their export, their erasure, and the retention rules.

- An export is made by the worker (`data_export_make`) into one JSON file whose link works for
  EXPORT_LINK_DAYS, for its owner only.
- An erasure is asked for by the person and decided by an administrator (`erasure_decide`). It runs in one
  transaction: nothing is half-erased, and an interrupted erasure leaves the person as they were. What the rules
  require to stand stays: the published results and signed sheets (3.10, Appendices 5 and 7) and the Pin
  register's records (Appendix 9, 7.4 建立档案). They stay under the name as published, or under a pseudonym
  where the person asks and the administrator agrees. The audit trail records that an erasure happened, never
  what was erased.
- Retention (`retention_run`, daily by Celery beat, and `manage.py privacy_retention [--dry-run]`).
"""

import datetime as dt
import hashlib
import json

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from api_tokens.models import ApiToken
from entries.models import Entry, EntryMember, Mail
from pin_ranking.models import OPEN_STATUSES, Application, CompetitionResult, PinAward, PlayerAlias
from privacy import export
from privacy.models import DataRequest, PersonalDataRead
from tournaments import events
from tournaments.audit import AuditAction, audit_record
from tournaments.models import Player, Registration, Tournament
from tournaments.ratelimit import rate_limit_hit

EXPORT_MAKE = "privacy.export_make"
EXPORT_LINK_DAYS = 7
EXPORTS_PER_DAY = 3


def _days(name: str, default: int) -> int:
    return int(getattr(settings, name, default))


@transaction.atomic
def data_export_request(*, user) -> DataRequest:
    """The person asks for their data: the worker makes the file; a few a day per account."""
    if not rate_limit_hit(f"privacy-export:{user.pk}", limit=EXPORTS_PER_DAY, window_seconds=86400).allowed:
        raise ValidationError(_("You asked for your data %(n)d times today: the newest file is on this page, "
                                "or ask again tomorrow.") % {"n": EXPORTS_PER_DAY})
    request = DataRequest.objects.create(user=user, kind=DataRequest.Kind.EXPORT)
    audit_record(actor=user, action=AuditAction.PRIVACY_EXPORT_REQUESTED, obj=request, detail={})
    events.enqueue_on_commit(EXPORT_MAKE, request.pk)
    return request


def data_export_make(*, request_id: int) -> str:
    """Write the export's file (the worker's job; idempotent: a file made is not made again)."""
    with transaction.atomic():
        request = DataRequest.objects.select_for_update().filter(pk=request_id).first()
        if request is None or request.state != DataRequest.State.REQUESTED or request.user is None:
            return request.state if request else "gone"
        data = export.person_data(request.user)
        document = {"summary": export.summary(data), **data}
        content = json.dumps(document, ensure_ascii=False, indent=1).encode("utf-8")
        request.file.save(f"personal-data-{request.pk}.json", ContentFile(content), save=False)
        request.state, request.finished_at = DataRequest.State.READY, timezone.now()
        request.expires_at = request.finished_at + dt.timedelta(days=EXPORT_LINK_DAYS)
        request.save()
        return request.state


def _nothing_to_keep(user) -> bool:
    """No record the rules keep names the person: no registration, no Pin result, award or application."""
    player = Player.objects.filter(user=user).first()
    if player is None:
        return True
    return not (Registration.objects.filter(player=player).exists()
                or CompetitionResult.objects.filter(player=player).exists()
                or PinAward.objects.filter(player=player).exists()
                or Application.objects.filter(player=player).exists())


def exports_restart_lost() -> int:
    """The sweep: an export still waiting a few minutes after it was asked for lost its message (the broker down,
    the worker killed): it is queued again. The task is idempotent."""
    stale = list(DataRequest.objects.filter(kind=DataRequest.Kind.EXPORT, state=DataRequest.State.REQUESTED,
                                            created_at__lt=timezone.now() - dt.timedelta(minutes=5))
                 .values_list("pk", flat=True)[:50])
    for pk in stale:
        events.enqueue(events.task_for(EXPORT_MAKE), pk)
    return len(stale)


@transaction.atomic
def erasure_request(*, user, pseudonym: bool = False) -> DataRequest:
    """The person asks for their erasure. An administrator decides it, unless no record the rules keep names the
    person (an account with entries and mail only): then it is done at once."""
    if DataRequest.objects.filter(user=user, kind=DataRequest.Kind.ERASURE,
                                  state=DataRequest.State.REQUESTED).exists():
        raise ValidationError(_("Your erasure is already asked for: an administrator decides it."))
    request = DataRequest.objects.create(user=user, kind=DataRequest.Kind.ERASURE, pseudonym=pseudonym)
    audit_record(actor=user, action=AuditAction.PRIVACY_ERASURE_REQUESTED, obj=request,
                 detail={"pseudonym": pseudonym})
    if _nothing_to_keep(user):
        erased = person_erase(user=user, pseudonym=False)
        request.state, request.finished_at = DataRequest.State.DONE, timezone.now()
        request.save()
        audit_record(actor=None, action=AuditAction.PRIVACY_ERASURE_DECIDED, obj=request,
                     detail={"approved": True, "automatic": True, "pseudonym": False, "kept": erased["kept"]})
    return request


def pseudonym_for(player: Player) -> str:
    """A stable pseudonym: the same person always gets the same one ("Player 4F2C")."""
    digest = hashlib.sha256(f"{settings.SECRET_KEY}:pseudonym:{player.pk}".encode()).hexdigest()
    return f"Player {digest[:4].upper()}"


@transaction.atomic
def erasure_decide(*, actor, request: DataRequest, approve: bool, reason: str = "",
                   pseudonym: bool = False) -> DataRequest:
    """An administrator decides a person's erasure. `pseudonym`: the administrator agrees to publish the person's
    results under a pseudonym (only where the person asked for one)."""
    if not actor.is_superuser:
        raise ValidationError(_("Only an administrator decides an erasure."))
    request = DataRequest.objects.select_for_update().get(pk=request.pk)
    if request.kind != DataRequest.Kind.ERASURE or request.state != DataRequest.State.REQUESTED:
        raise ValidationError(_("This request is decided already."))
    reason = " ".join((reason or "").split())[:300]
    if not approve:
        if not reason:
            raise ValidationError({"reason": _("Say why the erasure is refused: the person is told.")})
        request.state, request.reason, request.decided_by = DataRequest.State.REFUSED, reason, actor
        request.finished_at = timezone.now()
        request.save()
        audit_record(actor=actor, action=AuditAction.PRIVACY_ERASURE_DECIDED, obj=request,
                     detail={"approved": False})
        return request
    erased = person_erase(user=request.user, pseudonym=pseudonym and request.pseudonym)
    request.state, request.reason, request.decided_by = DataRequest.State.DONE, reason, actor
    request.finished_at = timezone.now()
    request.save()
    # What happened, never what was erased.
    audit_record(actor=actor, action=AuditAction.PRIVACY_ERASURE_DECIDED, obj=request,
                 detail={"approved": True, "pseudonym": erased["pseudonym"], "kept": erased["kept"]})
    return request


def _file_delete_on_commit(field) -> None:
    """A stored file goes once the transaction that lets go of it commits: an erasure or a retention run that
    fails half-way keeps its rows, and so its files too."""
    if field:
        storage, name = field.storage, field.name
        transaction.on_commit(lambda: storage.delete(name))


def _application_form_clear(application: Application) -> None:
    """A Pin application's form fields that name the person (附件十: ID number, contact, the signed paper form)."""
    _file_delete_on_commit(application.paper_form)
    application.paper_form, application.id_number, application.contact = "", "", ""
    application.save(update_fields=["paper_form", "id_number", "contact"])


def person_erase(*, user, pseudonym: bool) -> dict:
    """Erase what is held about the account's person (inside the caller's transaction). Returns what stays."""
    player = Player.objects.select_for_update().filter(user=user).first()
    emails = {e for e in [user.email] if e}
    emails |= set(Entry.objects.filter(user=user).values_list("email", flat=True))
    names = {entry_name.lower() for entry_name in Entry.objects.filter(user=user).values_list("name", flat=True)}
    if player is not None:
        names.add(player.name.lower())
    # The person's entries: those kept in the account, and those made with their e-mail under their name (an
    # e-mail shared in a family enters others too: theirs stay).
    named = Q(pk__in=[])
    for name in names:
        named |= Q(name__iexact=name)
    mine = Q(user=user) | (Q(email__in=emails) & named)
    mine_ids = list(Entry.objects.filter(mine).values_list("pk", flat=True))
    # Contacts, e-mails, ID numbers, forms, mail, the entries: deleted.
    Mail.objects.filter(Q(entry_id__in=mine_ids) | Q(to__in=emails, entry__isnull=True)).delete()
    EntryMember.objects.filter(email__in=emails).update(email="", federation_id="")
    Entry.objects.filter(pk__in=mine_ids).delete()
    kept = {"registrations": 0, "pin_records": 0}
    if player is not None:
        registrations = Registration.objects.filter(player=player)
        kept["registrations"] = registrations.count()
        registrations.update(contact="", confirm_pin="")
        for application in Application.objects.filter(player=player):
            _application_form_clear(application)
        PlayerAlias.objects.filter(player=player).delete()
        PersonalDataRead.objects.filter(player=player).delete()
        on_register = PinAward.objects.filter(player=player).exists() or CompetitionResult.objects.filter(
            player=player).exists()
        kept["pin_records"] = int(on_register)
        if pseudonym:
            name = pseudonym_for(player)
            player.name, player.name_local = name, ""
            PinAward.objects.filter(player=player).update(name=name)
            CompetitionResult.objects.filter(player=player).update(name=name)
            Application.objects.filter(player=player).update(name=name)
        if not on_register:
            player.federation_id = ""  # the register needs it to match results; nothing else does
        player.user = None
        player.save()
    ApiToken.objects.filter(user=user).delete()  # a token would still speak for the account
    # The account: kept as an empty shell, since the audit trail and signed sheets name their actor (PROTECT).
    user.username = f"erased-{user.pk}"
    user.email, user.first_name, user.last_name, user.is_active = "", "", "", False
    user.set_unusable_password()
    user.save()
    return {"pseudonym": bool(pseudonym and player is not None), "kept": kept}


def erasure_waits(*, user) -> list[str]:
    """What waits for a person asking for erasure: an open appeal, a Pin application being decided."""
    from appeals.models import Appeal

    player = Player.objects.filter(user=user).first()
    waits = []
    if player is not None:
        if Appeal.objects.filter(appellant__player=player, status=Appeal.Status.OPEN).exists():
            waits.append(_("An appeal of yours is open: it is decided before your data goes, and its record stays "
                           "with the results (3.12, 3.13)."))
        if Application.objects.filter(player=player, status__in=OPEN_STATUSES).exists():
            waits.append(_("A Pin application of yours is being decided: erasing its ID number and form withdraws "
                           "it from the committee's decision."))
    return waits


def retention_run(*, dry_run: bool = False, now: dt.datetime | None = None) -> dict:
    """Delete what no rule needs any more (docs/privacy.md, "How long"). Idempotent; `dry_run` only counts."""
    now = now or timezone.now()
    contact_days = _days("PRIVACY_CONTACT_DAYS", 180)
    form_years = _days("PRIVACY_PIN_FORM_YEARS", 5)
    over = (now - dt.timedelta(days=contact_days)).date()
    finished = Tournament.objects.filter(status=Tournament.Status.FINISHED, ends_on__lt=over)
    # Contacts and the entries' e-mails, unless the person keeps an account; unconfirmed entries after 48 h.
    contacts = Registration.objects.filter(tournament__in=finished, player__user__isnull=True).exclude(contact="")
    entries = Entry.objects.filter(
        Q(tournament__in=finished, user__isnull=True)
        | Q(state__in=[Entry.State.UNCONFIRMED, Entry.State.EXPIRED], queue_number__isnull=True,
            created_at__lt=now - dt.timedelta(hours=48)))
    mails = Mail.objects.filter(Q(tournament__in=finished) | Q(entry__in=entries))
    forms = Application.objects.filter(decided_at__lt=now - dt.timedelta(days=365 * form_years)).exclude(
        Q(id_number="") & Q(contact="") & Q(paper_form=""))
    exports = DataRequest.objects.filter(kind=DataRequest.Kind.EXPORT, expires_at__lt=now).exclude(file="")
    counts = {"contacts": contacts.count(), "entries": entries.count(), "mails": mails.count(),
              "pin_forms": forms.count(), "exports": exports.count()}
    if dry_run or not any(counts.values()):
        return {**counts, "dry_run": dry_run}
    with transaction.atomic():
        contacts.update(contact="")
        mails.delete()
        entries.delete()
        for application in forms:
            _application_form_clear(application)
        for request in exports:
            _file_delete_on_commit(request.file)
            request.file = ""
            request.save(update_fields=["file"])
        audit_record(actor=None, action=AuditAction.PRIVACY_RETENTION_RUN, detail=counts)
    return {**counts, "dry_run": False}


def personal_data_read(*, reader, players: list[int], what: str, object_ids: list[int]) -> None:
    """Log staff reading personal fields (the core's pages call it through tournaments.extensions)."""
    if reader is None or not reader.is_authenticated or not players:
        return
    PersonalDataRead.objects.bulk_create(
        PersonalDataRead(reader=reader, player_id=player, what=what, object_id=object_id)
        for player, object_id in zip(players, object_ids, strict=True))
