"""The entries' pages: the public entry form, the entrant's own page behind the mailed link, the organizer's."""

import csv
import io

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST
from openpyxl import Workbook

from entries import links, selectors, services
from entries.forms import AddEntryForm, EntryForm, PaymentForm, TeamForm, WindowForm, member_forms
from entries.models import Entry
from entries.throttle import entry_throttled
from tournaments.models import Tournament
from tournaments.ratelimit import client_ip

MAX_STATEMENT_BYTES = 5 * 1024 * 1024


def _errors(form, error: ValidationError) -> None:
    if hasattr(error, "error_dict"):
        for field, texts in error.message_dict.items():
            form.add_error(field if field in form.fields else None, texts)
    else:
        form.add_error(None, error.messages)


def _throttled(request, email: str):
    """The 429 page when this address or this e-mail entered too often this hour."""
    minutes = entry_throttled(request, email)
    if minutes is not None:
        return render(request, "entries/throttled.html", {"minutes": minutes}, status=429)
    return None


def enter(request, tournament_id: int):
    tournament, window = selectors.entry_page(tournament_id)
    now = timezone.now()
    is_open = window.opens_at <= now < window.closes_at
    form = EntryForm(request.POST or None)
    if request.method == "POST" and is_open and form.is_valid():
        data = form.cleaned_data
        if data["website"]:  # the honeypot: answered as a person would be, nothing kept
            return render(request, "entries/check_mail.html", {"tournament": tournament, "email": data["email"]})
        refused = _throttled(request, data["email"])
        if refused is not None:
            return refused
        try:
            entry = services.entry_submit(
                tournament=tournament, name=data["name"], name_local=data["name_local"], country=data["country"],
                issuer=data["issuer"], federation_id=data["federation_id"], email=data["email"],
                language=translation.get_language(), consent=data["consent"])
        except ValidationError as error:
            _errors(form, error)
        else:
            return render(request, "entries/check_mail.html", {"tournament": tournament, "email": entry.email})
    return render(request, "entries/enter.html", {
        "tournament": tournament, "window": window, "form": form, "is_open": is_open,
        "quotas": selectors.quotas_of(window), "privacy_version": services.PRIVACY_NOTICE_VERSION})


def enter_team(request, tournament_id: int):
    """A team leader enters a team, on one page: the team, its players, its reserves."""
    tournament, window = selectors.entry_page(tournament_id)
    if not window.team_players:
        raise Http404
    is_open = window.opens_at <= timezone.now() < window.closes_at
    data = request.POST if request.method == "POST" else None
    form = TeamForm(data)
    rows = member_forms(data, players=window.team_players, reserves=window.tournament.team_reserves)
    if data is not None and is_open and form.is_valid() and all(row.is_valid() for _h, _r, row in rows):
        values = form.cleaned_data
        if values["website"]:
            return render(request, "entries/check_mail.html", {"tournament": tournament, "email": values["email"]})
        refused = _throttled(request, values["email"])
        if refused is not None:
            return refused
        members = [{**row.cleaned_data, "reserve": reserve} for _h, reserve, row in rows
                   if not reserve or row.filled()]
        try:
            entry = services.team_entry_submit(
                tournament=tournament, name=values["name"], name_local=values["name_local"],
                country=values["country"], email=values["email"], language=translation.get_language(),
                consent=values["consent"], members=members)
        except ValidationError as error:
            _team_errors(form, rows, error)
        else:
            return render(request, "entries/check_mail.html", {"tournament": tournament, "email": entry.email})
    return render(request, "entries/enter_team.html", {
        "tournament": tournament, "window": window, "form": form, "rows": rows, "is_open": is_open,
        "privacy_version": services.PRIVACY_NOTICE_VERSION})


def _team_errors(form, rows, error: ValidationError) -> None:
    """A service's problems, on the field they name: the team's, or a member's (members-<n>-<field>)."""
    if not hasattr(error, "error_dict"):
        form.add_error(None, error.messages)
        return
    by_prefix = {row.prefix: row for _h, _r, row in rows}
    for key, texts in error.message_dict.items():
        prefix, _sep, field = key.rpartition("-")
        row = by_prefix.get(prefix)
        if row is not None and field in row.fields:
            row.add_error(field, texts)
        else:
            form.add_error(key if key in form.fields else None, texts)


def confirm(request, token: str):
    """The mailed link asks for a click (a mail scanner that follows links confirms nothing)."""
    entry = selectors.entry_by_token(token)
    if entry.state != Entry.State.UNCONFIRMED:
        return redirect("entries:mine", token=token)
    error = None
    if request.method == "POST":
        try:
            services.entry_confirm(entry=entry)
        except ValidationError as refused:
            error = " ".join(refused.messages)
        else:
            return redirect("entries:mine", token=token)
    return render(request, "entries/confirm.html", {"entry": entry, "tournament": entry.tournament, "error": error})


