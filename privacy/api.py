"""A person's own data in the API: their requests (an export, an erasure) and one of them; someone else's: 404.

GET  /api/me/data/          the signed-in person's requests
POST /api/me/data/          ask for an export ({"kind": "export"}) or an erasure ({"kind": "erasure", "pseudonym"})
GET  /api/me/data/<id>/     one of their requests (an export's `download` link while it lasts)
"""

from django.urls import reverse
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from privacy import selectors, services
from privacy.models import DataRequest
from scoring.api.serializers import StrictBooleanField


class RequestInput(serializers.Serializer):
    kind = serializers.ChoiceField(choices=DataRequest.Kind.choices)
    pseudonym = StrictBooleanField(required=False, default=False,
                                         help_text="an erasure: publish the results under a pseudonym")


class RequestOutput(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=DataRequest.Kind.choices)
    state = serializers.ChoiceField(choices=DataRequest.State.choices)
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    expires_at = serializers.DateTimeField(allow_null=True, help_text="an export: when its link stops working")
    download = serializers.CharField(allow_null=True, help_text="an export's file, while its link lasts")
    reason = serializers.CharField(allow_blank=True, help_text="an erasure refused: why")


def request_data(request) -> dict:
    return {**{field: getattr(request, field) for field in (
        "id", "kind", "state", "created_at", "finished_at", "expires_at", "reason")},
        "download": reverse("privacy:download", args=[request.pk]) if request.downloadable else None}


class MyDataApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(operation_id="my_data_requests", responses={200: RequestOutput(many=True)},
                   summary="Your requests about your own data")
    def get(self, request):
        return Response(RequestOutput([request_data(r) for r in selectors.my_requests(user=request.user)],
                                      many=True).data)

    @extend_schema(operation_id="my_data_request", request=RequestInput, responses={201: RequestOutput},
                   summary="Ask for your data (the worker makes the file) or for your erasure")
    def post(self, request):
        payload = RequestInput(data=request.data)
        payload.is_valid(raise_exception=True)
        if payload.validated_data["kind"] == DataRequest.Kind.EXPORT:
            made = services.data_export_request(user=request.user)
        else:
            made = services.erasure_request(user=request.user, pseudonym=payload.validated_data["pseudonym"])
        return Response(RequestOutput(request_data(made)).data, status=status.HTTP_201_CREATED)


class MyDataRequestApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(operation_id="my_data_request_read", responses={200: RequestOutput, 404: OpenApiResponse(
        description="Not a request of yours.")}, summary="One of your requests")
    def get(self, request, request_id: int):
        return Response(RequestOutput(request_data(selectors.my_request(user=request.user,
                                                                        request_id=request_id))).data)
