from django.urls import path

from privacy import views

app_name = "privacy"

urlpatterns = [
    path("me/data/", views.my_data, name="mine"),
    path("me/data/<int:request_id>/file/", views.download, name="download"),
    path("privacy/erasures/", views.queue, name="queue"),
    path("privacy/erasures/<int:request_id>/", views.decide, name="decide"),
]
