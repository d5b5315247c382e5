"""The committee's work and the public Pin register in the API (Appendix 9, 7.3-7.4).

GET  /api/pin/register/                      anyone: the register, filtered, 100 a page
GET  /api/pin/register/<number>/             anyone: one entry
GET  /api/pin/committee/applications/        a member: the queue of the committees they sit on
POST /api/pin/applications/<id>/decision/    a member: approve, reject or ask for more
"""

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, serializers
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from pin_ranking.access import is_committee_member
from pin_ranking.applications import selectors as applications_selectors
from pin_ranking.applications.api import STALE, ApplicationOutput, application_data
from pin_ranking.committee import selectors, services
from pin_ranking.models import TRACK_CHOICES

# --- the public register (7.4 公布): public fields only --------------------------------------------------


class RegisterEntryOutput(serializers.Serializer):
    number = serializers.CharField(help_text="the Pin certificate's number (P2026-00001; WP… for a Web Pin)")
    name = serializers.CharField()
    country = serializers.CharField(allow_blank=True)
    track = serializers.ChoiceField(choices=TRACK_CHOICES)
    pin = serializers.IntegerField(help_text="1 (highest) to 9")
    awarded_on = serializers.DateField()
    committee = serializers.CharField(source="committee.name", help_text="the committee that certified it (7.3-7.4)")


class RegisterQueryInput(serializers.Serializer):
    track = serializers.ChoiceField(choices=TRACK_CHOICES, required=False)
    pin = serializers.IntegerField(min_value=1, max_value=9, required=False)
    country = serializers.CharField(max_length=64, required=False, allow_blank=True)
    page = serializers.IntegerField(min_value=1, required=False, help_text="100 entries a page; past the last: 404")


class RegisterPageOutput(serializers.Serializer):
    count = serializers.IntegerField()
    page = serializers.IntegerField()
    pages = serializers.IntegerField()
    results = RegisterEntryOutput(many=True)


class DecisionInput(serializers.Serializer):
    decision = serializers.ChoiceField(choices=["approve", "reject", "more_info"])
    version = serializers.IntegerField(help_text="the application's version as you read it (a stale one: 409)")
    reason = serializers.CharField(required=False, allow_blank=True, max_length=500,
                                   help_text="required to reject or ask for more; the player reads it")


BAD_QUERY = OpenApiResponse(description="A filter or page that is not one (an unknown track, a Pin outside 1-9).")


PAST_THE_END = OpenApiResponse(description="A page past the last.")


class RegisterApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(operation_id="pin_register_list", parameters=[RegisterQueryInput],
                   responses={200: RegisterPageOutput, 400: BAD_QUERY, 404: PAST_THE_END},
                   summary="The public Pin register (7.4): holder, country, Pin, date, certificate number")
    def get(self, request):
        # A plain dict, not the QueryDict: DRF would read "?pin=" as no pin at all, which the schema does not say.
        query = RegisterQueryInput(data=request.query_params.dict())
        query.is_valid(raise_exception=True)
        data = query.validated_data
        found = selectors.pin_register_page(track=data.get("track", ""), pin=data.get("pin"),
                                            country=data.get("country", "").strip(), page=data.get("page", 1))
        return Response(RegisterPageOutput(found).data)


class RegisterEntryApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: RegisterEntryOutput}, summary="One Pin certificate in the public register")
    def get(self, request, number: str):
        return Response(RegisterEntryOutput(selectors.pin_award_public(number=number)).data)


class CommitteeQueueApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: ApplicationOutput(many=True)},
                   summary="The open applications of the committees you sit on (7.3)")
    def get(self, request):
        if not is_committee_member(request.user):
            raise PermissionDenied(_("Only the Pin committee reads its queue."))
        found = selectors.committee_queue(user=request.user)
        return Response(ApplicationOutput([application_data(a) for a in found], many=True).data)


class DecisionApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=DecisionInput, responses={200: ApplicationOutput, 409: STALE},
                   summary="Approve, reject or ask for more (7.3-7.4); a stale version is a conflict")
    def post(self, request, application_id: int):
        payload = DecisionInput(data=request.data)
        payload.is_valid(raise_exception=True)
        services.application_decide(actor=request.user, application_id=application_id, **payload.validated_data)
        application = applications_selectors.application_view(viewer=request.user, application_id=application_id)
        return Response(ApplicationOutput(application_data(application)).data)
