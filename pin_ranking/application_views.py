"""The player's application pages (Appendix 9, 7.1-7.2; the form of Appendix 10): apply from "My Pin"."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from pin_ranking import selectors
from pin_ranking.access import is_committee_member
from pin_ranking.applications import (
    application_answer,
    application_file,
    application_view,
    applications_of,
    ledger_of,
    may_answer,
)
from pin_ranking.committee import (
    DecisionConflict,
    application_decide,
    committee_queue,
    pin_award_public,
    pin_register_public,
)
from pin_ranking.models import Application
from pin_ranking.pdf import pin_certificate_pdf
from scoring.engine.table import twelfths_display
from tournaments.errors import NotFound

PLEDGE = gettext_lazy("I promise to develop the Olympic spirit, promote a healthy, scientific and friendly mahjong "
                      "culture, oppose gambling, fakes and shoddy conduct, and do what I can for the development "
                      "of competitive mahjong. Please check.")


class ApplicationForm(forms.Form):
    pin = forms.TypedChoiceField(label=gettext_lazy("Pin applied for"), coerce=int)
    sex = forms.ChoiceField(label=gettext_lazy("Sex"), choices=Application.Sex.choices)
    age = forms.IntegerField(label=gettext_lazy("Age"), min_value=5, max_value=120)
    id_number = forms.CharField(label=gettext_lazy("ID document number"), max_length=64)
    contact = forms.CharField(label=gettext_lazy("Telephone or e-mail"), max_length=200)
    pledge_accepted = forms.BooleanField(label=PLEDGE)

    def __init__(self, *args, reached: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["pin"].choices = [(p, _("Pin %(pin)s") % {"pin": p}) for p in range(reached, 10)]


@login_required
def application_new(request, track: str):
    player = selectors.player_for_user(user=request.user)
    if player is None or track not in ("pin", "web_pin"):
        raise NotFound(_("No such page."))
    ledger = ledger_of(player=player, track=track)
    if ledger is None or ledger.pin is None:
        messages.error(request, _("Your ledger reaches no Pin on this track yet."))
        return redirect("pin_ranking:my_pin")
    form = ApplicationForm(request.POST or None, reached=ledger.pin, initial={"pin": ledger.pin})
    if request.method == "POST" and form.is_valid():
        try:
            application = application_file(actor=request.user, player=player, track=track, **form.cleaned_data)
        except ValidationError as error:
            for field, problems in error.message_dict.items():
                form.add_error(field if field in form.fields else None, problems)
        else:
            messages.success(request, _("Your application was sent to %(committee)s.")
                             % {"committee": application.committee.name})
            return redirect("pin_ranking:application", application.pk)
    rows = [{**row, "table_points_display": twelfths_display(row["table_points"])} for row in ledger.data["counted"]]
    return render(request, "pin_ranking/applications/new.html", {
        "pin_css": True, "form": form, "player": player, "track": track, "ledger": ledger, "rows": rows,
        "points_display": twelfths_display(ledger.points) if track == "pin" else ledger.points,
        "applications": applications_of(player=player)})


@login_required
def application_detail(request, application_id: int):
    application = application_view(viewer=request.user, application_id=application_id)
    rows = [{**row, "table_points_display": twelfths_display(row["table_points"])} for row in application.results]
    return render(request, "pin_ranking/applications/detail.html", {
        "pin_css": True, "application": application, "rows": rows,
        "award": getattr(application, "award", None) if application.status == Application.Status.APPROVED else None,
        "exchange": list(application.messages.all()), "may_answer": may_answer(request.user, application),
        "points_display": (twelfths_display(application.points_total) if application.track == "pin"
                           else application.points_total)})


class AnswerForm(forms.Form):
    note = forms.CharField(label=gettext_lazy("What you add or correct"), max_length=1000, widget=forms.Textarea(
        attrs={"rows": 4}))
    sex = forms.ChoiceField(label=gettext_lazy("Sex"), choices=Application.Sex.choices)
    age = forms.IntegerField(label=gettext_lazy("Age"), min_value=5, max_value=120)
    id_number = forms.CharField(label=gettext_lazy("ID document number"), max_length=64)
    contact = forms.CharField(label=gettext_lazy("Telephone or e-mail"), max_length=200)
    refresh_results = forms.BooleanField(label=gettext_lazy("Fill the results again from my ledger as it stands now"),
                                         required=False)


@login_required
def application_answer_page(request, application_id: int):
    """7.3: the player answers the committee's "ask for more" and the application goes back to its queue."""
    application = application_view(viewer=request.user, application_id=application_id)
    if not may_answer(request.user, application):
        raise NotFound(_("No such page."))
    initial = {field: getattr(application, field) for field in ("sex", "age", "id_number", "contact")}
    form = AnswerForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            application_answer(actor=request.user, application_id=application.pk, **form.cleaned_data)
        except ValidationError as error:
            for field, problems in error.message_dict.items():
                form.add_error(field if field in form.fields else None, problems)
        else:
            messages.success(request, _("Your answer is sent: the application is back with the committee."))
            return redirect("pin_ranking:application", application.pk)
    return render(request, "pin_ranking/applications/answer.html", {
        "pin_css": True, "application": application, "form": form,
        "exchange": list(application.messages.all())})


