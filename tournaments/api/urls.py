from django.urls import path

from tournaments.api import views
from tournaments.api.standings import StandingsApi

urlpatterns = [
    path("tournaments/", views.TournamentListApi.as_view(), name="api-tournament-list"),
    path("tournaments/<int:tournament_id>/", views.TournamentDetailApi.as_view(), name="api-tournament-detail"),
    path(
        "tournaments/<int:tournament_id>/registrations/",
        views.RegistrationListApi.as_view(),
        name="api-registration-list",
    ),
    path("tournaments/<int:tournament_id>/standings/", StandingsApi.as_view(), name="api-standings"),
    path(
        "registrations/<int:registration_id>/check-in/",
        views.RegistrationCheckInApi.as_view(),
        name="api-registration-check-in",
    ),
]
