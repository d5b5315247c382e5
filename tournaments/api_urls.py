from django.urls import path

from tournaments.core import api as views
from tournaments.sessions.api import MySeatsApi, SessionCheckInApi, SessionsApi
from tournaments.sheets import api as sheets
from tournaments.standings.api import StandingsApi

urlpatterns = [
    path("tournaments/", views.TournamentListApi.as_view(), name="api-tournament-list"),
    path("tournaments/<int:tournament_id>/", views.TournamentDetailApi.as_view(), name="api-tournament-detail"),
    path(
        "tournaments/<int:tournament_id>/registrations/",
        views.RegistrationListApi.as_view(),
        name="api-registration-list",
    ),
    path("tournaments/<int:tournament_id>/standings/", StandingsApi.as_view(), name="api-standings"),
    path("tournaments/<int:tournament_id>/sessions/", SessionsApi.as_view(), name="api-tournament-sessions"),
    path("me/seats/", MySeatsApi.as_view(), name="api-my-seats"),
    path("me/tables/", sheets.MyTablesApi.as_view(), name="api-my-tables"),
    path("me/sheets/", sheets.MySheetsApi.as_view(), name="api-my-sheets"),
    path("sessions/<int:session_id>/check-ins/", SessionCheckInApi.as_view(), name="api-session-check-in"),
    path("sheets/<int:sheet_id>/", sheets.SheetApi.as_view(), name="api-sheet"),
    path("sheets/<int:sheet_id>/hands/", sheets.HandRecordApi.as_view(), name="api-sheet-hands"),
    path("sheets/<int:sheet_id>/hands/<int:number>/", sheets.HandApi.as_view(), name="api-sheet-hand"),
    path("sheets/<int:sheet_id>/hands/take-back/", sheets.HandDeleteLastApi.as_view(), name="api-sheet-take-back"),
    path("sheets/<int:sheet_id>/hands/preview/", sheets.HandPreviewApi.as_view(), name="api-sheet-hand-preview"),
    path("sheets/<int:sheet_id>/close/", sheets.SheetCloseApi.as_view(), name="api-sheet-close"),
    path("sheets/<int:sheet_id>/objections/", sheets.SheetObjectionApi.as_view(), name="api-sheet-objections"),
    path("sheets/<int:sheet_id>/confirm/", sheets.SheetConfirmApi.as_view(), name="api-sheet-confirm"),
    path("sheets/<int:sheet_id>/sign/", sheets.SheetSignApi.as_view(), name="api-sheet-sign"),
]
