"""Pin applications in the API (Appendix 9, 7.1-7.2): filing, reading, answering the committee.

POST /api/pin/applications/                  a player (or their team leader): file
GET  /api/pin/applications/                  yours (or, a member, those addressed to your committees)
GET  /api/pin/applications/<id>/             the applicant, whoever filed it, the committee
POST /api/pin/applications/<id>/answer/      the applicant or whoever filed it: answer "ask for more"
POST /api/pin/applications/<id>/confirm/     the player: confirm one filed on their behalf, accepting the pledge

Filed on someone's behalf, an application waits for the player's confirmation (`awaiting_player`); an
official holding the player's signed paper form files it on the page instead (/pin/apply/<track>/?player=<id>),
which takes the upload.
"""

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from pin_ranking.applications import selectors, services
from pin_ranking.models import CLASS_CHOICES, LEVEL_CHOICES, TRACK_CHOICES, Application
from scoring.engine.table import twelfths_number

# --- applications (Appendix 9, 7.1-7.4; the form of Appendix 10) ---------------------------------------


class ApplicationInput(serializers.Serializer):
    player = serializers.IntegerField(required=False, help_text="filing on a player's behalf (7.1): their id; "
                                                                "leave out to apply for yourself")
    track = serializers.ChoiceField(choices=TRACK_CHOICES)
    pin = serializers.IntegerField(min_value=1, max_value=9)
    sex = serializers.ChoiceField(choices=Application.Sex.choices, help_text="附件十 性别")
    age = serializers.IntegerField(help_text="附件十 年龄, in years")
    id_number = serializers.CharField(max_length=64, help_text="附件十 证件号码")
    contact = serializers.CharField(max_length=200, help_text="附件十 联系方式")
    pledge_accepted = serializers.BooleanField(help_text="本人承诺… the form's pledge: true when you apply for "
                                                         "yourself; false when filing for someone (only the player "
                                                         "accepts it: they confirm, POST …/confirm/)")


class ApplicationConfirmInput(serializers.Serializer):
    pledge_accepted = serializers.BooleanField(help_text="本人承诺…: must be true")


class AnswerInput(serializers.Serializer):
    note = serializers.CharField(max_length=1000, help_text="what you add or correct; the committee reads it")
    sex = serializers.ChoiceField(choices=Application.Sex.choices)
    age = serializers.IntegerField()
    id_number = serializers.CharField(max_length=64)
    contact = serializers.CharField(max_length=200)
    refresh_results = serializers.BooleanField(required=False, default=False,
                                               help_text="fill the results rows again from the ledger as it stands")


# One row of the form's results (附件十 本人在下述比赛中获得的成绩有), a competition each. Built with type() because
# one of its keys is `class`, a Python keyword.
ApplicationResultOutput = type("ApplicationResultOutput", (serializers.Serializer,), {
    "competition": serializers.IntegerField(),
    "name": serializers.CharField(),
    "level": serializers.ChoiceField(choices=LEVEL_CHOICES),
    "class": serializers.ChoiceField(choices=CLASS_CHOICES, help_text="A, B or C (Appendix 9, 5)"),
    "starts_on": serializers.DateField(allow_null=True),
    "place": serializers.CharField(allow_blank=True),
    "players": serializers.IntegerField(allow_null=True),
    "sessions": serializers.IntegerField(allow_null=True),
    "table_points": serializers.FloatField(help_text="the competition's table points, exact to a twelfth (41.5)"),
    "contest_points": serializers.IntegerField(),
    "rank": serializers.IntegerField(allow_null=True),
    "group_rank": serializers.IntegerField(allow_null=True),
    "team_rank": serializers.IntegerField(allow_null=True),
    "certificate": serializers.CharField(allow_null=True, help_text="the result certificate's code, if one"),
    "certificate_signed": serializers.BooleanField(),
})


