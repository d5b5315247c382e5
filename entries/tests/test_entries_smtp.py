"""Mail to entrants through a real SMTP server on loopback (aiosmtpd), and with the server down."""

import datetime as dt
import email
import email.policy
import socket

import pytest
from aiosmtpd.controller import Controller
from django.utils import timezone

from entries import mail, services
from entries.models import Entry, Mail
from entries.tests.conftest import enter


class Inbox:
    """What the SMTP server received, parsed."""

    def __init__(self):
        self.messages: list[email.message.EmailMessage] = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(email.message_from_bytes(envelope.content, policy=email.policy.default))
        return "250 OK"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def smtp(settings):
    """Django's SMTP backend pointed at a port; `start()` puts a real server on it."""
    port = free_port()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", port, 5
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    inbox, controllers = Inbox(), []

    def start():
        controller = Controller(inbox, hostname="127.0.0.1", port=port)
        controller.start()
        controllers.append(controller)
        return inbox

    yield start
    for controller in controllers:
        controller.stop()


def test_a_chinese_entrant_gets_the_link_and_the_answer_in_chinese(opened, tournament, smtp,
                                                                   django_capture_on_commit_callbacks):
    inbox = smtp()
    with django_capture_on_commit_callbacks(execute=True):
        entry = enter(tournament, name="Wang Fang", name_local="王芳", country="CN", language="zh-hans")
    [confirm] = inbox.messages
    assert confirm["To"] == entry.email and "确认" in confirm["Subject"]
    body = confirm.get_content()
    assert "/entry/" in body and "48" in body
    with django_capture_on_commit_callbacks(execute=True):
        services.entry_confirm(entry=entry)
    assert "Test Open" in inbox.messages[1]["Subject"] and "名额" in inbox.messages[1].get_content()
    assert set(Mail.objects.values_list("state", flat=True)) == {Mail.State.SENT}


def test_with_the_mail_server_down_the_entry_succeeds_and_the_mail_waits(opened, client, organizer, tournament, smtp,
                                                                        django_capture_on_commit_callbacks):
    from django.urls import reverse

    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(reverse("entries:enter", args=[tournament.pk]), {
            "name": "Ana Silva", "country": "PT", "email": "ana@example.org", "consent": "on"})
    assert answer.status_code == 200 and Entry.objects.filter(email="ana@example.org").exists()
    message = Mail.objects.get()
    assert (message.state, message.attempts) == (Mail.State.PENDING, 1) and "Connection" in message.error
    # The outbox says so; the sweep sends it again once the server is back.
    client.force_login(organizer)
    assert b"Pending" in client.get(reverse("entries:outbox", args=[tournament.pk])).content
    inbox = smtp()
    assert mail.mails_resend_stale() == 0  # tried a moment ago: its retry is the task's
    Mail.objects.update(tried_at=timezone.now() - dt.timedelta(seconds=mail.STALE_SECONDS + 1))
    assert mail.mails_resend_stale() == 1
    message.refresh_from_db()
    assert (message.state, message.attempts) == (Mail.State.SENT, 2)
    assert len(inbox.messages) == 1


def test_a_mail_that_keeps_failing_is_marked_failed_at_its_last_try(opened, tournament, smtp):
    enter(tournament)
    message = Mail.objects.get()
    with pytest.raises(mail.MailNotSent):
        mail.mail_send(mail_id=message.pk)
    Mail.objects.filter(pk=message.pk).update(attempts=mail.MAX_ATTEMPTS - 1)
    assert mail.mail_send(mail_id=message.pk) == Mail.State.FAILED
    assert mail.mails_resend_stale() == 0
