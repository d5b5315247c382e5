"""Signing in by token (docs/api.md): the API's own login, a user's tokens, and revoking one.

POST   /api/auth/token/          anyone: username, password and device give a token (shown this once)
GET    /api/auth/tokens/         the signed-in user's tokens (never their secrets)
DELETE /api/auth/tokens/<id>/    revoke one of them (another user's: 404)
"""

from django.core.exceptions import ValidationError
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.exceptions import Throttled
from rest_framework.response import Response
from rest_framework.views import APIView

from api_tokens import selectors, services
from tournaments.ratelimit import client_ip


class LoginInput(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=200, style={"input_type": "password"})
    device = serializers.CharField(max_length=100, help_text="what the token is for: you revoke tokens by it")


class TokenMadeOutput(serializers.Serializer):
    id = serializers.IntegerField()
    token = serializers.CharField(help_text="send it as `Authorization: Bearer <token>`; it is not shown again")
    device = serializers.CharField()
    expires_at = serializers.DateTimeField()


class TokenOutput(serializers.Serializer):
    id = serializers.IntegerField()
    device = serializers.CharField()
    created_at = serializers.DateTimeField()
    expires_at = serializers.DateTimeField()
    last_used_at = serializers.DateTimeField(allow_null=True)
    revoked_at = serializers.DateTimeField(allow_null=True)


def _token_row(token) -> dict:
    return {field: getattr(token, field) for field in TokenOutput().fields}


class LoginApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(operation_id="auth_token_create", request=LoginInput, responses={
        201: TokenMadeOutput, 429: OpenApiResponse(description="Too many sign-ins from here or for this username.")},
        summary="Sign in: a personal token for this device")
    def post(self, request):
        payload = LoginInput(data=request.data)
        payload.is_valid(raise_exception=True)
        try:
            token, plain = services.token_login(client=client_ip(request), request=request, **payload.validated_data)
        except ValidationError as error:
            if getattr(error, "code", None) == "throttled":
                raise Throttled(detail=" ".join(error.messages)) from None
            raise
        return Response(TokenMadeOutput({"id": token.pk, "token": plain, "device": token.device,
                                         "expires_at": token.expires_at}).data, status=status.HTTP_201_CREATED)


class TokensApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(operation_id="auth_tokens_list", responses={200: TokenOutput(many=True)},
                   summary="Your tokens (never their secrets)")
    def get(self, request):
        return Response(TokenOutput([_token_row(t) for t in selectors.tokens_of(user=request.user)], many=True).data)


class TokenApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(operation_id="auth_token_revoke", responses={204: None}, summary="Revoke one of your tokens")
    def delete(self, request, token_id: int):
        services.token_revoke(user=request.user, token=selectors.token_of(user=request.user, token_id=token_id))
        return Response(status=status.HTTP_204_NO_CONTENT)
