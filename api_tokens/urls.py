from django.urls import path

from api_tokens import views

app_name = "api_tokens"

urlpatterns = [
    path("me/tokens/", views.tokens, name="tokens"),
    path("me/tokens/<int:token_id>/revoke/", views.revoke, name="revoke"),
]
