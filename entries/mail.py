"""Mail to entrants, through the outbox (models.Mail): written in the entrant's language in the service's
transaction, sent by the worker once it commits (tasks.mail_send_task, retried with a growing delay), and
queued again by the sweep when its message was lost. A mail server down never fails an entry: the mail waits,
shown as pending on the organizer's outbox page.
"""

import datetime as dt

from django.conf import settings
from django.core.mail import EmailMessage
from django.db import transaction
from django.db.models import Q
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation

from entries import links
from entries.models import Mail
from tournaments import events

SEND = "entries.mail_send"
CONFIRM, ENTERED, WAITING, OFFERED, CANCELLED, PAYMENT_REMINDER, SCHEDULE, RESULTS = (
    "confirm", "entered", "waiting", "offered", "cancelled", "payment_reminder", "schedule", "results")
KINDS = (CONFIRM, ENTERED, WAITING, OFFERED, CANCELLED, PAYMENT_REMINDER, SCHEDULE, RESULTS)
# Tries before a mail is marked failed (the task waits 1, 2, 4 ... minutes between them).
MAX_ATTEMPTS = 6
# A pending mail untouched this long had its message lost: the sweep sends it again.
STALE_SECONDS = 600


def mail_queue(*, entry, kind: str, member=None) -> Mail | None:
    """Write the mail for `entry` (or for one `member` of a team entry) in the entry's language and send it once
    the transaction commits. None when the entrant withdrew their consent to mail (the confirmation link, which
    they asked for, still goes)."""
    from entries import selectors

    assert kind in KINDS, kind
    if entry.mail_stopped_at is not None and kind != CONFIRM:
        return None
    registration = member.registration if member is not None else entry.registration
    context = {"entry": entry, "tournament": entry.tournament, "window": entry.tournament.entry_window,
               "entry_url": links.entry_url(entry), "confirm_url": links.confirm_url(entry),
               "position": selectors.waiting_position(entry), "member": member, "registration": registration,
               "name": member.name if member is not None else entry.name}
    if kind in (SCHEDULE, RESULTS) and registration is not None:
        context.update(selectors.schedule_of(registration))
        context["player_url"] = links.absolute(reverse("tournaments:player", args=[
            entry.tournament_id, registration.entry_number]))
        context["standings_url"] = links.absolute(reverse("tournaments:standings", args=[entry.tournament_id]))
    with translation.override(entry.language):
        subject = " ".join(render_to_string(f"entries/mail/{kind}_subject.txt", context).split())
        body = render_to_string(f"entries/mail/{kind}.txt", context)
    message = Mail.objects.create(tournament=entry.tournament, entry=entry, kind=kind,
                                  to=member.email if member is not None else entry.email,
                                  subject=subject[:300], body=body)
    events.enqueue_on_commit(SEND, message.pk)
    return message


def mail_send(*, mail_id: int) -> str:
    """Send one pending mail; its state after. Raises MailNotSent when the server refused or was unreachable
    (the task retries), after recording the try (and `failed` at the last, which does not raise)."""
    with transaction.atomic():
        message = Mail.objects.select_for_update().filter(pk=mail_id).first()
        if message is None or message.state != Mail.State.PENDING:
            return message.state if message else "gone"
        message.attempts, message.tried_at = message.attempts + 1, timezone.now()
        try:
            EmailMessage(message.subject, message.body, settings.DEFAULT_FROM_EMAIL, [message.to]).send()
        except Exception as error:  # noqa: BLE001 - any transport error is the mail's: recorded, retried
            message.error = f"{type(error).__name__}: {error}"[:500]
            if message.attempts >= MAX_ATTEMPTS:
                message.state = Mail.State.FAILED
        else:
            message.state, message.sent_at, message.error = Mail.State.SENT, timezone.now(), ""
        message.save(update_fields=["attempts", "tried_at", "error", "state", "sent_at"])
    if message.state == Mail.State.PENDING:
        raise MailNotSent(message.error)
    return message.state


def retry_seconds(attempts: int) -> int:
    """1, 2, 4 minutes ..., at most 5: shorter than STALE_SECONDS, so the sweep never races a retry."""
    return min(60 * 2 ** max(0, attempts - 1), 300)


class MailNotSent(Exception):
    pass


def mails_resend_stale() -> int:
    """The sweep: pending mails whose message was lost (the broker down when they were queued) are sent again."""
    cutoff = timezone.now() - dt.timedelta(seconds=STALE_SECONDS)
    stale = list(Mail.objects.filter(Q(tried_at__isnull=True, created_at__lt=cutoff) | Q(tried_at__lt=cutoff),
                                     state=Mail.State.PENDING).values_list("pk", flat=True)[:200])
    task = events.task_for(SEND)
    for pk in stale:
        events.enqueue(task, pk)
    return len(stale)
