"""The entries' Celery tasks: each takes an id and calls a service (entries.services, entries.mail)."""

from celery import shared_task

from entries import mail, services
from tournaments import events


@shared_task(acks_late=True, reject_on_worker_lost=True)
def entries_fill_task(tournament_id: int) -> list[int]:
    return services.entries_fill(tournament_id=tournament_id)


@shared_task(bind=True, acks_late=True, reject_on_worker_lost=True, max_retries=mail.MAX_ATTEMPTS)
def mail_send_task(self, mail_id: int) -> str:
    try:
        return mail.mail_send(mail_id=mail_id)
    except mail.MailNotSent as error:
        if self.request.is_eager:  # `make run` and the tests: no retry inline, the mail stays pending for the sweep
            return "pending"
        attempts = self.request.retries + 1
        raise self.retry(exc=error, countdown=mail.retry_seconds(attempts)) from None


events.register(services.FILL, entries_fill_task)
events.register(mail.SEND, mail_send_task)
