from django.urls import path

from pin_ranking.applications.api import AnswerApi, ApplicationApi, ApplicationsApi, ConfirmApi
from pin_ranking.committee.api import CommitteeQueueApi, DecisionApi, RegisterApi, RegisterEntryApi
from pin_ranking.ledger.api import LedgerApi, PlayerLedgerApi

urlpatterns = [
    path("pin/ledger/", LedgerApi.as_view(), name="api-pin-ledger"),
    path("pin/players/<int:player_id>/ledger/", PlayerLedgerApi.as_view(), name="api-pin-player-ledger"),
    path("pin/register/", RegisterApi.as_view(), name="api-pin-register"),
    path("pin/register/<str:number>/", RegisterEntryApi.as_view(), name="api-pin-register-entry"),
    path("pin/applications/", ApplicationsApi.as_view(), name="api-pin-applications"),
    path("pin/applications/<int:application_id>/", ApplicationApi.as_view(), name="api-pin-application"),
    path("pin/applications/<int:application_id>/decision/", DecisionApi.as_view(), name="api-pin-decision"),
    path("pin/applications/<int:application_id>/answer/", AnswerApi.as_view(), name="api-pin-answer"),
    path("pin/applications/<int:application_id>/confirm/", ConfirmApi.as_view(), name="api-pin-confirm"),
    path("pin/committee/applications/", CommitteeQueueApi.as_view(), name="api-pin-committee-queue"),
]
