"""The players' own pages: link an account, read their sheets, fouls and appeals; a PIN re-issued."""

from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.access import Capability
from tournaments.core import selectors as core_selectors
from tournaments.pages import page_action
from tournaments.players import selectors, services
from tournaments.players.forms import SelfLinkForm
from tournaments.ratelimit import client_ip
from tournaments.sheets import selectors as sheet_selectors

LINKED = gettext_lazy("Your account is linked: here are your seats, results and score sheets.")


@login_required
def player_link(request, tournament_id: int):
    """Entry number and PIN link the logged-in account to its registration."""
    tournament = core_selectors.tournament_get_for_user(user=request.user, tournament_id=tournament_id)
    own = core_selectors.registration_of_user(user=request.user, tournament=tournament)
    if own is not None:
        return redirect("tournaments:player_records", tournament.pk, own.entry_number)
    form = SelfLinkForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with page_action(request, form=form, success=LINKED) as action:
            services.player_self_link_by_pin(
                user=request.user, tournament=tournament, entry_number=form.cleaned_data["entry_number"],
                pin=form.cleaned_data["pin"],
            )
        if action.done:
            return redirect("tournaments:my_records", tournament.pk)
    return render(
        request, "tournaments/players/link.html", {"tournament": tournament, "form": form},
        status=400 if form.errors else 200,
    )


@login_required
def player_link_by_token(request, registration_id: int, token: str):
    """The link printed on the schedule card: a page to confirm, then a POST links the account."""
    registration = selectors.registration_for_token(registration_id=registration_id, token=token)
    if request.method == "POST":
        with page_action(request, success=LINKED) as action:
            services.player_self_link_by_token(user=request.user, registration_id=registration_id, token=token)
        if action.done:
            return redirect("tournaments:my_records", registration.tournament_id)
    return render(request, "tournaments/players/link_token.html", {
        "registration": registration, "tournament": registration.tournament,
    })


@login_required
def my_records(request, tournament_id: int):
    """The logged-in player's records; a user not linked yet is sent to link their account."""
    tournament = core_selectors.tournament_get_for_user(user=request.user, tournament_id=tournament_id)
    own = core_selectors.registration_of_user(user=request.user, tournament=tournament)
    if own is None:
        return redirect("tournaments:player_link", tournament.pk)
    return redirect("tournaments:player_records", tournament.pk, own.entry_number)


@login_required
def player_records(request, tournament_id: int, entry: int):
    registration = selectors.registration_records_get(user=request.user, tournament_id=tournament_id, entry=entry)
    return render(
        request, "tournaments/players/records.html",
        selectors.player_records(user=request.user, registration=registration),
    )


@login_required
def player_sheet(request, sheet_id: int):
    sheet = sheet_selectors.sheet_get_for_player(user=request.user, sheet_id=sheet_id)
    context = selectors.player_sheet_page(user=request.user, sheet=sheet)
    return render(request, "tournaments/players/sheet.html", context)


@login_required
def pin_reissue(request, registration_id: int):
    """A referee (the chief referee, an organizer) gives a player who forgot their PIN a new one."""
    registration = core_selectors.registration_get_for_user(
        user=request.user, registration_id=registration_id, capability=Capability.CHECK_IN
    )
    context = {"registration": registration, "tournament": registration.tournament, "pin": None}
    if request.method == "POST":
        context["pin"] = services.confirm_pin_reissue(actor=request.user, registration=registration)
    return render(request, "tournaments/players/pin_reissue.html", context)


def signup(request):
    """A player without an account makes one (username and password), then links it."""
    next_url = request.POST.get("next") or request.GET.get("next") or ""
    if not url_has_allowed_host_and_scheme(next_url, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure()):
        next_url = ""
    form = UserCreationForm(request.POST or None)
    status = 200
    if request.method == "POST" and form.is_valid():
        made = _("Your account is made. Now link it to your registration.")
        with page_action(request, form=form, success=made) as action:
            user = services.account_create(
                username=form.cleaned_data["username"], password=form.cleaned_data["password1"],
                client=client_ip(request),
            )
        if action.done:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect(next_url or "home")
        status = 429  # the service refuses only too many accounts from this network
    return render(request, "registration/signup.html", {"form": form, "next": next_url},
                  status=400 if form.errors and status == 200 else status)