class DecisionForm(forms.Form):
    decision = forms.ChoiceField(label=gettext_lazy("Decision"), choices=[
                                 ("approve", gettext_lazy("Approve")), ("reject", gettext_lazy("Reject")),
                                          ("more_info", gettext_lazy("Ask for more"))])
    version = forms.IntegerField(widget=forms.HiddenInput)
    reason = forms.CharField(label=gettext_lazy("Reason"), max_length=500, required=False)


@login_required
def committee_applications(request):
    """The queue of the committees the member sits on: each application with its ledger and certificates."""
    if not is_committee_member(request.user):
        raise NotFound(_("No such page."))
    if request.method == "POST":
        form = DecisionForm(request.POST)
        if form.is_valid():
            try:
                application = application_decide(actor=request.user, application_id=int(request.POST["application"]),
                                                 **form.cleaned_data)
            except DecisionConflict as conflict:
                messages.error(request, conflict.message)
            except (ValidationError, ValueError, KeyError) as error:
                text = "; ".join(error.messages) if isinstance(error, ValidationError) else _("No such page.")
                messages.error(request, text)
            else:
                messages.success(request, _("%(name)s: %(status)s") % {"name": application.name,
                                                                      "status": application.get_status_display()})
        return redirect("pin_ranking:committee_applications")
    queue = []
    for application in committee_queue(user=request.user):
        rows = [{**row, "table_points_display": twelfths_display(row["table_points"])}
                for row in application.results]
        queue.append({"application": application, "rows": rows, "reached": application.snapshot.pin,
                      "check_ok": application.snapshot.pin is not None and application.snapshot.pin <= application.pin,
                      "points_display": (twelfths_display(application.points_total) if application.track == "pin"
                                         else application.points_total),
                      "form": DecisionForm(initial={"version": application.version}),
                      "exchange": list(application.messages.all())})
    return render(request, "pin_ranking/applications/queue.html", {"pin_css": True, "queue": queue})


def pin_register(request):
    """7.4 公布: the public register of Pins (holder, Pin, date, country); no personal field."""
    return render(request, "pin_ranking/applications/register.html", {"pin_css": True,
                                                                      "awards": pin_register_public()})


def pin_certificate_download(request, number: str):
    """The numbered Pin certificate (7.4) as PDF: public, as the register it repeats (no personal field)."""
    award = pin_award_public(number=number)
    url = request.build_absolute_uri(reverse("pin_ranking:award", args=[award.number]))
    response = HttpResponse(pin_certificate_pdf(award, verify_url=url), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="pin-certificate-{award.number}.pdf"'
    return response


def pin_award(request, number: str):
    """One entry of the public register: anyone verifying a Pin certificate lands here."""
    return render(request, "pin_ranking/applications/award.html", {"pin_css": True,
                                                                   "award": pin_award_public(number=number)})