def mine(request, token: str):
    """The entrant's page: their state, position, offer and fee; accept an offered place, or withdraw."""
    entry = selectors.entry_by_token(token)
    error = None
    account_form = UserCreationForm(request.POST if request.POST.get("action") == "account" else None)
    if request.method == "POST":
        action = request.POST.get("action")
        try:
            if action == "accept":
                services.entry_offer_accept(entry=entry)
            elif action == "withdraw":
                services.entry_withdraw(entry=entry, reason=_("withdrawn by the entrant"))
            elif action in ("stop_mail", "mail_again"):
                services.entry_mail_consent(entry=entry, consent=action == "mail_again")
            elif action == "keep" and request.user.is_authenticated:
                services.entry_account_link(entry=entry, user=request.user)
            elif action == "account":
                if selectors.entry_by_token(token, max_age=links.ACCOUNT_LINK_DAYS * 86400) is None:
                    raise ValidationError(_("This link is too old to make an account: use the link of a newer "
                                            "mail, or make an account and sign in."))
                if not account_form.is_valid():
                    raise ValidationError(_("Check the username and password below."))
                user, _entry = services.entry_account_create(
                    entry=entry, username=account_form.cleaned_data["username"],
                    password=account_form.cleaned_data["password1"], client=client_ip(request))
                login(request, user, backend="django.contrib.auth.backends.ModelBackend")
                return redirect("entries:me")
            else:
                raise ValidationError(_("Unknown action."))
        except ValidationError as refused:
            error = " ".join(refused.messages)
        else:
            return redirect("entries:mine", token=token)
        entry.refresh_from_db()
    return render(request, "entries/mine.html", {
        "entry": entry, "tournament": entry.tournament, "window": entry.tournament.entry_window,
        "position": selectors.waiting_position(entry), "error": error, "token": token,
        "account_form": account_form}, status=400 if error else 200)


@login_required
def me(request):
    """The player's one page across tournaments: entries, waiting positions, seats, sheets, results, Pin."""
    return render(request, "entries/me.html", selectors.my_tournaments(user=request.user))


def _manage_page(request, tournament, *, add_form=None, report=None, status=200):
    overview = selectors.entries_overview(user=request.user, tournament=tournament)
    return render(request, "entries/manage.html", {
        "tournament": tournament, **overview, "payment_form": PaymentForm(), "report": report,
        "add_form": add_form or AddEntryForm(initial={"language": translation.get_language()}),
        "enter_url": request.build_absolute_uri(reverse("entries:enter", args=[tournament.pk]))}, status=status)


@login_required
def manage(request, tournament_id: int):
    return _manage_page(request, selectors.organizer_tournament(user=request.user, tournament_id=tournament_id))


def _organizer_tournament(request, tournament_id: int) -> Tournament:
    return selectors.organizer_tournament(user=request.user, tournament_id=tournament_id)


@login_required
@require_POST
def add(request, tournament_id: int):
    tournament = _organizer_tournament(request, tournament_id)
    form = AddEntryForm(request.POST)
    if form.is_valid():
        try:
            entry = services.entry_add(actor=request.user, tournament=tournament, **form.cleaned_data)
        except ValidationError as error:
            _errors(form, error)
        else:
            return redirect(reverse("entries:manage", args=[tournament.pk]) + f"#entry-{entry.pk}")
    return _manage_page(request, tournament, add_form=form, status=400)


MAILINGS = {"payment_reminder": services.entries_payment_remind, "schedule": services.entries_mail_schedule,
            "results": services.entries_mail_results}


@login_required
@require_POST
def mail_all(request, tournament_id: int):
    tournament = _organizer_tournament(request, tournament_id)
    mailing = MAILINGS.get(request.POST.get("kind"))
    if mailing is None:
        raise Http404
    try:
        count = mailing(actor=request.user, tournament=tournament)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, ngettext("%(n)d mail queued.", "%(n)d mails queued.", count) % {"n": count})
    return redirect("entries:outbox", tournament_id=tournament.pk)


@login_required
@require_POST
def payments_import(request, tournament_id: int):
    tournament = _organizer_tournament(request, tournament_id)
    statement = request.FILES.get("statement")
    if statement is None or statement.size > MAX_STATEMENT_BYTES:
        messages.error(request, _("Choose the statement's CSV file (at most 5 MB)."))
        return redirect("entries:manage", tournament_id=tournament.pk)
    try:
        report = services.entries_payments_import(actor=request.user, tournament=tournament,
                                                  content=statement.read())
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("entries:manage", tournament_id=tournament.pk)
    return _manage_page(request, tournament, report=report)


