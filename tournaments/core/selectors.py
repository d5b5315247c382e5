"""Reads of tournaments, registrations, staff and the audit trail, filtered by what the asking user
may see. Outsiders get 404, never a hint."""

from django.contrib.auth import get_user_model
from django.core.paginator import EmptyPage, Paginator
from django.db.models import Count, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import extensions
from tournaments.access import Capability, can
from tournaments.core.search import search_key
from tournaments.errors import NotFound, whole_number
from tournaments.models import (
    AuditEvent,
    Registration,
    Role,
    ScoreSheet,
    SeatAssignment,
    Session,
    SessionCheckIn,
    Tournament,
)


def tournament_list_visible(*, user) -> QuerySet[Tournament]:
    """Public tournaments, plus the drafts the user works on, but the drafts hidden from the home page."""
    queryset = Tournament.objects.filter(hidden_at__isnull=True)
    if user.is_authenticated and user.is_superuser:
        return queryset
    visible = ~Q(status=Tournament.Status.DRAFT)
    if user.is_authenticated:
        visible |= Q(memberships__user=user)
    return queryset.filter(visible).distinct()


def tournaments_hidden_for_user(*, user) -> QuerySet[Tournament]:
    """The drafts hidden from the home page that the user works on (to show them again)."""
    if not user.is_authenticated:
        return Tournament.objects.none()
    hidden = Tournament.objects.filter(hidden_at__isnull=False)
    return hidden if user.is_superuser else hidden.filter(memberships__user=user).distinct()


def tournaments_of_staff(*, user) -> list[dict]:
    """The tournaments the user holds a role in, not finished nor hidden, soonest first, each with the user's
    roles: where staff land after logging in, and the top of their home page."""
    if not user.is_authenticated:
        return []
    rows: dict[int, dict] = {}
    for membership in (user.memberships.select_related("tournament")
                       .filter(tournament__hidden_at__isnull=True)
                       .exclude(tournament__status=Tournament.Status.FINISHED)
                       .order_by("tournament__starts_on", "tournament__name")):
        row = rows.setdefault(membership.tournament_id, {"tournament": membership.tournament, "roles": []})
        row["roles"].append(membership.get_role_display())
    return list(rows.values())


def landing_url(*, user) -> str:
    """Where a user lands after logging in with nowhere asked for: the one tournament they work on, else the
    home page (their tournaments first)."""
    from django.urls import reverse

    mine = tournaments_of_staff(user=user)
    if len(mine) == 1:
        return reverse("tournaments:detail", args=[mine[0]["tournament"].pk])
    return reverse("home")


