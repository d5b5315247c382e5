"""Organizer pages. Views check access, call one service or selector, and render."""

from django.contrib.auth.decorators import login_required, permission_required
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import extensions, limits
from tournaments.access import Capability, capabilities_for_page
from tournaments.core import audit_display
from tournaments.core import selectors as core_selectors
from tournaments.core import services as core_services
from tournaments.core.forms import (
    AuditFilterForm,
    GroupForm,
    GroupMembersForm,
    RegistrationForm,
    TournamentEditForm,
    TournamentForm,
)
from tournaments.errors import NotFound
from tournaments.pages import page_action

AUDIT_PAGE_SIZE = 50
REGISTRATIONS_PAGE_SIZE = limits.REGISTRATIONS_PAGE_SIZE


def home(request):
    tournaments = core_selectors.tournament_list_visible(user=request.user)
    return render(request, "tournaments/core/home.html", {
        "tournaments": tournaments, "home_links": extensions.visible_links("home", request.user, None),
        "mine": core_selectors.tournaments_of_staff(user=request.user),
        "hidden": core_selectors.tournaments_hidden_for_user(user=request.user)})


@login_required
@permission_required("tournaments.add_tournament", raise_exception=True)
def tournament_create(request):
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with page_action(request, form=form, success=_("Tournament created.")) as action:
            tournament = core_services.tournament_create(actor=request.user, **form.cleaned_data)
        if action.done:
            return redirect("tournaments:detail", tournament.pk)
    return render(request, "tournaments/core/tournament_form.html", {"form": form, "creating": True})


def tournament_detail(request, tournament_id: int):
    tournament = core_selectors.tournament_get_for_user(user=request.user, tournament_id=tournament_id)
    can = capabilities_for_page(request.user, tournament)
    summary = core_selectors.tournament_summary(tournament=tournament)
    context = {
        "tournament": tournament,
        "can": can,
        # Pages of the apps above the core (appeals, …), through the core's link seam.
        "app_links": extensions.visible_links("tournament", request.user, tournament, can.granted),
        "summary": summary,
        # Each session's pages of the apps (its referees at the tables, the Record of Fouls, …).
        "sessions": [
            {"session": session, "links": [
                *extensions.visible_links("referees", request.user, session, can.granted),
                *extensions.visible_links("session", request.user, session, can.granted)]}
            for session in summary["sessions"]
        ],
    }
    if can.manage:  # the organizer's day, step by step (docs/organizer.md)
        seats = extensions.visible_links("seats", request.user, tournament, can.granted)
        staff = extensions.visible_links("staff", request.user, tournament, can.granted)
        roster = extensions.visible_links("roster", request.user, tournament, can.granted)
        context["steps"] = core_selectors.day_steps(
            tournament=tournament, summary=summary, seats_url=seats[0].url if seats else None,
            staff_url=staff[0].url if staff else None, import_url=roster[0].url if roster else None)
    return render(request, "tournaments/core/tournament_detail.html", context)


@login_required
def tournament_edit(request, tournament_id: int):
    tournament = core_selectors.tournament_get_for_user(
        user=request.user, tournament_id=tournament_id, capability=Capability.MANAGE
    )
    form = TournamentEditForm(
        request.POST or None, instance=tournament,
        status_choices=core_selectors.status_choices_allowed(tournament=tournament),
    )
    if request.method == "POST" and form.is_valid():
        changes = {name: form.cleaned_data[name] for name in form.changed_data}
        with page_action(request, form=form, success=_("Tournament saved.")) as action:
            core_services.tournament_update(actor=request.user, tournament=tournament, **changes)
        if action.done:
            return redirect("tournaments:detail", tournament.pk)
    return render(request, "tournaments/core/tournament_form.html", {"form": form, "tournament": tournament})


@login_required
def registration_list(request, tournament_id: int):
    tournament = core_selectors.tournament_get_for_user(
        user=request.user, tournament_id=tournament_id, capability=Capability.VIEW_ROSTER
    )
    search = request.GET.get("q", "").strip()
    registrations = core_selectors.registration_list(tournament=tournament, search=search)
    # A page at a time (issue 16: 100,000 rows made a 62 MB page); the search filters before paging.
    page = Paginator(registrations, REGISTRATIONS_PAGE_SIZE).get_page(request.GET.get("page"))
    context = {
        "tournament": tournament,
        "page": page,
        "page_numbers": page.paginator.get_elided_page_range(page.number, on_each_side=1, on_ends=1),
        "check_in_session": core_selectors.check_in_session(tournament=tournament),
        "search": search,
        "can": capabilities_for_page(request.user, tournament),
    }
    partial = request.htmx and not request.htmx.history_restore_request
    template = "tournaments/core/_registration_results.html" if partial else "tournaments/core/registration_list.html"
    return render(request, template, context)


