"""The account's tokens page: make one for a device (its secret shown this once), revoke one."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from api_tokens import selectors, services


@login_required
def tokens(request):
    made = None
    if request.method == "POST":
        try:
            _token, made = services.token_create(user=request.user, device=request.POST.get("device", ""))
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
    response = render(request, "api_tokens/tokens.html", {"tokens": selectors.tokens_of(user=request.user),
                                                           "made": made})
    response["Cache-Control"] = "no-store"  # the secret is on this page once
    return response


@login_required
@require_POST
def revoke(request, token_id: int):
    services.token_revoke(user=request.user, token=selectors.token_of(user=request.user, token_id=token_id))
    messages.success(request, _("Token revoked: it no longer works anywhere."))
    return redirect("api_tokens:tokens")
