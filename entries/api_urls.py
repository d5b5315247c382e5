from django.urls import path

from entries import api

urlpatterns = [
    path("tournaments/<int:tournament_id>/entries/", api.EntriesApi.as_view(), name="api-entries"),
    path("tournaments/<int:tournament_id>/entries/team/", api.TeamEntriesApi.as_view(), name="api-entries-team"),
    path("tournaments/<int:tournament_id>/entries/window/", api.WindowApi.as_view(), name="api-entries-window"),
    path("entries/<int:entry_id>/actions/", api.EntryActionApi.as_view(), name="api-entry-action"),
    path("entry/<str:token>/", api.MineApi.as_view(), name="api-entry-mine"),
]
