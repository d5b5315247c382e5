"""The sessions' API: check-in per session (3.5.7.1)."""

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring.api.serializers import StrictBooleanField
from tournaments.access import Capability
from tournaments.models import SEAT_CHOICES, Session, SessionCheckIn
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services


class CheckInInput(serializers.Serializer):
    registration_id = serializers.IntegerField(min_value=1)
    checked_in = StrictBooleanField()


class CheckInOutput(serializers.Serializer):
    session = serializers.IntegerField()
    registration_id = serializers.IntegerField()
    entry_number = serializers.IntegerField()
    checked_in = serializers.BooleanField()
    checked_in_at = serializers.DateTimeField(allow_null=True)
    method = serializers.ChoiceField(choices=SessionCheckIn.Method.choices, allow_null=True)
    late_seconds = serializers.IntegerField(allow_null=True)


class SessionCheckInApi(APIView):
    """Check a seated player in for the session (checked_in true) or undo it (false); audited."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=CheckInInput, responses=CheckInOutput)
    def post(self, request, session_id: int):
        session = session_selectors.session_get_for_user(
            user=request.user, session_id=session_id, capability=Capability.CHECK_IN
        )
        payload = CheckInInput(data=request.data)
        payload.is_valid(raise_exception=True)
        registration = session_selectors.registration_in_session_get(
            session=session, registration_id=payload.validated_data["registration_id"]
        )
        if payload.validated_data["checked_in"]:
            session_services.check_in_record(actor=request.user, session=session, registration=registration)
        else:
            session_services.check_in_undo(actor=request.user, session=session, registration=registration)
        return Response(session_selectors.check_in_state(session=session, registration=registration))


class SessionRowOutput(serializers.Serializer):
    id = serializers.IntegerField()
    tournament = serializers.IntegerField(source="tournament_id")
    number = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Session.Status.choices)
    scheduled_start = serializers.DateTimeField(allow_null=True)
    started_at = serializers.DateTimeField(allow_null=True)
    ended_at = serializers.DateTimeField(allow_null=True)


class SessionsApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(operation_id="tournament_sessions", responses={200: SessionRowOutput(many=True)},
                   summary="The tournament's sessions (whoever may see the tournament)")
    def get(self, request, tournament_id: int):
        return Response(SessionRowOutput(session_selectors.sessions_for_user(user=request.user,
                                                                          tournament_id=tournament_id),
                                      many=True).data)


class MySeatOutput(serializers.Serializer):
    tournament = serializers.IntegerField(source="session.tournament_id")
    session = serializers.IntegerField(source="session.number")
    session_id = serializers.IntegerField()
    table = serializers.IntegerField(source="table.number")
    seat = serializers.ChoiceField(choices=SEAT_CHOICES, help_text="the starting seat: 0 East, 1 South, 2 West, "
                                                                    "3 North (Appendix 3)")
    entry_number = serializers.IntegerField(source="registration.entry_number")


class MySeatsApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(operation_id="my_seats", responses={200: MySeatOutput(many=True)},
                   summary="Your seats in every tournament you are registered in")
    def get(self, request):
        return Response(MySeatOutput(session_selectors.seats_of_user(user=request.user), many=True).data)
