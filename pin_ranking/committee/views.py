"""The committee's queue of applications (7.3) and the public Pin register (7.4 公布) with its certificates."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from pin_ranking.access import is_committee_member, register_admin_required
from pin_ranking.committee import forms as committee_forms
from pin_ranking.committee import selectors as committee_selectors
from pin_ranking.committee import services
from pin_ranking.committee.forms import DecisionForm
from pin_ranking.committee.selectors import (
    committee_queue,
    pin_award_public,
    pin_register_file,
    pin_register_public,
)
from pin_ranking.committee.services import DecisionConflict, application_decide
from pin_ranking.ledger.exports import FORMATS
from pin_ranking.ledger.views import CONTENT_TYPES
from pin_ranking.pdf import pin_certificate_pdf
from pin_ranking.register import forms as register_forms
from scoring.engine.table import twelfths_display
from tournaments.errors import NotFound
from tournaments.pages import page_action


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
                      "now": services.approval_state(application),
                      "form": DecisionForm(initial={"version": application.version}),
                      "exchange": list(application.messages.all())})
    return render(request, "pin_ranking/committee/queue.html", {"queue": queue})


def pin_register(request):
    """7.4 公布: the public register of Pins (holder, Pin, date, country); no personal field."""
    return render(request, "pin_ranking/committee/register.html", {
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
    return render(request, "pin_ranking/committee/award.html", {
                                                                   "award": pin_award_public(number=number)})


@login_required
@require_POST
def edition(request):
    form = register_forms.EditionForm(request.POST)
    if form.is_valid():
        success = _("The register follows the %(edition)s edition; every ledger is being recomputed.") % {
            "edition": form.cleaned_data["edition"]}
        with page_action(request, success=success):
            services.pin_register_update(actor=request.user, edition=form.cleaned_data["edition"],
                                         delegate_to_members=form.cleaned_data["delegate_to_members"])
    return redirect("pin_ranking:committee")


def pin_register_download(request, fmt: str):
    """The public register (7.4 公布) as CSV, XLSX or JSON: public fields only, built once per state."""
    if fmt not in FORMATS:
        raise NotFound(_("No such page."))
    response = HttpResponse(pin_register_file(fmt), content_type=CONTENT_TYPES[fmt])
    response["Content-Disposition"] = f'attachment; filename="pin-register.{fmt}"'
    return response


@login_required
def committees(request):
    """The register administrator's page: the committees (6.1; 2014 7.3 member organizations; websites),
    their seats, and who administers the register."""
    register_admin_required(request.user)
    found = committee_selectors.committees_all()
    create = committee_forms.CommitteeForm(prefix="c")
    in_office = [c for c in found if c.retired_at is None]
    seat = committee_forms.SeatForm(prefix="s", committees=in_office)
    admin = committee_forms.AdminForm(prefix="a")
    action = request.POST.get("action", "")
    if request.method == "POST":
        with page_action(request) as result:
            done = _committees_action(request, action, found, committee_forms)
        if result.done and done:
            messages.success(request, done)
            return redirect("pin_ranking:committees")
        create = committee_forms.CommitteeForm(request.POST if action == "create" else None, prefix="c")
        seat = committee_forms.SeatForm(request.POST if action == "seat" else None, prefix="s", committees=in_office)
        admin = committee_forms.AdminForm(request.POST if action in ("admin", "unadmin") else None, prefix="a")
    return render(request, "pin_ranking/committee/committees.html", {
        "committees": found, "create": create, "seat": seat, "admin": admin,
        "admins": committee_selectors.register_admins(), "section": "committees", "pin_register_admin": True})


def _committees_action(request, action, found, committee_forms) -> str:
    """One write of the committees page; returns what to say (empty: the form was not valid)."""
    by_id = {c.pk: c for c in found}
    if action == "create":
        form = committee_forms.CommitteeForm(request.POST, prefix="c")
        if form.is_valid():
            made = services.committee_create(actor=request.user, **form.cleaned_data)
            return _("“%(name)s” created: seat its members below.") % {"name": made.name}
    elif action == "seat":
        form = committee_forms.SeatForm(request.POST, prefix="s", committees=found)
        if form.is_valid():
            services.committee_seat_grant(actor=request.user, committee=by_id[form.cleaned_data["committee"]],
                                          username=form.cleaned_data["username"])
            return _("%(user)s now sits on the committee.") % {"user": form.cleaned_data["username"]}
    elif action == "rename":
        committee = by_id.get(int(request.POST["committee"])) if request.POST.get("committee", "").isdigit() else None
        if committee is None:
            raise NotFound(_("No such page."))
        renamed = services.committee_rename(actor=request.user, committee=committee, name=request.POST.get("name", ""))
        return _("The committee is now called “%(name)s”.") % {"name": renamed.name}
    elif action == "retire":
        committee = by_id.get(int(request.POST["committee"])) if request.POST.get("committee", "").isdigit() else None
        if committee is None:
            raise NotFound(_("No such page."))
        retired = services.committee_retire(actor=request.user, committee=committee,
                                            reason=request.POST.get("reason", ""))
        return _("“%(name)s” is retired; its history is kept.") % {"name": retired.name}
    elif action == "unseat":
        number = request.POST.get("committee", "")
        committee = by_id.get(int(number)) if number.isdigit() else None
        if committee is None:
            raise NotFound(_("No such page."))
        services.committee_seat_revoke(actor=request.user, committee=committee, username=request.POST.get("username"))
        return _("%(user)s no longer sits on the committee.") % {"user": request.POST.get("username")}
    elif action in ("admin", "unadmin"):
        form = committee_forms.AdminForm(request.POST, prefix="a")
        if form.is_valid():
            if action == "admin":
                services.register_admin_grant(actor=request.user, username=form.cleaned_data["username"])
                return _("%(user)s now administers the register.") % {"user": form.cleaned_data["username"]}
            services.register_admin_revoke(actor=request.user, username=form.cleaned_data["username"])
            return _("%(user)s no longer administers the register.") % {"user": form.cleaned_data["username"]}
    return ""
