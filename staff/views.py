"""Staff pages: who holds which role, granting and taking roles away, invitation links, accounts with
a one-time password, team leaders' accounts after an import, and a session's referees in one step.

Views check access, call one service or selector, and render. A password or a link is shown on the
page that answers the POST itself, never stored for later: reloading does not show it again."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, update_session_auth_hash
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from staff import selectors, services
from staff.forms import NewAccountForm, NewPasswordForm, StaffGrantForm
from staff.middleware import SESSION_KEY
from tournaments.access import Capability
from tournaments.core import selectors as core_selectors
from tournaments.core import services as core_services
from tournaments.errors import NotFound, add_service_errors
from tournaments.pages import page_action
from tournaments.sheets import services as sheet_services


def _staff_context(tournament, form):
    return {
        "tournament": tournament,
        "form": form,
        "roles": selectors.staff_by_role(tournament=tournament),
        "invitations": selectors.invitations_open(tournament=tournament),
        "leaders": selectors.leaders_without_account(tournament=tournament),
        "planned": selectors.planned_referees(tournament=tournament),
        "one_time_passwords": selectors.one_time_passwords_outstanding(tournament=tournament),
        "otp_hours": settings.STAFF_OTP_HOURS,
    }


@login_required
def staff_page(request, tournament_id: int):
    tournament = core_selectors.tournament_get_for_user(
        user=request.user, tournament_id=tournament_id, capability=Capability.MANAGE
    )
    form = StaffGrantForm(request.POST or None, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        role, team = data["role"], data["team"]
        # "Role given." below, not as success=: an invitation or a new account returns its own page from the
        # block, which page_action counts as done.
        with page_action(request, form=form) as action:
            if data["how"] == StaffGrantForm.INVITE:
                invitation, token = services.invitation_create(
                    actor=request.user, tournament=tournament, role=role, team=team, email=data["email"],
                    link_for=lambda t: _invitation_link(request, tournament.pk, t),
                )
                return render(request, "staff/granted.html", {
                    "tournament": tournament, "invitation": invitation,
                    "link": _invitation_link(request, tournament.pk, token),
                    "mailed": bool(invitation.email) and services.mail_configured(),
                })
            if data["how"] == StaffGrantForm.ACCOUNT:
                user, password = services.staff_account_create(
                    actor=request.user, tournament=tournament, role=role, team=team,
                    username=data["username"], email=data["email"],
                )
                return render(request, "staff/granted.html", {
                    "tournament": tournament, "accounts": [{"username": user.get_username(), "password": password,
                                                            "what": _role_label(role, team)}],
                    "login_url": request.build_absolute_uri(reverse("login")),
                })
            services.staff_grant_existing(
                actor=request.user, tournament=tournament, role=role, team=team, username=data["username"]
            )
        if action.done:
            messages.success(request, _("Role given."))
            return redirect("staff:page", tournament.pk)
    return render(request, "staff/staff.html", _staff_context(tournament, form))


def _role_label(role, team) -> str:
    label = dict(StaffGrantForm.base_fields["role"].choices)[role]
    return _("%(role)s of %(team)s") % {"role": label, "team": team.name} if team else label


def _invitation_link(request, tournament_id: int, token: str) -> str:
    return request.build_absolute_uri(reverse("staff:invitation", args=[tournament_id, token]))


@login_required
@require_POST
def staff_revoke(request, membership_id: int):
    membership = selectors.membership_get_for_user(
        user=request.user, membership_id=membership_id, capability=Capability.MANAGE
    )
    with page_action(request, success=_("Role taken from %(user)s.") % {"user": membership.user.get_username()}):
        core_services.membership_revoke(actor=request.user, membership=membership)
    return redirect("staff:page", membership.tournament_id)


@login_required
@require_POST
def staff_one_time_password(request, tournament_id: int, user_id: int, action: str):
    """Revoke, or renew, an outstanding one-time password this tournament made (issue 28)."""
    tournament = core_selectors.tournament_get_for_user(
        user=request.user, tournament_id=tournament_id, capability=Capability.MANAGE
    )
    if action not in ("renew", "revoke"):
        raise NotFound("No such action.")
    user = selectors.one_time_password_user_get(tournament=tournament, user_id=user_id)
    if action == "revoke":
        services.one_time_password_revoke(actor=request.user, tournament=tournament, user=user)
        messages.success(request, _("The one-time password of %(user)s no longer works.")
                         % {"user": user.get_username()})
        return redirect("staff:page", tournament.pk)
    password = services.one_time_password_renew(actor=request.user, tournament=tournament, user=user)
    return render(request, "staff/granted.html", {
        "tournament": tournament,
        "accounts": [{"username": user.get_username(), "password": password, "what": _("new one-time password")}],
        "login_url": request.build_absolute_uri(reverse("login")),
    })


@login_required
@require_POST
def staff_invitation_cancel(request, invitation_id: int):
    invitation = selectors.invitation_get_for_user(
        user=request.user, invitation_id=invitation_id, capability=Capability.MANAGE
    )
    with page_action(request, success=_("Invitation cancelled: its link no longer works.")):
        services.invitation_cancel(actor=request.user, invitation=invitation)
    return redirect("staff:page", invitation.tournament_id)


@login_required
@require_POST
def staff_leader_accounts(request, tournament_id: int):
    """The team leaders the roster names get an account each, linked to their player (shown once)."""
    tournament = core_selectors.tournament_get_for_user(
        user=request.user, tournament_id=tournament_id, capability=Capability.MANAGE
    )
    created = services.team_leader_accounts_create(actor=request.user, tournament=tournament)
    if not created:
        messages.info(request, _("Every team leader named in the roster has an account."))
        return redirect("staff:page", tournament.pk)
    accounts = [
        {"username": row["username"], "password": row["password"],
         "what": _("%(name)s (entry %(entry)s), team leader of %(team)s") % {
             "name": row["registration"].player.name, "entry": row["registration"].entry_number,
             "team": row["team"].name}}
        for row in created
    ]
    return render(request, "staff/granted.html", {
        "tournament": tournament, "accounts": accounts, "login_url": request.build_absolute_uri(reverse("login")),
    })


def invitation_open(request, tournament_id: int, token: str):
    """The invitation link: accept with the account you are logged in with, or make one."""
    tournament = selectors.tournament_for_invitation(tournament_id=tournament_id)
    if selectors.invitation_state(tournament=tournament, token=token)[0] is None:
        # Not a link of this tournament: 404, so a guessed address reveals no draft's name.
        raise NotFound("No such invitation.")
    form = NewAccountForm(request.POST or None) if not request.user.is_authenticated else None
    errors = None
    if request.method == "POST":
        try:
            if request.user.is_authenticated:
                services.invitation_accept(user=request.user, tournament=tournament, token=token)
            elif form.is_valid():
                user = services.invitation_accept_new_account(
                    tournament=tournament, token=token, username=form.cleaned_data["username"],
                    password=form.cleaned_data["password1"],
                )
                login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            else:
                raise ValidationError([])
        except ValidationError as exc:
            # The account's fields go to the form; what is wrong with the link, to the page.
            if form is not None and hasattr(exc, "error_dict"):
                add_service_errors(form, exc)
            else:
                errors = exc.messages
        else:
            messages.success(request, _("Welcome: you now have your role in %(t)s.") % {"t": tournament.name})
            return redirect("tournaments:detail", tournament.pk)
    invitation, problem = selectors.invitation_state(tournament=tournament, token=token)
    context = {"tournament": tournament, "form": form, "errors": errors, "invitation": invitation, "problem": problem}
    return render(request, "staff/invitation.html", context)


class LoginView(auth_views.LoginView):
    """Django's login; an account with a one-time password is sent to choose its own first. A one-time
    password logs in once, before it expires (issue 28)."""

    def get_default_redirect_url(self):
        """Nowhere asked for (no ?next=): staff land on the tournament they work on (core_selectors.landing_url)."""
        return core_selectors.landing_url(user=self.request.user)

    def form_valid(self, form):
        with page_action(self.request, form=form) as action:
            services.one_time_password_spend(user=form.get_user())
        if not action.done:
            return self.form_invalid(form)
        response = super().form_valid(form)
        if selectors.password_change_due(user=form.get_user()):
            self.request.session[SESSION_KEY] = True
            return redirect("password_change_due")
        return response


def login_locked_out(request, response=None, credentials=None):
    """django-axes' answer to a login while the username is locked out from this address (issue 16):
    the login page again, with what happened and when to try again, as 429 Too Many Requests."""
    from django.conf import settings
    from django.contrib.auth.forms import AuthenticationForm

    username = (credentials or {}).get("username") or request.POST.get("username", "")
    minutes = max(1, round(float(settings.AXES_COOLOFF_TIME) * 60))
    lockout = _(
        "Too many failed logins for this username from this device: logging in is paused for %(minutes)d "
        "minutes. Check the username and the password, then try again; an administrator can lift the pause."
    ) % {"minutes": minutes}
    form = AuthenticationForm(request, initial={"username": username})
    context = {"form": form, "lockout": lockout, "next": request.POST.get("next", request.GET.get("next", ""))}
    return render(request, "registration/login.html", context, status=429)


@login_required
def password_change_due(request):
    form = NewPasswordForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with page_action(request, success=_("Your password is set."), shown=False) as action:
            services.account_password_set(user=request.user, password=form.cleaned_data["password1"])
        if action.done:
            update_session_auth_hash(request, request.user)
            request.session.pop(SESSION_KEY, None)
            return redirect(core_selectors.landing_url(user=request.user))
        form.add_error("password1", action.error)  # the password validators' reasons, at the password
    return render(request, "staff/password.html", {"form": form})


@login_required
def session_referees(request, session_id: int):
    """A session's tables and their referees on one screen (the chief referee or the organizer):
    planned before the session starts, handed over once it runs."""
    session = selectors.session_get_for_user(
        user=request.user, session_id=session_id, capability=Capability.RUN_SESSIONS
    )
    tournament = session.tournament
    planned = session.status == session.Status.PLANNED
    referees = list(core_selectors.tournament_referees(tournament=tournament))
    if planned:
        rows = selectors.session_tables_planned(session=session)
    else:
        rows = [
            {"number": sheet.table.number, "referee_id": sheet.referee_id, "sheet": sheet}
            for sheet in selectors.session_tables_with_referees(session=session)
        ]
    if request.method == "POST":
        chosen, unknown = {}, []
        by_id = {str(user.pk): user for user in referees}
        for row in rows:
            value = request.POST.get(f"table_{row['number']}")
            if value is None or (value == "" and not planned):
                continue  # a running table is never left without a referee
            if value == "":
                chosen[row["number"]] = None  # planned: the referees in turn
            elif value not in by_id:
                unknown.append(row["number"])
            else:
                chosen[row["number"]] = by_id[value]
        with page_action(request) as action:
            if unknown:
                raise ValidationError(
                    _("Choose a referee of this tournament for table %(tables)s.")
                    % {"tables": ", ".join(map(str, unknown))}
                )
            if planned:
                count = services.session_referees_plan(actor=request.user, session=session, referees=chosen)
            else:
                count = sheet_services.session_referees_assign(actor=request.user, session=session, referees=chosen)
        if action.done:
            done = _("Referees planned for %(n)s tables.") if planned else _("Tables handed over: %(n)s.")
            messages.success(request, done % {"n": count})
        return redirect("staff:session_referees", session.pk)
    context = {
        "tournament": tournament, "session": session, "rows": rows, "referees": referees, "planned": planned,
        "load": _referee_load(rows, referees),
    }
    return render(request, "staff/session_referees.html", context)


def _referee_load(rows, referees) -> list[dict]:
    counts = {user.pk: 0 for user in referees}
    for row in rows:
        if row["referee_id"] in counts:
            counts[row["referee_id"]] += 1
    return [{"user": user, "tables": counts[user.pk]} for user in referees]
