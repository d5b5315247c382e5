"""The public hand calculator API: no login and no session, so no CSRF to check."""

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import permissions, status
from rest_framework.exceptions import ParseError
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring.api.serializers import ErrorOutput, EvaluateInput, EvaluateOutput, WaitsInput, WaitsOutput
from scoring.calculator import CalculatorError, hand_calculate, hand_waits


def _error(*, code: str, message: str, field: str | None, variant: str = "") -> Response:
    data = {"code": code, "variant": variant, "message": message, "field": field}
    return Response(ErrorOutput(data).data, status=status.HTTP_400_BAD_REQUEST)


def _validated(request, serializer_class):
    """The valid input, or the 400 answer for the first problem."""
    try:
        data = request.data
    except ParseError as error:
        return None, _error(code=error.default_code, message=str(error.detail), field=None)
    serializer = serializer_class(data=data)
    if serializer.is_valid():
        return serializer.validated_data, None
    field, problems = next(iter(serializer.errors.items()))
    problem = problems[0] if isinstance(problems, list) else problems
    return None, _error(
        code=getattr(problem, "code", "invalid"),
        message=str(problem),
        field=None if field == "non_field_errors" else field,
    )


class PublicApi(APIView):
    authentication_classes = []
    permission_classes = [permissions.AllowAny]


class EvaluateApi(PublicApi):
    @extend_schema(
        summary="Count a winning hand",
        description="Fans with the sets that make them, fan points, total and the verdict (3.7.2, 3.8, 3.9.1); "
        "with `winner` (and `discarder` unless self-drawn) the payments of a legal win (3.9.1.3). "
        "Names and messages follow Accept-Language (en, zh-hans, ja).",
        request=EvaluateInput,
        responses={200: EvaluateOutput, 400: ErrorOutput},
        examples=[
            OpenApiExample(
                "Discard win",
                request_only=True,
                value={"hand": "[123m]456p789s11pEE+E", "seat_wind": "E", "winner": 0, "discarder": 2},
            )
        ],
    )
    def post(self, request):
        data, error = _validated(request, EvaluateInput)
        if error:
            return error
        try:
            result = hand_calculate(**data)
        except CalculatorError as problem:
            return _error(code=problem.code, variant=problem.variant, message=problem.message, field=problem.field)
        return Response(EvaluateOutput(result).data)


class WaitsApi(PublicApi):
    @extend_schema(
        summary="Tiles that complete a hand",
        description="For 13 tiles before the win: every tile that makes a winning shape (3.7.2). "
        "The 8-point minimum is not checked.",
        request=WaitsInput,
        responses={200: WaitsOutput, 400: ErrorOutput},
    )
    def post(self, request):
        data, error = _validated(request, WaitsInput)
        if error:
            return error
        try:
            found = hand_waits(hand=data["hand"])
        except CalculatorError as problem:
            return _error(code=problem.code, variant=problem.variant, message=problem.message, field=problem.field)
        return Response(WaitsOutput({"waits": list(found)}).data)
