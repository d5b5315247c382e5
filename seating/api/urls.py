from django.urls import path

from seating.api.views import ChartApi, ScheduleApi

urlpatterns = [
    path("tournaments/<int:tournament_id>/chart/", ChartApi.as_view(), name="api-seating-chart"),
    path(
        "tournaments/<int:tournament_id>/players/<int:entry>/schedule/",
        ScheduleApi.as_view(),
        name="api-seating-schedule",
    ),
]
