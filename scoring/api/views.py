"""The public hand calculator API: no login and no session, so no CSRF to check.

Bad input is raised, not answered here: a field the serializer refuses, or the engine's
CalculatorError, which the API's exception handler (config/api_errors.py) answers 400 in the one
error shape, the engine's code and variant in the item.
"""

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import permissions
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring.api.serializers import EvaluateInput, EvaluateOutput, WaitsInput, WaitsOutput
from scoring.calculator import hand_calculate, hand_waits


class PublicApi(APIView):
    authentication_classes = []
    permission_classes = [permissions.AllowAny]


class EvaluateApi(PublicApi):
    @extend_schema(
        summary="Count a winning hand",
        description="Fans with the sets that make them, fan points, total and the verdict (3.7.2, 3.8, 3.9.1); "
        "with `winner` (and `discarder` unless self-drawn) the payments of a legal win (3.9.1.3). "
        "`rule_set` chooses the full rules or the WMO elementary rules (30 fans, minimum 6, no base); `other` "
        "counts the same hand under the other rule set. "
        "Names and messages follow Accept-Language (en, zh-hans, ja).",
        request=EvaluateInput,
        responses=EvaluateOutput,
        examples=[
            OpenApiExample(
                "Discard win",
                request_only=True,
                value={"hand": "[123m]456p789s11pEE+E", "seat_wind": "E", "winner": 0, "discarder": 2},
            )
        ],
    )
    def post(self, request):
        payload = EvaluateInput(data=request.data)
        payload.is_valid(raise_exception=True)
        result = hand_calculate(**payload.validated_data)
        return Response(EvaluateOutput(result).data)


class WaitsApi(PublicApi):
    @extend_schema(
        summary="Tiles that complete a hand",
        description="For 13 tiles before the win: every tile that makes a winning shape (3.7.2) of the rule set "
        "(`rule_set`: full or elementary). The minimum is not checked.",
        request=WaitsInput,
        responses=WaitsOutput,
    )
    def post(self, request):
        payload = WaitsInput(data=request.data)
        payload.is_valid(raise_exception=True)
        found = hand_waits(hand=payload.validated_data["hand"], rule_set=payload.validated_data["rule_set"])
        return Response(WaitsOutput({"waits": list(found)}).data)
