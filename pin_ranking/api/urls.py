from django.urls import path

from pin_ranking.api.views import LedgerApi, PlayerLedgerApi

urlpatterns = [
    path("pin/ledger/", LedgerApi.as_view(), name="api-pin-ledger"),
    path("pin/players/<int:player_id>/ledger/", PlayerLedgerApi.as_view(), name="api-pin-player-ledger"),
]