def tournament_get_for_user(*, user, tournament_id: int, capability: Capability = Capability.VIEW) -> Tournament:
    """The tournament, if the user has `capability` in it; otherwise 404."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None or not can(user, tournament, capability):
        raise NotFound("No such tournament.")
    return tournament


def page_of(items, *, page: int, size: int) -> dict:
    """One page of an ordered queryset for the API's lists: {count, page, pages, results}. Page 1 of nothing
    is an empty page; a page past the last is 404."""
    paginator = Paginator(items, size)
    try:
        current = paginator.page(page)
    except EmptyPage:
        raise NotFound("No such page.") from None
    return {"count": paginator.count, "page": page, "pages": paginator.num_pages,
            "results": list(current.object_list)}


def registration_page(*, tournament: Tournament, search: str = "", page: int = 1) -> dict:
    """One page of the registrations, as many as the page shows (limits.REGISTRATIONS_PAGE_SIZE)."""
    from tournaments.limits import REGISTRATIONS_PAGE_SIZE

    return page_of(registration_list(tournament=tournament, search=search), page=page, size=REGISTRATIONS_PAGE_SIZE)


def registration_list(*, tournament: Tournament, search: str = "") -> QuerySet[Registration]:
    queryset = tournament.registrations.select_related("player", "team", "group", "substitute").order_by("entry_number")
    key = search_key(search)
    if key:
        # Accents, case and width ignored ("soren" finds "Søren"), on any database: see core/search.py.
        digits = key.lstrip("#")
        entry = int(digits) if digits.isdigit() and len(digits) < 10 else None
        matching = [
            registration.pk
            for registration in queryset
            if registration.entry_number == entry
            or any(
                key in search_key(text)
                for text in (
                    registration.player.name,
                    registration.player.name_local,
                    registration.player.federation_id,
                    registration.team.name if registration.team else "",
                    registration.group.name if registration.group else "",
                )
            )
        ]
        queryset = queryset.filter(pk__in=matching)
    return queryset


def registration_get_for_user(*, user, registration_id: int, capability: Capability) -> Registration:
    registration = (
        Registration.objects.select_related("tournament", "player", "team", "group").filter(pk=registration_id).first()
    )
    if registration is None or not can(user, registration.tournament, capability):
        raise NotFound("No such registration.")
    return registration


def check_in_session(*, tournament: Tournament, sessions: list[Session] | None = None) -> Session | None:
    """The session players check in for now: the running one (a late player checks in after the
    start), else the next planned one. None when every session is over."""
    sessions = sessions if sessions is not None else list(tournament.sessions.order_by("number"))
    running = next((s for s in sessions if s.status == Session.Status.RUNNING), None)
    return running or next((s for s in sessions if s.status == Session.Status.PLANNED), None)


def registration_of_user(*, user, tournament: Tournament) -> Registration | None:
    """The user's own registration in `tournament`, if their account is linked to one (None for
    anyone else, anonymous included)."""
    if user is None or not user.is_authenticated:
        return None
    return tournament.registrations.select_related("player", "team").filter(player__user=user).first()


def reserves_by_team(*, tournament: Tournament) -> dict[str, int]:
    """{team name: its reserves}, for the bound Tournament.team_reserves (teams without reserves left out)."""
    return dict(tournament.registrations.filter(reserve=True, team__isnull=False).values("team__name")
                .annotate(count=Count("pk")).values_list("team__name", "count"))


def tournament_summary(*, tournament: Tournament) -> dict:
    sessions = list(tournament.sessions.all())
    # Check-in is per session (3.5.7.1): the count is for the session players check in for now.
    now = check_in_session(tournament=tournament, sessions=sessions)
    return {
        "registered": tournament.registrations.count(),
        "reserves": tournament.registrations.filter(reserve=True, withdrawn_at__isnull=True).count(),
        "check_in_session": now,
        "checked_in": SessionCheckIn.objects.filter(session=now).count() if now else 0,
        "teams": tournament.teams.count(),
        # The tables the players seated need (3.5.2: four to a table): reserves and withdrawn players sit nowhere.
        "tables": -(-tournament.registrations.filter(reserve=False, withdrawn_at__isnull=True).count() // 4),
        "sessions": sessions,
    }


def day_steps(*, tournament: Tournament, summary: dict, seats_url: str | None, staff_url: str | None = None,
              import_url: str | None = None) -> list[dict]:
    """The organizer's day in order (docs/organizer.md), each step with whether it is done and where it is done:
    import → staff → seating chart → publish → check-in → start → end → results (issue 29: the tournament
    page's 17 buttons of equal weight said nothing of what comes next). The first step not done is `next`."""
    from django.urls import reverse

    sessions = summary["sessions"]
    now = summary["check_in_session"]
    seated = SeatAssignment.objects.filter(session__tournament=tournament)
    statuses = {session.status for session in sessions}
    all_over = bool(sessions) and statuses == {Session.Status.FINISHED}
    now_seated = seated.filter(session=now).count() if now else 0
    steps = [
        ("import", _("Import the players and teams"), summary["registered"] > 0,
         import_url),
        ("staff", _("Give the referees their roles"),
         tournament.memberships.filter(role=Role.REFEREE).exists(), staff_url),
        ("chart", _("Draw the seating chart"), seated.exists(), seats_url),
        # A step's button does the step: publishing is a POST to the publish action, not a link to this page.
        ("publish", _("Publish the tournament"), tournament.status != Tournament.Status.DRAFT,
         reverse("tournaments:publish", args=[tournament.pk])),
        ("check_in", _("Check the players in"), all_over or bool(now) and (
            now.status != Session.Status.PLANNED or 0 < now_seated <= summary["checked_in"]),
         reverse("tournaments:check_in_list", args=[tournament.pk, now.number]) if now else None),
        ("start", _("Start the session"), all_over or bool(now) and now.status != Session.Status.PLANNED,
         reverse("tournaments:board", args=[tournament.pk])),
        ("end", _("End the session and have the sheets signed"), all_over,
         reverse("tournaments:board", args=[tournament.pk])),
        # The results are final once the tournament is finished (its status, on the settings page).
        ("results", _("Publish the results"), tournament.status == Tournament.Status.FINISHED,
         reverse("tournaments:standings", args=[tournament.pk]) if tournament.status == Tournament.Status.FINISHED
         else reverse("tournaments:edit", args=[tournament.pk]) + "#id_status"),
    ]
    posted = {"publish"}  # steps done by a POST (a form with a button), not by following a link
    # A step done by a POST is done once: no link to its action is left (a GET of it answers 405).
    rows = [{"key": key, "label": label, "done": bool(done), "url": None if key in posted and done else url,
             "next": False, "post": key in posted and not done}
            for key, label, done, url in steps]
    upcoming = next((row for row in rows if not row["done"]), None)
    if upcoming is not None:
        upcoming["next"] = True
    return rows


def audit_event_list(*, tournament: Tournament, action: str = "", actor: str = "") -> QuerySet[AuditEvent]:
    """The tournament's audit trail, newest first, of one action and one actor (by username) when given."""
    queryset = tournament.audit_events.select_related("actor").order_by("-created_at", "-pk")
    if action:
        queryset = queryset.filter(action=action)
    if actor:
        queryset = queryset.filter(**{f"actor__{get_user_model().USERNAME_FIELD}": actor})
    return queryset


def audit_actor_list(*, tournament: Tournament) -> list[str]:
    """The usernames of everyone with an event in the tournament's audit trail: the page's filter."""
    username = get_user_model().USERNAME_FIELD
    return list(
        get_user_model().objects.filter(pk__in=tournament.audit_events.values("actor_id"))
        .order_by(username).values_list(username, flat=True)
    )


def tournament_referees(*, tournament: Tournament):
    """The users who referee in this tournament."""
    return get_user_model().objects.filter(
        memberships__tournament=tournament, memberships__role=Role.REFEREE
    ).order_by("username")


def tournament_referee_get(*, tournament: Tournament, user_id):
    """The referee of this tournament with that user id (as a form sends it), or None."""
    number = whole_number(user_id)
    if number is None:
        return None
    return tournament_referees(tournament=tournament).filter(pk=number).first()


def group_list(*, tournament: Tournament) -> list[dict]:
    """The tournament's groups (团体, 3.5.3) with their members' entry numbers, by name."""
    members: dict[int, list[int]] = {}
    for group_id, entry in (
        tournament.registrations.filter(group__isnull=False).order_by("entry_number").values_list(
            "group_id", "entry_number"
        )
    ):
        members.setdefault(group_id, []).append(entry)
    return [{"group": group, "members": members.get(group.pk, [])} for group in tournament.groups.order_by("name")]


def group_get_for_user(*, user, group_id: int, capability: Capability):
    from tournaments.models import Group

    group = Group.objects.select_related("tournament").filter(pk=group_id).first()
    if group is None or not can(user, group.tournament, capability):
        raise NotFound("No such group.")
    return group


def registration_of_group(*, group, entry: str) -> Registration:
    number = whole_number(entry, max_digits=9)
    registration = group.members.filter(entry_number=number).first() if number is not None else None
    if registration is None:
        raise NotFound("No such member.")
    return registration


# The status follows the day (issue 13): Draft → Published → Running → Finished.
# - Published: by the organizer (early), or by starting session 1 of a draft (tournament_status_follow_start);
# - Running: only by starting a session;
# - Finished: only once the results are final (tournament_finish_if_final): every planned session
#   ended, every score sheet signed (Appendix 5), and nothing pending in the apps above the core
#   (an appeal window still open, 3.12.2, or an appeal not decided, 3.12-3.13).


def results_pending(*, tournament: Tournament, now=None) -> list[extensions.ResultsPending]:
    """What keeps the tournament's results from being final; empty once they are."""
    now = now or timezone.now()
    pending = []
    unplayed = list(
        tournament.sessions.exclude(status=Session.Status.FINISHED).order_by("number").values_list("number", flat=True)
    )
    if unplayed:
        pending.append(extensions.ResultsPending(
            _("Sessions %(sessions)s are not over.") % {"sessions": ", ".join(map(str, unplayed))},
            url_name="tournaments:board",
        ))
    unsigned = sorted(set(
        ScoreSheet.objects.filter(session__tournament=tournament)
        .exclude(status=ScoreSheet.Status.LOCKED)
        .values_list("session__number", flat=True)
    ))
    if unsigned:
        pending.append(extensions.ResultsPending(
            _("Sessions %(sessions)s have score sheets not yet signed.") % {"sessions": ", ".join(map(str, unsigned))},
            url_name="tournaments:board",
        ))
    return pending + extensions.results_pending(tournament.pk, now)


def status_change_refusal(*, tournament: Tournament, before: str, after: str) -> str | None:
    """Why the organizer may not move the tournament from `before` to `after` by hand, or None."""
    if before == after:
        return None
    Status = Tournament.Status
    started = tournament.sessions.exclude(status=Session.Status.PLANNED).exists()
    if after == Status.RUNNING:
        return _("“Running” comes from starting session 1: start it from the board, after its pre-flight checks.")
    if after in (Status.DRAFT, Status.PUBLISHED) and started:
        return _("Sessions have started: the tournament is running or finished.")
    if after == Status.FINISHED:
        if before != Status.RUNNING:
            return _("Only a running tournament can finish: start session 1 first.")
        pending = results_pending(tournament=tournament)
        if pending:
            return _(
                "The tournament finishes by itself once the last session's results are final. Still waiting: "
                "%(pending)s If the remaining sessions will not be played, lower the planned sessions."
            ) % {"pending": " ".join(str(item.message) for item in pending)}
    return None


def status_choices_allowed(*, tournament: Tournament) -> list[str]:
    """The statuses the organizer's form offers: the present one and those it may be moved to by hand."""
    return [
        value for value in Tournament.Status.values
        if value == tournament.status
        or status_change_refusal(tournament=tournament, before=tournament.status, after=value) is None
    ]


def results_title(*, tournament: Tournament) -> str:
    """"Final results" once the tournament has finished; "Results after session N" until then (N: the last
    session over with every sheet signed)."""
    if tournament.status == Tournament.Status.FINISHED:
        return _("Final results")
    # The last session over whose every sheet is signed: what the standings count (a sheet waiting
    # for signatures is not in them yet).
    unsigned = ScoreSheet.objects.filter(session__tournament=tournament).exclude(status=ScoreSheet.Status.LOCKED)
    last = (
        tournament.sessions.filter(status=Session.Status.FINISHED).exclude(sheets__in=unsigned)
        .order_by("-number").values_list("number", flat=True).first()
    )
    if last is None:
        return _("Results so far")
    return _("Results after session %(n)s") % {"n": last}


# Which tournament a page belongs to, by the id its URL names (tournaments.middleware).
_TIME_ZONE_PATHS = {
    "tournament_id": "pk",
    "session_id": "sessions__pk",
    "sheet_id": "sessions__sheets__pk",
    "registration_id": "registrations__pk",
    "membership_id": "memberships__pk",
}


def time_zone_cache_key(tournament_id: int) -> str:
    return f"tournament-time-zone:{tournament_id}"


def time_zone_for_view(view_kwargs: dict) -> str | None:
    """The time zone of the tournament named by a page's URL ids, or None (no tournament, or unknown).

    By tournament id it is cached (the standings poll stays one query; tournament_update clears it)."""
    from django.core.cache import cache

    tournament_id = view_kwargs.get("tournament_id")
    if isinstance(tournament_id, int):
        key = time_zone_cache_key(tournament_id)
        name = cache.get(key)
        if name is None:
            name = Tournament.objects.filter(pk=tournament_id).values_list("time_zone", flat=True).first()
            if name is not None:
                cache.set(key, name, 3600)
        return name
    # The core's own ids, then those the apps above register (appeal_id, penalty_id, …; issue 29: an appeal's
    # page showed its filing time in UTC beside a deadline in the venue's time).
    paths = {**_TIME_ZONE_PATHS, **{path.kwarg: path.lookup for path in extensions.seams.time_zone_paths}}
    for name, lookup in paths.items():
        value = view_kwargs.get(name)
        if isinstance(value, int):
            return Tournament.objects.filter(**{lookup: value}).values_list("time_zone", flat=True).first()
    return None
