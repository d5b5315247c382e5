"""GET /api/pin/ledger/ (the committee: every player, as export_pin_ledger) and
/api/pin/players/<id>/ledger/ (the player themselves or the committee; anyone else 404)."""

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import permissions
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from pin_ranking import selectors
from pin_ranking.access import is_committee_member
from pin_ranking.api.serializers import LedgerRowOutput, PlayerLedgerOutput
from scoring.engine.table import twelfths_number


def _track(key: str, track: dict) -> dict:
    data = track["data"]
    is_pin = key == "pin"
    missing = data.get("missing")
    return {
        "track": key, "pin": data["pin"], "version": track["ledger"].version if track["ledger"] else None,
        "points": twelfths_number(data["points"]) if is_pin else data["points"],
        "contest_points": data["contest_points"],
        "competitions": [
            {**row, "klass": row["class"], "table_points": twelfths_number(row["table_points"])}
            for row in data["counted"]
        ],
        "missing": None if not missing else {
            **missing, "points": twelfths_number(missing["points"]) if is_pin else missing["points"]},
    }


class LedgerApi(APIView):
    # Logged in, and on a Pin committee (pin_ranking.access): anyone else 403.
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=LedgerRowOutput(many=True),
                   summary="The Pin ledger: every player with a federation ID and a counted competition")
    def get(self, request):
        if not is_committee_member(request.user):
            raise PermissionDenied(_("Only the Pin committee reads the whole ledger."))
        return Response(LedgerRowOutput(selectors.ledger_export(), many=True).data)


class PlayerLedgerApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=PlayerLedgerOutput, summary="One player's Pin and Web Pin ledgers (Appendix 9)")
    def get(self, request, player_id: int):
        view = selectors.player_ledger_view(viewer=request.user, player_id=player_id)
        player = view["player"]
        payload = {
            "player": player.pk, "name": player.name, "federation_id": player.federation_id,
            "country": player.country, "edition": view["register"].edition,
            "tracks": [_track(key, view["tracks"][key]) for key in ("pin", "web_pin")],
        }
        return Response(PlayerLedgerOutput(payload).data)
