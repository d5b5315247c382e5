"""Reads of roster imports, filtered by what the asking user may see."""

from django.db.models import Q

from roster.models import ImportJob
from tournaments import extensions
from tournaments.access import Capability, can
from tournaments.errors import NotFound
from tournaments.models import Registration, SeatAssignment, Session
from tournaments.sessions.selectors import players_to_seat, reserves_seated


def import_job_get_for_user(*, user, job_id: int) -> ImportJob:
    job = ImportJob.objects.select_related("tournament").filter(pk=job_id).first()
    if job is None or not can(user, job.tournament, Capability.MANAGE):
        raise NotFound("No such import.")
    return job


def substitutes_available(*, tournament, leaving: Registration | None = None):
    """Who may take another player's seats (3.11.4, 3.5.2): players of the tournament still in it, under no
    停赛 and with their rank not cancelled (3.11.5) -- both take no further part (the apps' standing flags,
    tournaments.extensions) -- and free in the sessions concerned: seated in no session not yet started nor
    in the running one (tournaments.sessions.services.seats_give_to_substitute checks the same). With
    `leaving`, a team's reserves only for a player of that team. Reserves first, then by entry number."""
    open_sessions = tournament.sessions.filter(status__in=[Session.Status.PLANNED, Session.Status.RUNNING])
    seated = SeatAssignment.objects.filter(session__in=open_sessions).values("registration_id")
    out = [pk for pk, flags in extensions.standing_flags(tournament.pk).items()
           if flags.disqualified or flags.rank_cancelled]
    rows = tournament.registrations.filter(withdrawn_at__isnull=True).exclude(pk__in=seated).exclude(pk__in=out)
    if leaving is not None:
        rows = rows.exclude(pk=leaving.pk).exclude(Q(reserve=True, team__isnull=False) & ~Q(team=leaving.team_id))
    return rows.select_related("player", "team").order_by("-reserve", "entry_number")


def substitute_candidates(*, registration: Registration):
    """Who can take `registration`'s seats (substitutes_available, the leaving player aside)."""
    return substitutes_available(tournament=registration.tournament, leaving=registration)


def registration_seats_open(*, registration: Registration) -> list[int]:
    """Numbers of the sessions not yet started in which the player holds a seat."""
    return sorted(set(
        registration.seats.filter(session__status=Session.Status.PLANNED).values_list("session__number", flat=True)
    ))


def sessions_to_redraw(*, tournament) -> list[int]:
    """Sessions not yet started whose seats are drawn but leave out a player who must sit there, or seat a
    reserve (tournaments.sessions.selectors.players_to_seat: as the pre-flight reads it)."""
    numbers = []
    for session in tournament.sessions.filter(status=Session.Status.PLANNED, qualification="all").order_by("number"):
        seated = set(session.seats.values_list("registration_id", flat=True))
        if seated and (players_to_seat(session=session) - seated or reserves_seated(session=session)):
            numbers.append(session.number)
    return numbers


def team_list(*, tournament):
    return tournament.teams.order_by("name")


def players_in_the_tournament(*, tournament, entry: str = "") -> list[Registration]:
    """The players still in the tournament by entry number (one, when `entry` names it: none if it names
    nobody), with their player records."""
    rows = tournament.registrations.filter(withdrawn_at__isnull=True).select_related("player")
    if entry:
        rows = rows.filter(entry_number=int(entry) if entry.isdigit() else 0)
    return list(rows.order_by("entry_number"))


def _planned_and_drawn(tournament) -> tuple[list[int], set[int], bool]:
    """(the planned sessions seating everyone, by number; those of them already drawn; whether anything is drawn
    or started at all)."""
    sessions = list(tournament.sessions.order_by("number").values_list("number", "status", "qualification"))
    drawn = set(SeatAssignment.objects.filter(session__tournament=tournament)
                .values_list("session__number", flat=True).distinct())
    planned = [number for number, status, qualification in sessions
               if status == Session.Status.PLANNED and qualification == Session.Qualification.ALL]
    begun = bool(drawn) or any(status != Session.Status.PLANNED for _number, status, _q in sessions)
    return planned, drawn & set(planned), begun


def first_session_to_seat(*, tournament) -> int | None:
    """The first session a player registered now is seated in (Registration.seated_from): None while nothing is
    drawn or started (the chart to come seats everyone); else the first planned session not yet drawn, whose
    seats will include them, so the sessions drawn (and perhaps published) need no redraw; else the first
    planned session (every one is drawn: they wait for a redraw, or play as a reserve)."""
    planned, drawn, begun = _planned_and_drawn(tournament)
    if not begun:
        return None
    undrawn = [number for number in planned if number not in drawn]
    return (undrawn or planned or [None])[0]


def seating_state(*, tournament) -> dict:
    """What a registration added now means for the seats (the add page says it before): the sessions
    drawn and not started, and the first one not yet drawn (where a new player is seated from)."""
    planned, drawn, _begun = _planned_and_drawn(tournament)
    undrawn = [number for number in planned if number not in drawn]
    return {"drawn": sorted(drawn), "first_undrawn": undrawn[0] if undrawn and drawn else None,
            "all_drawn": bool(planned) and not undrawn}


def registration_deletable(*, registration: Registration) -> bool:
    """A registration can be deleted while no session of its tournament has started (roster.services)."""
    return not registration.tournament.sessions.exclude(status=Session.Status.PLANNED).exists()
