"""Everything held about one person, as one JSON document (the person's own export, docs/privacy.md).

The person is the account and the player linked to it (and the entries kept in the account, or made with its
e-mail). Each part names the fields of the data map; the audit lines are those about the person's own objects or
done by the account. Read-only: the service (services.data_export_make) writes the file.
"""

import datetime as dt

from django.db.models import Q

from api_tokens.models import ApiToken
from appeals.models import Appeal
from entries.models import Entry, Mail
from penalties.models import Penalty, RankCancellation
from pin_ranking.models import AccountClaim, Application, Ledger, PinAward, PlayerAlias
from privacy.models import PersonalDataRead
from tournaments.models import AuditEvent, Player, Registration, SeatAssignment, SheetSignature

FORMAT = "mcr-personal-data-1"


def _when(value):
    return value.isoformat() if isinstance(value, (dt.date, dt.datetime)) else value


def _row(obj, fields) -> dict:
    return {field: _when(getattr(obj, field)) for field in fields}


def person_data(user) -> dict:
    player = Player.objects.filter(user=user).first()
    registrations = list(Registration.objects.filter(player=player).select_related("tournament", "team", "group")
                         ) if player else []
    registration_ids = [r.pk for r in registrations]
    entries = list(Entry.objects.filter(Q(user=user) | (Q(email__iexact=user.email) if user.email else Q(pk=None)))
                   .select_related("tournament").prefetch_related("members"))
    emails = {user.email.lower()} if user.email else set()
    emails |= {entry.email.lower() for entry in entries}
    applications = list(Application.objects.filter(player=player)) if player else []
    audit_about = Q(actor=user)
    if player:
        audit_about |= Q(object_type="tournaments.player", object_id=str(player.pk))
    if registration_ids:
        audit_about |= Q(object_type="tournaments.registration", object_id__in=[str(pk) for pk in registration_ids])
    if entries:
        audit_about |= Q(object_type="entries.entry", object_id__in=[str(e.pk) for e in entries])
    return {
        "format": FORMAT,
        "made_at": _when(dt.datetime.now(dt.timezone.utc)),
        "account": {"username": user.get_username(), "email": user.email, "date_joined": _when(user.date_joined),
                    "last_login": _when(user.last_login)},
        "person": _row(player, ("name", "name_local", "country", "federation_id")) if player else None,
        "registrations": [{
            "tournament": r.tournament.name, "tournament_id": r.tournament_id, "entry_number": r.entry_number,
            "contact": r.contact, "team": r.team.name if r.team else None, "group": r.group.name if r.group else None,
            "reserve": r.reserve, "withdrawn_at": _when(r.withdrawn_at), "withdrawal_reason": r.withdrawal_reason,
            "confirmation_pin": r.confirm_pin,
            "seats": [{"session": s.session.number, "table": s.table.number, "seat": s.get_seat_display()}
                      for s in SeatAssignment.objects.filter(registration=r).select_related("session", "table")],
        } for r in registrations],
        "sheets_confirmed": [{"tournament_id": s.sheet.session.tournament_id, "session": s.sheet.session.number,
                              "table": s.sheet.table.number, "at": _when(s.signed_at)}
                             for s in SheetSignature.objects.filter(registration_id__in=registration_ids)
                             .select_related("sheet__session", "sheet__table")],
        "penalties": [{"tournament_id": p.sheet.session.tournament_id, "session": p.sheet.session.number,
                       "hand": p.hand_number, "foul": p.foul, "sanction": p.sanction, "points": p.points,
                       "note": p.note, "status": p.status, "at": _when(p.created_at)}
                      for p in Penalty.objects.filter(offender_id__in=registration_ids)
                      .select_related("sheet__session")],
        "rank_cancellations": [_row(c, ("tournament_id", "article", "reason", "created_at"))
                               for c in RankCancellation.objects.filter(registration_id__in=registration_ids)],
        "appeals": [_row(a, ("tournament_id", "subject", "category", "statement", "filed_at", "fee_status"))
                    for a in Appeal.objects.filter(appellant_id__in=registration_ids)],
        "entries": [{
            **_row(e, ("tournament_id", "kind", "state", "name", "name_local", "country", "federation_id", "email",
                       "language", "privacy_notice", "created_at", "confirmed_at", "queue_number", "payment",
                       "payment_reference", "paid_at", "refund", "reason")),
            "tournament": e.tournament.name,
            "members": [_row(m, ("name", "name_local", "country", "federation_id", "email", "reserve"))
                        for m in e.members.all()],
        } for e in entries],
        "consents": [{"what": "privacy notice", "version": e.privacy_notice, "at": _when(e.created_at),
                      "tournament_id": e.tournament_id, "mail_withdrawn_at": _when(e.mail_stopped_at)}
                     for e in entries],
        "mail": [_row(m, ("tournament_id", "kind", "to", "subject", "body", "state", "created_at", "sent_at"))
                 for m in Mail.objects.filter(to__in=emails)] if emails else [],
        "pin": {
            "ledgers": [_row(ledger, ("track", "pin", "points", "contest_points", "competitions", "computed_at"))
                        for ledger in Ledger.objects.filter(player=player)] if player else [],
            "applications": [{
                **_row(a, ("track", "pin", "status", "name", "country", "sex", "age", "id_number", "contact",
                           "signed_at", "decided_at", "reason")),
                "paper_form": a.paper_form.name or None,
            } for a in applications],
            "awards": [_row(a, ("number", "track", "pin", "name", "awarded_on"))
                       for a in PinAward.objects.filter(player=player)] if player else [],
            "claims": [_row(c, ("federation_id", "note", "status", "reason", "created_at"))
                       for c in AccountClaim.objects.filter(user=user)],
            "other_spellings": [_row(a, ("name", "reason")) for a in PlayerAlias.objects.filter(player=player)]
            if player else [],
        },
        "api_tokens": [_row(t, ("device", "created_at", "expires_at", "last_used_at", "revoked_at"))
                       for t in ApiToken.objects.filter(user=user)],
        "read_by_staff": [{"what": r.what, "by": r.reader.get_username() if r.reader else None, "at": _when(r.at)}
                          for r in PersonalDataRead.objects.filter(player=player).select_related("reader")]
        if player else [],
        "audit": [{"at": _when(e.created_at), "action": e.action, "object": e.object_type, "detail": e.detail}
                  for e in AuditEvent.objects.filter(audit_about).order_by("created_at", "pk")[:5000]],
    }


def summary(data: dict) -> str:
    """The short human-readable summary that opens the file."""
    person = data["person"] or {}
    lines = [
        f"Personal data of {data['account']['username']} ({person.get('name') or 'no player record'}), "
        f"made {data['made_at']}.",
        f"Registrations: {len(data['registrations'])}; entries: {len(data['entries'])}; "
        f"sheets confirmed: {len(data['sheets_confirmed'])}; penalties: {len(data['penalties'])}; "
        f"appeals: {len(data['appeals'])}.",
        f"Pin: {len(data['pin']['ledgers'])} ledger(s), {len(data['pin']['applications'])} application(s), "
        f"{len(data['pin']['awards'])} award(s). Mail sent to you: {len(data['mail'])}. "
        f"Staff reads of your personal fields: {len(data['read_by_staff'])}. Audit lines: {len(data['audit'])}.",
    ]
    return " ".join(lines)
