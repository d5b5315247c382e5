"""The organizer's tools: an entry added by hand, the waiting list reordered, mailings, a bank statement, XLSX."""

import datetime as dt
import io
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone
from openpyxl import load_workbook

from entries import services
from entries.models import Entry, Mail
from entries.tests.conftest import confirmed
from tournaments.models import AuditEvent


def test_an_entry_added_by_hand_skips_the_mail_and_works_while_entries_are_closed(opened, organizer, tournament):
    opened(opens_at=timezone.now() - dt.timedelta(days=9), closes_at=timezone.now() - dt.timedelta(days=1))
    entry = services.entry_add(actor=organizer, tournament=tournament, name="Late Comer", country="FR",
                               email="late@example.org", language="en")
    assert entry.state == Entry.State.ENTERED and entry.registration is not None
    assert not Mail.objects.filter(kind="confirm").exists()
    assert AuditEvent.objects.filter(action="entry.submitted", actor=organizer).exists()


def test_the_organizer_moves_a_waiting_entry(opened, organizer, tournament, django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    opened(capacity=4)
    for _ in range(4):
        confirmed(tournament, capture)
    waiting = [confirmed(tournament, capture) for _ in range(3)]
    services.entry_move(actor=organizer, entry=waiting[2], position=1)
    order = list(Entry.objects.filter(state="waiting").order_by("queue_number").values_list("pk", flat=True))
    assert order == [waiting[2].pk, waiting[0].pk, waiting[1].pk]
    assert sorted(Entry.objects.filter(state="waiting").values_list("queue_number", flat=True)) == [5, 6, 7]
    with pytest.raises(ValidationError):
        services.entry_move(actor=organizer, entry=waiting[0], position=4)
    with pytest.raises(ValidationError, match="Only a waiting entry"):
        services.entry_move(actor=organizer, entry=Entry.objects.filter(state="entered").first(), position=1)


def test_a_bank_statement_records_the_transfers_it_names(opened, client, organizer, tournament,
                                                         django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    opened(fee=Decimal("25"), currency="EUR", capacity=4)
    first, second, third, fourth = (confirmed(tournament, capture) for _ in range(4))
    services.entry_payment_record(actor=organizer, entry=fourth, payment="venue")
    waiting = confirmed(tournament, capture)
    statement = "\n".join([
        "date;amount;text",
        f"2026-11-01;25.00;Entry {first.payment_code} Player",
        f"2026-11-02;25.00;{second.payment_code.lower()}",
        f"2026-11-02;25.00;{fourth.payment_code}",
        f"2026-11-03;25.00;{waiting.payment_code}",
        "2026-11-03;25.00;MCR999-1 another tournament",
        "2026-11-04;12.00;no reference at all",
    ]).encode()
    client.force_login(organizer)
    from django.core.files.uploadedfile import SimpleUploadedFile

    page = client.post(reverse("entries:payments_import", args=[tournament.pk]),
                       {"statement": SimpleUploadedFile("statement.csv", statement, "text/csv")})
    assert page.status_code == 200 and b"payments-report" in page.content
    states = dict(Entry.objects.values_list("pk", "state"))
    assert (states[first.pk], states[second.pk], states[third.pk]) == ("paid", "paid", "entered")
    first.refresh_from_db()
    assert (first.payment, first.payment_reference) == ("transfer", first.payment_code)
    assert b"no reference at all" in page.content and b"MCR999-1" in page.content


def test_mailings_to_the_entrants(opened, organizer, tournament, django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    with pytest.raises(ValidationError, match="no entry fee"):
        services.entries_payment_remind(actor=organizer, tournament=tournament)
    opened(fee=Decimal("25"), currency="EUR")
    entry = confirmed(tournament, capture)
    paid = confirmed(tournament, capture)
    services.entry_payment_record(actor=organizer, entry=paid, payment="waived")
    assert services.entries_payment_remind(actor=organizer, tournament=tournament) == 1
    reminder = Mail.objects.get(kind="payment_reminder")
    assert reminder.to == entry.email and entry.payment_code in reminder.body
    with pytest.raises(ValidationError, match="No session"):
        services.entries_mail_schedule(actor=organizer, tournament=tournament)
    session = tournament.sessions.get(number=1)
    session.scheduled_start = timezone.now() + dt.timedelta(days=3)
    session.save()
    assert services.entries_mail_schedule(actor=organizer, tournament=tournament) == 2
    schedule = Mail.objects.filter(kind="schedule", to=entry.email).get()
    assert "Session 1, " in schedule.body and f"/players/{entry.registration.entry_number}/" in schedule.body
    with pytest.raises(ValidationError, match="finished"):
        services.entries_mail_results(actor=organizer, tournament=tournament)


def test_the_xlsx_export_lists_teams_with_their_members(opened, client, organizer, tournament):
    from entries.tests.test_entries_teams import team
    from tournaments.core import services as core_services

    core_services.tournament_update(actor=organizer, tournament=tournament, team_reserves=1)
    opened(team_players=4)
    team(tournament, name="Kyoto")
    client.force_login(organizer)
    answer = client.get(reverse("entries:export_xlsx", args=[tournament.pk]))
    rows = list(load_workbook(io.BytesIO(answer.content)).active.iter_rows(values_only=True))
    header = rows[0]
    kinds = [row[header.index("kind")] for row in rows[1:]]
    assert kinds == ["team", "member", "member", "member", "member"]
    assert {row[header.index("team")] for row in rows[1:]} == {"Kyoto"}
