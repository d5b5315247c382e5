"""The person's data page (their export, their erasure) and the administrator's erasure queue."""

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import FileResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from privacy import selectors, services
from privacy.forms import DecisionForm, ErasureForm


@login_required
def my_data(request):
    form = ErasureForm(request.POST if request.POST.get("action") == "erase" else None)
    if request.method == "POST":
        try:
            if request.POST.get("action") == "export":
                services.data_export_request(user=request.user)
                messages.success(request, _("Your file is being made: it appears here in a minute."))
            elif request.POST.get("action") == "erase" and form.is_valid():
                done = services.erasure_request(user=request.user, pseudonym=form.cleaned_data["pseudonym"])
                if done.state == done.State.DONE:  # nothing the rules keep: erased at once, and signed out
                    logout(request)
                    messages.success(request, _("Your data is erased, and your account closed."))
                    return redirect("home")
                messages.success(request, _("Your erasure is asked for: an administrator decides it."))
            else:
                raise ValidationError(_("Tick the box that says you understand, then ask again."))
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            return redirect("privacy:mine")
    return render(request, "privacy/mine.html", {
        "requests": selectors.my_requests(user=request.user), "form": form,
        "waits": services.erasure_waits(user=request.user)})


@login_required
def download(request, request_id: int):
    data_request = selectors.export_for_download(user=request.user, request_id=request_id)
    return FileResponse(data_request.file.open("rb"), as_attachment=True,
                        filename=f"personal-data-{data_request.pk}.json", content_type="application/json")


@login_required
def queue(request):
    """Erasures to decide (the site's administrators) and the read log (the Pin register's administrators too)."""
    reads = selectors.reads_for_admin(user=request.user)[:100]
    requests = selectors.erasure_queue(user=request.user) if request.user.is_superuser else None
    return render(request, "privacy/queue.html", {"requests": requests, "form": DecisionForm(), "reads": reads})


@login_required
@require_POST
def decide(request, request_id: int):
    data_request = selectors.erasure_request_for_admin(user=request.user, request_id=request_id)
    form = DecisionForm(request.POST)
    if form.is_valid():
        try:
            services.erasure_decide(actor=request.user, request=data_request, **form.cleaned_data)
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            messages.success(request, _("Decided."))
    else:
        messages.error(request, _("Choose erase or refuse."))
    if request.user.pk == data_request.user_id and not request.user.is_active:
        logout(request)
        return redirect("home")
    return redirect("privacy:queue")
