"""The core's API: tournaments and registrations (DRF views with explicit input and output serializers)."""

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.access import Capability
from tournaments.core import selectors as core_selectors
from tournaments.models import Registration, Session, Tournament


class SessionOutput(serializers.ModelSerializer):
    class Meta:
        model = Session
        fields = ["number", "status", "scheduled_start", "started_at", "ended_at"]


class TournamentOutput(serializers.ModelSerializer):
    class Meta:
        model = Tournament
        fields = [
            "id",
            "name",
            "venue",
            "starts_on",
            "ends_on",
            "rules",
            "rule_set",
            "scoring_mode",
            "planned_sessions",
            "session_minutes",
            "status",
        ]


class TournamentDetailOutput(TournamentOutput):
    sessions = SessionOutput(many=True, read_only=True)

    class Meta(TournamentOutput.Meta):
        fields = TournamentOutput.Meta.fields + ["sessions"]


class RegistrationOutput(serializers.ModelSerializer):
    name = serializers.CharField(source="player.name")
    name_local = serializers.CharField(source="player.name_local")
    country = serializers.CharField(source="player.country")
    team = serializers.CharField(source="team.name", default=None)

    class Meta:
        model = Registration
        fields = ["id", "entry_number", "name", "name_local", "country", "team"]


class TournamentListApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=TournamentOutput(many=True))
    def get(self, request):
        tournaments = core_selectors.tournament_list_visible(user=request.user)
        return Response(TournamentOutput(tournaments, many=True).data)


class TournamentDetailApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=TournamentDetailOutput)
    def get(self, request, tournament_id: int):
        tournament = core_selectors.tournament_get_for_user(user=request.user, tournament_id=tournament_id)
        return Response(TournamentDetailOutput(tournament).data)


class RegistrationListApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=RegistrationOutput(many=True))
    def get(self, request, tournament_id: int):
        tournament = core_selectors.tournament_get_for_user(
            user=request.user, tournament_id=tournament_id, capability=Capability.VIEW_ROSTER
        )
        registrations = core_selectors.registration_list(
            tournament=tournament, search=request.query_params.get("q", "")
        )
        return Response(RegistrationOutput(registrations, many=True).data)
