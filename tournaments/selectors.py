"""Reads, filtered by what the asking user may see. Outsiders get 404, never a hint."""

from django.db.models import Count, Q, QuerySet
from django.http import Http404

from tournaments.access import Capability, can
from tournaments.models import AuditEvent, ImportJob, Registration, Tournament


def tournament_list_visible(*, user) -> QuerySet[Tournament]:
    """Public tournaments, plus the drafts the user works on."""
    queryset = Tournament.objects.all()
    if user.is_authenticated and user.is_superuser:
        return queryset
    visible = ~Q(status=Tournament.Status.DRAFT)
    if user.is_authenticated:
        visible |= Q(memberships__user=user)
    return queryset.filter(visible).distinct()


def tournament_get_for_user(*, user, tournament_id: int, capability: Capability = Capability.VIEW) -> Tournament:
    """The tournament, if the user has `capability` in it; otherwise 404."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None or not can(user, tournament, capability):
        raise Http404("No such tournament.")
    return tournament


def registration_list(*, tournament: Tournament, search: str = "") -> QuerySet[Registration]:
    queryset = tournament.registrations.select_related("player", "team").order_by("entry_number")
    if search:
        query = Q(player__name__icontains=search) | Q(player__name_local__icontains=search)
        query |= Q(team__name__icontains=search)
        if search.isdigit():
            query |= Q(entry_number=int(search))
        queryset = queryset.filter(query)
    return queryset


def registration_get_for_user(*, user, registration_id: int, capability: Capability) -> Registration:
    registration = Registration.objects.select_related("tournament", "player", "team").filter(pk=registration_id).first()
    if registration is None or not can(user, registration.tournament, capability):
        raise Http404("No such registration.")
    return registration


def import_job_get_for_user(*, user, job_id: int) -> ImportJob:
    job = ImportJob.objects.select_related("tournament").filter(pk=job_id).first()
    if job is None or not can(user, job.tournament, Capability.MANAGE):
        raise Http404("No such import.")
    return job


def tournament_summary(*, tournament: Tournament) -> dict:
    counts = tournament.registrations.aggregate(
        registered=Count("id"), checked_in=Count("id", filter=Q(checked_in=True))
    )
    return {
        **counts,
        "teams": tournament.teams.count(),
        "tables": tournament.tables.count(),
        "sessions": list(tournament.sessions.all()),
    }


def audit_event_list(*, tournament: Tournament, limit: int = 200) -> QuerySet[AuditEvent]:
    return tournament.audit_events.select_related("actor")[:limit]


def sheet_get_for_user(*, user, sheet_id: int, write: bool = False):
    """A score sheet the user may see (tournament staff), or write (its referee, the chief referee)."""
    from tournaments.access import can_write_sheet
    from tournaments.models import ScoreSheet

    sheet = ScoreSheet.objects.select_related("session__tournament", "table", "referee").filter(pk=sheet_id).first()
    if sheet is None:
        raise Http404("No such sheet.")
    allowed = can_write_sheet(user, sheet) if write else can(user, sheet.session.tournament, Capability.VIEW_ROSTER)
    if not allowed:
        raise Http404("No such sheet.")
    return sheet


def sheet_detail(*, sheet) -> dict:
    """Everything a tablet shows of a sheet: players, hands, running totals, the next hand's winds."""
    from tournaments.extensions import sheet_adjustments
    from tournaments.table_rules import MAX_HANDS, hand_winds, seat_results

    seats = {
        seat.seat: seat.registration
        for seat in sheet.session.seats.filter(table=sheet.table).select_related("registration__player")
    }
    hands = list(sheet.hands.order_by("number"))  # not Meta.ordering's "sheet": that joins the sheet's tables
    totals = [0, 0, 0, 0]
    hand_rows = []
    for hand in hands:
        totals = [total + delta for total, delta in zip(totals, hand.deltas)]
        hand_rows.append({"hand": hand, "running": list(totals)})
    next_number = len(hands) + 1
    adjustments = sheet_adjustments([sheet.pk])[sheet.pk]
    results = seat_results(
        totals,
        [a.transfers for a in adjustments],
        [a.deductions for a in adjustments],
        deductions_count_for_ranking=sheet.session.tournament.deductions_count_for_ranking,
    )
    confirmed = set(sheet.signatures.filter(kind="player").order_by().values_list("registration_id", flat=True))
    return {
        "sheet": sheet,
        "players": [
            {"seat": seat, "registration": seats.get(seat), "confirmed": seats.get(seat) and seats[seat].pk in confirmed}
            for seat in range(4)
        ],
        "hands": hand_rows,
        "totals": totals,
        "results": results,
        "next_hand": hand_winds(next_number) if sheet.status == "open" and next_number <= MAX_HANDS else None,
        "next_number": next_number,
        "confirmed_count": len(confirmed),
    }
