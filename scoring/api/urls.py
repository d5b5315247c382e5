from django.urls import path

from scoring.api import views

urlpatterns = [
    path("evaluate/", views.EvaluateApi.as_view(), name="api-scoring-evaluate"),
    path("waits/", views.WaitsApi.as_view(), name="api-scoring-waits"),
]
