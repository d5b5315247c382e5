"""Reads of score sheets, filtered by what the asking user may see. Outsiders get 404."""

from django.http import Http404

from scoring.engine.table import MAX_HANDS, hand_winds, table_results
from tournaments.access import Capability, can, can_write_sheet
from tournaments.extensions import sheet_adjustments
from tournaments.models import (
    ScoreSheet,
)


def sheet_get_for_user(*, user, sheet_id: int, write: bool = False):
    """A score sheet the user may see (tournament staff), or write (its referee, the chief referee)."""
    sheet = ScoreSheet.objects.select_related("session__tournament", "table", "referee").filter(pk=sheet_id).first()
    if sheet is None:
        raise Http404("No such sheet.")
    allowed = can_write_sheet(user, sheet) if write else can(user, sheet.session.tournament, Capability.VIEW_ROSTER)
    if not allowed:
        raise Http404("No such sheet.")
    return sheet


def sheet_detail(*, sheet) -> dict:
    """Everything a tablet shows of a sheet: players, hands, running totals, the next hand's winds."""

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
    results = table_results(
        totals,
        sheet_adjustments([sheet.pk])[sheet.pk],
        deductions_count_for_ranking=sheet.session.tournament.deductions_count_for_ranking,
    )
    confirmed = set(
        sheet.signatures.filter(kind="player", sheet_version=sheet.version)
        .order_by()
        .values_list("registration_id", flat=True)
    )
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
