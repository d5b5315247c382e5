"""The committee's queue of applications (7.3) and the public Pin register (7.4 公布) with its certificates."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from pin_ranking.access import is_committee_member
from pin_ranking.committee.forms import DecisionForm
from pin_ranking.committee.selectors import committee_queue, pin_award_public, pin_register_public
from pin_ranking.committee.services import DecisionConflict, application_decide
from pin_ranking.pdf import pin_certificate_pdf
from scoring.engine.table import twelfths_display
from tournaments.errors import NotFound


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
