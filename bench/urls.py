"""The application's URLs plus the benchmark's reference endpoint (bench/settings.py only)."""

from django.urls import path
from rest_framework import permissions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from config.urls import urlpatterns as application_urlpatterns
from tournaments.models import AuditEvent


class PingApi(APIView):
    """The reference for hand submission: the same middleware, session login and CSRF check as the
    sheet API, then exactly one database write (an INSERT) and a tiny JSON answer."""

    permission_classes = [permissions.IsAuthenticated]

    def post(self, request):
        AuditEvent.objects.create(action="bench.ping", object_type="user", object_id=str(request.user.pk))
        return Response({"ok": True}, status=status.HTTP_201_CREATED)


urlpatterns = [path("bench/ping/", PingApi.as_view(), name="bench-ping"), *application_urlpatterns]