@login_required
def window_edit(request, tournament_id: int):
    tournament = _organizer_tournament(request, tournament_id)
    window = selectors.open_window(tournament)
    initial = {}
    if window is not None:
        initial = {field: getattr(window, field) for field in WindowForm.base_fields if field != "quotas"}
        initial["quotas"] = "\n".join(f"{q.country} {q.places}" for q in selectors.quotas_of(window))
    form = WindowForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            services.entry_window_set(actor=request.user, tournament=tournament, **form.cleaned_data)
        except ValidationError as error:
            _errors(form, error)
        else:
            return redirect("entries:manage", tournament_id=tournament.pk)
    return render(request, "entries/window_form.html", {"tournament": tournament, "form": form, "window": window})


@login_required
@require_POST
def entry_action(request, entry_id: int):
    entry = selectors.entry_for_organizer(user=request.user, entry_id=entry_id)
    action = request.POST.get("action")
    try:
        if action == "offer":
            services.entry_offer(actor=request.user, entry=entry)
        elif action == "pay":
            form = PaymentForm(request.POST)
            if not form.is_valid():
                raise ValidationError(_("Choose how the fee was paid."))
            services.entry_payment_record(actor=request.user, entry=entry, payment=form.cleaned_data["payment"],
                                          reference=form.cleaned_data["reference"])
        elif action == "refund":
            services.entry_refund_record(actor=request.user, entry=entry)
        elif action == "cancel":
            services.entry_cancel(actor=request.user, entry=entry, reason=request.POST.get("reason", ""))
        elif action == "withdraw":
            services.entry_withdraw(actor=request.user, entry=entry, reason=request.POST.get("reason", ""))
        elif action == "move":
            try:
                position = int(request.POST.get("position", ""))
            except ValueError:
                raise ValidationError(_("Give the position on the waiting list as a number.")) from None
            services.entry_move(actor=request.user, entry=entry, position=position)
        else:
            raise ValidationError(_("Unknown action."))
    except ValidationError as error:
        messages.error(request, f"{entry.name}: " + " ".join(error.messages))
    return redirect(reverse("entries:manage", args=[entry.tournament_id]) + f"#entry-{entry.pk}")


EXPORT_COLUMNS = ("queue_number", "state", "kind", "team", "reserve", "name", "name_local", "country",
                  "federation_id", "email", "language", "created_at", "confirmed_at", "offered_until", "payment",
                  "payment_reference", "paid_at", "refund", "reason", "privacy_notice")


def _export_rows(entries):
    """One row an entry; a team's players and reserves follow it, each a row naming the team."""
    def text(value):
        value = "" if value is None else value.isoformat() if hasattr(value, "isoformat") else str(value)
        return "'" + value if value[:1] in ("=", "+", "-", "@") else value  # no formulas from names

    for entry in entries:
        row = {column: getattr(entry, column, None) for column in EXPORT_COLUMNS}
        row.update(team=entry.name if entry.kind == Entry.Kind.TEAM else "", reserve="")
        yield [text(row[column]) for column in EXPORT_COLUMNS]
        for member in selectors.members_of(entry):
            member_row = {"kind": "member", "team": entry.name, "reserve": "yes" if member.reserve else "",
                          "name": member.name, "name_local": member.name_local, "country": member.country,
                          "federation_id": member.federation_id, "email": member.email}
            yield [text(member_row.get(column)) for column in EXPORT_COLUMNS]


@login_required
def export_csv(request, tournament_id: int):
    tournament = _organizer_tournament(request, tournament_id)
    overview = selectors.entries_overview(user=request.user, tournament=tournament)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="entries-{tournament.pk}.csv"'
    response.write("\ufeff")  # spreadsheets read UTF-8 (names in any script) only with the mark
    writer = csv.writer(response)
    writer.writerow(EXPORT_COLUMNS)
    writer.writerows(_export_rows(overview["entries"]))
    return response


@login_required
def export_xlsx(request, tournament_id: int):
    tournament = _organizer_tournament(request, tournament_id)
    overview = selectors.entries_overview(user=request.user, tournament=tournament)
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = "entries"
    sheet.append(list(EXPORT_COLUMNS))
    for row in _export_rows(overview["entries"]):
        sheet.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    response = HttpResponse(buffer.getvalue(),
                            content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
    response["Content-Disposition"] = f'attachment; filename="entries-{tournament.pk}.xlsx"'
    return response


@login_required
def outbox(request, tournament_id: int):
    tournament = _organizer_tournament(request, tournament_id)
    mails = selectors.outbox(user=request.user, tournament=tournament)
    return render(request, "entries/outbox.html", {"tournament": tournament, "mails": mails})
