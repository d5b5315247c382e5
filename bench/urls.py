"""The application's URLs plus the benchmark's reference endpoint (bench/settings.py only)."""

from django.db import transaction
from django.urls import path
from rest_framework import permissions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from config.urls import urlpatterns as application_urlpatterns
from tournaments.models import AuditEvent, ScoreSheet


class PingApi(APIView):
    """The reference for hand submission: the same middleware, session login and CSRF check as the
    sheet API, then exactly one database write (an INSERT) and a tiny JSON answer."""

    permission_classes = [permissions.IsAuthenticated]

    def post(self, request):
        AuditEvent.objects.create(action="bench.ping", object_type="user", object_id=str(request.user.pk))
        return Response({"ok": True}, status=status.HTTP_201_CREATED)


class LockedWriteApi(APIView):
    """The second reference: what every write here must do at least. One transaction that locks a
    row (the tablet's score sheet, FOR UPDATE), inserts a row and its audit event, and answers."""

    permission_classes = [permissions.IsAuthenticated]

    def post(self, request, sheet_id: int):
        with transaction.atomic():
            sheet = ScoreSheet.objects.select_for_update().only("pk").get(pk=sheet_id)
            row = AuditEvent.objects.create(action="bench.row", object_type="scoresheet", object_id=str(sheet.pk))
            AuditEvent.objects.create(action="bench.row.audit", object_type="auditevent", object_id=str(row.pk),
                                      actor=request.user)
        return Response({"ok": True}, status=status.HTTP_201_CREATED)


urlpatterns = [
    path("bench/ping/", PingApi.as_view(), name="bench-ping"),
    path("bench/locked-write/<int:sheet_id>/", LockedWriteApi.as_view(), name="bench-locked-write"),
    *application_urlpatterns,
]
