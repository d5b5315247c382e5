from django.urls import path

from appeals import views

app_name = "appeals"

urlpatterns = [
    path("t/<int:tournament_id>/appeals/", views.appeal_list, name="list"),
    path("t/<int:tournament_id>/appeals/new/", views.appeal_new, name="new"),
    path("appeals/<int:appeal_id>/", views.appeal_detail, name="detail"),
    path("t/<int:tournament_id>/appeal-settings/", views.appeal_settings, name="settings"),
]
