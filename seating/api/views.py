"""GET /api/tournaments/<id>/chart/ (staff) and /api/tournaments/<id>/players/<entry>/schedule/ (public)."""

from drf_spectacular.utils import extend_schema
from rest_framework import permissions
from rest_framework.response import Response
from rest_framework.views import APIView

from seating import selectors
from seating.api.serializers import ChartOutput, ScheduleOutput
from tournaments.access import Capability
from tournaments.core import selectors as core_selectors


def _seat(seat, registration):
    return {
        "seat": seat,
        "entry": registration.entry_number,
        "name": registration.player.name,
        "name_local": registration.player.name_local,
        "team": registration.team.name if registration.team else None,
    }


def _metrics(metrics):
    if metrics is None:
        return None
    worst = metrics["worst_pair"]
    return {**metrics, "worst_pair": [r.entry_number for r in worst] if worst else None}


class ChartApi(APIView):
    permission_classes = [permissions.AllowAny]  # the selector answers 404 to anyone without VIEW_ROSTER

    @extend_schema(responses=ChartOutput, summary="The seat-rotation chart (Appendix 3) with its metrics")
    def get(self, request, tournament_id: int):
        tournament = core_selectors.tournament_get_for_user(
            user=request.user, tournament_id=tournament_id, capability=Capability.VIEW_ROSTER
        )
        overview = selectors.chart_overview(tournament=tournament)
        payload = {
            "tournament": tournament.pk,
            "sessions": [
                {
                    "number": s["number"],
                    "status": s["status"],
                    "locked": s["locked"],
                    "tables": [
                        {"number": t["number"], "seats": [_seat(i, r) for i, r in enumerate(t["seats"]) if r]}
                        for t in s["tables"]
                    ],
                }
                for s in overview["sessions"]
            ],
            "metrics": _metrics(overview["metrics"]),
        }
        return Response(ChartOutput(payload).data)


class ScheduleApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=ScheduleOutput, summary="A player's tables and seats, round by round (Appendix 4)")
    def get(self, request, tournament_id: int, entry: int):
        tournament = core_selectors.tournament_get_for_user(user=request.user, tournament_id=tournament_id)
        registration = selectors.registration_by_entry(tournament=tournament, entry=entry)
        schedule = selectors.player_schedule(tournament=tournament, registration=registration)
        payload = {
            "entry": registration.entry_number,
            "name": registration.player.name,
            "name_local": registration.player.name_local,
            "team": registration.team.name if registration.team else None,
            "now": schedule["now"]["number"] if schedule["now"] else None,
            "sessions": [
                {
                    "number": s["number"],
                    "status": s["status"],
                    "table": s.get("table"),
                    "seat": s.get("seat"),
                    "players": [p["registration"].entry_number for p in s.get("players", []) if p["registration"]],
                    "rounds": [[seat["registration"].entry_number for seat in r["seats"]] for r in s.get("rounds", [])],
                }
                for s in schedule["sessions"]
            ],
        }
        return Response(ScheduleOutput(payload).data)
