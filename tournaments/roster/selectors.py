"""Reads of roster imports, filtered by what the asking user may see."""

from tournaments.access import Capability, can
from tournaments.errors import NotFound
from tournaments.models import (
    ImportJob,
    Registration,
    SeatAssignment,
    Session,
)


def import_job_get_for_user(*, user, job_id: int) -> ImportJob:
    job = ImportJob.objects.select_related("tournament").filter(pk=job_id).first()
    if job is None or not can(user, job.tournament, Capability.MANAGE):
        raise NotFound("No such import.")
    return job


def substitute_candidates(*, registration: Registration):
    """Who can take `registration`'s seats: players of the tournament still in it, seated in no session
    not yet started nor in the running one (tournaments.sessions.services.seats_give_to_substitute)."""
    tournament = registration.tournament
    open_sessions = tournament.sessions.filter(status__in=[Session.Status.PLANNED, Session.Status.RUNNING])
    seated = SeatAssignment.objects.filter(session__in=open_sessions).values("registration_id")
    return (
        tournament.registrations.filter(withdrawn_at__isnull=True)
        .exclude(pk=registration.pk).exclude(pk__in=seated)
        .select_related("player").order_by("entry_number")
    )


def registration_seats_open(*, registration: Registration) -> list[int]:
    """Numbers of the sessions not yet started in which the player holds a seat."""
    return sorted(set(
        registration.seats.filter(session__status=Session.Status.PLANNED).values_list("session__number", flat=True)
    ))


def sessions_to_redraw(*, tournament) -> list[int]:
    """Sessions not yet started whose seats are drawn but leave a registered player out."""
    playing = set(tournament.registrations.filter(withdrawn_at__isnull=True).values_list("pk", flat=True))
    numbers = []
    for session in tournament.sessions.filter(status=Session.Status.PLANNED, qualification="all").order_by("number"):
        seated = set(session.seats.values_list("registration_id", flat=True))
        if seated and playing - seated:
            numbers.append(session.number)
    return numbers


def team_list(*, tournament):
    return tournament.teams.order_by("name")
