"""The ledgers in the API: GET /api/pin/ledger/ (the committee), /api/pin/players/<id>/ledger/."""

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from pin_ranking.access import is_committee_member
from pin_ranking.engine import PlacingKind
from pin_ranking.ledger import selectors
from pin_ranking.models import CLASS_CHOICES, LEVEL_CHOICES, TRACK_CHOICES
from scoring.engine.table import twelfths_number


class LedgerCompetitionOutput(serializers.Serializer):
    competition = serializers.IntegerField()
    name = serializers.CharField()
    level = serializers.ChoiceField(choices=LEVEL_CHOICES, help_text="the competition's level (Appendix 9, 5)")
    klass = serializers.ChoiceField(choices=CLASS_CHOICES, help_text="A, B or C (Appendix 9, 5)")
    table_points = serializers.FloatField(help_text="exact to a twelfth, e.g. 41.5")
    contest_points = serializers.IntegerField(help_text="the competition's final total (may be negative)")
    counted_contest_points = serializers.IntegerField(help_text="4.6 note 1: a negative total counts as 0")
    rank = serializers.IntegerField(allow_null=True)
    group_rank = serializers.IntegerField(allow_null=True)
    team_rank = serializers.IntegerField(allow_null=True)


class PlacingOutput(serializers.Serializer):
    kind = serializers.ChoiceField(choices=[kind.value for kind in PlacingKind],
                                   help_text="individual_or_unit: an individual top N, or a group or team placed M "
                                             "or better; class_a_individual / web_individual: an individual top N "
                                             "in a class-A / a web competition")
    individual_top = serializers.IntegerField(allow_null=True, help_text="N: a rank of N or better")
    unit_top = serializers.IntegerField(allow_null=True, help_text="M: a group's or team's rank of M or better")


class MissingOutput(serializers.Serializer):
    pin = serializers.IntegerField(help_text="the next Pin")
    points = serializers.FloatField(help_text="Pin: table points missing; Web Pin: web competition points missing")
    contest_points = serializers.IntegerField()
    placing = PlacingOutput(allow_null=True, help_text="the placing requirement not met yet, or null")


class TrackOutput(serializers.Serializer):
    track = serializers.ChoiceField(choices=TRACK_CHOICES)
    pin = serializers.IntegerField(allow_null=True, help_text="the highest Pin reached, 1 (highest) to 9, or null")
    points = serializers.FloatField(help_text="Pin: table points (41.5); Web Pin: web competition points")
    contest_points = serializers.IntegerField(help_text="sum of positive competition totals")
    version = serializers.IntegerField(allow_null=True, help_text="the stored ledger's version (null: none yet)")
    competitions = LedgerCompetitionOutput(many=True)
    missing = MissingOutput(allow_null=True)


class PlayerLedgerOutput(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    federation_id = serializers.CharField(allow_blank=True)
    country = serializers.CharField(allow_blank=True)
    edition = serializers.CharField()
    tracks = TrackOutput(many=True)


class LedgerRowOutput(serializers.Serializer):
    federation_id = serializers.CharField()
    name = serializers.CharField()
    competitions = serializers.IntegerField()
    table_points = serializers.FloatField()
    contest_points = serializers.IntegerField()
    pin = serializers.IntegerField(allow_null=True)
    web_pin = serializers.IntegerField(allow_null=True)


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
                   summary="The Pin ledger: the players in your committee's scope with a counted competition")
    def get(self, request):
        if not is_committee_member(request.user):
            raise PermissionDenied(_("Only a Pin committee reads the ledger."))
        rows = selectors.committee_ledger_export(user=request.user)
        return Response(LedgerRowOutput(rows, many=True).data)


class PlayerLedgerApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=PlayerLedgerOutput, summary="One player's Pin and Web Pin ledgers (Appendix 9)")
    def get(self, request, player_id: int):
        view = selectors.player_ledger_view(viewer=request.user, player_id=player_id)
        player = view["player"]
        payload = {
            "player": player.pk, "name": player.name, "federation_id": player.federation_id,
            "country": player.country, "edition": view["register"].edition,
            "tracks": [_track(key, view["tracks"][key]) for key in ("pin", "web_pin") if key in view["tracks"]],
        }
        return Response(PlayerLedgerOutput(payload).data)
