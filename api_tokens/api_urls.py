from django.urls import path

from api_tokens import api

urlpatterns = [
    path("auth/token/", api.LoginApi.as_view(), name="api-auth-token"),
    path("auth/tokens/", api.TokensApi.as_view(), name="api-auth-tokens"),
    path("auth/tokens/<int:token_id>/", api.TokenApi.as_view(), name="api-auth-token-revoke"),
]