class ApplicationOutput(serializers.Serializer):
    """An application as its applicant and the committee read it. The form's personal fields (sex, age,
    id_number, contact) are in it: this answer goes to no one else (404)."""

    id = serializers.IntegerField()
    player = serializers.IntegerField(source="player_id")
    name = serializers.CharField()
    country = serializers.CharField(allow_blank=True)
    track = serializers.ChoiceField(choices=TRACK_CHOICES)
    pin = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Application.Status.choices)
    pledge_by = serializers.ChoiceField(choices=["player", "paper", ""],
                                        help_text="who accepted the pledge: the player in their account, the "
                                                  "player on the uploaded paper form, or not yet")
    approved_unsigned = serializers.ListField(child=serializers.CharField(),
                                              help_text="competitions approved without a signed certificate (7.2)")
    version = serializers.IntegerField()
    committee = serializers.CharField(source="committee.name")
    signed_at = serializers.DateTimeField()
    on_behalf = serializers.BooleanField()
    decided_at = serializers.DateTimeField(allow_null=True)
    reason = serializers.CharField(allow_blank=True, help_text="the committee's words (rejection, more asked)")
    certificate_number = serializers.CharField(allow_null=True, help_text="the Pin certificate, once approved")
    sex = serializers.ChoiceField(choices=Application.Sex.choices, help_text="附件十 性别")
    age = serializers.IntegerField()
    id_number = serializers.CharField()
    contact = serializers.CharField()
    points_total = serializers.FloatField(help_text="品级积分合计: table points (Pin) or web points (Web Pin)")
    results = ApplicationResultOutput(many=True, help_text="the form's rows, one per competition")


NO_PLAYER = OpenApiResponse(description="You have no player of your own, or `player` is one you may not file for.")


STALE = OpenApiResponse(description="Decided meanwhile by another member, or changed since you read it: reload.")


def application_data(application) -> dict:
    award = getattr(application, "award", None) if application.status == "approved" else None
    is_pin = application.track == "pin"
    return {
        **{field: getattr(application, field) for field in (
            "id", "player_id", "name", "country", "track", "pin", "status", "version", "committee", "signed_at",
            "on_behalf", "decided_at", "reason", "sex", "age", "id_number", "contact", "pledge_by",
            "approved_unsigned")},
        "certificate_number": award.number if award else None,
        "points_total": twelfths_number(application.points_total) if is_pin else application.points_total,
        # Each row's table points are stored in twelfths on both tracks (the page shows them so too).
        "results": [{**row, "table_points": twelfths_number(row["table_points"])} for row in application.results],
    }


class ApplicationsApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(operation_id="pin_applications_list", responses={200: ApplicationOutput(many=True)},
                   summary="Your Pin applications")
    def get(self, request):
        found = selectors.applications_for_user(user=request.user)
        return Response(ApplicationOutput([application_data(a) for a in found], many=True).data)

    @extend_schema(request=ApplicationInput, responses={201: ApplicationOutput, 404: NO_PLAYER},
                   summary="File a Pin application (Appendix 10); refused with the missing measure named")
    def post(self, request):
        payload = ApplicationInput(data=request.data)
        payload.is_valid(raise_exception=True)
        data = dict(payload.validated_data)
        player = selectors.player_to_file_for(actor=request.user, player_id=data.pop("player", None))
        application = services.application_file(actor=request.user, player=player, **data)
        application = selectors.application_view(viewer=request.user, application_id=application.pk)
        return Response(ApplicationOutput(application_data(application)).data, status=status.HTTP_201_CREATED)


class ApplicationApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: ApplicationOutput}, summary="One Pin application, with the form's personal fields")
    def get(self, request, application_id: int):
        application = selectors.application_view(viewer=request.user, application_id=application_id)
        return Response(ApplicationOutput(application_data(application)).data)


class AnswerApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=AnswerInput, responses={200: ApplicationOutput},
                   summary="Answer the committee's request for more (7.3): the application goes back to its queue")
    def post(self, request, application_id: int):
        payload = AnswerInput(data=request.data)
        payload.is_valid(raise_exception=True)
        services.application_answer(actor=request.user, application_id=application_id, **payload.validated_data)
        application = selectors.application_view(viewer=request.user, application_id=application_id)
        return Response(ApplicationOutput(application_data(application)).data)


class ConfirmApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=ApplicationConfirmInput, responses={200: ApplicationOutput},
                   summary="Confirm an application filed on your behalf (7.1): it goes to the committee")
    def post(self, request, application_id: int):
        payload = ApplicationConfirmInput(data=request.data)
        payload.is_valid(raise_exception=True)
        services.application_confirm(actor=request.user, application_id=application_id, **payload.validated_data)
        application = selectors.application_view(viewer=request.user, application_id=application_id)
        return Response(ApplicationOutput(application_data(application)).data)
