from django.urls import path

from privacy import api

urlpatterns = [
    path("me/data/", api.MyDataApi.as_view(), name="api-my-data"),
    path("me/data/<int:request_id>/", api.MyDataRequestApi.as_view(), name="api-my-data-request"),
]
