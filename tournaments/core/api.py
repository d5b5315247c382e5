"""The core's API: tournaments and registrations (DRF views with explicit input and output serializers)."""

from drf_spectacular.utils import OpenApiResponse, extend_schema
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
    team = serializers.CharField(source="team.name", default=None, allow_null=True)

    class Meta:
        model = Registration
        fields = ["id", "entry_number", "name", "name_local", "country", "team"]


class RegistrationQueryInput(serializers.Serializer):
    q = serializers.CharField(required=False, allow_blank=True, max_length=200,
                              help_text="name, local name, federation ID, team, group or entry number (#12)")
    page = serializers.IntegerField(required=False, min_value=1, help_text="100 a page; past the last: 404")


class RegistrationPageOutput(serializers.Serializer):
    count = serializers.IntegerField()
    page = serializers.IntegerField()
    pages = serializers.IntegerField()
    results = RegistrationOutput(many=True)


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

    @extend_schema(operation_id="tournaments_registrations_list", parameters=[RegistrationQueryInput], responses={
        200: RegistrationPageOutput, 400: OpenApiResponse(description="A page that is not a whole number from 1."),
        404: OpenApiResponse(description="No such tournament, not one you may see, or a page past the last.")})
    def get(self, request, tournament_id: int):
        tournament = core_selectors.tournament_get_for_user(
            user=request.user, tournament_id=tournament_id, capability=Capability.VIEW_ROSTER
        )
        # A plain dict, not the QueryDict: "?page=" is then refused, as the schema says, not read as no page.
        query = RegistrationQueryInput(data=request.query_params.dict())
        query.is_valid(raise_exception=True)
        found = core_selectors.registration_page(tournament=tournament, search=query.validated_data.get("q", ""),
                                                 page=query.validated_data.get("page", 1))
        return Response(RegistrationPageOutput(found).data)
