"""The API for Pin applications (Appendix 9, 7.1-7.4) and the public Pin register (7.4 公布).

GET  /api/pin/register/                      anyone: the register, filtered, 100 a page
GET  /api/pin/register/<number>/             anyone: one entry (verify a Pin certificate)
GET  /api/pin/applications/                  logged in: yours (as the applicant, or filed by you)
POST /api/pin/applications/                  logged in: file one (for yourself, or `player` on their behalf)
GET  /api/pin/applications/<id>/             the applicant, whoever filed it, the committee; anyone else 404
GET  /api/pin/committee/applications/        a committee member: the open applications of your committees
POST /api/pin/applications/<id>/decision/    a member of its committee: approve / reject / more_info (409 if stale)
POST /api/pin/applications/<id>/answer/      the applicant or whoever filed it: answer "ask for more" (7.3)
"""

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from pin_ranking import applications, committee
from pin_ranking.access import is_committee_member
from pin_ranking.api.serializers import (
    AnswerInput,
    ApplicationInput,
    ApplicationOutput,
    DecisionInput,
    RegisterEntryOutput,
    RegisterPageOutput,
    RegisterQueryInput,
)
from scoring.engine.table import twelfths_number

BAD_QUERY = OpenApiResponse(description="A filter or page that is not one (an unknown track, a Pin outside 1-9).")
PAST_THE_END = OpenApiResponse(description="A page past the last.")
NO_PLAYER = OpenApiResponse(description="You have no player of your own, or `player` is one you may not file for.")
STALE = OpenApiResponse(description="Decided meanwhile by another member, or changed since you read it: reload.")


def _application(application) -> dict:
    award = getattr(application, "award", None) if application.status == "approved" else None
    is_pin = application.track == "pin"
    return {
        **{field: getattr(application, field) for field in (
            "id", "player_id", "name", "country", "track", "pin", "status", "version", "committee", "signed_at",
            "on_behalf", "decided_at", "reason", "sex", "age", "id_number", "contact")},
        "certificate_number": award.number if award else None,
        "points_total": twelfths_number(application.points_total) if is_pin else application.points_total,
        "results": [{**row, "table_points": twelfths_number(row["table_points"])} if is_pin else row
                    for row in application.results],
    }


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
        found = committee.pin_register_page(track=data.get("track", ""), pin=data.get("pin"),
                                            country=data.get("country", "").strip(), page=data.get("page", 1))
        return Response(RegisterPageOutput(found).data)


class RegisterEntryApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: RegisterEntryOutput}, summary="One Pin certificate in the public register")
    def get(self, request, number: str):
        return Response(RegisterEntryOutput(committee.pin_award_public(number=number)).data)


class ApplicationsApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(operation_id="pin_applications_list", responses={200: ApplicationOutput(many=True)},
                   summary="Your Pin applications")
    def get(self, request):
        found = applications.applications_for_user(user=request.user)
        return Response(ApplicationOutput([_application(a) for a in found], many=True).data)

    @extend_schema(request=ApplicationInput, responses={201: ApplicationOutput, 404: NO_PLAYER},
                   summary="File a Pin application (Appendix 10); refused with the missing measure named")
    def post(self, request):
        payload = ApplicationInput(data=request.data)
        payload.is_valid(raise_exception=True)
        data = dict(payload.validated_data)
        player = applications.player_to_file_for(actor=request.user, player_id=data.pop("player", None))
        application = applications.application_file(actor=request.user, player=player, **data)
        application = applications.application_view(viewer=request.user, application_id=application.pk)
        return Response(ApplicationOutput(_application(application)).data, status=status.HTTP_201_CREATED)


class ApplicationApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: ApplicationOutput}, summary="One Pin application, with the form's personal fields")
    def get(self, request, application_id: int):
        application = applications.application_view(viewer=request.user, application_id=application_id)
        return Response(ApplicationOutput(_application(application)).data)


class CommitteeQueueApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: ApplicationOutput(many=True)},
                   summary="The open applications of the committees you sit on (7.3)")
    def get(self, request):
        if not is_committee_member(request.user):
            raise PermissionDenied(_("Only the Pin committee reads its queue."))
        found = committee.committee_queue(user=request.user)
        return Response(ApplicationOutput([_application(a) for a in found], many=True).data)


class DecisionApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=DecisionInput, responses={200: ApplicationOutput, 409: STALE},
                   summary="Approve, reject or ask for more (7.3-7.4); a stale version is a conflict")
    def post(self, request, application_id: int):
        payload = DecisionInput(data=request.data)
        payload.is_valid(raise_exception=True)
        committee.application_decide(actor=request.user, application_id=application_id, **payload.validated_data)
        application = applications.application_view(viewer=request.user, application_id=application_id)
        return Response(ApplicationOutput(_application(application)).data)


class AnswerApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=AnswerInput, responses={200: ApplicationOutput},
                   summary="Answer the committee's request for more (7.3): the application goes back to its queue")
    def post(self, request, application_id: int):
        payload = AnswerInput(data=request.data)
        payload.is_valid(raise_exception=True)
        applications.application_answer(actor=request.user, application_id=application_id, **payload.validated_data)
        application = applications.application_view(viewer=request.user, application_id=application_id)
        return Response(ApplicationOutput(_application(application)).data)
