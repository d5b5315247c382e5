"""Who sees which appeals; the open appeal windows of a tournament."""

import datetime as dt

from django.db.models import Q
from django.http import Http404
from django.utils import timezone

from appeals.models import Appeal
from appeals.services import STAGE_CAPABILITY, appeal_deadline, policy_for
from tournaments.access import Capability, capabilities, teams_led_by
from tournaments.models import Registration, SeatAssignment, Session


def represented_registrations(*, user, tournament) -> list[Registration]:
    """The registrations the user may appeal for: their own, and their team's if they lead it (3.12.1)."""
    if not user.is_authenticated:
        return []
    teams = teams_led_by(user, tournament)
    return list(
        Registration.objects.filter(tournament=tournament)
        .filter(Q(player__user=user) | Q(team_id__in=teams))
        .select_related("player", "team")
        .order_by("entry_number")
    )


def deciding_stages(*, user, tournament) -> list[str]:
    granted = capabilities(user, tournament)
    return [stage for stage, capability in STAGE_CAPABILITY.items() if capability in granted]


def appellants_by_sheet(*, sheets, appellants) -> dict[int, list[Registration]]:
    """For each sheet, the represented players (appellants) who sat at its table, by entry number."""
    sheets = list(sheets)
    tables = {(sheet.session_id, sheet.table_id): sheet.pk for sheet in sheets}
    seated: dict[int, list[Registration]] = {sheet.pk: [] for sheet in sheets}
    seats = SeatAssignment.objects.filter(
        session_id__in={session for session, _table in tables}, registration__in=appellants
    ).select_related("registration__player").order_by("registration__entry_number")
    for seat in seats:
        sheet_id = tables.get((seat.session_id, seat.table_id))
        if sheet_id is not None:
            seated[sheet_id].append(seat.registration)
    return seated


def can_open_appeals(user, tournament) -> bool:
    """Whether the appeals page opens for `user`: appellants (players, team leaders), deciders
    and organizers. The tournament page links to it only for them."""
    if user is None or not user.is_authenticated:
        return False
    return bool(
        Capability.MANAGE in capabilities(user, tournament)
        or deciding_stages(user=user, tournament=tournament)
        or represented_registrations(user=user, tournament=tournament)
    )


def appeal_overview(*, user, tournament) -> dict:
    """What the appeals page shows this user; 404 for someone with nothing to do with appeals here."""
    if not can_open_appeals(user, tournament):
        raise Http404("No appeals here.")
    represented = represented_registrations(user=user, tournament=tournament)
    stages = deciding_stages(user=user, tournament=tournament)
    oversees = Capability.MANAGE in capabilities(user, tournament)
    appeals = Appeal.objects.filter(tournament=tournament).select_related("appellant__player", "session", "sheet__table")
    return {
        "mine": list(appeals.filter(appellant__in=represented)),
        "queue": list(appeals.filter(status=Appeal.Status.OPEN, stage__in=stages)),
        "all_open": list(appeals.filter(status=Appeal.Status.OPEN)) if oversees else [],
        "represented": represented,
        "windows": appeal_windows(tournament=tournament),
    }


def appeal_windows(*, tournament, now: dt.datetime | None = None) -> list[dict]:
    """Sessions whose appeal time (3.12.2) is still running, with the deadline."""
    now = now or timezone.now()
    policy = policy_for(tournament)
    windows = []
    for session in tournament.sessions.filter(status__in=[Session.Status.RUNNING, Session.Status.FINISHED]):
        deadline = appeal_deadline(session, policy)
        if deadline is None or deadline >= now:
            windows.append({"session": session, "deadline": deadline})
    return windows


def appeal_get_for_user(*, user, appeal_id: int) -> Appeal:
    appeal = (
        Appeal.objects.select_related("tournament", "appellant__player", "appellant__team", "sheet__table", "session",
                                      "penalty", "hand", "filed_by", "leader_signed_by")
        .filter(pk=appeal_id)
        .first()
    )
    if appeal is None:
        raise Http404("No such appeal.")
    represented = represented_registrations(user=user, tournament=appeal.tournament)
    stages = deciding_stages(user=user, tournament=appeal.tournament)
    oversees = Capability.MANAGE in capabilities(user, appeal.tournament)
    if appeal.appellant not in represented and not stages and not oversees:
        raise Http404("No such appeal.")
    return appeal