@login_required
def registration_edit(request, registration_id: int):
    registration = core_selectors.registration_get_for_user(
        user=request.user, registration_id=registration_id, capability=Capability.MANAGE
    )
    player = registration.player
    if registration.contact and player.user_id != request.user.pk:
        extensions.personal_data_read(reader=request.user, player_id=player.pk, what="contact",
                                      object_id=registration.pk)
    initial = {
        "name": player.name,
        "name_local": player.name_local,
        "country": player.country,
        "federation_id": player.federation_id,
        "contact": registration.contact,
        "team": registration.team,
        "group": registration.group,
    }
    form = RegistrationForm(request.POST or None, initial=initial, tournament=registration.tournament)
    if request.method == "POST" and form.is_valid():
        with page_action(request, form=form, success=_("Registration saved.")) as action:
            core_services.registration_update(actor=request.user, registration=registration, **form.cleaned_data)
        if action.done:
            return redirect("tournaments:registrations", registration.tournament_id)
    return render(
        request,
        "tournaments/core/registration_form.html",
        {"form": form, "registration": registration, "tournament": registration.tournament},
    )


@login_required
def audit_log(request, tournament_id: int):
    tournament = core_selectors.tournament_get_for_user(
        user=request.user, tournament_id=tournament_id, capability=Capability.VIEW_AUDIT
    )
    form = AuditFilterForm(request.GET or None, actors=core_selectors.audit_actor_list(tournament=tournament))
    filters = {}
    if form.is_bound:
        # A filter that is not one of the choices is shown as the form's error; the valid ones apply.
        form.is_valid()
        filters = form.cleaned_data
    events = core_selectors.audit_event_list(
        tournament=tournament, action=filters.get("action", ""), actor=filters.get("actor", "")
    )
    page = Paginator(events, AUDIT_PAGE_SIZE).get_page(request.GET.get("page"))
    context = {
        "tournament": tournament,
        "form": form,
        "page": page,
        "page_numbers": page.paginator.get_elided_page_range(page.number, on_each_side=1, on_ends=1),
        "rows": audit_display.describe_all(page),
        "filtered": bool(filters.get("action") or filters.get("actor")),
    }
    # htmx asks for the list alone (filter changed, page link); a history restore needs the page.
    partial = request.htmx and not request.htmx.history_restore_request
    template = "tournaments/core/_audit_results.html" if partial else "tournaments/core/audit_log.html"
    return render(request, template, context)


@login_required
def group_list(request, tournament_id: int):
    """Groups (团体, 3.5.3): create one, rename or delete it, put players in it."""
    tournament = core_selectors.tournament_get_for_user(
        user=request.user, tournament_id=tournament_id, capability=Capability.MANAGE
    )
    form = GroupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with page_action(request, form=form, success=_("Group created.")) as action:
            core_services.group_create(actor=request.user, tournament=tournament, name=form.cleaned_data["name"])
        if action.done:
            return redirect("tournaments:groups", tournament.pk)
    context = {"tournament": tournament, "form": form, "groups": core_selectors.group_list(tournament=tournament)}
    return render(request, "tournaments/core/group_list.html", context)


@login_required
@require_POST
def group_change(request, group_id: int, action: str):
    """Rename (`name`), delete, add members (`entries`) or take one out (`entry`): back to the list."""
    group = core_selectors.group_get_for_user(user=request.user, group_id=group_id, capability=Capability.MANAGE)
    if action not in ("rename", "delete", "add", "remove"):
        raise NotFound("No such change.")
    with page_action(request, success=_("Groups saved."), prefix=f"{group.name}: "):
        if action == "rename":
            form = GroupForm(request.POST)
            if not form.is_valid():
                raise ValidationError(form.errors["name"])
            core_services.group_rename(actor=request.user, group=group, name=form.cleaned_data["name"])
        elif action == "delete":
            core_services.group_delete(actor=request.user, group=group)
        elif action == "add":
            form = GroupMembersForm(request.POST)
            if not form.is_valid():
                raise ValidationError(form.errors["entries"])
            core_services.group_members_add(actor=request.user, group=group, entries=form.cleaned_data["entries"])
        else:
            registration = core_selectors.registration_of_group(group=group, entry=request.POST.get("entry", ""))
            core_services.registration_group_set(actor=request.user, registration=registration, group=None)
    return redirect("tournaments:groups", group.tournament_id)


@login_required
@require_POST
def tournament_hide(request, tournament_id: int):
    """Hide an abandoned draft from the home page, or show it again."""
    tournament = core_selectors.tournament_get_for_user(
        user=request.user, tournament_id=tournament_id, capability=Capability.MANAGE
    )
    hidden = request.POST.get("hidden") == "1"
    message = _("The draft is hidden from the home page.") if hidden else _("The draft is shown on the home page.")
    with page_action(request, success=message):
        core_services.tournament_hide(actor=request.user, tournament=tournament, hidden=hidden)
    return redirect("tournaments:detail", tournament.pk)


@login_required
@require_POST
def tournament_publish(request, tournament_id: int):
    """The organizer publishes a draft early (starting session 1 would publish it anyway)."""
    tournament = core_selectors.tournament_get_for_user(
        user=request.user, tournament_id=tournament_id, capability=Capability.MANAGE
    )
    with page_action(request, success=_("The tournament is published: its standings and players' pages are public.")):
        core_services.tournament_publish(actor=request.user, tournament=tournament)
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}, require_https=False):
        back = reverse("tournaments:detail", args=[tournament.pk])
    return redirect(back)
