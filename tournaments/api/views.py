from drf_spectacular.utils import extend_schema
from rest_framework import permissions
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments import selectors, services
from tournaments.access import Capability
from tournaments.api.serializers import CheckInInput, RegistrationOutput, TournamentDetailOutput, TournamentOutput


class TournamentListApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=TournamentOutput(many=True))
    def get(self, request):
        tournaments = selectors.tournament_list_visible(user=request.user)
        return Response(TournamentOutput(tournaments, many=True).data)


class TournamentDetailApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=TournamentDetailOutput)
    def get(self, request, tournament_id: int):
        tournament = selectors.tournament_get_for_user(user=request.user, tournament_id=tournament_id)
        return Response(TournamentDetailOutput(tournament).data)


class RegistrationListApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=RegistrationOutput(many=True))
    def get(self, request, tournament_id: int):
        tournament = selectors.tournament_get_for_user(
            user=request.user, tournament_id=tournament_id, capability=Capability.VIEW_ROSTER
        )
        registrations = selectors.registration_list(tournament=tournament, search=request.query_params.get("q", ""))
        return Response(RegistrationOutput(registrations, many=True).data)


class RegistrationCheckInApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=CheckInInput, responses=RegistrationOutput)
    def post(self, request, registration_id: int):
        registration = selectors.registration_get_for_user(
            user=request.user, registration_id=registration_id, capability=Capability.CHECK_IN
        )
        payload = CheckInInput(data=request.data)
        payload.is_valid(raise_exception=True)
        registration = services.registration_check_in(
            actor=request.user, registration=registration, checked_in=payload.validated_data["checked_in"]
        )
        return Response(RegistrationOutput(registration).data)
